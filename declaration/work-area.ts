// A site's work area, read by both sides: a GeoJSON Polygon drawn on the project's page
// (project.work_area, [longitude, latitude] positions as the spec orders them), else the circle
// of work_radius_m around the project's location. Clock-ins are inside or outside it
// (server/field/rules.ts workArea) and the geofence alerts watch it (server/events/position-watch.ts).
import { pointToPolygonDistance } from "@turf/point-to-polygon-distance";
import { DEFAULT_WORK_RADIUS_M, distanceM } from "./field-capture";

/** Most positions of one work area (all its rings): a site's outline, not a survey. */
export const WORK_AREA_MAX_POSITIONS = 1000;
/** Most rings: the outline and up to 9 holes. */
export const WORK_AREA_MAX_RINGS = 10;

export interface WorkAreaPolygon {
  type: "Polygon";
  coordinates: [number, number][][];
}

export type WorkAreaCheck = { ok: true; value: WorkAreaPolygon } | { ok: false; key: "bad_work_area" | "work_area_too_large"; params?: Record<string, number> };

const isPosition = (p: unknown): p is [number, number] =>
  Array.isArray(p) &&
  (p.length === 2 || p.length === 3) &&
  p.every((x) => typeof x === "number" && Number.isFinite(x)) &&
  Math.abs(p[0] as number) <= 180 &&
  Math.abs(p[1] as number) <= 90;

/** A value for project.work_area: a GeoJSON Polygon with closed rings of 4+ positions (a third coordinate dropped). */
export function checkWorkArea(v: unknown): WorkAreaCheck {
  const bad = { ok: false, key: "bad_work_area" } as const;
  if (!v || typeof v !== "object" || Array.isArray(v)) return bad;
  const g = v as { type?: unknown; coordinates?: unknown };
  if (g.type !== "Polygon" || !Array.isArray(g.coordinates) || g.coordinates.length === 0) return bad;
  if (g.coordinates.length > WORK_AREA_MAX_RINGS) return { ok: false, key: "work_area_too_large", params: { max: WORK_AREA_MAX_POSITIONS } };
  let count = 0;
  const rings: [number, number][][] = [];
  for (const ring of g.coordinates as unknown[]) {
    if (!Array.isArray(ring) || ring.length < 4) return bad;
    count += ring.length;
    if (count > WORK_AREA_MAX_POSITIONS) return { ok: false, key: "work_area_too_large", params: { max: WORK_AREA_MAX_POSITIONS } };
    if (!ring.every(isPosition)) return bad;
    const r = (ring as number[][]).map((p) => [p[0], p[1]] as [number, number]);
    const [first, last] = [r[0], r[r.length - 1]];
    if (first[0] !== last[0] || first[1] !== last[1]) return bad;
    rings.push(r);
  }
  return { ok: true, value: { type: "Polygon", coordinates: rings } };
}

/** The stored polygon of a project record, when it has a valid one. */
export function polygonOf(project: Readonly<Record<string, unknown>>): WorkAreaPolygon | null {
  const v = project.work_area;
  if (v === null || v === undefined) return null;
  const c = checkWorkArea(typeof v === "string" ? safeParse(v) : v);
  return c.ok ? c.value : null;
}

const safeParse = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
};

/**
 * How far outside the project's work area a position is, in metres (0 or less: inside; negative:
 * that far from the edge inside the polygon); null when the project has neither a polygon nor a
 * location.
 */
export function metresOutside(at: readonly [number, number], project: Readonly<Record<string, unknown>>): number | null {
  const polygon = polygonOf(project);
  if (polygon) return pointToPolygonDistance([at[0], at[1]], polygon, { units: "meters" });
  const loc = project.location;
  if (!Array.isArray(loc) || loc.length !== 2 || !loc.every((x) => typeof x === "number")) return null;
  const radius = typeof project.work_radius_m === "number" ? project.work_radius_m : DEFAULT_WORK_RADIUS_M;
  return distanceM(at, loc as [number, number]) - radius;
}

/** Inside or outside the project's work area; null when it has none. */
export function workAreaSide(at: readonly [number, number], project: Readonly<Record<string, unknown>>): "inside" | "outside" | null {
  const d = metresOutside(at, project);
  return d === null ? null : d <= 0 ? "inside" : "outside";
}
