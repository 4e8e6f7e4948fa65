// Events between server instances on one PostgreSQL database: NOTIFY on a channel every
// instance LISTENs to (server/db/pg-listener.ts: one connection per instance, reconnected on loss). An instance
// delivers what the channel brings, its own events included, so each is delivered once
// everywhere. A NOTIFY payload holds at most 8000 bytes: an event whose JSON is longer is sent as
// a reference (its type, routing and the record's id) and every instance reads the record
// (`hydrate`). The channel is per schema, so test schemas of one database stay apart.
// One NOTIFY at a time: events sent while one is on its way go together in the next, as
// `{ batch: [...] }` within the same limit (a position stored per request at thousands a second
// would otherwise be a round trip each), in their order.
import { PgListener } from "../db/pg-listener";
import type { BusEvent, Transport } from "./bus";

/** Longest payload sent whole (NOTIFY's limit is 8000 bytes). */
export const MAX_NOTIFY_BYTES = 7500;

/** An event too long for NOTIFY: its record is read again by whoever receives it. */
export interface EventRef {
  ref: { resource: string; id: number };
  event: Omit<BusEvent, "data"> & { data: Record<string, unknown> };
}

/** Several events in one NOTIFY, in the order they were sent. */
interface Batch {
  batch: unknown[];
}

export const channelOf = (schema?: string): string => (schema && schema !== "public" ? `fw_events_${schema}` : "fw_events");

export interface PgTransportOptions {
  connectionString: string;
  schema?: string;
  /** Makes a referenced event whole again (reads its record); null: skip it. */
  hydrate(ref: EventRef): Promise<BusEvent | null>;
  /** The record of an event that may be sent by reference (its resource and id), or null. */
  refOf(e: BusEvent): { resource: string; key: string; id: number } | null;
  onError(err: unknown): void;
}

export function pgTransport(o: PgTransportOptions): Transport {
  const channel = channelOf(o.schema);
  const sub = new PgListener({ connectionString: o.connectionString, applicationName: "fieldworks events", onError: o.onError });
  let closed = false;
  // Events waiting for the NOTIFY on its way, with their JSON's length.
  let waiting: { payload: unknown; bytes: number }[] = [];
  let inFlight = false;
  const pump = () => {
    if (inFlight || closed || !waiting.length) return;
    // As many as fit in one payload: `{"batch":[` + the events and their commas + `]}`.
    let bytes = 12 + waiting[0].bytes;
    let n = 1;
    while (n < waiting.length && bytes + 1 + waiting[n].bytes <= MAX_NOTIFY_BYTES) bytes += 1 + waiting[n++].bytes;
    const taken = waiting.slice(0, n);
    waiting = waiting.slice(n);
    const payload: unknown = n === 1 ? taken[0].payload : ({ batch: taken.map((t) => t.payload) } satisfies Batch);
    inFlight = true;
    sub
      .notify(channel, payload)
      .catch((err: unknown) => o.onError(err))
      .finally(() => {
        inFlight = false;
        pump();
      });
  };
  return {
    loopback: true,
    async start(deliver) {
      const one = (payload: unknown) => {
        if (!payload || typeof payload !== "object") return;
        if ("ref" in payload) {
          o.hydrate(payload as EventRef).then(
            (e) => e && deliver(e),
            (err: unknown) => o.onError(err),
          );
        } else deliver(payload as BusEvent);
      };
      await sub.listen(channel, (payload) => {
        if (payload && typeof payload === "object" && "batch" in payload && Array.isArray(payload.batch)) payload.batch.forEach(one);
        else one(payload);
      });
      await sub.connect();
    },
    send(e) {
      if (closed) return;
      let payload: unknown = e;
      // Room for the batch's wrapping: an event alone is never longer than a batch of one.
      let bytes = Buffer.byteLength(JSON.stringify(e));
      if (bytes > MAX_NOTIFY_BYTES - 12) {
        const r = o.refOf(e);
        if (!r) return o.onError(new Error(`live event ${e.type} too long for NOTIFY and not by reference`));
        const data = { ...(e.data as Record<string, unknown>) };
        delete data[r.key];
        payload = { ref: { resource: r.resource, id: r.id }, event: { ...e, data } } satisfies EventRef;
        bytes = Buffer.byteLength(JSON.stringify(payload));
      }
      waiting.push({ payload, bytes });
      pump();
    },
    async close() {
      closed = true;
      await sub.close();
    },
  };
}
