// Live events across processes (docs/api.md "Live events"): every stream receives every event
// it may carry exactly once, whichever process published it: two server instances on one
// PostgreSQL database (LISTEN/NOTIFY), and WORKERS=2 on one port (the cluster's primary relays).
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../server/app";
import { startCluster, type Cluster } from "../../server/cluster";
import { setupServer, type TestEnv } from "./helpers";
import { readSse, type SseReader } from "./sse";

let env: TestEnv;
const streams: SseReader[] = [];
beforeAll(async () => {
  env = await setupServer();
});
afterAll(async () => {
  for (const s of streams) s.close();
  await env?.close();
});

async function stream(base: string, token: string): Promise<SseReader> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  expect(res.status).toBe(200);
  const s = readSse(res, abort);
  streams.push(s);
  await s.next((f) => f.event === "hello");
  return s;
}

const raise = (base: string, token: string, message: string) =>
  fetch(`${base}/api/panic-button/add`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", connection: "close" },
    body: JSON.stringify({ message }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { data: { id: number } } }));

/** The ids of the raised panics a stream carried, once each wanted one arrived. */
async function raisedIds(s: SseReader, want: number[]): Promise<number[]> {
  for (const id of want) await s.next((f) => f.event === "panic" && (f.data as { panic: { id: number } }).panic.id === id, 10_000);
  // Then a marker from the same publisher order: anything sent twice would have come before it.
  return s.frames.filter((f) => f.event === "panic").map((f) => (f.data as { panic: { id: number } }).panic.id);
}

describe.skipIf(!process.env.DATABASE_URL)("two server instances on PostgreSQL", () => {
  let second: App;
  let dir: string;
  afterAll(async () => {
    await second?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("delivers an event raised on one instance by the other, once, and by the first, once", async () => {
    const { config } = env.app.services;
    dir = mkdtempSync(join(tmpdir(), "fw-second-"));
    second = await buildApp({ databaseUrl: config.databaseUrl, pgSchema: config.pgSchema, dataDir: dir, seed: false, logger: false });
    const bases: string[] = [];
    for (const app of [env.app, second]) {
      await app.listen({ port: 0, host: "127.0.0.1" });
      bases.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
    const onFirst = await stream(bases[0], env.adminA.token);
    const onSecond = await stream(bases[1], env.adminA.token);
    const otherCompany = await stream(bases[1], env.adminB.token);
    const a = await raise(bases[0], env.adminA.token, "from the first");
    const b = await raise(bases[1], env.adminA.token, "from the second");
    expect([a.status, b.status]).toEqual([200, 200]);
    const want = [a.body.data.id, b.body.data.id];
    // A marker published after both on each instance: what would come twice came before it.
    for (const app of [env.app, second]) app.services.events.publish({ type: "rights", company_id: null, data: {} });
    for (const s of [onFirst, onSecond]) {
      await s.next((f) => f.event === "rights", 10_000);
      await s.next((f) => f.event === "rights", 10_000, s.frames.findIndex((f) => f.event === "rights") + 1);
      expect((await raisedIds(s, want)).sort()).toEqual([...want].sort());
    }
    await otherCompany.next((f) => f.event === "rights", 10_000);
    await otherCompany.next((f) => f.event === "rights", 10_000, otherCompany.frames.findIndex((f) => f.event === "rights") + 1);
    expect(otherCompany.frames.filter((f) => f.event === "panic")).toEqual([]);
  }, 60_000);
});

describe("WORKERS=2 on one port", () => {
  let cluster: Cluster | null = null;
  afterAll(async () => {
    await cluster?.stop();
  });

  it("every stream, on whichever worker, receives every panic once, and a person's positions at most once per 5 s", async () => {
    const { config } = env.app.services;
    const port = 20000 + Math.floor(Math.random() * 20000);
    cluster = await startCluster(
      2,
      {
        DATA_DIR: config.dataDir,
        DATABASE_URL: config.databaseUrl,
        DB_SCHEMA: config.pgSchema,
        HOST: "127.0.0.1",
        PORT: String(port),
        LOG_LEVEL: "warn",
        DIST_DIR: "/nonexistent",
      },
      { execArgv: ["--import", "tsx"] },
    );
    const base = `http://127.0.0.1:${port}`;
    // Connections go to the workers in turn: four streams and two alarms land on both.
    const all = [];
    for (let i = 0; i < 4; i++) all.push(await stream(base, env.adminA.token));
    const b = await stream(base, env.adminB.token);
    const raised = [await raise(base, env.adminA.token, "one"), await raise(base, env.adminA.token, "two")];
    expect(raised.map((r) => r.status)).toEqual([200, 200]);
    const want = raised.map((r) => r.body.data.id);
    for (const s of all) expect(await raisedIds(s, want)).toEqual(want);
    // The other company's stream: a third alarm of its own arrives, none of company A's before it.
    const own = await raise(base, env.adminB.token, "beta");
    expect(await raisedIds(b, [own.body.data.id])).toEqual([own.body.data.id]);
    for (const s of all) expect(s.frames.filter((f) => f.event === "panic")).toHaveLength(2);

    // Positions of one person posted to both workers at once (each worker lets its first through):
    // a stream still carries one at once and the newer one only when the 5 s end.
    const lonsOf = (s: SseReader) => s.frames.filter((f) => f.event === "position").map((f) => (f.data as { lon: number }).lon);
    const t0 = Date.now() - 30_000;
    const sent = Date.now();
    // One after the other on new connections: the workers take them in turn.
    const posted: number[] = [];
    for (const [i, lon] of [106.831, 106.832].entries()) {
      const res = await fetch(`${base}/api/waypoint/add-batch`, {
        method: "POST",
        headers: { authorization: `Bearer ${env.adminA.token}`, "content-type": "application/json", connection: "close" },
        body: JSON.stringify({ points: [{ wptime: new Date(t0 + i * 1000).toISOString(), lon, lat: -6.2, accuracy: 5 }] }),
      });
      posted.push(res.status);
    }
    expect(posted).toEqual([200, 200]);
    for (const s of all) await s.next((f) => f.event === "position", 10_000);
    await new Promise((r) => setTimeout(r, 1000));
    for (const s of all) expect(lonsOf(s)).toHaveLength(1);
    for (const s of all) await s.next((f) => f.event === "position" && (f.data as { lon: number }).lon === 106.832, 10_000);
    expect(Date.now() - sent).toBeGreaterThanOrEqual(4_500);
    for (const s of all) expect(lonsOf(s)).toEqual([106.831, 106.832]);
  }, 120_000);
});
