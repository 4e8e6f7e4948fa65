// Migration 030: the timesheet engine of issue 30 (docs/api.md "Timesheet", "Field capture").
// - presence_breaks: breaks punched within a presence (presence break-start / break-end), one row
//   per break, its end null while it runs.
// - timesheet_approvals.figures / .rules: what an approval keeps (JSON text): each day's figures and
//   the totals as approved, and the overtime thresholds and shifts they were computed with.
//   Approvals stored before have neither: their days are computed as any other.
// - timesheet_edit_attempts: an edit of an approved day tried (a correction refused, a capture that
//   came in after the approval), one row per presence, kind and person who tried, counted.
import { addColumn, createIndex, createTable } from "../ddl";
import type { Db } from "../connection";

export async function up(db: Db): Promise<void> {
  await createTable(db, {
    table: "presence_breaks",
    columns: [
      { name: "id", kind: "id" },
      { name: "company_id", kind: "integer" },
      { name: "user_id", kind: "integer" },
      { name: "presence_id", kind: "integer" },
      { name: "break_start", kind: "text" },
      { name: "break_end", kind: "text" },
      { name: "created_at", kind: "text" },
      { name: "updated_at", kind: "text" },
    ],
  });
  await createIndex(db, "presence_breaks", { name: "ix_presence_breaks_presence", columns: ["company_id", "presence_id"] });

  await addColumn(db, "timesheet_approvals", { name: "figures", kind: "text" });
  await addColumn(db, "timesheet_approvals", { name: "rules", kind: "text" });

  await createTable(db, {
    table: "timesheet_edit_attempts",
    columns: [
      { name: "id", kind: "id" },
      { name: "company_id", kind: "integer" },
      { name: "user_id", kind: "integer" },
      { name: "presence_id", kind: "integer" },
      { name: "date", kind: "text" },
      { name: "kind", kind: "text" },
      { name: "attempted_by", kind: "integer" },
      { name: "attempted_at", kind: "text" },
      { name: "attempts", kind: "integer" },
    ],
  });
  await createIndex(db, "timesheet_edit_attempts", { name: "ux_timesheet_edit_attempts", columns: ["presence_id", "kind", "attempted_by"], unique: true });
  await createIndex(db, "timesheet_edit_attempts", { name: "ix_timesheet_edit_attempts_user", columns: ["company_id", "user_id", "date"] });
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("timesheet_edit_attempts").execute();
  for (const column of ["rules", "figures"]) await db.schema.alterTable("timesheet_approvals").dropColumn(column).execute();
  await db.schema.dropTable("presence_breaks").execute();
}
