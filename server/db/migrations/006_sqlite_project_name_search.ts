// Migration 006 (SQLite only): the project list's search box (`like` on name, the resource's
// labelField) within a status tab, in the default start-date order. Migration 003's index gave
// the order, but SQLite read every candidate's table row to test its name (~0.5 ms a page at
// 100k projects, a third of the search benchmark's database time). With `id` (the tie-break)
// and `name` in the index, the order still comes from the index and names are tested there;
// only matching rows are read. It replaces 003's (company_id, status, start_date), which it
// serves as well. PostgreSQL tests filters after reading the row in an index scan anyway (an
// INCLUDE column would not spare it): nothing to do there.
import { dialectOf, type Db } from "../connection";
import { createIndex } from "../ddl";
import { indexName } from "../schema-plan";

const OLD = ["company_id", "status", "start_date"];
const NEW = ["company_id", "status", "start_date", "id", "name"];

export async function up(db: Db): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  await createIndex(db, "project", { name: indexName("ix", "project", NEW), columns: NEW });
  await db.schema.dropIndex(indexName("ix", "project", OLD)).execute();
}

export async function down(db: Db): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  await createIndex(db, "project", { name: indexName("ix", "project", OLD), columns: OLD });
  await db.schema.dropIndex(indexName("ix", "project", NEW)).execute();
}
