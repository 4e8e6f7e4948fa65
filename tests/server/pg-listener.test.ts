// The LISTEN/NOTIFY connection behind live events and cache changes across instances
// (server/db/pg-listener.ts), on a real PostgreSQL: notifications arrive as JSON, a connection
// killed by the server comes back by itself and listens again, and the cache changes it carries
// mark everything after such a loss. Runs only with DATABASE_URL.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ChangeLog } from "../../server/db/changes";
import { changesChannelOf, shareChanges } from "../../server/db/pg-changes";
import { PgListener } from "../../server/db/pg-listener";

const url = process.env.DATABASE_URL ?? "";
const poll = { timeout: 5000, interval: 10 };

describe.skipIf(!url)("PgListener on PostgreSQL", () => {
  let admin: pg.Client;
  const open: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((l) => l.close()));
  });
  afterAll(async () => {
    await admin.end();
  });

  /** A listener with its own application name (to find its backend) and quick retries. */
  function listener(extra: { onConnected?(): void } = {}) {
    const name = `fw-test-${randomUUID().slice(0, 8)}`;
    const errors: unknown[] = [];
    const l = new PgListener({ connectionString: url, applicationName: name, onError: (e) => errors.push(e), retryDelayMs: () => 20, ...extra });
    open.push(l);
    return { l, name, errors };
  }
  const kill = (name: string) => admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1", [name]);
  const backends = async (name: string) =>
    Number((await admin.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1", [name])).rows[0].n);

  it("delivers each notification of its channels as JSON, its own included; a payload that is not JSON goes to onError", async () => {
    const channel = `fw_test_${randomUUID().slice(0, 8)}`;
    const { l, errors } = listener();
    const got: unknown[] = [];
    await l.listen(channel, (p) => got.push(p));
    await l.listen(`${channel}_other`, () => got.push("wrong channel"));
    await l.connect();
    await l.notify(channel, { a: 1, text: "héllo" });
    await admin.query("SELECT pg_notify($1, $2)", [channel, "not json"]);
    await admin.query("SELECT pg_notify($1, $2)", [channel, JSON.stringify([2])]);
    await admin.query("SELECT pg_notify($1, $2)", [`${channel}_unheard`, JSON.stringify(3)]);
    await expect.poll(() => got, poll).toEqual([{ a: 1, text: "héllo" }, [2]]);
    expect(errors.map(String)).toEqual([expect.stringContaining(`notification on ${channel} is not JSON`)]);
  });

  it("many NOTIFYs at once go one after another on its connection (pg deprecates a query sent during another), all delivered in order", async () => {
    const channel = `fw_test_${randomUUID().slice(0, 8)}`;
    const { l, errors } = listener();
    const got: unknown[] = [];
    await l.listen(channel, (p) => got.push(p));
    await l.connect();
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on("warning", onWarning);
    try {
      await Promise.all(Array.from({ length: 50 }, (_, i) => l.notify(channel, i)));
      await expect.poll(() => got.length, poll).toBe(50);
      // Warnings are emitted on the next tick.
      await new Promise((done) => setImmediate(done));
    } finally {
      process.off("warning", onWarning);
    }
    expect(got).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(warnings.filter((w) => w.includes("already executing a query"))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("a connection the server ends comes back by itself, listens again and says so; close() ends it for good", async () => {
    const channel = `fw_test_${randomUUID().slice(0, 8)}`;
    let connections = 0;
    const { l, name, errors } = listener({ onConnected: () => connections++ });
    const got: unknown[] = [];
    await l.listen(channel, (p) => got.push(p));
    await l.connect();
    expect(connections).toBe(1);

    await kill(name);
    await expect.poll(() => connections, poll).toBe(2);
    expect(l.connected).toBe(true);
    expect(errors.length).toBeGreaterThan(0); // the loss is reported
    await admin.query("SELECT pg_notify($1, $2)", [channel, JSON.stringify({ after: "reconnect" })]);
    await expect.poll(() => got, poll).toEqual([{ after: "reconnect" }]);

    await l.close();
    expect(l.connected).toBe(false);
    await expect.poll(() => backends(name), poll).toBe(0);
    await expect(l.notify(channel, 1)).rejects.toThrow(/not connected/);
  });

  it("NOTIFY while the connection is down is refused, not queued; after the reconnection it is sent", async () => {
    const channel = `fw_test_${randomUUID().slice(0, 8)}`;
    let connections = 0;
    const { l, name } = listener({ onConnected: () => connections++ });
    const got: unknown[] = [];
    await l.listen(channel, (p) => got.push(p));
    await l.connect();
    await kill(name);
    await expect.poll(() => l.connected, poll).toBe(false);
    await expect(l.notify(channel, "lost")).rejects.toThrow(/not connected/);
    await expect.poll(() => connections, poll).toBe(2);
    await l.notify(channel, "sent");
    await expect.poll(() => got, poll).toEqual(["sent"]);
  });

  it("cache changes: after its listening connection was lost, an instance takes every table as changed", async () => {
    const schema = `fw_listen_${randomUUID().slice(0, 8)}`;
    const log = new ChangeLog();
    const sharing = shareChanges(log, { connectionString: url, schema, onError: () => undefined });
    open.push(sharing);
    await sharing.started;
    const stamp = log.stamp();
    expect(log.changedSince(stamp, ["project"])).toBe(false);
    // Its connection, found by its application name (which names the schema).
    const { rowCount } = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1", [
      `fieldworks changes ${schema}`,
    ]);
    expect(rowCount).toBe(1);
    await expect.poll(() => log.changedSince(stamp, ["project"]), poll).toBe(true);
  });
});

describe.skipIf(!url)("cache changes: a write is answered once the other instances applied it", () => {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((l) => l.close()));
  });
  async function instance(schema: string) {
    const log = new ChangeLog();
    const errors: unknown[] = [];
    const sharing = shareChanges(log, { connectionString: url, schema, onError: (e) => errors.push(e) });
    open.push(sharing);
    await sharing.started;
    return { log, sharing, errors };
  }
  /** A write through `a` (its tables told, then its transaction's end), and its settled(). */
  const write = async (a: { log: ChangeLog; sharing: { settled(): Promise<void> } }, table: string) => {
    a.log.mark([table]);
    a.log.transactionEnded();
    await a.sharing.settled();
  };

  it("settled() resolves only after every other instance, the later-started one too, marked the tables", async () => {
    const schema = `fw_ack_${randomUUID().slice(0, 8)}`;
    const a = await instance(schema);
    const b = await instance(schema);
    const c = await instance(schema);
    for (let i = 0; i < 50; i++) {
      const [writer, ...readers] = [a, b, c].slice(i % 3).concat([a, b, c].slice(0, i % 3));
      const stamps = readers.map((r) => r.log.stamp());
      await write(writer, "divisi");
      // No poll: at the answer every other instance already knows.
      expect(readers.map((r, k) => r.log.changedSince(stamps[k], ["divisi"]))).toEqual([true, true]);
    }
    expect([...a.errors, ...b.errors, ...c.errors]).toEqual([]);
  });

  it("writes in quick succession go in far fewer messages, one on its way at a time; each write's settled() still waits for its own", async () => {
    const schema = `fw_ack_${randomUUID().slice(0, 8)}`;
    const a = await instance(schema);
    const b = await instance(schema);
    // Every change message on the channel, as a third party hears them.
    const spy = new pg.Client({ connectionString: url });
    await spy.connect();
    const messages: { tables?: string[] }[] = [];
    spy.on("notification", (m) => {
      const p = JSON.parse(m.payload ?? "null") as { n?: number; tables?: string[] } | null;
      if (typeof p?.n === "number") messages.push(p);
    });
    await spy.query(`LISTEN "${changesChannelOf(schema)}"`);
    try {
      const stamp = b.log.stamp();
      // 300 writes a turn of the event loop apart (as INSERTs ending one after another), 30 tables.
      for (let i = 0; i < 300; i++) {
        a.log.mark([`t${i % 30}`]);
        await new Promise((r) => setImmediate(r));
      }
      await a.sharing.settled();
      // At the answer of the last write, the other instance knows every table written.
      expect(Array.from({ length: 30 }, (_, k) => b.log.changedSince(stamp, [`t${k}`]))).toEqual(Array(30).fill(true));
      await expect.poll(() => new Set(messages.flatMap((m) => m.tables ?? [])).size, poll).toBe(30);
      expect(messages.length).toBeLessThan(100);
      // A write after a quiet moment is answered once the other instance has it.
      const later = b.log.stamp();
      await write(a, "divisi");
      expect(b.log.changedSince(later, ["divisi"])).toBe(true);
      expect([...a.errors, ...b.errors]).toEqual([]);
    } finally {
      await spy.end();
    }
  });

  it("an instance that leaves is not waited for, and one that stops answering only until the wait's end", async () => {
    const schema = `fw_ack_${randomUUID().slice(0, 8)}`;
    const a = await instance(schema);
    const b = await instance(schema);
    await b.sharing.close();
    await write(a, "project");
    // One killed without a goodbye (its connection comes back later and it is waited for again).
    const c = await instance(schema);
    await write(a, "project");
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1", [
        `fieldworks changes ${schema}`.slice(0, 63),
      ]);
    } finally {
      await admin.end();
    }
    // Both backends went (a's and c's); each reconnects by itself. A write still gets its answer.
    await write(a, "project");
    await expect
      .poll(async () => {
        const stamp = c.log.stamp();
        await write(a, "task");
        return c.log.changedSince(stamp, ["task"]);
      }, poll)
      .toBe(true);
  });
});
