// Migration 003: indexes for the searches of the big tables (bench:api, server/README.md
// "Performance"). The generic search filters by tenant first, then by the body's columns, and
// orders by the body's column (default: the resource's defaultSort) with `id` as tie-break.
// An index (company_id, <filter>, <sort>) answers the page from its first entries, counts the
// filter over one index range instead of the tenant's rows, and leaves no sort to do.
// - project: the list's usual filter is the status, its order the start date (defaultSort).
import type { Db } from "../connection";
import { createIndex } from "../ddl";
import { indexName } from "../schema-plan";

const INDEXES: Array<{ table: string; columns: string[] }> = [
  { table: "project", columns: ["company_id", "status", "start_date"] },
  { table: "project", columns: ["company_id", "start_date"] },
];

export async function up(db: Db): Promise<void> {
  for (const ix of INDEXES) await createIndex(db, ix.table, { name: indexName("ix", ix.table, ix.columns), columns: ix.columns });
}

export async function down(db: Db): Promise<void> {
  for (const ix of INDEXES) await db.schema.dropIndex(indexName("ix", ix.table, ix.columns)).execute();
}
