// One Kysely instance over SQLite (better-sqlite3, a file in DATA_DIR, WAL) or PostgreSQL (pg
// pool), with the same query code on both. Tables are made from the declaration at run time,
// so the database type is `any`: records are checked by server/validation, not by TypeScript.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";

export type Db = Kysely<any>;
export type DialectName = "sqlite" | "postgres";

export interface DbHandle {
  db: Db;
  dialect: DialectName;
  /** PostgreSQL schema in use (search_path); undefined on SQLite. */
  schema?: string;
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

export function openDatabase(o: OpenOptions): DbHandle {
  if (/^postgres(ql)?:\/\//i.test(o.databaseUrl)) {
    setPgParsers();
    const schema = o.pgSchema || "public";
    if (!SAFE_SCHEMA.test(schema)) throw new Error(`bad PostgreSQL schema name "${schema}"`);
    const pool = new pg.Pool({ connectionString: o.databaseUrl, max: 10, options: `-c search_path=${schema}` });
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", schema, close: () => db.destroy() };
  }
  mkdirSync(o.dataDir, { recursive: true });
  const file = join(o.dataDir, o.fileName ?? "fieldworks.db");
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

/** Which dialect a Kysely instance (or transaction) speaks. */
export const dialectOf = (db: Db): DialectName =>
  db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
