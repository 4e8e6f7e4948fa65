// The offline queue's entries: a clock-in, clock-out, break or panic alarm as the worker made it, with
// its capture time and an idempotency key made once, when the action is made. Every attempt to
// send it (now, when the network is back, after a reload) carries the same key, so the server
// stores it once however often it arrives (docs/api.md "Field capture", idempotency).
import { AxiosError } from "axios";
import { IDEMPOTENCY_KEY, SELFIE_FILES } from "../../../../declaration/field-capture";
import { errorKeyOf } from "../../../http/errorKeys";
import { serverNow } from "../../../http/serverClock";

export type QueuedKind = "clockIn" | "clockOut" | "breakStart" | "breakEnd" | "panic";

/** Text fields of an action as sent (multipart text or JSON values). */
export type ActionFields = Record<string, string | number | null | undefined>;

export interface QueuedAction {
  /** The entry's id in the queue (also the idempotency key's source: never changes). */
  id: string;
  /** Whose action: only the signed-in user's own are sent (a shared phone keeps each person's apart). */
  userId: number;
  kind: QueuedKind;
  /** The idempotency key every attempt sends. */
  key: string;
  /** When the worker made it (ISO, UTC): the server stores this time, not the arrival. */
  capturedAt: string;
  fields: ActionFields;
  /** The selfie of a clock-in or clock-out. */
  selfie?: Blob;
  /** Attempts that got no answer (or a server fault) so far. */
  attempts: number;
  /** Why the last attempt did not get through: no network, or the server failed. */
  lastFailure?: "offline" | "server";
  /**
   * The server refused it (a 4xx answer): why, in the worker's words, and when. A refused clock
   * action stays until the worker sends it again or discards it; a refused alarm is sent again
   * with every round (the worker cannot fix what the server refuses) until stored or discarded.
   */
  refused?: { reason: string; at: string };
}

/** 16 random bytes as 32 hex characters: a valid idempotency key (crypto.randomUUID needs a secure context, getRandomValues does not). */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const key = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  if (!IDEMPOTENCY_KEY.test(key)) throw new Error("idempotency key out of form");
  return key;
}

/** An action made now; its capture time is the server's clock as the page knows it (src/http/serverClock.ts), not the phone's. */
export function newAction(kind: QueuedKind, userId: number, fields: ActionFields, selfie?: Blob, now: number = serverNow()): QueuedAction {
  const key = newKey();
  return { id: `${now}-${key.slice(0, 8)}`, userId, kind, key, capturedAt: new Date(now).toISOString(), fields, ...(selfie ? { selfie } : {}), attempts: 0 };
}

/** The form field of a clock action's selfie, as the declaration names it (`selfie`). */
const [SELFIE_PART] = Object.keys(SELFIE_FILES);

/** What a send carries: the action's fields, its capture time and key, and the selfie of a clock action. */
export function payloadOf(a: QueuedAction): Record<string, unknown> {
  const fields = Object.fromEntries(Object.entries(a.fields).filter(([, v]) => v !== undefined && v !== null && v !== ""));
  return { ...fields, captured_at: a.capturedAt, idempotency_key: a.key, ...(a.selfie ? { [SELFIE_PART]: a.selfie } : {}) };
}

/** Oldest capture first: a clock-in goes before the clock-out made after it. */
export const inCaptureOrder = (list: QueuedAction[]): QueuedAction[] => [...list].sort((a, b) => a.capturedAt.localeCompare(b.capturedAt) || a.id.localeCompare(b.id));

/** Sent by a round: everything but a clock action the server refused (it waits for the worker's retry or discard). */
export const goesAgain = (a: QueuedAction): boolean => a.kind === "panic" || !a.refused;

/**
 * The order of a send: alarms first (nothing waits in front of a call for help), then the clock
 * actions in capture order; a refused clock action stays out until the worker sends it again.
 */
export const sendOrder = (list: QueuedAction[]): QueuedAction[] => {
  const ordered = inCaptureOrder(list).filter(goesAgain);
  return [...ordered.filter((a) => a.kind === "panic"), ...ordered.filter((a) => a.kind !== "panic")];
};

/**
 * What a failed send means for the entry:
 * - "offline": no answer came (no network, the server unreachable): keep it, send later;
 * - "server": the server failed (5xx) or asked to wait (429): keep it, send later;
 * - "refused": the server answered that it will not store it (400, 409, ...): keep it with the
 *   reason, for the worker to send again or discard (a clock action is not sent by itself again:
 *   it would be refused the same way; an alarm is).
 * Decided by the answer's key where there is one (src/http/errorKeys.ts), never by its text.
 */
export function failureOf(error: unknown): "offline" | "server" | "refused" {
  const key = errorKeyOf(error);
  if (key === "server_error" || key === "unavailable" || key === "too_many_attempts" || key === "rate_limited") return "server";
  if (key) return "refused";
  if (error instanceof AxiosError) {
    if (!error.response) return "offline";
    return error.response.status >= 500 || error.response.status === 429 ? "server" : "refused";
  }
  // The data provider's HttpError without a key: status 0 is no answer; else the status is all there is (a proxy's page).
  const status = (error as { statusCode?: unknown })?.statusCode;
  if (typeof status !== "number" || status === 0) return "offline";
  return status >= 500 || status === 429 ? "server" : "refused";
}
