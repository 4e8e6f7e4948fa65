// better-sqlite3 statements for Kysely's SQLite driver, faster on the two costs that showed in
// profiles of the API (bench:api):
// - Kysely prepares every query again, and preparing costs as much as running a small indexed
//   query: the same SQL text gets its prepared statement back (LRU, bounded);
// - rows built as objects by better-sqlite3 cost ~0.4 µs per value; rows read as arrays and
//   turned into objects by a function made for the statement's columns cost half.
// The driver runs statements to completion synchronously, so sharing one is safe; a busy one
// (a streamed query still iterating) is never handed out twice. Statements run in this thread,
// so the time they take is the database's time: summed in `statementTime` (bench:api prints it
// per request; two clock reads per statement).
import type SQLite from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/** Distinct SQL texts kept prepared (IN lists of different lengths are different texts). */
const STATEMENT_CACHE_SIZE = 500;

type Row = Record<string, unknown>;

/** Time this process spent running SQLite statements (all, run; not a streamed iteration), ms, and how many ran. */
export const statementTime = { ms: 0, statements: 0 };

let clock = () => performance.now();

/**
 * Times statements by this process's CPU time instead of the wall clock (bench:api on a shared
 * machine, where a descheduled thread's wait would count as the database's): a system call per
 * reading, ~1 µs a statement. Also from the environment (FW_STATEMENT_CPU_TIME=1: cluster workers).
 */
export function timeStatementsByCpu(): void {
  clock = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
}
if (process.env.FW_STATEMENT_CPU_TIME === "1") timeStatementsByCpu();

function timedCall<T>(run: () => T): T {
  const t0 = clock();
  try {
    return run();
  } finally {
    statementTime.ms += clock() - t0;
    statementTime.statements++;
  }
}

/** A function building `{ col0: r[0], col1: r[1], … }` with one object shape for every row. */
function rowMaker(columns: string[]): ((r: unknown[]) => Row) | null {
  // A literal "__proto__" key would set the prototype: such a statement keeps object rows.
  if (columns.includes("__proto__")) return null;
  const body = `return {${columns.map((c, i) => `${JSON.stringify(c)}: r[${i}]`).join(", ")}};`;
  return new Function("r", body) as (r: unknown[]) => Row;
}

interface Prepared extends SqliteStatement {
  readonly busy: boolean;
}

function prepare(sqlite: SQLite.Database, text: string): Prepared {
  const stmt = sqlite.prepare(text);
  const make = stmt.reader ? rowMaker(stmt.columns().map((c) => c.name)) : null;
  if (!make) {
    return {
      reader: stmt.reader,
      get busy() {
        return stmt.busy;
      },
      all: (params) => timedCall(() => stmt.all(...(params as unknown[]))),
      run: (params) => timedCall(() => stmt.run(...(params as unknown[]))),
      iterate: (params) => stmt.iterate(...(params as unknown[])) as IterableIterator<unknown>,
    };
  }
  stmt.raw(true);
  // Streaming (iterate) yields object rows: its own statement, made when first asked.
  let objects: SQLite.Statement | null = null;
  const streaming = () => (objects ??= sqlite.prepare(text));
  return {
    reader: true,
    get busy() {
      return stmt.busy || !!objects?.busy;
    },
    all: (params) => timedCall(() => (stmt.all(...(params as unknown[])) as unknown[][]).map(make)),
    run: (params) => timedCall(() => stmt.run(...(params as unknown[]))),
    iterate: (params) => streaming().iterate(...(params as unknown[])) as IterableIterator<unknown>,
  };
}

export function statementCache(sqlite: SQLite.Database, max = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, Prepared>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const hit = cache.get(text);
      if (hit && !hit.busy) {
        cache.delete(text); // most recently used last
        cache.set(text, hit);
        return hit;
      }
      const stmt = prepare(sqlite, text);
      if (!hit) {
        cache.set(text, stmt);
        if (cache.size > max) cache.delete(cache.keys().next().value!);
      }
      return stmt;
    },
  };
}
