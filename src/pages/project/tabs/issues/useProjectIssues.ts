// The project's issues through issue/list-by-project, or one Gantt version's through
// issue/list-by-gantt when a version is chosen.
import { useOperation } from "../../../../providers/operations";

export function useProjectIssues(projectId: string | number, versionId?: string | number) {
  const byProject = useOperation("issue", "listByProject", { query: { project_id: projectId }, enabled: versionId === undefined });
  const byGantt = useOperation("issue", "listByGantt", { query: { version_gantt_id: versionId }, enabled: versionId !== undefined });
  const chosen = versionId === undefined ? byProject : byGantt;
  return { rows: (chosen.data ?? []) as Array<Record<string, unknown>>, loading: chosen.query.isLoading, refetch: chosen.query.refetch };
}
