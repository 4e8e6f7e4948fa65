// The fields every capture (clock-in, clock-out, panic) sends, read and checked without a
// database: shared by the server's handlers and the web tests' contract mock (tests/mocks).
import { resourceByName } from "../../declaration";
import { badRequest, type FieldErrors } from "../http/errors";
import { checkValue, isEmpty } from "../validation/fields";
import { judgeCaptureTime, type CaptureTime } from "./capture-time";
import { IDEMPOTENCY_KEY, MAX_ACCURACY_M } from "./rules";

const WAYPOINT = resourceByName("waypoint");
const PRESENCE = resourceByName("presence");
const LON = WAYPOINT.fields.find((f) => f.name === "lon")!;
const LAT = WAYPOINT.fields.find((f) => f.name === "lat")!;
const NUMBER = { ...WAYPOINT.fields.find((f) => f.name === "accuracy")!, name: "accuracy" };

/** A capture's fields as sent (JSON, or multipart text fields: loose). */
export interface CaptureInput {
  lon: number | null;
  lat: number | null;
  accuracy: number | null;
  /** Epoch ms: the instant the record takes (the capture time where it holds, else the receipt: capture-time.ts). */
  captured: number;
  /** The capture time as sent, the receipt and the phone's skew. */
  time: CaptureTime;
  note: string | null;
}

/** What kind of capture: a clock-in or clock-out, or a panic alarm. */
export type CaptureKind = "clock" | "alarm";

/**
 * Reads and checks the fields every capture has, received at `now`. A "clock" action needs the
 * position (with an accuracy within MAX_ACCURACY_M) and a capture time within the limits; an
 * "alarm" is never refused for a missing fix nor for its capture time (capture-time.ts).
 * Errors go into `errors`; a body naming another person (`user_id`) is refused: one captures for oneself.
 */
export function readCapture(body: Record<string, unknown>, actorId: number, now: number, kind: CaptureKind, errors: FieldErrors, loose: boolean): CaptureInput {
  const position = kind === "clock" ? "required" : "optional";
  const numberOf = (name: string, f = NUMBER): number | null => {
    const v = body[name];
    if (v === undefined || isEmpty(v)) {
      if (position === "required") errors[name] = { key: "required" };
      return null;
    }
    const c = checkValue({ ...f, name }, v, loose);
    if (!c.ok) {
      errors[name] = c.error;
      return null;
    }
    return c.value as number;
  };
  const lon = numberOf("lon", LON);
  const lat = numberOf("lat", LAT);
  if (position === "optional" && (lon === null) !== (lat === null) && !errors.lon && !errors.lat) errors[lon === null ? "lon" : "lat"] = { key: "required" };
  const accuracy = numberOf("accuracy");
  if (position === "required" && accuracy !== null && accuracy > MAX_ACCURACY_M) errors.accuracy = { key: "too_inaccurate", params: { max: MAX_ACCURACY_M } };
  const judged = judgeCaptureTime(body.captured_at, now, kind);
  if (!judged.ok) errors.captured_at = judged.error;
  const time: CaptureTime = judged.ok ? judged.time : { at: now, sent: null, received: now, skewSeconds: null };
  let note: string | null = null;
  if (body.note !== undefined && !isEmpty(body.note)) {
    const c = checkValue(
      PRESENCE.fields.find((f) => f.name === "note")!,
      body.note,
      loose,
    );
    if (c.ok) note = c.value as string;
    else errors.note = c.error;
  }
  const person = body.user_id;
  if (person !== undefined && !isEmpty(person) && Number(person) !== actorId) errors.user_id = { key: "only_self" };
  return { lon, lat, accuracy, captured: time.at, time, note };
}

export const throwIfErrors = (errors: FieldErrors): void => {
  if (Object.keys(errors).length) throw badRequest(errors);
};

/** The idempotency key of a body (400 on a malformed one), or undefined when none was sent. */
export function idempotencyKeyOf(raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === "") return undefined;
  if (typeof raw !== "string" || !IDEMPOTENCY_KEY.test(raw)) throw badRequest({ idempotency_key: { key: "bad_idempotency_key" } });
  return raw;
}
