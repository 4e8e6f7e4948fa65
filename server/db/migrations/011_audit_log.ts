// Migration 011: the audit log (resources.config.ts `audit-log`; server/audit/log.ts). Append-only
// on both databases: triggers refuse every update and delete of its rows, whoever asks.
import { sql } from "kysely";
import { dialectOf, type Db } from "../connection";
import { createIndex, createTables } from "../ddl";
import type { TableSpec } from "../schema-plan";

/** The table plan of `audit-log` when this was written (never follows later declaration changes). */
const AUDIT_LOG: TableSpec = {
  resource: "audit-log",
  table: "audit_log",
  columns: [
    { name: "id", kind: "id" },
    { name: "created_at", kind: "text" },
    { name: "actor_id", kind: "integer" },
    { name: "actor_name", kind: "text" },
    { name: "ip", kind: "text" },
    { name: "kind", kind: "text" },
    { name: "resource", kind: "text" },
    { name: "record_id", kind: "integer" },
    { name: "record_label", kind: "text" },
    { name: "before", kind: "text" },
    { name: "after", kind: "text" },
    { name: "company_id", kind: "integer" },
    { name: "updated_at", kind: "text" },
  ],
  indexes: [
    { name: "ix_audit_log_actor_id", columns: ["actor_id"] },
    { name: "ix_audit_log_company_id", columns: ["company_id"] },
  ],
};

export async function up(db: Db): Promise<void> {
  await createTables(db, [AUDIT_LOG]);
  // The log is read newest first, per company.
  await createIndex(db, "audit_log", { name: "ix_audit_log_company_created", columns: ["company_id", "created_at"] });
  if (dialectOf(db) === "postgres") {
    await sql`create or replace function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_update before update or delete on audit_log for each row execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
  if (dialectOf(db) === "postgres") await sql`drop function if exists audit_log_append_only()`.execute(db);
}
