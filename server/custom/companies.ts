// company-management POST add (beyond the spec: a new company needs a way in). Besides the
// company's own fields the body may carry its first admin: admin_name, admin_email,
// admin_password (virtual fields of the declaration: validated, never stored on the company).
// In one transaction:
// - the company (the platform owner only: company-management is a platform resource);
// - its menus: a menu-company row for every menu a company may have (all but the
//   platform-only ones, as the demo companies get them; group menus come with their children);
// - with an admin: a role "Administrator" (role_type admin) holding every one of those menus
//   with can_add/can_edit/can_delete, and the admin user with that role.
// The admin fields come all three or none (400 naming the missing ones); the email must be
// free on the whole platform (409 on admin_email). Answers the company record plus
// `admin: { id, name, email, role_id } | null`.
import { resourceByName } from "../../declaration";
import { MENUS, USERS } from "../access/identity";
import { hashPassword } from "../auth/password";
import type { Db } from "../db/connection";
import { badRequest, conflict, type FieldErrors } from "../http/errors";
import { RecordStore } from "../records/store";
import { registerCustom } from "../routes/custom-registry";
import { statutoryHolidays } from "../../declaration/pay";
import { PLATFORM_ONLY_MENUS } from "../seed/demo/access";
import { validateRecord } from "../validation/record";

const COMPANY = resourceByName("company-management");
const MENU_COMPANY = resourceByName("menu-company");
const ROLE = resourceByName("role");
const ROLE_MENU = resourceByName("role-menu");
const HR = resourceByName("human-resource");
const HOLIDAY = resourceByName("holiday");
const ADMIN_FIELDS = ["admin_name", "admin_email", "admin_password"] as const;

/**
 * Ids of the menus a company gets: every menu without children that is not platform-only, and
 * the menus above them (their groups), in menu order.
 */
export async function companyMenuIds(db: Db): Promise<number[]> {
  const menus = (await db.selectFrom(MENUS.table).select(["id", "alias", "parent_id"]).orderBy("order").orderBy("id").execute()).map((m) => ({
    id: Number(m.id),
    alias: String(m.alias),
    parent: m.parent_id === null ? null : Number(m.parent_id),
  }));
  const byId = new Map(menus.map((m) => [m.id, m]));
  const parents = new Set(menus.map((m) => m.parent).filter((p): p is number => p !== null));
  const platform = new Set<string>(PLATFORM_ONLY_MENUS);
  const owned = new Set<number>();
  for (const leaf of menus.filter((m) => !parents.has(m.id) && !platform.has(m.alias))) {
    for (let m = byId.get(leaf.id), depth = 0; m && !owned.has(m.id) && depth < 20; m = m.parent === null ? undefined : byId.get(m.parent), depth++) owned.add(m.id);
  }
  return menus.filter((m) => owned.has(m.id)).map((m) => m.id);
}

registerCustom("company-management", "add", async (ctx) => {
  const body = ctx.body && typeof ctx.body === "object" && !Array.isArray(ctx.body) ? (ctx.body as Record<string, unknown>) : {};
  const { values, errors } = validateRecord(COMPANY, body, { mode: "create" });
  const given = ADMIN_FIELDS.filter((f) => values[f] !== undefined && values[f] !== null);
  if (given.length > 0) for (const f of ADMIN_FIELDS) if (!given.includes(f) && !errors[f]) errors[f] = { key: "required" };
  if (Object.keys(errors).length) throw badRequest(errors);
  const admin = given.length ? { name: String(values.admin_name), email: String(values.admin_email).toLowerCase(), password: String(values.admin_password) } : null;
  if (admin && (await ctx.db.selectFrom(USERS.table).select("id").where("email", "=", admin.email).executeTakeFirst())) {
    throw conflict({ admin_email: { key: "not_unique" } });
  }
  // scrypt takes a while: hash before the transaction, so it holds no lock meanwhile.
  const passwordHash = admin ? await hashPassword(admin.password) : null;
  const companyBody = Object.fromEntries(Object.entries(body).filter(([k]) => !(ADMIN_FIELDS as readonly string[]).includes(k)));
  const menuIds = await companyMenuIds(ctx.db);

  const made = await ctx.db.transaction().execute(async (trx) => {
    const owner = ctx.store.withDb(trx);
    const company = await owner.create(COMPANY, companyBody);
    const companyId = Number(company.id);
    if (menuIds.length) await owner.createMany(MENU_COMPANY, { items: menuIds.map((menu_id) => ({ company_id: companyId, menu_id, is_active: true })) });
    // Its work calendar starts with the statutory fixed-date holidays of this year and the next (declaration/pay.ts).
    const year = new Date().getUTCFullYear();
    const stamp = new Date().toISOString();
    await trx
      .insertInto(HOLIDAY.table)
      .values(statutoryHolidays([year, year + 1]).map((h) => ({ ...h, company_id: companyId, created_at: stamp, updated_at: stamp })))
      .execute();
    if (!admin || !passwordHash) return { company, admin: null };
    // Rows of the new company are written as inside it, by the platform owner (who holds every right).
    const inside = new RecordStore(trx, { ...ctx.actor, companyId }, ctx.lang);
    const role = await inside.create(ROLE, {
      name: "Administrator",
      role_type: "admin",
      is_field_role: false,
      description: "Manages the company: users, roles, master data and subscription.",
    });
    const roleId = Number(role.id);
    if (menuIds.length) {
      await inside.createMany(ROLE_MENU, { items: menuIds.map((menu_id) => ({ role_id: roleId, menu_id, can_add: true, can_edit: true, can_delete: true })) });
    }
    let userId: number;
    try {
      const row = await inside.prepareCreate(HR, { name: admin.name, email: admin.email, employee_type: "permanent", role_id: roleId, is_active: true });
      row.password = passwordHash;
      userId = await inside.insertRow(HR, row);
    } catch (e) {
      // The admin's fields are admin_*: name the clash so.
      const he = e as { statusCode?: number; errors?: FieldErrors };
      if (he.statusCode === 409 || he.statusCode === 400) {
        const renamed: FieldErrors = {};
        for (const [k, v] of Object.entries(he.errors ?? {})) renamed[k === "email" || k === "name" ? `admin_${k}` : k] = v;
        throw he.statusCode === 409 ? conflict(renamed) : badRequest(renamed);
      }
      throw e;
    }
    return { company, admin: { id: userId, name: admin.name, email: admin.email, role_id: roleId } };
  });
  return { ...made.company, admin: made.admin };
});
