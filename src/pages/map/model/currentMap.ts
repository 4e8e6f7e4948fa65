// Which map the page shows: the id in local storage key `map_id`, else (missing, stale, another
// company's: the map load answers `not_found` for both) the company's first map, else a new first map.
// The id actually shown is written back to `map_id`. Pure over the calls it is given (tests).
import type { MapDoc } from "../../../../declaration/map-service";
import { errorKeyOf } from "../../../http/errorKeys";

export const MAP_ID_KEY = "map_id";

/** The first map of a company without one: centred on Jakarta, where the product's companies work. */
export const FIRST_MAP = { name: "Map", center: [106.83, -6.2] as [number, number], zoom: 11 };

export interface MapCalls {
  loadMap: (id: number) => Promise<MapDoc>;
  listMaps: () => Promise<{ id: number }[]>;
  createMap: (body: typeof FIRST_MAP) => Promise<MapDoc>;
}

export interface KeyStore {
  getItem: (key: string) => string | null;
  setItem: (key: string, value: string) => void;
}

/** The stored id when it is a positive integer, else null (garbage is treated as no id). */
export function storedMapId(storage: KeyStore): number | null {
  const raw = storage.getItem(MAP_ID_KEY)?.trim();
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** Loads the current map; errors other than a stale id (401, 403, no network) are thrown. */
export async function resolveCurrentMap(calls: MapCalls, storage: KeyStore): Promise<MapDoc> {
  const stored = storedMapId(storage);
  let map: MapDoc | null = null;
  if (stored !== null) {
    try {
      map = await calls.loadMap(stored);
    } catch (e) {
      // not_found: deleted, or another company's (a shared browser): fall back to the company's
      // first. Any other answer (a 404 route_not_found: no map service there; 403; no network) is thrown.
      if (errorKeyOf(e) !== "not_found") throw e;
    }
  }
  if (!map) {
    const maps = await calls.listMaps();
    const first = [...maps].sort((a, b) => a.id - b.id)[0];
    map = first ? await calls.loadMap(first.id) : await calls.createMap(FIRST_MAP);
  }
  if (String(map.id) !== storage.getItem(MAP_ID_KEY)) storage.setItem(MAP_ID_KEY, String(map.id));
  return map;
}
