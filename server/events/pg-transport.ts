// Events between server instances on one PostgreSQL database: NOTIFY on a channel every
// instance LISTENs to (server/db/pg-listener.ts: one connection per instance, reconnected on loss). An instance
// delivers what the channel brings, its own events included, so each is delivered once
// everywhere. A NOTIFY payload holds at most 8000 bytes: an event whose JSON is longer is sent as
// a reference (its type, routing and the record's id) and every instance reads the record
// (`hydrate`). The channel is per schema, so test schemas of one database stay apart.
import { PgListener } from "../db/pg-listener";
import type { BusEvent, Transport } from "./bus";

/** Longest payload sent whole (NOTIFY's limit is 8000 bytes). */
export const MAX_NOTIFY_BYTES = 7500;

/** An event too long for NOTIFY: its record is read again by whoever receives it. */
export interface EventRef {
  ref: { resource: string; id: number };
  event: Omit<BusEvent, "data"> & { data: Record<string, unknown> };
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
  return {
    loopback: true,
    async start(deliver) {
      await sub.listen(channel, (payload) => {
        if (!payload || typeof payload !== "object") return;
        if ("ref" in payload) {
          o.hydrate(payload as EventRef).then(
            (e) => e && deliver(e),
            (err: unknown) => o.onError(err),
          );
        } else deliver(payload as BusEvent);
      });
      await sub.connect();
    },
    send(e) {
      if (closed) return;
      let payload: unknown = e;
      if (Buffer.byteLength(JSON.stringify(e)) > MAX_NOTIFY_BYTES) {
        const r = o.refOf(e);
        if (!r) return o.onError(new Error(`live event ${e.type} too long for NOTIFY and not by reference`));
        const data = { ...(e.data as Record<string, unknown>) };
        delete data[r.key];
        payload = { ref: { resource: r.resource, id: r.id }, event: { ...e, data } } satisfies EventRef;
      }
      sub.notify(channel, payload).catch((err: unknown) => o.onError(err));
    },
    async close() {
      closed = true;
      await sub.close();
    },
  };
}
