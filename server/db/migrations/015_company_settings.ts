// Migration 015: company settings (issue 20): companies.pay_period (weekly / two_weekly /
// monthly; existing companies: monthly) and companies.language (en / id: its invoices' language;
// existing companies: id, the platform's companies being Indonesian).
import type { Db } from "../connection";
import { addColumn } from "../ddl";

export async function up(db: Db): Promise<void> {
  await addColumn(db, "companies", { name: "pay_period", kind: "text" });
  await addColumn(db, "companies", { name: "language", kind: "text" });
  await db.updateTable("companies").set({ pay_period: "monthly", language: "id" }).execute();
}

export async function down(db: Db): Promise<void> {
  for (const column of ["language", "pay_period"]) await db.schema.alterTable("companies").dropColumn(column).execute();
}
