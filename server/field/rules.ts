// The rules of field capture, pure (no database), shared by the server's handlers and the web
// tests' contract mock (tests/mocks): when a capture time is accepted, whether an action was sent
// late, lateness against a shift, inside or outside a work area, the work duration, the forms of
// an idempotency key. docs/api.md "Field capture" states them.
import type { Msg } from "../i18n/messages";
import { CAPTURE_MAX_AGE_MS, CAPTURE_MAX_AHEAD_MS, DEFAULT_WORK_RADIUS_M, distanceM } from "../../declaration/field-capture";

// The limits the field page reads too live in the declaration.
export {
  CAPTURE_MAX_AGE_MS,
  CAPTURE_MAX_AHEAD_MS,
  DEFAULT_WORK_RADIUS_M,
  distanceM,
  IDEMPOTENCY_KEY,
  MAX_ACCURACY_M,
  MAX_POINTS,
  POINT_MAX_AGE_MS,
} from "../../declaration/field-capture";
/** Arriving later than this after its capture marks an action "sent late" (it waited offline). */
export const SENT_LATE_AFTER_MS = 2 * 60_000;
/** The shift's break is deducted from a working time longer than this (a break is due after 4 hours of work). */
export const BREAK_AFTER_MINUTES = 4 * 60;

const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A capture time from a body (ISO 8601 with an offset; absent or empty: now), checked against
 * `now`: not older than `maxAge`, not more than 2 minutes ahead. Answers the instant or the
 * field's message.
 */
export function captureTime(raw: unknown, now: number, maxAge = CAPTURE_MAX_AGE_MS): { ok: true; ms: number } | { ok: false; error: Msg } {
  if (raw === undefined || raw === null || raw === "") return { ok: true, ms: now };
  if (typeof raw !== "string" || !DATETIME.test(raw)) return { ok: false, error: { key: "bad_datetime" } };
  const ms = Date.parse(raw);
  if (!Number.isFinite(ms)) return { ok: false, error: { key: "bad_datetime" } };
  return checkCaptureMs(ms, now, maxAge);
}

/** The age limits of a capture instant. */
export function checkCaptureMs(ms: number, now: number, maxAge = CAPTURE_MAX_AGE_MS): { ok: true; ms: number } | { ok: false; error: Msg } {
  if (ms > now + CAPTURE_MAX_AHEAD_MS) return { ok: false, error: { key: "capture_in_future", params: { max: CAPTURE_MAX_AHEAD_MS / 60_000 } } };
  if (ms < now - maxAge) return { ok: false, error: { key: "capture_too_old", params: { max: Math.round(maxAge / 3600_000) } } };
  return { ok: true, ms };
}

/** Arrived more than 2 minutes after its capture: it waited in an offline queue. */
export const sentLate = (capturedMs: number, arrivedMs: number): boolean => arrivedMs - capturedMs > SENT_LATE_AFTER_MS;

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

/** Inside or outside the project's work area (the circle of work_radius_m around its location); null without a location. */
export function workArea(at: readonly [number, number], project: Readonly<Record<string, unknown>>): "inside" | "outside" | null {
  const loc = project.location;
  if (!Array.isArray(loc) || loc.length !== 2 || !loc.every((x) => typeof x === "number")) return null;
  const radius = typeof project.work_radius_m === "number" ? project.work_radius_m : DEFAULT_WORK_RADIUS_M;
  return distanceM(at, loc as [number, number]) <= radius ? "inside" : "outside";
}

/** Minutes worked from clock-in to clock-out, the shift's break deducted when longer than 4 hours. */
export function workDuration(inMs: number, outMs: number, breakMinutes: number | null | undefined): number {
  const minutes = Math.round((outMs - inMs) / 60_000);
  const deduct = minutes > BREAK_AFTER_MINUTES ? (breakMinutes ?? 0) : 0;
  return Math.max(0, minutes - deduct);
}
