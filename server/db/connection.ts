// One Kysely instance over SQLite (better-sqlite3, a file in DATA_DIR, WAL) or PostgreSQL (pg
// pool), with the same query code on both. Its type is `Database` (server/db/database.ts,
// generated from a migrated database by scripts/db-types.ts); generic code on a table named at
// run time goes through dynamicDb (server/db/dynamic.ts).
import { withOwnSchemaIntrospection } from "./own-schema-introspector";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type Dialect } from "kysely";
import pg from "pg";
import { ChangeLog, ChangeLogPlugin, attachChangeLog, observedDialect } from "./changes";
import { externalChanges } from "./sqlite-changes";
import type { Database } from "./database";
import { statementCache } from "./sqlite-statements";

export type Db = Kysely<Database>;
export type DialectName = "sqlite" | "postgres";

export interface DbHandle {
  db: Db;
  dialect: DialectName;
  /** PostgreSQL schema in use (search_path); undefined on SQLite. */
  schema?: string;
  /** Which tables changed when: what the in-memory caches check (server/cache.ts). */
  changes: ChangeLog;
  /** The SQLite connection (its change triggers are installed after the migrations); undefined on PostgreSQL. */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

let pgParsersSet = false;
/** int8 (counts, epoch-ms columns) and numeric (sums) as JS numbers, like SQLite answers them. */
function setPgParsers(): void {
  if (pgParsersSet) return;
  pg.types.setTypeParser(20, (v: string) => Number.parseInt(v, 10));
  pg.types.setTypeParser(1700, (v: string) => Number.parseFloat(v));
  pgParsersSet = true;
}

const SAFE_SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

export interface OpenOptions {
  databaseUrl: string;
  dataDir: string;
  pgSchema?: string;
  /** SQLite file name inside dataDir. */
  fileName?: string;
}

/**
 * A pg pool on `schema` (search_path) with the type parsers above: the primary's, and each read
 * replica's (server/db/replicas.ts) alike.
 */
export function pgPool(url: string, schema: string, o: { max: number; connectionTimeoutMillis?: number }): pg.Pool {
  setPgParsers();
  if (!SAFE_SCHEMA.test(schema)) throw new Error(`bad PostgreSQL schema name "${schema}"`);
  return new pg.Pool({ connectionString: url, max: o.max, options: `-c search_path=${schema}`, connectionTimeoutMillis: o.connectionTimeoutMillis });
}

export function openDatabase(o: OpenOptions): DbHandle {
  if (/^postgres(ql)?:\/\//i.test(o.databaseUrl)) {
    const schema = o.pgSchema || "public";
    const pool = pgPool(o.databaseUrl, schema, { max: 10 });
    const changes = new ChangeLog();
    const db = observed(withOwnSchemaIntrospection(new PostgresDialect({ pool })), changes);
    return { db, dialect: "postgres", schema, changes, close: () => db.destroy() };
  }
  mkdirSync(o.dataDir, { recursive: true });
  const file = join(o.dataDir, o.fileName ?? "fieldworks.db");
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  // Reads of big tables (waypoints) stay in memory: a 64 MiB page cache instead of 2 MiB,
  // pages read through a memory map instead of a read() per page, sorts in memory.
  sqlite.pragma("cache_size = -65536");
  sqlite.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  sqlite.pragma("temp_store = MEMORY");
  const changes = new ChangeLog();
  // Commits of other processes on this file (another server worker, a CLI) are seen before any
  // cache answers, with the tables they wrote (server/db/sqlite-changes.ts).
  changes.complete = true;
  changes.external = externalChanges(sqlite);
  const db = observed(new SqliteDialect({ database: statementCache(sqlite) }), changes);
  return { db, dialect: "sqlite", changes, sqlite, close: () => db.destroy() };
}

/** Kysely over the dialect, its writes and transactions reported to the change log (caches). */
function observed(dialect: Dialect, changes: ChangeLog): Db {
  const db: Db = new Kysely({ dialect: observedDialect(dialect, changes), plugins: [new ChangeLogPlugin(changes)] });
  attachChangeLog(db, changes);
  return db;
}

/** Upper bound of the memory map (address space, not memory: the pages are the OS cache), SQLite's default maximum. */
const SQLITE_MMAP_BYTES = 2 * 1024 ** 3;

/** Which dialect a Kysely instance (or transaction) speaks. */
export const dialectOf = (db: Db): DialectName => (db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite");
