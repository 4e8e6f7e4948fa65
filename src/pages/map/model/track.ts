// Figures of a route: distance travelled, time moving and stopped, stops longer than 5 minutes,
// and time without data: a route over several days has nights (and any tracker switched off)
// between its points; a gap longer than NO_DATA_GAP_MS is neither moving nor a stop.
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
/** Two points further apart in time than this have no data between them (trackers send every
 *  30 s to a few minutes; a night, or a phone switched off, leaves hours). */
export const NO_DATA_GAP_MS = 30 * 60 * 1000;

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

/** Whether the time between two consecutive points is a gap without data. */
const isGap = (a: HistoryPoint, b: HistoryPoint, gapMs: number) => timeOf(b) - timeOf(a) > gapMs;

/** Runs of points staying within STOP_RADIUS_M of the run's first point for more than 5 minutes;
 *  a gap without data ends a run (a night at the gate is not a stop). */
export function detectStops(points: readonly HistoryPoint[], minMs = MIN_STOP_MS, radiusM = STOP_RADIUS_M, gapMs = NO_DATA_GAP_MS): Stop[] {
  const stops: Stop[] = [];
  let i = 0;
  while (i < points.length) {
    let j = i;
    while (j + 1 < points.length && !isGap(points[j], points[j + 1], gapMs) && distanceMeters(points[i], points[j + 1]) <= radiusM) j++;
    const durationMs = timeOf(points[j]) - timeOf(points[i]);
    if (durationMs > minMs) {
      stops.push({ lon: points[i].lon, lat: points[i].lat, start: points[i].wptime, end: points[j].wptime, durationMs, index: i });
    }
    i = j + 1;
  }
  return stops;
}

/** The route's span in three parts: no data (the gaps longer than NO_DATA_GAP_MS), stopped (the
 *  stops' total) and moving (the rest). */
export function movingAndStopped(points: readonly HistoryPoint[], stops: readonly Stop[], gapMs = NO_DATA_GAP_MS): { movingMs: number; stoppedMs: number; noDataMs: number } {
  if (points.length < 2) return { movingMs: 0, stoppedMs: 0, noDataMs: 0 };
  const span = timeOf(points[points.length - 1]) - timeOf(points[0]);
  let noDataMs = 0;
  for (let i = 1; i < points.length; i++) if (isGap(points[i - 1], points[i], gapMs)) noDataMs += timeOf(points[i]) - timeOf(points[i - 1]);
  const stoppedMs = stops.reduce((s, x) => s + x.durationMs, 0);
  return { movingMs: Math.max(0, span - noDataMs - stoppedMs), stoppedMs, noDataMs };
}

/** The clock playback runs on: each point's time with the gaps without data left out, so a route
 *  over several days plays its days one after the other instead of waiting out each night. */
export function playbackClock(points: readonly HistoryPoint[], gapMs = NO_DATA_GAP_MS): number[] {
  const out: number[] = [];
  for (let i = 0; i < points.length; i++) {
    if (i === 0) out.push(timeOf(points[0]));
    else out.push(out[i - 1] + (isGap(points[i - 1], points[i], gapMs) ? 0 : timeOf(points[i]) - timeOf(points[i - 1])));
  }
  return out;
}
