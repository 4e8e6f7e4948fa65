// Turns table specs into DDL for either dialect. Migrations call these; keep them additive.
import { sql } from "kysely";
import { dialectOf, type Db } from "./connection";
import type { ColumnSpec, IndexSpec, TableSpec } from "./schema-plan";

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
