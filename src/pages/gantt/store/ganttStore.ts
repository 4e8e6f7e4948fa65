// The Gantt page's state in one store: what is picked (project, version, comparison), how the
// chart looks (scale, critical path), the plan as last saved (records and revision) and the
// plan as edited (for the critical path and the comparison), and the save's progress.
import type { IApi } from "@svar-ui/react-gantt";
import { create } from "zustand";
import type { Activity } from "../model/activity";
import { computeSchedule, type ScheduleResult } from "../model/criticalPath";
import { compareVersions, type VersionComparison } from "../model/versionCompare";

export type GanttScale = "day" | "week" | "month";
export type SaveState = "idle" | "saving" | "saved" | "stale" | "failed";

export interface GanttState {
  projectId: number | null;
  versionId: number | null;
  /** The version the current one is compared with (ghost bars and the table), or null. */
  compareId: number | null;
  scale: GanttScale;
  showCritical: boolean;
  /** The plan as the server last answered it. */
  saved: Activity[];
  revision: number;
  /** The plan as edited (saved or not): what the critical path and the comparison read. */
  edited: Activity[];
  /** Bumped when the chart must take the saved plan afresh (load, reload, new ids from a save). */
  loadCount: number;
  selectedId: number | null;
  saveState: SaveState;
  /** The chart's API while it is mounted (the toolbar's and the panel's edits go through it). */
  api: IApi | null;
  setApi(api: IApi | null): void;
  /** Critical path and float of the edited plan (recomputed with every edit). */
  schedule: ScheduleResult | null;
  criticalIds: number[];
  /** The same as a set (each bar asks whether it is critical). */
  criticalSet: Set<number>;
  /** The compared version's activities, and the comparison of the edited plan with them. */
  compareActivities: Activity[];
  comparison: VersionComparison | null;
  setCompareActivities(activities: Activity[]): void;
  /** The version's issues (issue/list-by-gantt), shown on their activities. */
  issues: Array<Record<string, unknown>>;
  /** Issues per activity id (what each bar shows). */
  issueCounts: Map<unknown, number>;
  setIssues(issues: Array<Record<string, unknown>>): void;
  setProject(id: number | null): void;
  setVersion(id: number | null): void;
  setCompare(id: number | null): void;
  setScale(scale: GanttScale): void;
  toggleCritical(): void;
  select(id: number | null): void;
  /** A plan read from the server: the chart starts over from it. */
  loaded(activities: Activity[], revision: number): void;
  /** A save answered: the new revision; `reloadChart` when the chart must take new ids. */
  savedPlan(activities: Activity[], revision: number, reloadChart: boolean): void;
  setEdited(activities: Activity[]): void;
  setSaveState(s: SaveState): void;
}

/** The derived views of an edited plan: its schedule and its comparison. */
function derived(edited: Activity[], compareActivities: Activity[], compareId: number | null) {
  const schedule = edited.length ? computeSchedule(edited) : null;
  return {
    edited,
    schedule,
    criticalIds: schedule?.ok ? schedule.criticalIds : [],
    criticalSet: new Set(schedule?.ok ? schedule.criticalIds : []),
    comparison: compareId !== null && compareActivities.length ? compareVersions(compareActivities, edited) : null,
  };
}

export const useGanttStore = create<GanttState>((set) => ({
  projectId: null,
  versionId: null,
  compareId: null,
  scale: "week",
  showCritical: true,
  saved: [],
  revision: 0,
  edited: [],
  loadCount: 0,
  selectedId: null,
  saveState: "idle",
  api: null,
  setApi: (api) => set({ api }),
  schedule: null,
  criticalIds: [],
  criticalSet: new Set(),
  compareActivities: [],
  comparison: null,
  issues: [],
  issueCounts: new Map(),
  setIssues: (issues) => {
    const issueCounts = new Map<unknown, number>();
    for (const i of issues) if (i.activity_id !== null && i.activity_id !== undefined) issueCounts.set(i.activity_id, (issueCounts.get(i.activity_id) ?? 0) + 1);
    set({ issues, issueCounts });
  },
  setCompareActivities: (compareActivities) => set((s) => ({ compareActivities, ...derived(s.edited, compareActivities, s.compareId) })),
  setProject: (projectId) =>
    set((s) => (s.projectId === projectId ? s : { projectId, versionId: null, compareId: null, selectedId: null, saved: [], ...derived([], [], null), compareActivities: [] })),
  setVersion: (versionId) =>
    set((s) => (s.versionId === versionId ? s : { versionId, compareId: s.compareId === versionId ? null : s.compareId, selectedId: null, saveState: "idle" })),
  setCompare: (compareId) => set((s) => ({ compareId, compareActivities: [], ...derived(s.edited, [], compareId) })),
  setScale: (scale) => set({ scale }),
  toggleCritical: () => set((s) => ({ showCritical: !s.showCritical })),
  select: (selectedId) => set({ selectedId }),
  loaded: (activities, revision) =>
    set((s) => ({ saved: activities, revision, loadCount: s.loadCount + 1, saveState: "idle", ...derived(activities, s.compareActivities, s.compareId) })),
  savedPlan: (activities, revision, reloadChart) =>
    set((s) => ({
      saved: activities,
      revision,
      saveState: "saved",
      loadCount: reloadChart ? s.loadCount + 1 : s.loadCount,
      ...derived(activities, s.compareActivities, s.compareId),
    })),
  setEdited: (edited) => set((s) => derived(edited, s.compareActivities, s.compareId)),
  setSaveState: (saveState) => set({ saveState }),
}));
