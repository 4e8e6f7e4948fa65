// Reading the plan: the project's versions, the picked version's activities (the chart starts
// over from them) and the compared version's activities.
import { useCallback, useEffect, useState } from "react";
import { loadActivities, loadVersions, type VersionRecord } from "../api/ganttCalls";
import { useGanttStore } from "../store/ganttStore";

/** The version to open first: the newest one that is not a baseline, else the newest. */
export const defaultVersion = (versions: readonly VersionRecord[]): number | null => {
  const sorted = [...versions].sort((a, b) => b.id - a.id);
  return (sorted.find((v) => !v.is_baseline) ?? sorted[0])?.id ?? null;
};

export function usePlanData(projectId: number) {
  const [versions, setVersions] = useState<VersionRecord[]>([]);
  const versionId = useGanttStore((s) => s.versionId);
  const compareId = useGanttStore((s) => s.compareId);

  const reloadVersions = useCallback(
    async (pick?: number) => {
      const list = await loadVersions(projectId);
      setVersions(list);
      const s = useGanttStore.getState();
      const keep = pick ?? (list.some((v) => v.id === s.versionId) ? s.versionId : defaultVersion(list));
      s.setVersion(keep);
      return list;
    },
    [projectId],
  );

  const reloadPlan = useCallback(async () => {
    const id = useGanttStore.getState().versionId;
    if (id === null) return;
    const [list, activities] = await Promise.all([loadVersions(projectId), loadActivities(id)]);
    setVersions(list);
    if (useGanttStore.getState().versionId !== id) return;
    useGanttStore.getState().loaded(activities, Number(list.find((v) => v.id === id)?.revision ?? 0));
  }, [projectId]);

  useEffect(() => {
    useGanttStore.getState().setProject(projectId);
    Promise.resolve().then(() => reloadVersions());
  }, [projectId, reloadVersions]);

  useEffect(() => {
    Promise.resolve().then(() => reloadPlan());
  }, [versionId, reloadPlan]);

  useEffect(() => {
    if (compareId === null) return;
    let live = true;
    void loadActivities(compareId).then((a) => live && useGanttStore.getState().setCompareActivities(a));
    return () => {
      live = false;
    };
  }, [compareId]);

  return { versions, reloadVersions, reloadPlan };
}
