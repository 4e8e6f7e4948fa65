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

export type HistoryOutcome = { kind: "route"; points: HistoryPoint[] } | { kind: "empty" } | { kind: "notFound" };

/** What the routing bar does with an answer: draw it; nothing for an empty successful answer;
 *  the "couldn't find" warning when it holds neither status nor data (also after a failure). */
export function historyOutcome(answer: { status?: unknown; data?: unknown } | null | undefined): HistoryOutcome {
  const points = acceptHistory(answer);
  if (points) return { kind: "route", points };
  if (answer?.status === true) return { kind: "empty" };
  return { kind: "notFound" };
}
