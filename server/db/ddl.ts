// Turns table specs into DDL for either dialect. Migrations call these; keep them additive.
import { sql } from "kysely";
import { dialectOf, type Db } from "./connection";
import type { ColumnSpec, IndexSpec, TableSpec } from "./schema-plan";
import { SEARCH_INDEX_PREFIX, type SearchIndexSpec } from "./search-indexes";

const SQL_TYPE = { integer: "integer", bigint: "bigint", real: "double precision", text: "text" } as const;

export async function createTable(db: Db, spec: Pick<TableSpec, "table" | "columns">): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  let b = db.schema.createTable(spec.table);
  for (const c of spec.columns) {
    if (c.kind === "id") {
      b = pg ? b.addColumn(c.name, "serial", (col) => col.primaryKey()) : b.addColumn(c.name, "integer", (col) => col.primaryKey().autoIncrement());
    } else {
      b = b.addColumn(c.name, sql.raw(SQL_TYPE[c.kind]));
    }
  }
  await b.execute();
}

export async function createIndex(db: Db, table: string, ix: IndexSpec): Promise<void> {
  let b = db.schema.createIndex(ix.name).on(table).columns(ix.columns);
  if (ix.unique) b = b.unique();
  await b.execute();
}

/** For later migrations: one new column of a declared field (all declared columns are nullable). */
export async function addColumn(db: Db, table: string, c: ColumnSpec): Promise<void> {
  if (c.kind === "id") throw new Error("id columns come with the table");
  await db.schema.alterTable(table).addColumn(c.name, sql.raw(SQL_TYPE[c.kind])).execute();
}

export async function createTables(db: Db, specs: readonly TableSpec[]): Promise<void> {
  for (const t of specs) {
    await createTable(db, t);
    for (const ix of t.indexes) await createIndex(db, t.table, ix);
  }
}

/** One search index (server/db/search-indexes.ts); on PostgreSQL the sort column and id in its direction, NULLs last. */
export async function createSearchIndex(db: Db, ix: SearchIndexSpec): Promise<void> {
  if (dialectOf(db) !== "postgres" || !ix.direction) return createIndex(db, ix.table, { name: ix.name, columns: ix.columns });
  const dir = sql.raw(ix.direction);
  const cols = ix.columns.map((c) => (c === ix.sort && c !== "id" ? sql`${sql.ref(c)} ${dir} nulls last` : c === "id" ? sql`${sql.ref(c)} ${dir}` : sql.ref(c)));
  await sql`create index ${sql.id(ix.name)} on ${sql.table(ix.table)} (${sql.join(cols)})`.execute(db);
}

/** Names of the search indexes the database holds, by table. */
export async function searchIndexNames(db: Db): Promise<Set<string>> {
  const like = `${SEARCH_INDEX_PREFIX.replace("_", "\\_")}%`;
  const rows =
    dialectOf(db) === "postgres"
      ? (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() and indexname like ${like} escape '\\'`.execute(db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and name like ${like} escape '\\'`.execute(db)).rows;
  return new Set(rows.map((r) => r.name));
}

/**
 * Makes the database's search indexes exactly `specs` (a migration's snapshot): those not
 * planned are dropped, the missing made. Other indexes are left alone.
 */
export async function syncSearchIndexes(db: Db, specs: readonly SearchIndexSpec[]): Promise<void> {
  const have = await searchIndexNames(db);
  const want = new Set(specs.map((s) => s.name));
  for (const name of have) if (!want.has(name)) await db.schema.dropIndex(name).execute();
  for (const ix of specs) if (!have.has(ix.name)) await createSearchIndex(db, ix);
}
