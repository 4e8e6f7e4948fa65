// company-management GET people/{id} and PUT restore-admin/{id} (beyond the spec; the platform
// owner only): a company whose administrators were all disabled, demoted or stripped of their
// rights gets one back. The person named (`user_id`, one of the company's people) is enabled and
// given the company's administrator role (its first role of type admin, else a new
// "Administrator"), and that role every menu the company has with every right, company-wide, as
// a new company's first admin gets them. One transaction, one `restore_admin` audit entry.
import type { CompanyPerson, RestoredAdmin } from "../../declaration/answers";
import { administratorsOf } from "../access/administration";
import { COMPANIES, MENU_COMPANIES, ROLE_MENUS, ROLES, USERS } from "../access/identity";
import { audit } from "../audit/log";
import { badRequest, notFound } from "../http/errors";
import { registerCustom } from "../routes/custom-registry";

const isOn = (v: unknown) => v === null || v === undefined || Number(v) !== 0;

async function companyOf(ctx: Parameters<Parameters<typeof registerCustom>[2]>[0]): Promise<{ id: number; name: string }> {
  const id = Number(ctx.params.id);
  const row = Number.isSafeInteger(id) ? await ctx.db.selectFrom(COMPANIES.table).select(["id", "name"]).where("id", "=", id).executeTakeFirst() : undefined;
  if (!row) throw notFound();
  return { id, name: String(row.name) };
}

registerCustom("company-management", "people", async (ctx): Promise<CompanyPerson[]> => {
  const company = await companyOf(ctx);
  const admins = new Set(await administratorsOf(ctx.db, company.id));
  const rows = await ctx.db
    .selectFrom(`${USERS.table} as u`)
    .leftJoin(`${ROLES.table} as r`, (j) => j.onRef("r.id", "=", "u.role_id").onRef("r.company_id", "=", "u.company_id"))
    .select(["u.id", "u.name", "u.email", "u.is_active", "r.id as role_id", "r.name as role_name"])
    .where("u.company_id", "=", company.id)
    .orderBy("u.name")
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    email: String(r.email),
    is_active: isOn(r.is_active),
    role_id: r.role_id === null ? null : Number(r.role_id),
    role_name: (r.role_name as string | null) ?? null,
    is_administrator: admins.has(Number(r.id)),
  }));
});

registerCustom("company-management", "restoreAdmin", async (ctx): Promise<RestoredAdmin> => {
  const company = await companyOf(ctx);
  // user_id is declared (its input) and checked before the handler: a positive integer.
  const userId = (ctx.body as { user_id: number }).user_id;
  const person = await ctx.db
    .selectFrom(USERS.table)
    .select(["id", "name", "role_id", "is_active"])
    .where("id", "=", userId)
    .where("company_id", "=", company.id)
    .executeTakeFirst();
  if (!person) throw badRequest({ user_id: { key: "bad_ref" } });
  const now = new Date().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    let role = await trx.selectFrom(ROLES.table).select(["id", "name"]).where("company_id", "=", company.id).where("role_type", "=", "admin").orderBy("id").executeTakeFirst();
    if (!role) {
      const made = await trx
        .insertInto(ROLES.table)
        .values({ company_id: company.id, name: "Administrator", role_type: "admin", is_field_role: 0, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      role = { id: made.id, name: "Administrator" };
    }
    const roleId = Number(role.id);
    const menus = await trx
      .selectFrom(MENU_COMPANIES.table)
      .select("menu_id")
      .where("company_id", "=", company.id)
      .where((eb) => eb.or([eb("is_active", "=", 1), eb("is_active", "is", null)]))
      .execute();
    await trx.deleteFrom(ROLE_MENUS.table).where("role_id", "=", roleId).where("company_id", "=", company.id).execute();
    if (menus.length) {
      await trx
        .insertInto(ROLE_MENUS.table)
        .values(
          menus.map((m) => ({
            role_id: roleId,
            menu_id: Number(m.menu_id),
            company_id: company.id,
            can_add: 1,
            can_edit: 1,
            can_delete: 1,
            row_scope: "company",
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    await trx.updateTable(USERS.table).set({ role_id: roleId, is_active: 1, updated_at: now }).where("id", "=", userId).execute();
    await audit(trx, ctx.actor, {
      kind: "restore_admin",
      resource: "human-resource",
      recordId: userId,
      label: String(person.name),
      before: { role_id: person.role_id === null ? null : Number(person.role_id), is_active: isOn(person.is_active) },
      after: { role_id: roleId, role: String(role.name), is_active: true, rights: "every menu of the company" },
      companyId: company.id,
    });
    return { user_id: userId, role_id: roleId, role_name: String(role.name) };
  });
});
