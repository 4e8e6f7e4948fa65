// The limits of field capture that both sides read: the server checks a capture against them
// (server/field/rules.ts re-exports these), the field page (src/pages/field/) tells the worker
// before sending. docs/api.md "Field capture" states them.

/** A queued action is accepted up to a day after its capture... */
export const CAPTURE_MAX_AGE_MS = 24 * 3600_000;
/** ...and up to 2 minutes ahead of the server's clock (a phone's clock drifts). */
export const CAPTURE_MAX_AHEAD_MS = 2 * 60_000;
/** Positions of a batch may be up to a week old (a phone offline over a weekend). */
export const POINT_MAX_AGE_MS = 7 * 24 * 3600_000;
/** A clock-in or clock-out position less precise than this (metres) is refused. */
export const MAX_ACCURACY_M = 100;
/** Most points of one waypoint batch (and of one /osmand JSON list). */
export const MAX_POINTS = 1000;
/** A work area without its own radius. */
export const DEFAULT_WORK_RADIUS_M = 200;
/** An idempotency key: 8-64 characters of A-Z a-z 0-9 _ - (a UUID fits). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** Great-circle distance in metres between two [lon, lat] (haversine, R = 6371.0088 km, as the track figures). */
export function distanceM(a: readonly [number, number], b: readonly [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLon = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}
