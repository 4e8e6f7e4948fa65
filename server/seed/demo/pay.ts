// A company's work calendar and pay (declaration/pay.ts): the statutory fixed-date holidays of
// this year and the next, and a monthly wage for each person by their role (a field worker of a
// daily or outsourced crew on an hourly rate instead), integer rupiah.
import { statutoryHolidays } from "../../../declaration/pay";
import type { CompanyBuild, Ctx } from "./context";

/** Monthly wages by role, rupiah (Jakarta and Bandung site wages around the 2026 UMK and above). */
const MONTHLY: Record<"admin" | "manager" | "supervisor" | "worker", number> = { admin: 12_000_000, manager: 18_000_000, supervisor: 9_500_000, worker: 5_400_000 };
/** A daily or outsourced field worker's hourly rate, rupiah. */
const HOURLY_CREW = 35_000;

export function buildHolidays(ctx: Ctx, company: Pick<CompanyBuild, "id" | "def">): void {
  const year = Number(ctx.clock.date(0).slice(0, 4));
  const created = ctx.clock.iso(company.def.joined, 11, 30);
  for (const h of statutoryHolidays([year, year + 1])) ctx.store.insert("holiday", { company_id: company.id, ...h, created_at: created });
}

export function buildPayRates(ctx: Ctx, company: CompanyBuild): void {
  const roleKind = new Map(Object.entries(company.roles).map(([kind, row]) => [row.id, kind as keyof typeof MONTHLY]));
  for (const person of company.staff) {
    const kind = roleKind.get(person.role_id as number) ?? "worker";
    const crew = kind === "worker" && (person.employee_type === "daily" || person.employee_type === "outsource");
    ctx.store.insert("pay-rate", {
      company_id: company.id,
      user_id: person.id,
      monthly_wage: crew ? null : MONTHLY[kind],
      hourly_rate: crew ? HOURLY_CREW : null,
      created_at: person.created_at,
    });
  }
}
