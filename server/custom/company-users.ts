// company-management GET user-counts (beyond the spec): each company's people (human-resource
// rows), all and active, for the owner's companies screen. One grouped query, not one per company.
// The platform owner reads every company; anyone else (a company given the menu) their own only.
import { COMPANIES, USERS } from "../access/identity";
import type { CompanyUserCount } from "../../declaration/answers";
import { registerCustom } from "../routes/custom-registry";

/** A person counts as active unless is_active says 0 (null: the column's default, active). */
const active = (v: unknown) => v === null || v === undefined || Number(v) !== 0;

registerCustom("company-management", "userCounts", async (ctx): Promise<CompanyUserCount[]> => {
  const own = ctx.actor.isOwner ? null : ctx.actor.companyId;
  let companies = ctx.db.selectFrom(COMPANIES.table).select("id").orderBy("id");
  let users = ctx.db
    .selectFrom(USERS.table)
    .select((eb) => ["company_id", "is_active", eb.fn.countAll<number>().as("n")])
    .groupBy(["company_id", "is_active"]);
  if (!ctx.actor.isOwner) {
    if (own === null) return [];
    companies = companies.where("id", "=", own);
    users = users.where("company_id", "=", own);
  }
  const counts = new Map<number, CompanyUserCount>();
  for (const c of await companies.execute()) counts.set(Number(c.id), { company_id: Number(c.id), user_count: 0, active_user_count: 0 });
  for (const row of await users.execute()) {
    const entry = row.company_id === null ? undefined : counts.get(Number(row.company_id));
    if (!entry) continue; // the platform's own people (company_id null)
    entry.user_count += Number(row.n);
    if (active(row.is_active)) entry.active_user_count += Number(row.n);
  }
  return [...counts.values()];
});
