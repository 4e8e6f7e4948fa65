// Waypoints partitioned by month on PostgreSQL (migration 020): the `waypoint` table is
// PARTITION BY RANGE (wptime), wptime in epoch milliseconds, one partition per calendar month
// in UTC (waypoint_p2026_11 holds [2026-11-01T00:00Z, 2026-12-01T00:00Z)), plus a DEFAULT
// partition (waypoint_default) for rows of months without one, so an insert never fails.
// A worker's day (user_id =, wptime range) then reads one month's partition (pruning).
//
// - Made ahead: the server makes the partitions from the previous month (positions sent late,
//   the demo's week early in a month) through MONTHS_AHEAD months ahead at start and every MAINTENANCE_INTERVAL_MS (server/app.ts). When the default
//   partition already holds rows of a month being made, they are moved into the new partition
//   in the same transaction (PostgreSQL refuses a partition whose rows sit in the default).
// - Concurrency: several server processes (WORKERS=n) run the maintenance; each run takes a
//   transaction-scoped advisory lock (per schema), reads the catalog again under it and only
//   then makes what is missing, so two runs at once make each partition once. Making one takes
//   an ACCESS EXCLUSIVE lock on `waypoint` for the moment it takes (once a month), waiting at
//   most LOCK_TIMEOUT for running queries; a run that times out is retried next period.
// - Detachable: `npm run waypoints:detach -- --before 2025-01` (server/cli/waypoints-detach.ts)
//   DETACHes the month partitions before that month; they stay as plain tables of that name.
// SQLite keeps one plain table: every function here does nothing there.
import { sql } from "kysely";
import { dialectOf, type Db } from "./connection";

export const WAYPOINT_TABLE = "waypoint";
export const DEFAULT_PARTITION = "waypoint_default";
/** Months made ahead of the current one: a quarter of slack if the maintenance stops running. */
export const MONTHS_AHEAD = 3;
/** How often each server process checks the partitions (and at start). */
export const MAINTENANCE_INTERVAL_MS = 24 * 3600_000;
/** How long the maintenance waits for the table lock before giving up until the next run. */
const LOCK_TIMEOUT = "5s";
/** The advisory lock's key: hashtext of this and the schema (one lock per schema, across processes). */
const LOCK_NAME = "fieldworks.waypoint_partitions";

export interface Month {
  year: number;
  /** 1-12 */
  month: number;
}

export const monthOfMs = (ms: number): Month => {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
};
export const addMonths = (m: Month, n: number): Month => {
  const i = m.year * 12 + (m.month - 1) + n;
  return { year: Math.floor(i / 12), month: (i % 12) + 1 };
};
export const monthStartMs = (m: Month): number => Date.UTC(m.year, m.month - 1, 1);
export const monthLabel = (m: Month): string => `${m.year}-${String(m.month).padStart(2, "0")}`;
export const partitionName = (m: Month): string => `${WAYPOINT_TABLE}_p${m.year}_${String(m.month).padStart(2, "0")}`;
const NAME = /^waypoint_p(\d{4})_(\d{2})$/;
const compare = (a: Month, b: Month) => a.year * 12 + a.month - (b.year * 12 + b.month);

/** "2025-01" → the month, or null. */
export function parseMonth(s: string): Month | null {
  const m = /^(\d{4})-(\d{2})$/.exec(s.trim());
  if (!m) return null;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? { year: Number(m[1]), month } : null;
}

/** Is `waypoint` a partitioned table here (PostgreSQL after migration 020)? */
export async function isPartitioned(db: Db): Promise<boolean> {
  if (dialectOf(db) !== "postgres") return false;
  const { rows } = await sql<{ relkind: string }>`select relkind from pg_class where oid = to_regclass(${WAYPOINT_TABLE})`.execute(db);
  return rows[0]?.relkind === "p";
}

/** The partitions attached to `waypoint`: month partitions in month order, and whether the default is there. */
export async function attachedPartitions(db: Db): Promise<{ months: Array<Month & { name: string }>; hasDefault: boolean }> {
  const { rows } = await sql<{ name: string }>`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass(${WAYPOINT_TABLE})`.execute(db);
  const months: Array<Month & { name: string }> = [];
  for (const { name } of rows) {
    const m = NAME.exec(name);
    if (m) months.push({ name, year: Number(m[1]), month: Number(m[2]) });
  }
  months.sort(compare);
  return { months, hasDefault: rows.some((r) => r.name === DEFAULT_PARTITION) };
}

/**
 * Makes the default partition and the given months' partitions that are missing. The caller
 * holds a transaction (`db` is one): the advisory lock is held until it ends. Returns the
 * names made. Rows of a made month that wait in the default partition are moved into it.
 */
export async function makePartitions(trx: Db, wanted: readonly Month[]): Promise<string[]> {
  await sql`select pg_advisory_xact_lock(hashtext(${LOCK_NAME} || '.' || current_schema()))`.execute(trx);
  const { months, hasDefault } = await attachedPartitions(trx);
  const have = new Set(months.map(partitionName));
  const missing = [...new Map(wanted.filter((m) => m.year >= 1000 && m.year <= 9999).map((m) => [partitionName(m), m])).values()].filter((m) => !have.has(partitionName(m)));
  if (hasDefault && missing.length === 0) return [];
  // Taken first, before any read of the default partition: no insert can route a row there
  // between the check below and the partition's creation, and no lock upgrade can deadlock.
  await sql`lock table only ${sql.table(WAYPOINT_TABLE)} in access exclusive mode`.execute(trx);
  const made: string[] = [];
  if (!hasDefault) {
    await sql`create table ${sql.table(DEFAULT_PARTITION)} partition of ${sql.table(WAYPOINT_TABLE)} default`.execute(trx);
    made.push(DEFAULT_PARTITION);
  }
  for (const m of missing.sort(compare)) {
    const name = partitionName(m);
    const from = sql.lit(monthStartMs(m));
    const to = sql.lit(monthStartMs(addMonths(m, 1)));
    const { rows } = await sql<{ n: boolean }>`select exists (select 1 from ${sql.table(DEFAULT_PARTITION)} where wptime >= ${from} and wptime < ${to}) as n`.execute(trx);
    if (!rows[0]?.n) {
      await sql`create table ${sql.table(name)} partition of ${sql.table(WAYPOINT_TABLE)} for values from (${from}) to (${to})`.execute(trx);
    } else {
      // The same columns in the same order (LIKE), so `*` lines up; the parent's indexes are
      // made on it when it is attached.
      await sql`create table ${sql.table(name)} (like ${sql.table(WAYPOINT_TABLE)} including defaults)`.execute(trx);
      await sql`with moved as (delete from ${sql.table(DEFAULT_PARTITION)} where wptime >= ${from} and wptime < ${to} returning *)
        insert into ${sql.table(name)} select * from moved`.execute(trx);
      await sql`alter table ${sql.table(WAYPOINT_TABLE)} attach partition ${sql.table(name)} for values from (${from}) to (${to})`.execute(trx);
    }
    made.push(name);
  }
  return made;
}

/** The months the maintenance keeps: the previous one (UTC) through MONTHS_AHEAD ahead of the current one. */
export const monthsAhead = (now: number, ahead = MONTHS_AHEAD): Month[] => Array.from({ length: ahead + 2 }, (_, i) => addMonths(monthOfMs(now), i - 1));

/** The maintenance: partitions from the previous month through `ahead` months ahead. Returns the names made. */
export async function ensureWaypointPartitions(db: Db, now = Date.now(), ahead = MONTHS_AHEAD): Promise<string[]> {
  if (!(await isPartitioned(db))) return [];
  return db.transaction().execute(async (trx) => {
    await sql`set local lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(trx);
    return makePartitions(trx, monthsAhead(now, ahead));
  });
}

/** Partitions for every month from `fromMs` to `toMs` (a loader's range, e.g. bench:api). */
export async function ensureMonthsCovering(db: Db, fromMs: number, toMs: number): Promise<string[]> {
  if (!(await isPartitioned(db))) return [];
  const months: Month[] = [];
  for (let m = monthOfMs(fromMs); compare(m, monthOfMs(toMs)) <= 0; m = addMonths(m, 1)) months.push(m);
  return db.transaction().execute((trx) => makePartitions(trx, months));
}

/** Runs the maintenance now and every MAINTENANCE_INTERVAL_MS (unref'd); returns the stop. */
export function startPartitionMaintenance(db: Db, log: { info(o: object, msg: string): void; error(o: object, msg: string): void }): { first: Promise<void>; stop(): void } {
  const run = () =>
    ensureWaypointPartitions(db).then(
      (made) => {
        if (made.length) log.info({ partitions: made }, "waypoint partitions made");
      },
      (e: unknown) => log.error({ err: e }, "waypoint partition maintenance failed (rows go to the default partition; retried later)"),
    );
  const first = run();
  const timer = setInterval(() => void run(), MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return { first, stop: () => clearInterval(timer) };
}

export interface Detached {
  name: string;
  month: string;
  rows: number;
}

/**
 * DETACHes (never drops) the month partitions before `before`; each stays a plain table of
 * the same name with its rows. Refuses a month after the current one (the maintenance makes
 * those). Rows of those months in the default partition stay there.
 */
export async function detachBefore(db: Db, before: Month, now = Date.now()): Promise<Detached[]> {
  if (!(await isPartitioned(db))) throw new Error("the waypoint table is not partitioned (PostgreSQL after migration 020 only)");
  if (compare(before, monthOfMs(now)) > 0) throw new Error(`--before ${monthLabel(before)} is after the current month: only past months can be detached`);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${LOCK_NAME} || '.' || current_schema()))`.execute(trx);
    const { months } = await attachedPartitions(trx);
    const out: Detached[] = [];
    for (const m of months.filter((x) => compare(x, before) < 0)) {
      await sql`alter table ${sql.table(WAYPOINT_TABLE)} detach partition ${sql.table(m.name)}`.execute(trx);
      const { rows } = await sql<{ n: number }>`select count(*)::int8 as n from ${sql.table(m.name)}`.execute(trx);
      out.push({ name: m.name, month: monthLabel(m), rows: Number(rows[0]?.n ?? 0) });
    }
    return out;
  });
}
