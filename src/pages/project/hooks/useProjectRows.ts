// Every record of a project's child resource (the generic search filtered by project_id '='),
// for figures computed on the client: the overview and the health tab.
import { useList, type CrudFilter } from "@refinedev/core";

type Row = Record<string, unknown>;

export function useProjectRows(resource: string, projectId: string | number, more: CrudFilter[] = [], enabled = true) {
  const { result, query } = useList<Row>({
    resource,
    filters: [{ field: "project_id", operator: "eq", value: projectId }, ...more],
    pagination: { mode: "off" },
    queryOptions: { enabled },
  });
  return { rows: (result?.data ?? []) as Row[], loading: query.isLoading, refetch: query.refetch };
}

/** Every record of a resource without a project (issue statuses, ...). */
export function useAllRows(resource: string, enabled = true) {
  const { result, query } = useList<Row>({ resource, pagination: { mode: "off" }, queryOptions: { enabled } });
  return { rows: (result?.data ?? []) as Row[], loading: query.isLoading };
}
