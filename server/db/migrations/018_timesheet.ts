// Migration 018: the timesheet (issue 19; docs/api.md "Timesheet", server/custom/timesheet.ts).
// - companies.overtime_daily_minutes / overtime_weekly_minutes: the overtime rule (existing
//   companies: 480 and 2400, 8 h a day and 40 h a week; null = no such rule), and
//   companies.hours_format (clock "7:30" / decimal "7.5"; existing companies: clock).
// - timesheet_corrections: a presence's clock-in or out corrected, the original kept, with the
//   reason, who and when (one row per changed field).
// - timesheet_approvals: a person's period approved (locked) and, later, reopened with who, when
//   and why. Rows are never deleted: a reopened period stays as the record of it.
import { addColumn, createIndex, createTable } from "../ddl";
import type { Db } from "../connection";

export async function up(db: Db): Promise<void> {
  await addColumn(db, "companies", { name: "overtime_daily_minutes", kind: "integer" });
  await addColumn(db, "companies", { name: "overtime_weekly_minutes", kind: "integer" });
  await addColumn(db, "companies", { name: "hours_format", kind: "text" });
  await db.updateTable("companies").set({ overtime_daily_minutes: 480, overtime_weekly_minutes: 2400, hours_format: "clock" }).execute();

  await createTable(db, {
    table: "timesheet_corrections",
    columns: [
      { name: "id", kind: "id" },
      { name: "company_id", kind: "integer" },
      { name: "presence_id", kind: "integer" },
      { name: "user_id", kind: "integer" },
      { name: "field", kind: "text" },
      { name: "original", kind: "text" },
      { name: "corrected", kind: "text" },
      { name: "reason", kind: "text" },
      { name: "corrected_by", kind: "integer" },
      { name: "corrected_at", kind: "text" },
    ],
  });
  await createIndex(db, "timesheet_corrections", { name: "ix_timesheet_corrections_presence", columns: ["company_id", "presence_id"] });

  await createTable(db, {
    table: "timesheet_approvals",
    columns: [
      { name: "id", kind: "id" },
      { name: "company_id", kind: "integer" },
      { name: "user_id", kind: "integer" },
      { name: "period_from", kind: "text" },
      { name: "period_to", kind: "text" },
      { name: "status", kind: "text" },
      { name: "approved_by", kind: "integer" },
      { name: "approved_at", kind: "text" },
      { name: "reopened_by", kind: "integer" },
      { name: "reopened_at", kind: "text" },
      { name: "reopen_reason", kind: "text" },
    ],
  });
  await createIndex(db, "timesheet_approvals", { name: "ix_timesheet_approvals_user", columns: ["company_id", "user_id", "period_from"] });
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("timesheet_approvals").execute();
  await db.schema.dropTable("timesheet_corrections").execute();
  for (const column of ["hours_format", "overtime_weekly_minutes", "overtime_daily_minutes"]) await db.schema.alterTable("companies").dropColumn(column).execute();
}
