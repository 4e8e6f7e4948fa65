// Migration 019: amounts on requests (issue 19): request_material.discount (money off the line),
// req_tools.unit_price, discount and amount (quantity × unit price − discount, set by the server:
// declaration/requests.ts requestWrite). Existing tool requests have no price: their amount stays
// empty. The catalogues' stock in and out are computed on read: no column. And a permit's area:
// permit.project_id (a permit to work's site; empty for the existing ones), indexed as every ref.
import type { Db } from "../connection";
import { addColumn, createIndex } from "../ddl";
import { indexName } from "../schema-plan";

const COLUMNS: Array<[table: string, column: string]> = [
  ["request_material", "discount"],
  ["req_tools", "unit_price"],
  ["req_tools", "discount"],
  ["req_tools", "amount"],
];

export async function up(db: Db): Promise<void> {
  for (const [table, name] of COLUMNS) await addColumn(db, table, { name, kind: "real" });
  await addColumn(db, "permit", { name: "project_id", kind: "integer" });
  await createIndex(db, "permit", { name: indexName("ix", "permit", ["project_id"]), columns: ["project_id"] });
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex(indexName("ix", "permit", ["project_id"])).execute();
  await db.schema.alterTable("permit").dropColumn("project_id").execute();
  for (const [table, name] of [...COLUMNS].reverse()) await db.schema.alterTable(table).dropColumn(name).execute();
}
