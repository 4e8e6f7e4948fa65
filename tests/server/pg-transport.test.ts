// Live events between instances on PostgreSQL (server/events/pg-transport.ts): events sent while
// a NOTIFY is on its way go together in the next one, in order, and a long one still goes by
// reference. Runs only with DATABASE_URL.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import type { BusEvent } from "../../server/events/bus";
import { MAX_NOTIFY_BYTES, channelOf, pgTransport, type EventRef } from "../../server/events/pg-transport";

const url = process.env.DATABASE_URL ?? "";
const poll = { timeout: 10_000, interval: 20 };

describe.skipIf(!url)("live events over PostgreSQL NOTIFY", () => {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((t) => t.close()));
  });

  /** A transport on a channel of its own (the schema names it), with what it delivered and its errors. */
  async function transport(schema: string) {
    const got: BusEvent[] = [];
    const errors: unknown[] = [];
    const hydrated: EventRef[] = [];
    const t = pgTransport({
      connectionString: url,
      schema,
      hydrate: async (ref) => {
        hydrated.push(ref);
        return { ...ref.event, data: { ...ref.event.data, note: "read again" } } as unknown as BusEvent;
      },
      refOf: () => ({ resource: "waypoint", key: "note", id: 7 }),
      onError: (e) => errors.push(e),
    });
    open.push(t);
    await t.start((e) => got.push(e));
    return { t, got, errors, hydrated };
  }
  const position = (i: number): BusEvent => ({ id: i, type: "position", company_id: 1, data: { user_id: 5, lon: "106.8", lat: "-6.2", n: i } }) as unknown as BusEvent;

  it("300 events sent at once reach another instance all, in order, in far fewer NOTIFYs; a long one by reference", async () => {
    const schema = `t${randomUUID().slice(0, 8)}`;
    const a = await transport(schema);
    const b = await transport(schema);
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    open.push({ close: () => watcher.end() });
    let notifies = 0;
    watcher.on("notification", () => notifies++);
    await watcher.query(`LISTEN ${pg.escapeIdentifier(channelOf(schema))}`);

    for (let i = 0; i < 300; i++) a.t.send(position(i));
    const long = { ...position(300), data: { note: "x".repeat(MAX_NOTIFY_BYTES) } } as unknown as BusEvent;
    a.t.send(long);

    await expect.poll(() => b.got.length, poll).toBe(301);
    expect(b.got.slice(0, 300).map((e) => (e.data as unknown as { n: number }).n)).toEqual(Array.from({ length: 300 }, (_, i) => i));
    expect(b.got[300].data).toEqual({ note: "read again" });
    expect(b.hydrated).toEqual([{ ref: { resource: "waypoint", id: 7 }, event: expect.objectContaining({ type: "position", data: {} }) }]);
    // Its own events come back to the sender too (loopback).
    await expect.poll(() => a.got.length, poll).toBe(301);
    await expect.poll(() => notifies, poll).toBeGreaterThan(0);
    expect(notifies).toBeLessThan(100);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });
});
