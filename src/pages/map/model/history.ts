// A user's history answer → the route: a line through all points, 'Start' (first), 'End' (last),
// 'Working' (between), each keeping its wptime.
import type { HistoryPoint, RoutePoint } from "./types";

type Raw = Record<string, unknown>;

/** lon/lat arrive as numeric strings; points that do not parse are dropped. */
export function parseHistory(rows: readonly Raw[]): HistoryPoint[] {
  const out: HistoryPoint[] = [];
  for (const r of rows) {
    const lon = Number.parseFloat(String(r.lon));
    const lat = Number.parseFloat(String(r.lat));
    if (Number.isFinite(lon) && Number.isFinite(lat)) out.push({ lon, lat, wptime: String(r.wptime) });
  }
  return out;
}

/** Start, Working..., End; a single point is the Start. */
export function routePoints(points: readonly HistoryPoint[]): RoutePoint[] {
  const last = points.length - 1;
  return points.map((p, i) => ({ ...p, role: i === 0 ? "Start" : i === last ? "End" : "Working" }));
}

/** The line's coordinates, [lon, lat] each. */
export const routeLine = (points: readonly HistoryPoint[]): [number, number][] => points.map((p) => [p.lon, p.lat]);

/** The columnar answer (the map asks `format: "columns"`, docs/api.md "Map calls"): the n-th time, lon and lat make a point. */
export function parseHistoryColumns(data: Raw): HistoryPoint[] {
  const { wptime, lon, lat } = data;
  if (!Array.isArray(wptime) || !Array.isArray(lon) || !Array.isArray(lat)) return [];
  const out: HistoryPoint[] = [];
  const n = Math.min(wptime.length, lon.length, lat.length);
  for (let i = 0; i < n; i++) {
    const x = Number(lon[i]);
    const y = Number(lat[i]);
    if (Number.isFinite(x) && Number.isFinite(y) && lon[i] !== null && lat[i] !== null) out.push({ lon: x, lat: y, wptime: String(wptime[i]) });
  }
  return out;
}

/** The spec's acceptance: flagged successful and holding at least one point (as rows, or in columns). */
export function acceptHistory(answer: { status?: unknown; data?: unknown } | null | undefined): HistoryPoint[] | null {
  if (!answer || answer.status !== true || !answer.data || typeof answer.data !== "object") return null;
  const points = Array.isArray(answer.data) ? parseHistory(answer.data as Raw[]) : parseHistoryColumns(answer.data as Raw);
  return points.length ? points : null;
}

export type HistoryOutcome = { kind: "route"; points: HistoryPoint[] } | { kind: "notFound" };

/** What the routing bar does with an answer: draw its route; otherwise (no points for the worker
 *  and range, an answer without status or data, a failure) the previous route goes and the
 *  "couldn't find" warning shows. An empty successful answer warns too: the catalogue's "no
 *  message" for it left the previous worker's route on the map as if it were the answer. */
export function historyOutcome(answer: { status?: unknown; data?: unknown } | null | undefined): HistoryOutcome {
  const points = acceptHistory(answer);
  return points ? { kind: "route", points } : { kind: "notFound" };
}
