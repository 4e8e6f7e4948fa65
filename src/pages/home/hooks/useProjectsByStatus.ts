// Projects by status: dashboard-status search of kind "project" (every status, zeros included,
// counted over the projects the actor may see).
import { useList } from "@refinedev/core";

export interface StatusCount {
  status: string;
  total: number;
}

export function useProjectsByStatus(enabled: boolean) {
  const { result, query } = useList<StatusCount & { kind: string }>({
    resource: "dashboard-status",
    filters: [{ field: "kind", operator: "eq", value: "project" }],
    pagination: { mode: "off" },
    queryOptions: { enabled },
    errorNotification: false,
  });
  const rows = (result.data ?? []).filter((r) => r.kind === "project");
  return { rows, total: rows.reduce((n, r) => n + Number(r.total), 0), loading: enabled && query.isPending, error: query.error };
}
