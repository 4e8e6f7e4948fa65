// The limits of field capture that both sides read: the server checks a capture against them
// (server/field/rules.ts re-exports these), the field page (src/pages/field/) tells the worker
// before sending. docs/api.md "Field capture" states them. Lateness against a shift and the work
// duration live here too: the server stores them on a clock-in and out, the timesheet
// (declaration/timesheet.ts) computes its days with the same rules.

import type { FileSlots } from "./uploads";

/** The file part of a clock-in and a clock-out: one selfie, an image (JPEG, PNG, WebP or GIF by its bytes). */
export const SELFIE_FILES = { selfie: { max: 1, accept: "image/*" } } as const satisfies FileSlots;

/** A queued action is accepted up to a day after its capture... */
export const CAPTURE_MAX_AGE_MS = 24 * 3600_000;
/** ...and up to 2 minutes ahead of the server's clock (a phone's clock drifts). A panic alarm is
 *  stored whatever its capture time says: outside these limits it takes the server's receipt time. */
export const CAPTURE_MAX_AHEAD_MS = 2 * 60_000;
/**
 * A capture time ahead of the server's receipt by more than this is the phone's clock being fast
 * (a capture cannot come after it arrived): the record keeps the receipt time and the skew is
 * recorded (`clock_skew_seconds`). Within it: the request's own travel and the page's estimate of
 * the server's clock (its `Date` header is whole seconds).
 */
export const CLOCK_SKEW_TOLERANCE_MS = 5_000;
/** Positions of a batch may be up to a week old (a phone offline over a weekend). */
export const POINT_MAX_AGE_MS = 7 * 24 * 3600_000;
/** A clock-in or clock-out position less precise than this (metres) is refused. */
export const MAX_ACCURACY_M = 100;
/** Most points of one waypoint batch (and of one /osmand JSON list). */
export const MAX_POINTS = 1000;
/** A work area without its own radius. */
export const DEFAULT_WORK_RADIUS_M = 200;
/** Breaks one presence may hold: a break punched beyond is refused. */
export const MAX_BREAKS_PER_PRESENCE = 20;
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

/** The shift's break is deducted from a working time longer than this (a break is due after 4 hours of work). */
export const BREAK_AFTER_MINUTES = 4 * 60;

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
};

export interface ShiftTimes {
  start_time: string;
  end_time: string;
  grace_minutes: number | null;
  break_minutes?: number | null;
}

/** Whether a shift runs past midnight (21:00-05:00): its end is not after its start. */
export const crossesMidnight = (shift: Pick<ShiftTimes, "start_time" | "end_time">): boolean => minutesOf(shift.end_time) <= minutesOf(shift.start_time);

/** A shift's start and end as minutes of the day (0-1439). */
export const shiftMinutes = (shift: Pick<ShiftTimes, "start_time" | "end_time">): { start: number; end: number } => ({
  start: minutesOf(shift.start_time),
  end: minutesOf(shift.end_time),
});

/**
 * Minutes after the shift's start at which a clock-in at local minute `minute` (0-1439, in the
 * site's zone) came; negative when early. A shift that runs past midnight (21:00-05:00) counts a
 * clock-in after midnight from the previous evening's start.
 */
export function minutesAfterStart(minute: number, shift: ShiftTimes): number {
  const start = minutesOf(shift.start_time);
  const end = minutesOf(shift.end_time);
  if (start < end) return minute - start;
  const d = (((minute - start) % 1440) + 1440) % 1440;
  return d > 720 ? d - 1440 : d;
}

/** "late" when the clock-in came after the shift's start plus its grace; "present" otherwise (and without a shift). */
export function presenceStatus(minute: number, shift: ShiftTimes | null): "present" | "late" {
  if (!shift) return "present";
  return minutesAfterStart(minute, shift) > (shift.grace_minutes ?? 0) ? "late" : "present";
}

/** Minutes worked from clock-in to clock-out, the shift's break deducted when longer than 4 hours. */
export function workDuration(inMs: number, outMs: number, breakMinutes: number | null | undefined): number {
  const minutes = Math.round((outMs - inMs) / 60_000);
  const deduct = minutes > BREAK_AFTER_MINUTES ? (breakMinutes ?? 0) : 0;
  return Math.max(0, minutes - deduct);
}
