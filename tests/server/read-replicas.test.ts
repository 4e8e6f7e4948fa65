// Read replicas (DATABASE_READ_URL, server/db/replicas.ts) against a real streaming replica of
// the test PostgreSQL: scripts/pg-replica.sh makes one (port 5433) and .ci/run exports its URL
// as TEST_DATABASE_READ_URL. Without DATABASE_URL and TEST_DATABASE_READ_URL these tests are
// skipped, saying so; with REQUIRE_REPLICA=1 (CI) a PostgreSQL run without the replica fails.
// Replay on the replica is paused (pg_wal_replay_pause) to make it visibly behind, and always
// resumed in finally.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceByName } from "../../declaration";
import { buildApp, type App } from "../../server/app";
import { issueToken } from "../../server/auth/tokens";
import type { Replica, ReplicaState } from "../../server/db/replicas";
import { insertRows, nextIdTable } from "../../server/seed/load";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";

const PRIMARY = process.env.DATABASE_URL ?? "";
const REPLICA = process.env.TEST_DATABASE_READ_URL ?? "";
const TYPES = resourceByName("project-type");
const DEAD = "postgres://fw:fw@127.0.0.1:5499/fw_test";
const skipReason = !PRIMARY ? "DATABASE_URL is not set (PostgreSQL only)" : !REPLICA ? "TEST_DATABASE_READ_URL is not set (scripts/pg-replica.sh makes a replica)" : "";

describe("read replicas: configuration", () => {
  it("is refused on SQLite", async () => {
    await expect(buildApp({ databaseUrl: "", databaseReadUrls: [DEAD], logger: false, seed: false, dataDir: "/nonexistent-never-created" })).rejects.toThrow(
      /DATABASE_READ_URL .*needs a PostgreSQL DATABASE_URL/,
    );
  });
});

// CI (REQUIRE_REPLICA=1) runs the PostgreSQL suite with a replica: without it this fails instead of skipping.
describe.runIf(PRIMARY && !REPLICA && process.env.REQUIRE_REPLICA === "1")("read replicas: required", () => {
  it("has a replica to test against", () => {
    expect.fail("REQUIRE_REPLICA=1 but TEST_DATABASE_READ_URL is not set: run scripts/pg-replica.sh and export its URL");
  });
});

if (skipReason) console.log(`read-replicas.test.ts skipped: ${skipReason}`);

describe.skipIf(!!skipReason)("read replicas (a real streaming replica)", () => {
  let env: TestEnv;
  let replicaClient: pg.Client;
  let primaryClient: pg.Client;
  let writer: FixtureUser;
  /** adminA again with another token: another session, so not the writer for read-your-writes. */
  let other: FixtureUser;

  const replicaOf = (app: App, url = REPLICA): Replica => app.services.replicas!.replicas.find((r) => r.url === url)!;
  const searchTypes = (app: App, as: FixtureUser, name: string) =>
    app
      .inject({
        method: "POST",
        url: "/api/project-type/search",
        headers: { authorization: `Bearer ${as.token}` },
        payload: { columns: [{ data: "name", operator: "=", value: name }] },
      })
      .then((res) => ({ status: res.statusCode, names: (res.json().data as Array<{ name: string }> | undefined)?.map((d) => d.name) ?? [] }));

  async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
    const end = Date.now() + ms;
    while (!(await ok())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const stateIs = (app: App, s: ReplicaState, url = REPLICA) => until(`replica ${s}`, () => replicaOf(app, url).state === s);
  /** The replica has replayed everything the primary has written so far. */
  async function caughtUp(): Promise<void> {
    const lsn = (await primaryClient.query<{ l: string }>("select pg_current_wal_lsn()::text as l")).rows[0].l;
    await until("the replica to catch up", async () => (await replicaClient.query<{ ok: boolean }>("select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok", [lsn])).rows[0].ok);
  }
  async function paused<T>(fn: () => Promise<T>): Promise<T> {
    await replicaClient.query("select pg_wal_replay_pause()");
    try {
      return await fn();
    } finally {
      await replicaClient.query("select pg_wal_replay_resume()");
    }
  }
  /** Another app on the same schema with its own replica settings. */
  const appWith = (o: { urls?: string[]; maxLagMs?: number; readYourWritesMs?: number; probeMs?: number }) =>
    buildApp({
      databaseUrl: PRIMARY,
      pgSchema: env.app.services.config.pgSchema,
      dataDir: env.app.services.config.dataDir,
      databaseReadUrls: o.urls ?? [REPLICA],
      replicaMaxLagMs: o.maxLagMs ?? 60_000,
      replicaProbeMs: o.probeMs ?? 50,
      readYourWritesMs: o.readYourWritesMs ?? 5_000,
      logger: false,
      seed: false,
    });

  beforeAll(async () => {
    // Paused replay makes the replica 'lagging' only past the limit: long here, short in its own test.
    env = await setupServer({ databaseReadUrls: [REPLICA], replicaMaxLagMs: 60_000, replicaProbeMs: 50 });
    replicaClient = new pg.Client({ connectionString: REPLICA });
    primaryClient = new pg.Client({ connectionString: PRIMARY });
    await replicaClient.connect();
    await primaryClient.connect();
    await replicaClient.query("select pg_wal_replay_resume()"); // a run stopped half-way may have left it paused
    writer = env.adminA;
    other = { ...env.adminA, token: (await issueToken(env.db, env.adminA.id, 24)).token };
    await caughtUp();
    await stateIs(env.app, "healthy");
  });

  afterAll(async () => {
    await replicaClient?.query("select pg_wal_replay_resume()").catch(() => {});
    await replicaClient?.end();
    await primaryClient?.end();
    await env?.close();
  });

  it("answers another session's search from the replica, and the writer's own read just after their write from the primary", async () => {
    const replica = replicaOf(env.app);
    await caughtUp();
    const before = replica.queries;
    expect((await searchTypes(env.app, other, "nothing")).status).toBe(200);
    expect(replica.queries).toBeGreaterThan(before); // the search's rows came from the replica

    await paused(async () => {
      const add = await env.call(writer, "POST", "/api/project-type/add", { name: "Replicated later" });
      expect(add.status).toBe(200);
      // The write is on the primary, not replayed on the paused replica.
      expect((await replicaClient.query(`select count(*)::int as n from ${env.app.services.config.pgSchema}.${TYPES.table} where name = $1`, ["Replicated later"])).rows[0].n).toBe(
        0,
      );
      const readsBefore = replica.queries;
      expect((await searchTypes(env.app, writer, "Replicated later")).names).toEqual(["Replicated later"]); // read-your-writes: the primary
      expect(replica.queries).toBe(readsBefore);
      expect((await searchTypes(env.app, other, "Replicated later")).names).toEqual([]); // another session: the (paused) replica
      expect(replica.queries).toBeGreaterThan(readsBefore);
      expect(replica.state).toBe("healthy"); // within the 60 s limit
    });
    // Replayed again: the other session sees it too.
    await until("the row on the replica", async () => (await searchTypes(env.app, other, "Replicated later")).names.length === 1);
  });

  it("reads the primary for the writer only within READ_YOUR_WRITES_MS, and never writes to the replica", async () => {
    const app = await appWith({ readYourWritesMs: 400 });
    try {
      await stateIs(app, "healthy");
      const replica = replicaOf(app);
      const call = (method: "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
        app.inject({ method, url, headers: { authorization: `Bearer ${writer.token}` }, ...(payload ? { payload } : {}) });
      const before = replica.queries;
      const add = await call("POST", "/api/project-type/add", { name: "Written on the primary" });
      expect(add.statusCode).toBe(200);
      const id = add.json().data.id as number;
      expect((await call("PUT", `/api/project-type/update/${id}`, { description: "changed" })).statusCode).toBe(200);
      expect((await searchTypes(app, writer, "Written on the primary")).names).toEqual(["Written on the primary"]);
      expect(replica.queries).toBe(before); // the writes, and the read right after them: none on the replica
      await new Promise((r) => setTimeout(r, 500)); // past the window
      await caughtUp();
      expect((await searchTypes(app, writer, "Written on the primary")).names).toEqual(["Written on the primary"]);
      expect(replica.queries).toBeGreaterThan(before);
      const mid = replica.queries;
      expect((await call("DELETE", `/api/project-type/delete/${id}`)).statusCode).toBe(200);
      expect(replica.queries).toBe(mid);
    } finally {
      await app.close();
    }
  });

  it("skips a replica lagging past REPLICA_MAX_LAG_MS: reads go to the primary and see fresh rows", async () => {
    const app = await appWith({ maxLagMs: 300 });
    try {
      await caughtUp();
      await stateIs(app, "healthy");
      const replica = replicaOf(app);
      await paused(async () => {
        // Written straight into the primary (not through this app): only the replica's lag tells.
        const next = await nextIdTable(env.db);
        await insertRows(env.db, "project-type", [{ id: next("project-type"), company_id: env.companyA, name: "Fresh while lagging" }]);
        await stateIs(app, "lagging");
        expect(replica.lagMs).toBeGreaterThan(300);
        expect(replica.lagBytes).toBeGreaterThan(0);
        const before = replica.queries;
        expect((await searchTypes(app, other, "Fresh while lagging")).names).toEqual(["Fresh while lagging"]);
        expect(replica.queries).toBe(before);
      });
      // Replayed again: back in use (retried: on a busy machine the 300 ms limit may flap).
      await until("a search answered by the replica again", async () => {
        const before = replica.queries;
        const { names } = await searchTypes(app, other, "Fresh while lagging");
        return replica.queries > before && names.length === 1;
      });
    } finally {
      await app.close();
    }
  });

  it("skips a replica that is down, and answers a read whose replica went away from the primary", async () => {
    const app = await appWith({ urls: [DEAD, REPLICA] });
    try {
      const dead = replicaOf(app, DEAD);
      const live = replicaOf(app, REPLICA);
      expect(dead.state).toBe("down");
      await stateIs(app, "healthy");
      const before = live.queries;
      for (let i = 0; i < 6; i++) expect((await searchTypes(app, other, "nothing")).status).toBe(200);
      expect(dead.queries).toBe(0);
      expect(live.queries).toBeGreaterThan(before);

      // Taken for healthy (as between two probes): the connection fails, the primary answers. No
      // probe comes between (its first one, at start, found it down; the next is a minute away):
      // with the suite's 50 ms one, a probe could find it down again before the read used it.
      const only = await appWith({ urls: [DEAD], probeMs: 60_000 });
      try {
        const r = replicaOf(only, DEAD);
        expect(r.state).toBe("down");
        r.state = "healthy";
        const res = await only.inject({ method: "GET", url: "/map-service/map/list", headers: { authorization: `Bearer ${other.token}` } });
        expect(res.statusCode).toBe(200);
        expect(r.fallbacks).toBeGreaterThan(0);
        expect(r.state).toBe("down");
        const search = await only.inject({ method: "POST", url: "/api/project-type/search", headers: { authorization: `Bearer ${other.token}` }, payload: {} });
        expect(search.statusCode).toBe(200);
      } finally {
        await only.close();
      }
    } finally {
      await app.close();
    }
  });

  it("reads the map service from the replica", async () => {
    await caughtUp();
    const replica = replicaOf(env.app);
    const before = replica.queries;
    const res = await env.app.inject({ method: "GET", url: "/map-service/map/list", headers: { authorization: `Bearer ${other.token}` } });
    expect(res.statusCode).toBe(200);
    expect(replica.queries).toBeGreaterThan(before);
  });
});
