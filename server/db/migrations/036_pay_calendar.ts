// Migration 036: the work calendar and pay rules of issue 30 (declaration/pay.ts, docs/api.md
// "Timesheet").
// - companies.work_days_per_week (5 or 6) and ot_workday_first / ot_workday_later /
//   ot_restday_first / ot_restday_second / ot_restday_later: the overtime multipliers, empty until
//   set (the statutory defaults of Kepmenaker 102/2004 art. 11 apply).
// - holiday: a company's public holidays (date, name, description). Each existing company gets
//   the dates fixed by law for the year this runs in and the next (declaration/pay.ts
//   STATUTORY_HOLIDAYS, the source named in each row's description), as written here.
// - pay_rate: a person's monthly wage and optional hourly rate.
import type { Db } from "../connection";
import { addColumn, createTables } from "../ddl";
import type { TableSpec } from "../schema-plan";

const COMPANY_COLUMNS = ["ot_workday_first", "ot_workday_later", "ot_restday_first", "ot_restday_second", "ot_restday_later"];

const TABLES: TableSpec[] = [
  {
    resource: "holiday",
    table: "holiday",
    columns: [
      { name: "id", kind: "id" },
      { name: "date", kind: "text" },
      { name: "name", kind: "text" },
      { name: "description", kind: "text" },
      { name: "company_id", kind: "integer" },
      { name: "created_at", kind: "text" },
      { name: "updated_at", kind: "text" },
    ],
    indexes: [
      { name: "ix_holiday_company_id", columns: ["company_id"] },
      { name: "ux_holiday_date", columns: ["company_id", "date"], unique: true },
    ],
  },
  {
    resource: "pay-rate",
    table: "pay_rate",
    columns: [
      { name: "id", kind: "id" },
      { name: "user_id", kind: "integer" },
      { name: "monthly_wage", kind: "real" },
      { name: "hourly_rate", kind: "real" },
      { name: "description", kind: "text" },
      { name: "company_id", kind: "integer" },
      { name: "created_at", kind: "text" },
      { name: "updated_at", kind: "text" },
    ],
    indexes: [
      { name: "ix_pay_rate_company_id", columns: ["company_id"] },
      { name: "ix_pay_rate_user_id", columns: ["user_id"] },
      { name: "ux_pay_rate_user_id", columns: ["company_id", "user_id"], unique: true },
    ],
  },
];

/** The fixed-date holidays of Indonesian law as they stood when this was written. */
const FIXED: Array<[monthDay: string, name: string, source: string]> = [
  ["01-01", "Tahun Baru Masehi", "Keppres 251/1967 jo. Keppres 10/1971"],
  ["05-01", "Hari Buruh Internasional", "Keppres 24/2013"],
  ["06-01", "Hari Lahir Pancasila", "Keppres 24/2016"],
  ["08-17", "Hari Kemerdekaan Republik Indonesia", "Keppres 251/1967 jo. Keppres 10/1971"],
  ["12-25", "Hari Raya Natal", "Keppres 251/1967 jo. Keppres 10/1971"],
];

export async function up(db: Db): Promise<void> {
  await addColumn(db, "companies", { name: "work_days_per_week", kind: "integer" });
  for (const name of COMPANY_COLUMNS) await addColumn(db, "companies", { name, kind: "real" });
  await createTables(db, TABLES);
  const companies = await db.selectFrom("companies").select(["id"]).execute();
  const year = new Date().getUTCFullYear();
  const now = new Date().toISOString();
  const rows = companies.flatMap((c) =>
    [year, year + 1].flatMap((y) =>
      FIXED.map(([md, name, source]) => ({ company_id: Number(c.id), date: `${y}-${md}`, name, description: source, created_at: now, updated_at: now })),
    ),
  );
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto("holiday")
      .values(rows.slice(i, i + 200))
      .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("pay_rate").execute();
  await db.schema.dropTable("holiday").execute();
  for (const name of [...COMPANY_COLUMNS].reverse()) await db.schema.alterTable("companies").dropColumn(name).execute();
  await db.schema.alterTable("companies").dropColumn("work_days_per_week").execute();
}
