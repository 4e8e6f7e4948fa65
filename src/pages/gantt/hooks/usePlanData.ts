// Reading the plan: the project's versions, the picked version's activities (the chart starts
// over from them) and the compared version's activities. A read that fails is said (useNotify)
// and leaves what is on screen.
import { useCallback, useEffect, useState } from "react";
import { useNotify } from "../../../crud/useNotify";
import { loadActivities, loadVersions, type VersionRecord } from "../api/ganttCalls";
import { useGanttStore } from "../store/ganttStore";

/** The version to open first: the newest one that is not a baseline, else the newest. */
export const defaultVersion = (versions: readonly VersionRecord[]): number | null => {
  const sorted = [...versions].sort((a, b) => b.id - a.id);
  return (sorted.find((v) => !v.is_baseline) ?? sorted[0])?.id ?? null;
};

export function usePlanData(projectId: number) {
  const notify = useNotify();
  const [versions, setVersions] = useState<VersionRecord[]>([]);
  /** The last read of the plan failed (nothing to show until a reload works). */
  const [loadFailed, setLoadFailed] = useState(false);
  const versionId = useGanttStore((s) => s.versionId);
  const compareId = useGanttStore((s) => s.compareId);

  const reloadVersions = useCallback(
    async (pick?: number) => {
      let list: VersionRecord[];
      try {
        list = await loadVersions(projectId);
      } catch (e) {
        notify.failed("loadFailed", e);
        return;
      }
      setVersions(list);
      const s = useGanttStore.getState();
      const keep = pick ?? (list.some((v) => v.id === s.versionId) ? s.versionId : defaultVersion(list));
      s.setVersion(keep);
    },
    [projectId, notify],
  );

  const reloadPlan = useCallback(async () => {
    const id = useGanttStore.getState().versionId;
    if (id === null) return;
    let list: VersionRecord[];
    let activities;
    try {
      [list, activities] = await Promise.all([loadVersions(projectId), loadActivities(id)]);
    } catch (e) {
      notify.failed("loadFailed", e);
      setLoadFailed(true);
      return;
    }
    setLoadFailed(false);
    setVersions(list);
    if (useGanttStore.getState().versionId !== id) return;
    useGanttStore.getState().loaded(activities, Number(list.find((v) => v.id === id)?.revision ?? 0));
  }, [projectId, notify]);

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
    loadActivities(compareId).then(
      (a) => live && useGanttStore.getState().setCompareActivities(a),
      (e: unknown) => live && notify.failed("loadFailed", e),
    );
    return () => {
      live = false;
    };
  }, [compareId, notify]);

  return { versions, reloadVersions, reloadPlan, loadFailed };
}
