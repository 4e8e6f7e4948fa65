// The rules of field capture, pure (no database), shared by the server's handlers and the web
// tests' contract mock (tests/mocks): when a capture time is accepted, whether an action was sent
// late, lateness against a shift, inside or outside a work area, the work duration, the forms of
// an idempotency key. docs/api.md "Field capture" states them.
import type { Msg } from "../i18n/messages";
import { CAPTURE_MAX_AGE_MS, CAPTURE_MAX_AHEAD_MS } from "../../declaration/field-capture";
import { workAreaSide } from "../../declaration/work-area";

// The limits the field page reads too, and lateness and work duration (the timesheet reads them:
// declaration/timesheet.ts), live in the declaration.
export {
  BREAK_AFTER_MINUTES,
  CAPTURE_MAX_AGE_MS,
  CAPTURE_MAX_AHEAD_MS,
  DEFAULT_WORK_RADIUS_M,
  distanceM,
  IDEMPOTENCY_KEY,
  MAX_ACCURACY_M,
  MAX_POINTS,
  minutesAfterStart,
  POINT_MAX_AGE_MS,
  presenceStatus,
  workDuration,
  type ShiftTimes,
} from "../../declaration/field-capture";

/** Arriving later than this after its capture marks an action "sent late" (it waited offline). */
export const SENT_LATE_AFTER_MS = 2 * 60_000;

/** The age limits of a capture instant. */
export function checkCaptureMs(ms: number, now: number, maxAge = CAPTURE_MAX_AGE_MS): { ok: true; ms: number } | { ok: false; error: Msg } {
  if (ms > now + CAPTURE_MAX_AHEAD_MS) return { ok: false, error: { key: "capture_in_future", params: { max: CAPTURE_MAX_AHEAD_MS / 60_000 } } };
  if (ms < now - maxAge) return { ok: false, error: { key: "capture_too_old", params: { max: Math.round(maxAge / 3600_000) } } };
  return { ok: true, ms };
}

/** Arrived more than 2 minutes after its capture: it waited in an offline queue. */
export const sentLate = (capturedMs: number, arrivedMs: number): boolean => arrivedMs - capturedMs > SENT_LATE_AFTER_MS;

/** Inside or outside the project's work area (its polygon, else the circle of work_radius_m around its location); null without either. */
export function workArea(at: readonly [number, number], project: Readonly<Record<string, unknown>>): "inside" | "outside" | null {
  return workAreaSide(at, project);
}
