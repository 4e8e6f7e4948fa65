// Migration 009: row-level visibility (docs/api.md "Access rules"; server/access/row-scope.ts).
// - role_menu.row_scope (resources.config.ts `role-menu`): how far a role sees the rows of the
//   resources declaring rowVisibility through that menu. Existing rows get their role's
//   default (worker → own, supervisor → projects, others → company), so an existing database
//   is private at once; a row whose role is gone stays empty (then the role type decides).
// - indexes for the file rule (server/access/file-scope.ts): an image is looked up by the
//   records naming it in an image or file field (selfies, permit attachments, K3 photos).
import { sql } from "kysely";
import type { Db } from "../connection";
import { addColumn, createIndex } from "../ddl";
import { indexName } from "../schema-plan";

const FILE_INDEXES: Array<{ table: string; columns: string[] }> = [
  { table: "presence", columns: ["image_selfie"] },
  { table: "presence", columns: ["image_selfie_out"] },
  { table: "permit", columns: ["attachment"] },
  { table: "report_k3", columns: ["image"] },
];

export async function up(db: Db): Promise<void> {
  await addColumn(db, "role_menu", { name: "row_scope", kind: "text" });
  await sql`update role_menu set row_scope = (
    select case r.role_type when 'worker' then 'own' when 'supervisor' then 'projects' else 'company' end
    from role r where r.id = role_menu.role_id)`.execute(db);
  for (const ix of FILE_INDEXES) await createIndex(db, ix.table, { name: indexName("ix", ix.table, ix.columns), columns: ix.columns });
}

export async function down(db: Db): Promise<void> {
  for (const ix of FILE_INDEXES) await db.schema.dropIndex(indexName("ix", ix.table, ix.columns)).execute();
  await db.schema.alterTable("role_menu").dropColumn("row_scope").execute();
}
