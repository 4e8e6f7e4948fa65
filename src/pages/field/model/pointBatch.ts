// Positions taken while the worker is clocked in and the page is open, sent in batches
// (waypoint/add-batch): every 30 s, or at once when 50 have gathered. A batch that did not get
// through goes back to the front and goes with the next one (the server stores a point once per
// time, so sending one twice is harmless); at most MAX_POINTS wait, the oldest dropped first.
import { MAX_POINTS } from "../../../../declaration/field-capture";
import type { Fix } from "./position";

/** Send the positions gathered every this often... */
export const BATCH_EVERY_MS = 30_000;
/** ...or as soon as this many have gathered. */
export const BATCH_SIZE = 50;
/** At most one position per this time (a phone may report every second while nothing moves). */
export const MIN_POINT_GAP_MS = 5_000;

export interface WirePoint {
  wptime: string;
  lon: number;
  lat: number;
  accuracy?: number;
  speed?: number;
}

export const wirePointOf = (f: Fix): WirePoint => ({
  wptime: new Date(f.at).toISOString(),
  lon: f.lon,
  lat: f.lat,
  accuracy: f.accuracy,
  ...(f.speed !== null ? { speed: f.speed } : {}),
});

export class PointBatch {
  private points: WirePoint[] = [];
  private lastAt = -Infinity;

  /** Keeps a position (unless too soon after the last one); true when a batch is full and should go now. */
  add(fix: Fix): boolean {
    if (fix.at - this.lastAt < MIN_POINT_GAP_MS) return false;
    this.lastAt = fix.at;
    this.points.push(wirePointOf(fix));
    if (this.points.length > MAX_POINTS) this.points.splice(0, this.points.length - MAX_POINTS);
    return this.points.length >= BATCH_SIZE;
  }

  /** The positions to send now (all that wait, at most one request's worth), taken out. */
  take(): WirePoint[] {
    return this.points.splice(0, MAX_POINTS);
  }

  /** A batch that did not get through: back in front of what came since. */
  putBack(points: WirePoint[]): void {
    this.points = [...points, ...this.points].slice(-MAX_POINTS);
  }

  get size(): number {
    return this.points.length;
  }
}
