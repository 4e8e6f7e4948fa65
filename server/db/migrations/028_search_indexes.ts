// Migration 028: the search indexes of the declaration (server/db/search-indexes.ts) as they
// were when this was written (the snapshot server/db/snapshots/028_search_indexes.ts), and the
// project search indexes of migrations 003-006 they replace: (company_id, status, start_date),
// with id and name on SQLite (006), (company_id, start_date), (company_id, manager_id,
// start_date), and PostgreSQL's descending copies (005). 005's statistics on lower(name|code|
// client_name) stay (they plan `like`). A later change of a list's filters or default order
// comes with a new migration calling syncSearchIndexes with its own snapshot.
// PostgreSQL builds each index in the migration's transaction, holding writes to its table
// meanwhile (seconds for a table of 100,000 rows).
import { sql } from "kysely";
import { dialectOf, type Db } from "../connection";
import { syncSearchIndexes } from "../ddl";
import { SEARCH_INDEXES } from "../snapshots/028_search_indexes";

const REPLACED = [
  "ix_project_company_id_status_start_date",
  "ix_project_company_id_status_start_date_id_name",
  "ix_project_company_id_start_date",
  "ix_project_company_id_manager_id_start_date",
  "ix_project_company_id_status_start_date_desc",
  "ix_project_company_id_start_date_desc",
  "ix_project_company_id_manager_id_start_date_desc",
];

export async function up(db: Db): Promise<void> {
  for (const name of REPLACED) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  await syncSearchIndexes(db, SEARCH_INDEXES[dialectOf(db)]);
}

export async function down(db: Db): Promise<void> {
  await syncSearchIndexes(db, []);
}
