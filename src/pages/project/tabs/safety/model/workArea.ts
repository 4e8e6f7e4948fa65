// The work area editor's model (pure): the drawn polygon as the project's `work_area` (a GeoJSON
// Polygon of [longitude, latitude] positions, closed rings: declaration/work-area.ts, which the
// server checks), from the map's coordinates (EPSG:3857) and back.
import { fromLonLat, toLonLat } from "ol/proj";
import { checkWorkArea, type WorkAreaPolygon } from "../../../../../../declaration/work-area";

/** 7 decimals: about a centimetre, and the stored value stays short. */
const round = (n: number) => Math.round(n * 1e7) / 1e7;

/** The polygon's rings from the map's coordinates, closed, as the server takes them; null when it is not a valid area. */
export function workAreaOf(rings3857: number[][][]): WorkAreaPolygon | null {
  const rings = rings3857.map((ring) => {
    const r = ring.map((c) => {
      const [lon, lat] = toLonLat(c);
      return [round(lon), round(lat)] as [number, number];
    });
    const [first, last] = [r[0], r[r.length - 1]];
    if (first && last && (first[0] !== last[0] || first[1] !== last[1])) r.push([first[0], first[1]]);
    return r;
  });
  const checked = checkWorkArea({ type: "Polygon", coordinates: rings });
  return checked.ok ? checked.value : null;
}

/** The stored work area's rings in the map's coordinates; null without a valid one. */
export function ringsOf(stored: unknown): number[][][] | null {
  const value = typeof stored === "string" ? safeParse(stored) : stored;
  const checked = checkWorkArea(value);
  return checked.ok ? checked.value.coordinates.map((ring) => ring.map((p) => fromLonLat(p))) : null;
}

const safeParse = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
};
