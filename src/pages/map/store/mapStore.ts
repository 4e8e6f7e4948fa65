// The map page's one store, with the spec's keys and defaults. Persisted without the map object,
// the transient flags (mapLoading, isSearchingRoute) and the history (a day's route can exceed
// local storage's quota).
import type OlMap from "ol/Map";
import { create } from "zustand";
import { persist, type PersistStorage, type StorageValue } from "zustand/middleware";
import { normalizeSelectedProjectIds } from "../model/selectedProjects";
import type { AttendancePoint, HistoryPoint } from "../model/types";

export type ProjectTreeNode = {
  key: string;
  title: string;
  children?: ProjectTreeNode[];
  /** FTTH nodes (lazy-loaded under their project): no checkbox, a leaf without children, their place. */
  isLeaf?: boolean;
  checkable?: boolean;
  location?: [number, number] | null;
};
export type ProjectId = string | number;

export interface MapState {
  map: OlMap | null;
  openLeft: boolean;
  openRight: boolean;
  mapLoading: boolean;
  userHistory: HistoryPoint[] | null;
  projectTree: ProjectTreeNode[];
  userPoints: AttendancePoint[];
  selectedFeature: AttendancePoint | null;
  routingBarVisible: boolean;
  isSearchingRoute: boolean;
  selectedProjectIds: ProjectId[];
}

export interface MapActions {
  setMap: (map: OlMap | null) => void;
  toggleLeft: (open?: boolean) => void;
  toggleRight: (open?: boolean) => void;
  setMapLoading: (loading: boolean) => void;
  toggleRoutingBar: (visible?: boolean) => void;
  setSearchingRoute: (searching: boolean) => void;
  setProjectTree: (tree: ProjectTreeNode[]) => void;
  setUserPoints: (points: AttendancePoint[]) => void;
  setUserHistory: (history: HistoryPoint[] | null) => void;
  /** Selecting a feature opens the right panel; clearing it leaves the panel as it is. */
  selectFeature: (feature: AttendancePoint | null) => void;
  /** Applies the 'all' rule. */
  setSelectedProjectIds: (ids: readonly ProjectId[] | null | undefined) => void;
}

export const initialMapState: MapState = {
  map: null,
  openLeft: true,
  openRight: false,
  mapLoading: false,
  userHistory: null,
  projectTree: [],
  userPoints: [],
  selectedFeature: null,
  routingBarVisible: false,
  isSearchingRoute: false,
  selectedProjectIds: [],
};

export const MAP_STORE_KEY = "map-state";
export const MAP_STORE_VERSION = 2;

type Persisted = Pick<MapState, "openLeft" | "openRight" | "routingBarVisible" | "selectedProjectIds" | "projectTree" | "userPoints" | "selectedFeature">;

/**
 * Version 0 (the original) wrote the ids under the misspelt initial key `setSelectedProjectIds`.
 * Before version 2 the points' times were written on the browser's clock, not their site's:
 * those points are dropped (the next answer, at once, brings them again).
 */
export function migrateMapState(persisted: unknown, version: number): Persisted {
  const old = { ...((persisted ?? {}) as Record<string, unknown>) };
  if (version < 1 && !Array.isArray(old.selectedProjectIds) && Array.isArray(old.setSelectedProjectIds)) {
    old.selectedProjectIds = old.setSelectedProjectIds;
  }
  delete old.setSelectedProjectIds;
  if (version < 2) {
    delete old.userPoints;
    delete old.selectedFeature;
  }
  return old as unknown as Persisted;
}

/** Writes after this quiet time. */
export const PERSIST_DELAY_MS = 1000;

/** JSON in local storage, written once the state has been quiet for PERSIST_DELAY_MS (and when the
 *  page is hidden): the saved points of 10,000 staff are megabytes of JSON, and each update
 *  (loading flag on, points, flag off) would write them again while the map is drawing. */
function deferredJsonStorage<S>(): PersistStorage<S> {
  let pending: { name: string; value: StorageValue<S> } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    if (!pending) return;
    const { name, value } = pending;
    pending = null;
    try {
      localStorage.setItem(name, JSON.stringify(value));
    } catch {
      // Over the quota: the state is still restored from what was saved before.
    }
  };
  if (typeof window !== "undefined") window.addEventListener("pagehide", flush);
  return {
    getItem: (name) => {
      const raw = localStorage.getItem(name);
      return raw ? (JSON.parse(raw) as StorageValue<S>) : null;
    },
    setItem: (name, value) => {
      pending = { name, value };
      clearTimeout(timer);
      // Then in the browser's idle time: a route or points being drawn go first.
      timer = setTimeout(() => (typeof requestIdleCallback === "function" ? requestIdleCallback(flush, { timeout: 5000 }) : flush()), PERSIST_DELAY_MS);
    },
    removeItem: (name) => {
      pending = null;
      localStorage.removeItem(name);
    },
  };
}

export const useMapStore = create<MapState & MapActions>()(
  persist(
    (set) => ({
      ...initialMapState,
      setMap: (map) => set({ map }),
      toggleLeft: (open) => set((s) => ({ openLeft: open ?? !s.openLeft })),
      toggleRight: (open) => set((s) => ({ openRight: open ?? !s.openRight })),
      setMapLoading: (mapLoading) => set({ mapLoading }),
      toggleRoutingBar: (visible) => set((s) => ({ routingBarVisible: visible ?? !s.routingBarVisible })),
      setSearchingRoute: (isSearchingRoute) => set({ isSearchingRoute }),
      setProjectTree: (projectTree) => set({ projectTree }),
      setUserPoints: (userPoints) => set({ userPoints }),
      setUserHistory: (userHistory) => set({ userHistory }),
      selectFeature: (selectedFeature) => set(selectedFeature ? { selectedFeature, openRight: true } : { selectedFeature }),
      setSelectedProjectIds: (ids) => set({ selectedProjectIds: normalizeSelectedProjectIds(ids) }),
    }),
    {
      name: MAP_STORE_KEY,
      version: MAP_STORE_VERSION,
      storage: deferredJsonStorage<Persisted>(),
      partialize: (s): Persisted => ({
        openLeft: s.openLeft,
        openRight: s.openRight,
        routingBarVisible: s.routingBarVisible,
        selectedProjectIds: s.selectedProjectIds,
        projectTree: s.projectTree,
        userPoints: s.userPoints,
        selectedFeature: s.selectedFeature,
      }),
      migrate: migrateMapState,
    },
  ),
);
