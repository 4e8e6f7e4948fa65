// Migration 004: "my projects" (project search by manager_id, in the default start-date order)
// read from one index range, like migration 003's status searches. Without it SQLite takes the
// manager's every project from ix_project_manager_id and sorts them (~1 ms per page at 100k
// projects, bench:api). The single-column index stays: ref checks look a user up across companies.
import type { Db } from "../connection";
import { createIndex } from "../ddl";
import { indexName } from "../schema-plan";

const COLUMNS = ["company_id", "manager_id", "start_date"];

export async function up(db: Db): Promise<void> {
  await createIndex(db, "project", { name: indexName("ix", "project", COLUMNS), columns: COLUMNS });
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex(indexName("ix", "project", COLUMNS)).execute();
}
