// Bulk loading of the waypoint table, bypassing Kysely for speed (10 M rows): on SQLite a
// second better-sqlite3 connection with multi-row prepared inserts in big transactions; on
// PostgreSQL batches of unnest() arrays. The column list is checked against the migrated
// table first, so a schema change fails here loudly instead of loading wrong columns.
import SQLite from "better-sqlite3";
import pg from "pg";
import type { WaypointChunk } from "./data";

const COLUMNS = ["user_id", "wptime", "lon", "lat", "accuracy", "speed", "battery", "company_id", "created_at", "updated_at"] as const;

export interface Target {
  /** SQLite file, or PostgreSQL URL + schema. */
  sqliteFile?: string;
  databaseUrl?: string;
  schema?: string;
}

export interface BulkLoader {
  load(chunk: WaypointChunk, companyId: number): Promise<void>;
  close(): Promise<void>;
}

function checkColumns(present: string[]): void {
  const missing = COLUMNS.filter((c) => !present.includes(c));
  const extra = present.filter((c) => c !== "id" && !(COLUMNS as readonly string[]).includes(c));
  if (missing.length || extra.length) throw new Error(`waypoint table changed: missing [${missing.join(", ")}], not loaded [${extra.join(", ")}]: update bench/api/bulk.ts`);
}

const ROWS_PER_INSERT = 100;

function sqliteLoader(file: string): BulkLoader {
  const db = new SQLite(file);
  db.pragma("journal_mode = WAL");
  // A loader's own connection: no fsync per commit, index pages kept in memory while loading.
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -1048576");
  checkColumns((db.pragma("table_info(waypoint)") as Array<{ name: string }>).map((c) => c.name));
  const tuple = `(${COLUMNS.map(() => "?").join(",")})`;
  const insertMany = db.prepare(`insert into waypoint (${COLUMNS.join(",")}) values ${Array(ROWS_PER_INSERT).fill(tuple).join(",")}`);
  const insertOne = db.prepare(`insert into waypoint (${COLUMNS.join(",")}) values ${tuple}`);
  const params: Array<number | string> = new Array(ROWS_PER_INSERT * COLUMNS.length);
  const put = (c: WaypointChunk, i: number, companyId: number, out: Array<number | string>, at: number) => {
    out[at] = c.userId[i];
    out[at + 1] = c.wptime[i];
    out[at + 2] = c.lon[i];
    out[at + 3] = c.lat[i];
    out[at + 4] = c.accuracy[i];
    out[at + 5] = c.speed[i];
    out[at + 6] = c.battery[i];
    out[at + 7] = companyId;
    out[at + 8] = c.createdAt[i];
    out[at + 9] = c.createdAt[i];
  };
  const loadChunk = db.transaction((c: WaypointChunk, companyId: number) => {
    let i = 0;
    for (; i + ROWS_PER_INSERT <= c.n; i += ROWS_PER_INSERT) {
      for (let k = 0; k < ROWS_PER_INSERT; k++) put(c, i + k, companyId, params, k * COLUMNS.length);
      insertMany.run(params);
    }
    const one: Array<number | string> = new Array(COLUMNS.length);
    for (; i < c.n; i++) {
      put(c, i, companyId, one, 0);
      insertOne.run(one);
    }
  });
  return {
    async load(c, companyId) {
      loadChunk(c, companyId);
    },
    async close() {
      db.pragma("wal_checkpoint(TRUNCATE)");
      db.close();
    },
  };
}

async function pgLoader(url: string, schema: string): Promise<BulkLoader> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  await client.query("set synchronous_commit = off");
  const cols = await client.query<{ column_name: string }>("select column_name from information_schema.columns where table_schema = $1 and table_name = 'waypoint'", [schema]);
  checkColumns(cols.rows.map((r) => r.column_name));
  const text = `insert into waypoint (${COLUMNS.join(",")})
    select * from unnest($1::int[], $2::bigint[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::int[], $8::int[], $9::text[], $9::text[])`;
  return {
    async load(c, companyId) {
      const n = c.n;
      const ints = (a: Int32Array | Float64Array) => Array.from(a.subarray(0, n));
      await client.query(text, [
        ints(c.userId),
        ints(c.wptime),
        ints(c.lon),
        ints(c.lat),
        ints(c.accuracy),
        ints(c.speed),
        ints(c.battery),
        new Array<number>(n).fill(companyId),
        c.createdAt.slice(0, n),
      ]);
    },
    async close() {
      await client.end();
    },
  };
}

export async function bulkLoader(t: Target): Promise<BulkLoader> {
  if (t.databaseUrl) return pgLoader(t.databaseUrl, t.schema ?? "public");
  if (!t.sqliteFile) throw new Error("no bulk target");
  return sqliteLoader(t.sqliteFile);
}

/** ANALYZE (PostgreSQL: VACUUM ANALYZE) on the benchmark database after the load. */
export async function analyze(t: Target): Promise<void> {
  if (t.databaseUrl) {
    const client = new pg.Client({ connectionString: t.databaseUrl, options: `-c search_path=${t.schema ?? "public"}` });
    await client.connect();
    try {
      // Only this schema's tables (the database may hold other schemas, e.g. the tests'). VACUUM
      // too: a freshly loaded table has no visibility map yet, so index-only scans (counts,
      // waypoints) would still read the heap until autovacuum came by.
      // A partitioned table (waypoint) is vacuumed and analyzed with its partitions: those are not listed again.
      const tables = await client.query<{ tablename: string }>(
        "select c.relname as tablename from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition",
        [t.schema ?? "public"],
      );
      for (const { tablename } of tables.rows) await client.query(`vacuum analyze ${pg.escapeIdentifier(tablename)}`);
    } finally {
      await client.end();
    }
    return;
  }
  const db = new SQLite(t.sqliteFile!);
  try {
    db.exec("analyze");
  } finally {
    db.close();
  }
}
