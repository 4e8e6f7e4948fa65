// When a capture happened, judged on the server's clock (docs/api.md "Field capture", capture
// time). Pure: shared by the server's handlers and the web tests' contract mock (tests/mocks).
// The server's clock is the authority: a phone sends the time it captured an action (the field
// page corrects its own clock by the server's first), the server keeps its receipt time beside it
// and records how far ahead or behind the phone's time was when it could not be taken as sent.
// - A clock-in or clock-out ("clock") is refused when its capture time is more than 2 minutes
//   ahead or older than a day (lateness and the day are decided from it); one up to 2 minutes
//   ahead takes the receipt time, its skew recorded.
// - A panic alarm ("alarm") is never refused for its time: ahead, older than a day, absent or
//   unreadable, it takes the receipt time (and a skew that can be measured is recorded).
import type { Msg } from "../i18n/messages";
import { CAPTURE_MAX_AGE_MS, CAPTURE_MAX_AHEAD_MS, CLOCK_SKEW_TOLERANCE_MS } from "../../declaration/field-capture";

/** A clock action's time is refused outside the limits; an alarm's never. */
export type CaptureTimePolicy = "clock" | "alarm";

export interface CaptureTime {
  /** The instant the record takes (epoch ms): the phone's capture time where it holds, else the receipt. */
  at: number;
  /** The capture time the phone sent (epoch ms), null when none (or none readable) came. */
  sent: number | null;
  /** The server's receipt. */
  received: number;
  /**
   * How far the phone's time was off, in whole seconds (sent − received): recorded when it was
   * ahead by more than CLOCK_SKEW_TOLERANCE_MS, or (an alarm) older than a day; null otherwise.
   */
  skewSeconds: number | null;
}

const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The instant an ISO 8601 text with an offset names, else null. */
function instantOf(raw: unknown): number | null {
  if (typeof raw !== "string" || !DATETIME.test(raw)) return null;
  const ms = Date.parse(raw);
  return Number.isFinite(ms) ? ms : null;
}

const seconds = (ms: number): number => Math.round(ms / 1000);

/**
 * Judges `raw` (a body's `captured_at`: ISO 8601 with an offset; absent or empty: none) received
 * at `received`. Answers the capture's times, or (a clock action only) the field's message.
 */
export function judgeCaptureTime(
  raw: unknown,
  received: number,
  policy: CaptureTimePolicy,
  maxAge = CAPTURE_MAX_AGE_MS,
): { ok: true; time: CaptureTime } | { ok: false; error: Msg } {
  const none: CaptureTime = { at: received, sent: null, received, skewSeconds: null };
  if (raw === undefined || raw === null || raw === "") return { ok: true, time: none };
  const sent = instantOf(raw);
  if (sent === null) return policy === "alarm" ? { ok: true, time: none } : { ok: false, error: { key: "bad_datetime" } };
  const ahead = sent - received;
  if (policy === "clock") {
    if (ahead > CAPTURE_MAX_AHEAD_MS) return { ok: false, error: { key: "capture_in_future", params: { max: CAPTURE_MAX_AHEAD_MS / 60_000 } } };
    if (sent < received - maxAge) return { ok: false, error: { key: "capture_too_old", params: { max: Math.round(maxAge / 3600_000) } } };
  }
  if (ahead > CLOCK_SKEW_TOLERANCE_MS || sent < received - maxAge) return { ok: true, time: { at: received, sent, received, skewSeconds: seconds(ahead) } };
  // Within the tolerance ahead: the request's own travel; a capture is never after its receipt.
  return { ok: true, time: { at: Math.min(sent, received), sent, received, skewSeconds: null } };
}
