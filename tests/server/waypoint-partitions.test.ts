// Waypoints partitioned by month on PostgreSQL (migration 020, server/db/waypoint-partitions.ts):
// the partitions made ahead, rows routed by month, a worker's day pruned to one partition, the
// conversion of an existing plain table, detaching old months, and the maintenance run twice
// at once. PostgreSQL only: SQLite keeps one plain table.
import { CompiledQuery, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceByName } from "../../declaration";
import { openDatabase, type Db, type DbHandle } from "../../server/db/connection";
import { migrate, migrationProvider } from "../../server/db/migrate";
import {
  DEFAULT_PARTITION,
  MONTHS_AHEAD,
  addMonths,
  attachedPartitions,
  detachBefore,
  ensureMonthsCovering,
  ensureWaypointPartitions,
  monthOfMs,
  monthStartMs,
  monthsAhead,
  partitionName,
} from "../../server/db/waypoint-partitions";
import { RecordStore } from "../../server/records/store";
import { freshDatabase, setupServer, type TestEnv } from "./helpers";

const PG = /^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL ?? "");
const WAYPOINT = resourceByName("waypoint");
const HOUR = 3600_000;
const NOW = Date.now();
const THIS_MONTH = monthOfMs(NOW);

/** Which table each waypoint id is stored in. */
async function partitionOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  const { rows } = await sql<{ id: number; part: string }>`select id, tableoid::regclass::text as part from waypoint where id in (${sql.join(ids)})`.execute(db);
  return new Map(rows.map((r) => [Number(r.id), r.part.replace(/^.*\./, "")]));
}

async function insertPoints(db: Db, companyId: number, userId: number, times: number[]): Promise<number[]> {
  const rows = await db
    .insertInto("waypoint")
    .values(times.map((wptime, i) => ({ user_id: userId, company_id: companyId, wptime, lon: 106.8 + i * 1e-4, lat: -6.2, accuracy: 5 })))
    .returning("id")
    .execute();
  return rows.map((r) => Number(r.id));
}

describe.skipIf(!PG)("waypoint month partitions (PostgreSQL only: DATABASE_URL is not postgres://, SQLite keeps one plain table)", () => {
  let env: TestEnv;
  let db: Db;
  beforeAll(async () => {
    env = await setupServer();
    db = env.db;
  });
  afterAll(async () => {
    await env?.close();
  });

  it("is partitioned by range of wptime with a primary key (id, wptime), month partitions from the previous month through MONTHS_AHEAD ahead and a default", async () => {
    const key = await sql<{ k: string }>`select pg_get_partkeydef(to_regclass('waypoint')) as k`.execute(db);
    expect(key.rows[0].k).toBe("RANGE (wptime)");
    const pk = await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = to_regclass('waypoint') and contype = 'p'`.execute(db);
    expect(pk.rows.map((r) => r.def)).toEqual(["PRIMARY KEY (id, wptime)"]);
    const { months, hasDefault } = await attachedPartitions(db);
    expect(hasDefault).toBe(true);
    expect(months.map((m) => m.name)).toEqual(expect.arrayContaining(monthsAhead(NOW).map(partitionName)));
    expect(monthsAhead(NOW)).toHaveLength(MONTHS_AHEAD + 2);
    // Bounds in the column's unit (epoch ms), UTC month starts.
    const bound = await sql<{ b: string }>`select pg_get_expr(relpartbound, oid) as b from pg_class where oid = to_regclass(${partitionName(THIS_MONTH)})`.execute(db);
    expect(bound.rows[0].b).toBe(`FOR VALUES FROM ('${monthStartMs(THIS_MONTH)}') TO ('${monthStartMs(addMonths(THIS_MONTH, 1))}')`);
    // The indexes are the parent's, so every partition has them.
    const ix = await sql<{ n: string }>`select indexname as n from pg_indexes where tablename = ${partitionName(THIS_MONTH)} and schemaname = current_schema()`.execute(db);
    expect(ix.rows).toHaveLength(3);
  });

  it("stores each row in its month's partition (UTC boundaries), a month without one in the default, ids from the sequence", async () => {
    const start = monthStartMs(addMonths(THIS_MONTH, 1));
    const times = [start - 1, start, monthStartMs(THIS_MONTH) + 5 * 24 * HOUR, Date.UTC(2019, 4, 10, 3)];
    const ids = await insertPoints(db, env.companyA, env.adminA.id, times);
    expect(ids[1]).toBe(ids[0] + 1);
    const parts = await partitionOf(db, ids);
    expect(ids.map((id) => parts.get(id))).toEqual([partitionName(THIS_MONTH), partitionName(addMonths(THIS_MONTH, 1)), partitionName(THIS_MONTH), DEFAULT_PARTITION]);
  });

  it("reads one worker's day from one partition: the store's search query, explained", async () => {
    const day = monthStartMs(THIS_MONTH) + 14 * 24 * HOUR; // the 15th, 00:00 UTC
    const user = env.viewerA.id;
    const dayTimes = Array.from({ length: 20 }, (_, i) => day + 2 * HOUR + i * 30_000);
    const ids = await insertPoints(db, env.companyA, user, dayTimes);
    await insertPoints(db, env.companyA, user, [monthStartMs(addMonths(THIS_MONTH, 1)) + 14 * 24 * HOUR, monthStartMs(addMonths(THIS_MONTH, -1)) + HOUR]);
    await sql`analyze waypoint`.execute(db);
    // The search as the server makes it (RecordStore.search), its query caught on the way.
    const seen: CompiledQuery[] = [];
    const spy = new Proxy(db, {
      get(target, p) {
        if (p === "executeQuery") return (q: CompiledQuery) => (seen.push(q), target.executeQuery(q));
        const v = Reflect.get(target, p, target) as unknown;
        return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    const body = {
      columns: [
        { data: "user_id", operator: "=", value: user },
        { data: "wptime", operator: "range", value: new Date(day).toISOString(), value1: new Date(day + 24 * HOUR - 1).toISOString() },
      ],
      orders: { columns: ["wptime"], ascending: true },
      paging: { start: 0, length: -1 },
    };
    const res = await new RecordStore(spy, env.adminA.actor).search(WAYPOINT, body);
    expect(res.data.map((w) => w.id)).toEqual(ids);
    const query = seen.find((q) => /from "waypoint"/.test(q.sql));
    expect(query, "the search's rows query").toBeDefined();
    const plan = await db.executeQuery<{ "QUERY PLAN": unknown }>(CompiledQuery.raw(`explain (format json) ${query!.sql}`, [...query!.parameters]));
    const relations = new Set<string>();
    const walk = (node: Record<string, unknown>) => {
      if (typeof node["Relation Name"] === "string") relations.add(node["Relation Name"]);
      for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
    };
    walk((plan.rows[0]["QUERY PLAN"] as Array<{ Plan: Record<string, unknown> }>)[0].Plan);
    expect([...relations]).toEqual([partitionName(THIS_MONTH)]);
  });

  it("makes partitions ahead once when the maintenance runs twice at once, moving the default's rows of a month it makes", async () => {
    const later = monthStartMs(addMonths(THIS_MONTH, 12)) + 3 * 24 * HOUR;
    const [waiting] = await insertPoints(db, env.companyA, env.adminA.id, [later]);
    expect((await partitionOf(db, [waiting])).get(waiting)).toBe(DEFAULT_PARTITION);
    const [a, b] = await Promise.all([ensureWaypointPartitions(db, later, 1), ensureWaypointPartitions(db, later, 1)]);
    const made = [...a, ...b].sort();
    expect(made).toEqual([partitionName(addMonths(THIS_MONTH, 11)), partitionName(addMonths(THIS_MONTH, 12)), partitionName(addMonths(THIS_MONTH, 13))]);
    expect(await ensureWaypointPartitions(db, later, 1)).toEqual([]);
    expect((await partitionOf(db, [waiting])).get(waiting)).toBe(partitionName(addMonths(THIS_MONTH, 12)));
    const left = await sql<{ n: number }>`select count(*)::int8 as n from waypoint_default where wptime = ${later}`.execute(db);
    expect(Number(left.rows[0].n)).toBe(0);
  });

  it("detaches month partitions before a month, keeping them as tables with their rows", async () => {
    await ensureMonthsCovering(db, Date.UTC(2024, 0, 1), Date.UTC(2024, 1, 1));
    const jan = await insertPoints(db, env.companyA, env.adminA.id, [Date.UTC(2024, 0, 5), Date.UTC(2024, 0, 6)]);
    const feb = await insertPoints(db, env.companyA, env.adminA.id, [Date.UTC(2024, 1, 5)]);
    await expect(detachBefore(db, addMonths(THIS_MONTH, 1))).rejects.toThrow(/after the current month/);
    const detached = await detachBefore(db, { year: 2024, month: 2 });
    expect(detached).toEqual([{ name: "waypoint_p2024_01", month: "2024-01", rows: 2 }]);
    const kept = await sql<{ id: number }>`select id from waypoint_p2024_01 order by id`.execute(db);
    expect(kept.rows.map((r) => Number(r.id))).toEqual(jan);
    const attached = await sql<{ id: number }>`select id from waypoint where id in (${sql.join([...jan, ...feb])})`.execute(db);
    expect(attached.rows.map((r) => Number(r.id))).toEqual(feb);
    const isPart = await sql<{ p: boolean }>`select relispartition as p from pg_class where oid = to_regclass('waypoint_p2024_01')`.execute(db);
    expect(isPart.rows[0].p).toBe(false);
  });
});

describe.skipIf(!PG)("migration 020 on an existing plain waypoint table (PostgreSQL only)", () => {
  let handle: DbHandle;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase();
    cleanup = fresh.cleanup;
    handle = openDatabase({ databaseUrl: fresh.options.databaseUrl!, dataDir: fresh.options.dataDir!, pgSchema: fresh.options.pgSchema });
  });
  afterAll(async () => {
    await handle?.close();
    await cleanup?.();
  });

  it("keeps every row and id, makes the months the rows cover, and new rows continue the id sequence", async () => {
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider, allowUnorderedMigrations: true, migrationTableSchema: handle.schema });
    const to019 = await migrator.migrateTo("019_request_amounts");
    expect(to019.error).toBeUndefined();
    const db = handle.db;
    expect((await sql<{ k: string }>`select relkind as k from pg_class where oid = to_regclass('waypoint')`.execute(db)).rows[0].k).toBe("r");
    const times = [Date.UTC(2023, 10, 30, 23, 59), Date.UTC(2023, 11, 1), Date.UTC(2025, 5, 15, 8), NOW - HOUR, NOW];
    const rows = times.flatMap((wptime, i) => [1, 2, 3].map((u) => ({ user_id: u, company_id: 1, wptime: wptime + u, lon: 106 + i, lat: -6 })));
    await db.insertInto("waypoint").values(rows).execute();
    await db
      .deleteFrom("waypoint")
      .where("user_id", "=", 3)
      .where("wptime", "=", NOW + 3)
      .execute(); // a gap at the end: the sequence is past max(id)
    const before = (await db.selectFrom("waypoint").select(["id", "user_id", "wptime"]).orderBy("id").execute()).map((r) => `${r.id}:${r.user_id}:${r.wptime}`);

    expect(await migrate(handle)).toContain("020_waypoint_partitions");

    expect((await sql<{ k: string }>`select relkind as k from pg_class where oid = to_regclass('waypoint')`.execute(db)).rows[0].k).toBe("p");
    const after = (await db.selectFrom("waypoint").select(["id", "user_id", "wptime"]).orderBy("id").execute()).map((r) => `${r.id}:${r.user_id}:${r.wptime}`);
    expect(after).toEqual(before);
    const { months, hasDefault } = await attachedPartitions(db);
    expect(hasDefault).toBe(true);
    expect(months.map((m) => m.name)).toEqual(expect.arrayContaining(["waypoint_p2023_11", "waypoint_p2023_12", "waypoint_p2025_06", ...monthsAhead(NOW).map(partitionName)]));
    const inDefault = await sql<{ n: number }>`select count(*)::int8 as n from waypoint_default`.execute(db);
    expect(Number(inDefault.rows[0].n)).toBe(0);
    const old = await sql<{ t: string | null }>`select to_regclass('waypoint_unpartitioned')::text as t`.execute(db);
    expect(old.rows[0].t).toBeNull();
    // The sequence goes on after the highest id ever given (the deleted last row's included).
    const maxBefore = rows.length;
    const [next] = await db.insertInto("waypoint").values({ user_id: 9, company_id: 1, wptime: NOW, lon: 1, lat: 1 }).returning("id").execute();
    expect(Number(next.id)).toBe(maxBefore + 1);
    const seq = await sql<{ s: string | null }>`select pg_get_serial_sequence('waypoint', 'id') as s`.execute(db);
    expect(seq.rows[0].s).toMatch(/waypoint_id_seq$/);
    // Unique (user_id, wptime) still holds, as the field capture's "on conflict do nothing" needs.
    await expect(db.insertInto("waypoint").values({ user_id: 9, company_id: 1, wptime: NOW, lon: 2, lat: 2 }).execute()).rejects.toThrow(/duplicate key/);

    // And back (down): one plain table with the same rows, the sequence kept.
    const rowsNow = (await db.selectFrom("waypoint").select(["id", "wptime"]).orderBy("id").execute()).map((r) => `${r.id}:${r.wptime}`);
    expect((await migrator.migrateTo("020_waypoint_partitions")).error).toBeUndefined(); // later migrations back first
    expect((await migrator.migrateDown()).error).toBeUndefined();
    expect((await sql<{ k: string }>`select relkind as k from pg_class where oid = to_regclass('waypoint')`.execute(db)).rows[0].k).toBe("r");
    expect((await db.selectFrom("waypoint").select(["id", "wptime"]).orderBy("id").execute()).map((r) => `${r.id}:${r.wptime}`)).toEqual(rowsNow);
    const [again] = await db
      .insertInto("waypoint")
      .values({ user_id: 9, company_id: 1, wptime: NOW + 1, lon: 1, lat: 1 })
      .returning("id")
      .execute();
    expect(Number(again.id)).toBe(maxBefore + 3); // the refused duplicate took maxBefore + 2
  });
});
