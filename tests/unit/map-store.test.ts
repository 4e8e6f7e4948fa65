// The map store: defaults, every toggle, the 'all' rule, persistence and the old-key migration.
import { beforeEach, describe, expect, it, vi } from "vitest";

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
  clear = () => this.items.clear();
}

async function freshStore(saved?: unknown) {
  vi.resetModules();
  const storage = new MemoryStorage();
  if (saved !== undefined) storage.setItem("map-state", JSON.stringify(saved));
  vi.stubGlobal("localStorage", storage);
  const mod = await import("../../src/pages/map/store/mapStore");
  return { ...mod, storage };
}

beforeEach(() => vi.unstubAllGlobals());

describe("map store", () => {
  it("starts with the spec's defaults", async () => {
    const { useMapStore } = await freshStore();
    const s = useMapStore.getState();
    expect(s).toMatchObject({
      map: null,
      openLeft: true,
      openRight: false,
      mapLoading: false,
      routingBarVisible: false,
      isSearchingRoute: false,
      selectedProjectIds: [],
      selectedFeature: null,
    });
  });

  it("switches each panel and flag with one update", async () => {
    const { useMapStore } = await freshStore();
    const s = () => useMapStore.getState();
    s().toggleLeft();
    expect(s().openLeft).toBe(false);
    s().toggleRight();
    expect(s().openRight).toBe(true);
    s().toggleRight(false);
    expect(s().openRight).toBe(false);
    s().toggleRoutingBar();
    expect(s().routingBarVisible).toBe(true);
    s().setMapLoading(true);
    expect(s().mapLoading).toBe(true);
    s().setSearchingRoute(true);
    expect(s().isSearchingRoute).toBe(true);
  });

  it("selecting a feature opens the right panel", async () => {
    const { useMapStore } = await freshStore();
    const feature = {
      user_id: 1,
      name: "A",
      clock_in: "-",
      clock_in_loc: "-",
      clock_out: "-",
      clock_out_loc: "-",
      image_selfie: "",
      projects: null,
      presence_status: null,
      project_id: null,
      zone: "Asia/Jakarta",
      wp_lon: 1,
      wp_lat: 2,
      position_time: null,
      position_source: null,
      clock_in_at: null,
    };
    useMapStore.getState().selectFeature(feature);
    expect(useMapStore.getState()).toMatchObject({ selectedFeature: feature, openRight: true });
  });

  it("applies the 'all' rule to selected ids", async () => {
    const { useMapStore } = await freshStore();
    useMapStore.getState().setSelectedProjectIds(["all", 4, 6]);
    expect(useMapStore.getState().selectedProjectIds).toEqual([4, 6]);
  });

  it("persists panels and selection, not the map object nor transient flags", async () => {
    vi.useFakeTimers();
    const { useMapStore, storage, PERSIST_DELAY_MS } = await freshStore();
    useMapStore.getState().toggleLeft(false);
    useMapStore.getState().setSelectedProjectIds([7]);
    useMapStore.getState().setMapLoading(true);
    useMapStore.getState().setSearchingRoute(true);
    // Written once the updates have settled, not on each one.
    expect(storage.getItem("map-state")).toBeNull();
    vi.advanceTimersByTime(PERSIST_DELAY_MS);
    vi.useRealTimers();
    const saved = JSON.parse(storage.getItem("map-state")!);
    expect(saved.version).toBe(2);
    expect(saved.state).toMatchObject({ openLeft: false, selectedProjectIds: [7] });
    expect(saved.state).not.toHaveProperty("map");
    expect(saved.state).not.toHaveProperty("mapLoading");
    expect(saved.state).not.toHaveProperty("isSearchingRoute");
    expect(saved.state).not.toHaveProperty("userHistory");
  });

  it("restores a saved state on start", async () => {
    const { useMapStore } = await freshStore({ state: { openLeft: false, routingBarVisible: true, selectedProjectIds: [2] }, version: 2 });
    expect(useMapStore.getState()).toMatchObject({ openLeft: false, routingBarVisible: true, selectedProjectIds: [2], mapLoading: false });
  });

  it("drops points saved before version 2 (their times on the browser's clock, not the site's)", async () => {
    const point = { user_id: 1, name: "Budi", clock_in: "25-11-2026 00:58:00" };
    const { useMapStore } = await freshStore({ state: { openLeft: false, selectedProjectIds: [2], userPoints: [point], selectedFeature: point }, version: 1 });
    expect(useMapStore.getState()).toMatchObject({ openLeft: false, selectedProjectIds: [2], userPoints: [], selectedFeature: null });
  });

  it("carries the old misspelt key setSelectedProjectIds over", async () => {
    const { useMapStore } = await freshStore({ state: { openLeft: true, setSelectedProjectIds: [3, 9] }, version: 0 });
    const s = useMapStore.getState();
    expect(s.selectedProjectIds).toEqual([3, 9]);
    expect(typeof s.setSelectedProjectIds).toBe("function");
  });
});
