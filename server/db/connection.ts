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
export function pgPool(url: string, schema: string, o: { max: number; connectionTimeoutMillis?: number; asyncCommit?: boolean }): pg.Pool {
  setPgParsers();
  if (!SAFE_SCHEMA.test(schema)) throw new Error(`bad PostgreSQL schema name "${schema}"`);
  const options = `-c search_path=${schema}${o.asyncCommit ? " -c synchronous_commit=off" : ""}`;
  return new pg.Pool({ connectionString: url, max: o.max, options, connectionTimeoutMillis: o.connectionTimeoutMillis });
}

/** Connections of the positions' writer on PostgreSQL (its group INSERTs at once: server/field/position-writer.ts). */
export const POSITION_CONNECTIONS = 4;
const POSITIONS_DB = new WeakMap<Db, () => Db>();

/**
 * Where tracking apps' positions are written: on PostgreSQL a small pool of its own whose commits
 * do not wait for the WAL to reach the disk (synchronous_commit off), the durability SQLite's WAL
 * with synchronous NORMAL gives every write: a committed position survives a kill of the server,
 * and only a crash of the database's machine may lose its last fraction of a second (PostgreSQL
 * flushes within 3 × wal_writer_delay, 0.6 s by default). A commit then never waits for a slow
 * disk flush. Everything else, alarms included, commits synchronously. On SQLite: `db` itself.
 */
export const positionsDbOf = (db: Db): Db => POSITIONS_DB.get(db)?.() ?? db;

/** The SQLite database's file name in DATA_DIR, unless OpenOptions.fileName names another. */
export const SQLITE_FILE = "fieldworks.db";

export function openDatabase(o: OpenOptions): DbHandle {
  if (/^postgres(ql)?:\/\//i.test(o.databaseUrl)) {
    const schema = o.pgSchema || "public";
    const pool = pgPool(o.databaseUrl, schema, { max: 10 });
    const changes = new ChangeLog();
    const db = observed(withOwnSchemaIntrospection(new PostgresDialect({ pool })), changes);
    // Opened at the first position; its writes are told to the same change log.
    let positions: Db | null = null;
    POSITIONS_DB.set(db, () => (positions ??= observed(new PostgresDialect({ pool: pgPool(o.databaseUrl, schema, { max: POSITION_CONNECTIONS, asyncCommit: true }) }), changes)));
    const close = async () => {
      await positions?.destroy();
      await db.destroy();
    };
    return { db, dialect: "postgres", schema, changes, close };
  }
  mkdirSync(o.dataDir, { recursive: true });
  const file = join(o.dataDir, o.fileName ?? SQLITE_FILE);
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
