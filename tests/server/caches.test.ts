// The in-memory caches of the server (server/cache.ts: sessions, grants, counts, labels) never
// outlive what they were read from: every case warms a cache first, changes the database (through
// the API, through Kysely directly, inside a transaction, from another connection) and expects the
// very next request to see the change. Entries also expire after their TTL (short on
// PostgreSQL, where other server instances write unseen).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resourceByName } from "../../declaration";
import { MENUS, ROLE_MENUS, USERS } from "../../server/access/identity";
import { COMPLETE_TTL_MS, SESSION_CACHE, cacheSizes, cached } from "../../server/cache";
import { ChangeLog, rowsTag, writtenTables } from "../../server/db/changes";
import { openDatabase } from "../../server/db/connection";
import { buildApp } from "../../server/app";
import { PASSWORD, setupServer, type FixtureUser, type TestEnv } from "./helpers";

let env: TestEnv;
let typeId = 0;
beforeAll(async () => {
  env = await setupServer();
  const t = await env.call(env.adminA, "POST", "/api/project-type/add", { name: "Gedung" });
  typeId = t.body.data.id;
});
afterAll(async () => {
  await env?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const search = (as: FixtureUser, body: unknown = {}) => env.call(as, "POST", "/api/project/search", body);
/** Several requests: whatever a request reads is cached after this. */
const warm = async (as: FixtureUser, body: unknown = {}) => {
  for (let i = 0; i < 3; i++) expect((await search(as, body)).status).toBe(200);
};
const project = (code: string, extra: Record<string, unknown> = {}) => ({
  name: `Project ${code}`,
  code,
  project_type_id: typeId,
  start_date: "2026-01-05",
  end_date: "2026-06-30",
  ...extra,
});

describe("sessions", () => {
  it("a logout ends a cached token at once", async () => {
    const res = await env.app.inject({ method: "POST", url: "/api/login", payload: { email: "admin@alpha.test", password: PASSWORD }, remoteAddress: "10.9.0.1" });
    const as = { ...env.adminA, token: res.json().data.token as string };
    await warm(as);
    expect((await env.call(as, "POST", "/api/logout")).status).toBe(200);
    expect((await search(as)).status).toBe(401);
    expect((await search(env.adminA)).status).toBe(200); // other sessions live on
  });

  it("disabling a user ends their cached session at once, through the API or a direct write", async () => {
    await warm(env.viewerA);
    expect((await env.call(env.adminA, "PUT", `/api/human-resource/update/${env.viewerA.id}`, { is_active: false })).status).toBe(200);
    expect((await search(env.viewerA)).status).toBe(401);
    await env.call(env.adminA, "PUT", `/api/human-resource/update/${env.viewerA.id}`, { is_active: true });
    // Turning it off revoked the session for good; the fixture's token is given back by hand.
    expect((await search(env.viewerA)).status).toBe(401);
    await env.db.updateTable("auth_token").set({ revoked_at: null }).where("token_hash", "=", env.viewerA.actor.tokenHash).execute();
    await warm(env.viewerA);
    await env.db.updateTable(USERS.table).set({ is_active: 0 }).where("id", "=", env.viewerA.id).execute();
    expect((await search(env.viewerA)).status).toBe(401);
    await env.db.updateTable(USERS.table).set({ is_active: 1 }).where("id", "=", env.viewerA.id).execute();
    expect((await search(env.viewerA)).status).toBe(200);
  });

  it("a token revoked or expired by a raw SQL write ends at once", async () => {
    await warm(env.adminB);
    await sql`update auth_token set expires_at = ${new Date(Date.now() - 1000).toISOString()} where token_hash = ${env.adminB.actor.tokenHash}`.execute(env.db);
    expect((await search(env.adminB)).status).toBe(401);
    await sql`update auth_token set expires_at = ${new Date(Date.now() + 3600_000).toISOString()} where token_hash = ${env.adminB.actor.tokenHash}`.execute(env.db);
    expect((await search(env.adminB)).status).toBe(200);
  });
});

describe("grants", () => {
  it("a role-menu change takes effect on the next request", async () => {
    await warm(env.viewerA);
    expect((await env.call(env.viewerA, "POST", "/api/project/add", project("RM-1"))).status).toBe(403);
    // The admin takes the viewer's menus away: no more reading (beyond the option view of
    // projects every signed-in user has through My tasks, which cannot filter by code).
    const byCode = { columns: [{ data: "code", operator: "like", value: "RM" }] };
    expect((await search(env.viewerA, byCode)).status).toBe(200);
    expect((await env.call(env.adminA, "DELETE", `/api/role-menu/delete-byrole/${env.roles.viewerA}`)).status).toBe(200);
    expect((await search(env.viewerA, byCode)).status).toBe(403);
    // …and gives the project menu back with the add right: reading and adding work at once.
    const menu = await env.db.selectFrom(MENUS.table).select("id").where("alias", "=", "project").executeTakeFirstOrThrow();
    const add = await env.call(env.adminA, "POST", "/api/role-menu/add", { role_id: env.roles.viewerA, menu_id: menu.id, can_add: true, can_edit: false, can_delete: false });
    expect(add.status, add.raw).toBe(200);
    expect((await search(env.viewerA, byCode)).status).toBe(200);
    const created = await env.call(env.viewerA, "POST", "/api/project/add", project("RM-1"));
    expect(created.status, created.raw).toBe(200);
    // Back to read-only (a direct write this time).
    await env.db.updateTable(ROLE_MENUS.table).set({ can_add: 0 }).where("role_id", "=", env.roles.viewerA).execute();
    expect((await env.call(env.viewerA, "POST", "/api/project/add", project("RM-2"))).status).toBe(403);
  });

  it("moving a user to another role changes their rights at once", async () => {
    await warm(env.viewerA);
    await env.db.updateTable(USERS.table).set({ role_id: env.roles.adminA }).where("id", "=", env.viewerA.id).execute();
    expect((await env.call(env.viewerA, "POST", "/api/project/add", project("MV-1"))).status).toBe(200);
    await env.db.updateTable(USERS.table).set({ role_id: env.roles.viewerA }).where("id", "=", env.viewerA.id).execute();
    expect((await env.call(env.viewerA, "POST", "/api/project/add", project("MV-2"))).status).toBe(403);
  });
});

describe("search counts and labels", () => {
  const body = { columns: [{ data: "status", operator: "=", value: "on_hold" }], paging: { start: 0, length: 1 } };

  it("a count follows adds, updates and deletes, also inside a transaction", async () => {
    const count = async () => {
      const res = await search(env.adminA, body);
      expect(res.status, res.raw).toBe(200);
      return [res.body.recordsFiltered, res.body.recordsTotal] as [number, number];
    };
    const [filtered0, total0] = await count();
    await count();
    const a = await env.call(env.adminA, "POST", "/api/project/add", project("CNT-1", { status: "on_hold" }));
    expect(await count()).toEqual([filtered0 + 1, total0 + 1]);
    await env.call(env.adminA, "POST", "/api/project/add", project("CNT-2", { status: "on_hold" }));
    expect(await count()).toEqual([filtered0 + 2, total0 + 2]);
    await env.call(env.adminA, "PUT", `/api/project/update/${a.body.data.id}`, { status: "completed" });
    expect(await count()).toEqual([filtered0 + 1, total0 + 2]);
    await env.db.transaction().execute(async (trx) => {
      await trx.updateTable("project").set({ status: "on_hold" }).where("id", "=", a.body.data.id).execute();
    });
    expect(await count()).toEqual([filtered0 + 2, total0 + 2]);
    await env.call(env.adminA, "DELETE", `/api/project/delete/${env.companyA}/${a.body.data.id}`);
    expect(await count()).toEqual([filtered0 + 1, total0 + 1]);
    // Another company's count is its own.
    const b = await search(env.adminB, body);
    expect(b.body.recordsTotal).toBe(0);
  });

  it("a renamed record's label shows at once", async () => {
    await env.call(env.adminA, "POST", "/api/project/add", project("LBL-1"));
    const label = async () => (await search(env.adminA, { columns: [{ data: "code", operator: "=", value: "LBL-1" }] })).body.data[0].project_type_id_label;
    expect(await label()).toBe("Gedung");
    expect(await label()).toBe("Gedung");
    expect((await env.call(env.adminA, "PUT", `/api/project-type/update/${typeId}`, { name: "Gedung Bertingkat" })).status).toBe(200);
    expect(await label()).toBe("Gedung Bertingkat");
    // A write outside a transaction marks only its table (a transaction's end marks them all).
    await env.db.updateTable(resourceByName("project-type").table).set({ name: "Gedung Tinggi" }).where("id", "=", typeId).execute();
    expect(await label()).toBe("Gedung Tinggi");
  });
});

describe("search pages", () => {
  const byCode = (code: string) => ({ columns: [{ data: "code", operator: "=", value: code }], paging: { start: 0, length: 10 } });
  const nameOf = async (code: string) => (await search(env.adminA, byCode(code))).body.data[0]?.name as string | undefined;

  it("a cached page follows the API, direct writes, transactions and another connection at once", async () => {
    const a = await env.call(env.adminA, "POST", "/api/project/add", project("PG-1"));
    expect(await nameOf("PG-1")).toBe("Project PG-1");
    expect(await nameOf("PG-1")).toBe("Project PG-1"); // from the page cache now
    await env.call(env.adminA, "PUT", `/api/project/update/${a.body.data.id}`, { name: "Renamed by the API" });
    expect(await nameOf("PG-1")).toBe("Renamed by the API");
    await env.db.updateTable("project").set({ name: "Renamed by Kysely" }).where("id", "=", a.body.data.id).execute();
    expect(await nameOf("PG-1")).toBe("Renamed by Kysely");
    await env.db.transaction().execute(async (trx) => {
      await trx.updateTable("project").set({ name: "Renamed in a transaction" }).where("id", "=", a.body.data.id).execute();
    });
    expect(await nameOf("PG-1")).toBe("Renamed in a transaction");
    await sql`update project set name = ${"Renamed by raw SQL"} where id = ${a.body.data.id}`.execute(env.db);
    expect(await nameOf("PG-1")).toBe("Renamed by raw SQL");
    if (env.app.services.handle.dialect === "sqlite") {
      // Another process on the same file (a CLI, a second worker): seen within the poll interval.
      const other = new SQLite(join(env.app.services.config.dataDir, "fieldworks.db"));
      other.prepare("update project set name = ? where id = ?").run("Renamed elsewhere", a.body.data.id);
      other.close();
      await new Promise((r) => setTimeout(r, 150));
      expect(await nameOf("PG-1")).toBe("Renamed elsewhere");
    }
    await env.call(env.adminA, "DELETE", `/api/project/delete/${env.companyA}/${a.body.data.id}`);
    expect(await nameOf("PG-1")).toBeUndefined();
  });

  it.runIf(!!process.env.DATABASE_URL)("PostgreSQL: another server instance's writes reach this one's cached pages and sessions, committed or not yet", async () => {
    // A second instance on the same schema (another WORKERS process or host).
    const other = await buildApp({ ...env.app.services.config, seed: "none", logger: false });
    try {
      expect(env.app.services.handle.changes.shared).not.toBeNull();
      const a = await env.call(env.adminA, "POST", "/api/project/add", project("PG-3"));
      const id = a.body.data.id as number;
      expect(await nameOf("PG-3")).toBe("Project PG-3");
      expect(await nameOf("PG-3")).toBe("Project PG-3"); // cached here
      const log = env.app.services.handle.changes;
      const told = async (stamp: number) => expect.poll(() => log.changedSince(stamp, ["project"]), { timeout: 3000, interval: 10 }).toBe(true);

      let stamp = log.stamp();
      await other.services.db.updateTable("project").set({ name: "Renamed by another instance" }).where("id", "=", id).execute();
      await told(stamp);
      expect(await nameOf("PG-3")).toBe("Renamed by another instance");

      // Inside the other instance's transaction: told again at its commit, after which this one reads the new name.
      await other.services.db.transaction().execute(async (trx) => {
        await trx.updateTable("project").set({ name: "Renamed in another instance's transaction" }).where("id", "=", id).execute();
        await new Promise((r) => setTimeout(r, 50));
        expect(await nameOf("PG-3")).toBe("Renamed by another instance"); // not committed yet: cached again
        stamp = log.stamp();
      });
      await told(stamp);
      expect(await nameOf("PG-3")).toBe("Renamed in another instance's transaction");

      // An update is told by the columns it sets: the table changed, not its rows nor its other columns (counts by them stay).
      stamp = log.stamp();
      await other.services.db.updateTable("project").set({ progress: 12 }).where("id", "=", id).execute();
      await told(stamp);
      expect(log.changedSince(stamp, [rowsTag("project"), "project.status"])).toBe(false);
      await other.services.db.updateTable("project").set({ status: "on_hold" }).where("id", "=", id).execute();
      await expect.poll(() => log.changedSince(stamp, [rowsTag("project"), "project.status"]), { timeout: 3000, interval: 10 }).toBe(true);

      // A session ended by the other instance (a logout there) ends here too.
      const login = await other.inject({ method: "POST", url: "/api/login", payload: { email: "admin@alpha.test", password: PASSWORD }, remoteAddress: "10.9.0.3" });
      const as = { ...env.adminA, token: login.json().data.token as string };
      await warm(as);
      stamp = log.stamp();
      expect((await other.inject({ method: "POST", url: "/api/logout", headers: { authorization: `Bearer ${as.token}` } })).statusCode).toBe(200);
      await expect.poll(() => log.changedSince(stamp, ["auth_token"]), { timeout: 3000, interval: 10 }).toBe(true);
      expect((await search(as)).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it("a page is the asker's: another company and a narrower scope get their own", async () => {
    await env.call(env.adminA, "POST", "/api/project/add", project("PG-2"));
    expect(await nameOf("PG-2")).toBe("Project PG-2");
    expect((await search(env.adminB, byCode("PG-2"))).body.data).toEqual([]);
  });
});

describe("search answers kept encoded", () => {
  const ask = (encoding: string | null) =>
    env.app.inject({
      method: "POST",
      url: "/api/project/search",
      headers: { authorization: `Bearer ${env.adminA.token}`, ...(encoding === null ? {} : { "accept-encoding": encoding }) },
      payload: { columns: [{ data: "code", operator: "like", value: "ENC-" }], paging: { start: 0, length: 50 } },
    });

  it("a repeated search is the kept answer: gzipped for a client taking gzip, the same JSON for one that does not", async () => {
    for (let i = 0; i < 30; i++)
      await env.call(env.adminA, "POST", "/api/project/add", project(`ENC-${i}`, { description: "A long enough description to make the answer worth compressing." }));
    const before = cacheSizes(env.db).answer?.entries ?? 0;
    const plain = await ask(null);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(plain.json().data).toHaveLength(30);
    expect(cacheSizes(env.db).answer?.entries).toBe(before + 1);
    const zipped = await ask("gzip, deflate, br");
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toContain("accept-encoding");
    expect(Number(zipped.headers["content-length"])).toBe(zipped.rawPayload.length);
    expect(gunzipSync(zipped.rawPayload).toString("utf8")).toBe(plain.body);
    expect(cacheSizes(env.db).answer?.entries).toBe(before + 1); // the same entry
    // A client refusing gzip gets what the compression plugin gives it (brotli here), the same text.
    const br = await ask("gzip;q=0, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(plain.body);
    // A write to the table: the next answer is made again and shows it.
    await env.call(env.adminA, "POST", "/api/project/add", project("ENC-30"));
    expect(JSON.parse(gunzipSync((await ask("gzip")).rawPayload).toString("utf8")).data).toHaveLength(31);
  });
});

describe("entries expire", () => {
  it("after their TTL: short where another server instance's writes go unseen (PostgreSQL)", async () => {
    // A change the change log cannot see (another instance): only the TTL ends the entry.
    const ttl = env.dialect === "postgres" ? SESSION_CACHE.ttlMs : COMPLETE_TTL_MS;
    expect(env.app.services.handle.changes.complete).toBe(env.dialect === "sqlite");
    let loads = 0;
    const load = async () => ++loads;
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now);
    expect(await cached(env.db, "test-ttl", SESSION_CACHE, "k", ["nothing"], load)).toBe(1);
    clock.mockReturnValue(now + ttl * 0.8 - 1); // entries live 80-100 % of the TTL
    expect(await cached(env.db, "test-ttl", SESSION_CACHE, "k", ["nothing"], load)).toBe(1);
    clock.mockReturnValue(now + ttl + 1);
    expect(await cached(env.db, "test-ttl", SESSION_CACHE, "k", ["nothing"], load)).toBe(2);
  });

  it.skipIf(!!process.env.DATABASE_URL)("on SQLite, as soon as another process commits to the file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fw-cache-test-"));
    const h = openDatabase({ databaseUrl: "", dataDir: dir });
    try {
      await sql`create table t (x integer)`.execute(h.db);
      let loads = 0;
      const read = () => cached(h.db, "test-ext", SESSION_CACHE, "k", ["t"], async () => ++loads);
      expect(await read()).toBe(1);
      const other = new SQLite(join(dir, "fieldworks.db"));
      other.exec("insert into t values (1)");
      other.close();
      // Another process's commit reaches this one's code through I/O, in a later callback (the
      // change log asks SQLite once a tick: server/db/changes.ts).
      await new Promise((ok) => setImmediate(ok));
      const clock = vi.spyOn(Date, "now").mockReturnValue(Date.now() + 1000); // past the poll interval
      expect(await read()).toBe(2);
      clock.mockRestore();
    } finally {
      await h.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(!!process.env.DATABASE_URL)("on PostgreSQL, another connection's write is seen after the TTL", async () => {
    await warm(env.adminB);
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL, options: `-c search_path=${env.app.services.handle.schema}` });
    await c.connect();
    try {
      await c.query("update auth_token set revoked_at = $1 where token_hash = $2", [new Date().toISOString(), env.adminB.actor.tokenHash]);
      vi.spyOn(Date, "now").mockReturnValue(Date.now() + SESSION_CACHE.ttlMs + 1);
      expect((await search(env.adminB)).status).toBe(401);
      vi.restoreAllMocks();
      await c.query("update auth_token set revoked_at = null where token_hash = $1", [env.adminB.actor.tokenHash]);
    } finally {
      await c.end();
    }
  });
});

describe("concurrent misses", () => {
  it("wait for one load of a key, unless what it read changed meanwhile", async () => {
    let loads = 0;
    const pending: Array<() => void> = [];
    const load = () => new Promise<number>((ok) => pending.push(() => ok(++loads)));
    const a = cached(env.db, "test-flight", SESSION_CACHE, "k", ["flight_t"], load);
    const b = cached(env.db, "test-flight", SESSION_CACHE, "k", ["flight_t"], load);
    expect(pending).toHaveLength(1);
    pending.shift()!();
    expect([await a, await b]).toEqual([1, 1]);
    // A write to the table after the load started: a newcomer loads again.
    const c = cached(env.db, "test-flight", SESSION_CACHE, "k2", ["flight_t"], load);
    env.app.services.handle.changes.mark(["flight_t"]);
    const d = cached(env.db, "test-flight", SESSION_CACHE, "k2", ["flight_t"], load);
    expect(pending).toHaveLength(2);
    pending.shift()!();
    pending.shift()!();
    expect([await c, await d]).toEqual([2, 3]);
  });
});

describe("the change log", () => {
  it("knows the tables of writes; raw SQL that may write and schema changes mark everything", () => {
    const db = env.db;
    expect(writtenTables(db.selectFrom("project").selectAll().toOperationNode())).toEqual([]);
    expect(writtenTables(db.insertInto("project").values({ name: "x" }).toOperationNode())).toEqual(["project"]);
    expect(writtenTables(db.updateTable("users as u").set({ name: "x" }).where("u.id", "in", db.selectFrom("role").select("id")).toOperationNode())?.sort()).toEqual([
      "role",
      "users",
    ]);
    expect(writtenTables(db.deleteFrom("auth_token").where("id", "=", 1).toOperationNode())).toEqual(["auth_token"]);
    // A plain update names the columns it sets.
    expect(writtenTables(db.updateTable("project").set({ progress: 5, updated_at: "x" }).where("id", "=", 1).toOperationNode())).toEqual([
      "project.progress",
      "project.updated_at",
    ]);
    expect(writtenTables(sql`select count(*) from waypoint`.toOperationNode())).toEqual([]);
    expect(writtenTables(sql`update users set name = 'x'`.toOperationNode())).toBeNull();
    expect(writtenTables(db.schema.createIndex("ix").on("project").column("name").toOperationNode())).toBeNull();
  });

  it("compares stamps per table", () => {
    const log = new ChangeLog();
    const s = log.stamp();
    log.mark(["a"]);
    expect(log.changedSince(s, ["a"])).toBe(true);
    expect(log.changedSince(s, ["b"])).toBe(false);
    const s2 = log.stamp();
    expect(log.changedSince(s2, ["a"])).toBe(false);
    log.markAll();
    expect(log.changedSince(s2, ["b"])).toBe(true);
  });

  it("an updated column changes its table, not its rows; a whole-table write changes both", () => {
    const log = new ChangeLog();
    const s = log.stamp();
    log.mark(["project.progress"]);
    expect(log.changedSince(s, ["project"])).toBe(true);
    expect(log.changedSince(s, ["project.progress"])).toBe(true);
    expect(log.changedSince(s, [rowsTag("project"), "project.status"])).toBe(false);
    log.mark(["project"]);
    expect(log.changedSince(s, [rowsTag("project"), "project.status"])).toBe(true);
    const s2 = log.stamp();
    log.markSeen(["project.status"]); // told by another instance
    expect(log.changedSince(s2, [rowsTag("project"), "project.status"])).toBe(true);
  });
});
