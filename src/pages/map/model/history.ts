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

/** The spec's acceptance: flagged successful and holding at least one point. */
export function acceptHistory(answer: { status?: unknown; data?: unknown } | null | undefined): HistoryPoint[] | null {
  if (!answer || answer.status !== true || !Array.isArray(answer.data) || answer.data.length === 0) return null;
  const points = parseHistory(answer.data as Raw[]);
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
