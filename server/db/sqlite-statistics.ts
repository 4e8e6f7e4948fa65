// SQLite's planner picks among a table's indexes (the search indexes of server/db/search-indexes.ts:
// several start with the tenant and an equality filter) by the statistics ANALYZE keeps:
// sqlite_stat1 (rows per leading columns) and sqlite_stat4 (samples of the values), with which a
// search by status and a manager of 30 projects walks that manager's 30 entries instead of the
// status's thousands. Without statistics it guesses, and takes the first such index.
// PRAGMA optimize with an analysis limit (SQLite's advice) reads the first entries of each index
// only, which all share their leading columns, and makes no samples: every search index looked
// alike. So the tables with search indexes are analyzed whole (ANALYZE <table>: 0.2-0.8 s at
// 100,000 projects) when an index has no statistics (a new one) or the row count has doubled or
// halved since, at start and every few hours. The big tables (waypoints: maxPageLength) are left out: their
// searches have one index to use. PostgreSQL's autovacuum keeps its statistics itself.
import { sql } from "kysely";
import { ALL_RESOURCES } from "../../declaration";
import { dialectOf, type Db } from "./connection";
import { searchIndexPlan } from "./search-indexes";

const EVERY_MS = 3 * 3600_000;
/** Below this many rows the planner's guesses cost nothing: no statistics. */
const MIN_ROWS = 1000;

const ANALYZED = [...new Set(searchIndexPlan(ALL_RESOURCES, "sqlite").map((ix) => ix.table))];

/** The tables analyzed now (tests). */
export async function refreshStatistics(db: Db): Promise<string[]> {
  const hasStats = (await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db)).rows[0].n > 0;
  // Rows of each analyzed index when last analyzed.
  const known = new Map<string, number>();
  if (hasStats) {
    for (const row of (await sql<{ idx: string; stat: string }>`select idx, stat from sqlite_stat1 where idx is not null`.execute(db)).rows) {
      known.set(row.idx, Number(row.stat.split(" ")[0]));
    }
  }
  const done: string[] = [];
  for (const table of ANALYZED) {
    const n = Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0].n);
    if (n < MIN_ROWS) continue;
    const indexes = (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(db)).rows;
    // An index never analyzed (a new one), or a table that doubled or halved since.
    const stale = indexes.some(({ name }) => {
      const was = known.get(name);
      return was === undefined || n > 2 * was || 2 * n < was;
    });
    if (!stale) continue;
    await sql`analyze ${sql.table(table)}`.execute(db);
    done.push(table);
  }
  return done;
}

/** Statistics refreshed now (awaited) and every EVERY_MS on SQLite; nothing on PostgreSQL. */
export function startSqliteStatistics(db: Db, log: { error(o: object, msg: string): void }): { first: Promise<void>; stop(): void } {
  if (dialectOf(db) !== "sqlite") return { first: Promise.resolve(), stop: () => undefined };
  const run = () =>
    refreshStatistics(db).then(
      () => undefined,
      (err: unknown) => log.error({ err }, "sqlite: refreshing the planner's statistics failed"),
    );
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  return { first: run(), stop: () => clearInterval(timer) };
}
