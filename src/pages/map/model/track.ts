// Figures of a route: distance travelled, time moving and stopped, stops longer than 5 minutes.
import type { HistoryPoint } from "./types";

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in metres (haversine; ample for a day's route). */
export function distanceMeters(a: { lon: number; lat: number }, b: { lon: number; lat: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function totalDistanceMeters(points: readonly HistoryPoint[]): number {
  let sum = 0;
  for (let i = 1; i < points.length; i++) sum += distanceMeters(points[i - 1], points[i]);
  return sum;
}

/** A worker within this radius of where they halted is still there (GPS jitter). */
export const STOP_RADIUS_M = 50;
/** Stops are listed only when longer than 5 minutes. */
export const MIN_STOP_MS = 5 * 60 * 1000;

export interface Stop {
  lon: number;
  lat: number;
  start: string;
  end: string;
  durationMs: number;
  /** Index of the first point of the stop in the history. */
  index: number;
}

const timeOf = (p: HistoryPoint) => Date.parse(p.wptime);

/** Runs of points staying within STOP_RADIUS_M of the run's first point for more than 5 minutes. */
export function detectStops(points: readonly HistoryPoint[], minMs = MIN_STOP_MS, radiusM = STOP_RADIUS_M): Stop[] {
  const stops: Stop[] = [];
  let i = 0;
  while (i < points.length) {
    let j = i;
    while (j + 1 < points.length && distanceMeters(points[i], points[j + 1]) <= radiusM) j++;
    const durationMs = timeOf(points[j]) - timeOf(points[i]);
    if (durationMs > minMs) {
      stops.push({ lon: points[i].lon, lat: points[i].lat, start: points[i].wptime, end: points[j].wptime, durationMs, index: i });
    }
    i = j + 1;
  }
  return stops;
}

/** Time stopped is the stops' total; time moving the rest of the route's span. */
export function movingAndStopped(points: readonly HistoryPoint[], stops: readonly Stop[]): { movingMs: number; stoppedMs: number } {
  if (points.length < 2) return { movingMs: 0, stoppedMs: 0 };
  const span = timeOf(points[points.length - 1]) - timeOf(points[0]);
  const stoppedMs = stops.reduce((s, x) => s + x.durationMs, 0);
  return { movingMs: Math.max(0, span - stoppedMs), stoppedMs };
}
