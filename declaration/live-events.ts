// The live event stream's wire (docs/api.md "Live events"; GET /api/events, text/event-stream):
// each event's type and data, read by the server (server/events/) and the web app (src/live/)
// alike. Records are in the shape their resource's search answers them (`<ref>_label` beside each
// reference), so the web app can put them in its query cache as they are.
import type { AnswerRecord } from "./answers";

export interface LiveEventData {
  /** First event of every (re)connect: the server's clock. No `id:` line. */
  hello: { server_time: string };
  panic: { action: "raised" | "acknowledged" | "escalated" | "resolved"; panic: AnswerRecord };
  presence: { action: "clock_in" | "clock_out"; presence: AnswerRecord };
  /** A worker's newest position: at most one per worker per 5 s. */
  position: { user_id: number; lon: number; lat: number; accuracy: number | null; at: string };
  /** A new alert (legacy `alert` record); to_user_ids: its recipients (alert-to-user rows). */
  alert: { alert: AnswerRecord; to_user_ids?: number[] };
  /** The rights of the receiver's role changed: re-read the menus. */
  rights: Record<string, never>;
}

export type LiveEventType = keyof LiveEventData;

/** Every type, in the order docs/api.md lists them. */
export const LIVE_EVENT_TYPES: readonly LiveEventType[] = ["hello", "panic", "presence", "position", "alert", "rights"];

/** The comment line sent every HEARTBEAT_MS so proxies keep the stream open. */
export const HEARTBEAT_MS = 25_000;
