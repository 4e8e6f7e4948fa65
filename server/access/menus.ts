// The menus of the login answer, each with the group menus above it. The platform owner gets the
// menus of the platform's records and views (companies, packages, menus, sales; `ownerMenu` in
// resources.config.ts): a company's lists would always be empty for someone outside every
// company. Others get the menus their role holds in menus their company has.
import { sql } from "kysely";
import { RESOURCE_BY_NAME } from "../../declaration";
import type { SessionMenuAnswer } from "../../declaration/answers";
import type { Db } from "../db/connection";
import type { Actor } from "./actor";
import { MENU_COMPANIES, MENUS, ROLE_MENUS } from "./identity";

export type MenuEntry = SessionMenuAnswer;

const bool = (v: unknown) => v === null || v === undefined || Number(v) !== 0;

export async function menusFor(db: Db, actor: Actor): Promise<MenuEntry[]> {
  const all = await db.selectFrom(MENUS.table).select(["id", "name", "alias", "url", "icon", "order", "parent_id"]).orderBy("order").orderBy("id").execute();
  const entry = (m: (typeof all)[number], g: { can_add: unknown; can_edit: unknown; can_delete: unknown } | null): MenuEntry => ({
    id: m.id,
    name: String(m.name),
    alias: String(m.alias),
    url: m.url,
    icon: m.icon,
    order: m.order ?? 0,
    parent_id: m.parent_id,
    can_add: g ? bool(g.can_add) : false,
    can_edit: g ? bool(g.can_edit) : false,
    can_delete: g ? bool(g.can_delete) : false,
  });
  const byId = new Map(all.map((m) => [m.id, m]));
  /** The menus and their group menus (parents), guarding against cycles. */
  const withParents = (ids: Iterable<number>) => {
    const include = new Set<number>();
    for (const id of ids) {
      let cur: number | null = id;
      for (let depth = 0; cur !== null && byId.has(cur) && !include.has(cur) && depth < 10; depth++) {
        include.add(cur);
        cur = byId.get(cur)!.parent_id;
      }
    }
    return include;
  };
  if (actor.isOwner) {
    const forOwner = (alias: string) => {
      const r = RESOURCE_BY_NAME.get(alias);
      return !!r && (r.ownerMenu ?? r.scope === "platform");
    };
    const platform = all.filter((m) => m.url && m.alias !== null && forOwner(m.alias)).map((m) => m.id);
    const include = withParents(platform);
    return all.filter((m) => include.has(m.id)).map((m) => entry(m, { can_add: 1, can_edit: 1, can_delete: 1 }));
  }
  if (actor.companyId === null || actor.roleId === null) return [];

  const granted = await db
    .selectFrom(`${ROLE_MENUS.table} as rm`)
    .select(["rm.menu_id", "rm.can_add", "rm.can_edit", "rm.can_delete"])
    .where("rm.role_id", "=", actor.roleId)
    .where("rm.company_id", "=", actor.companyId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom(`${MENU_COMPANIES.table} as mc`)
          .select(sql`1`.as("one"))
          .whereRef("mc.menu_id", "=", "rm.menu_id")
          .where("mc.company_id", "=", actor.companyId)
          .where((eb) => eb.or([eb("mc.is_active", "=", 1), eb("mc.is_active", "is", null)])),
      ),
    )
    .execute();
  const grants = new Map<number, { can_add: unknown; can_edit: unknown; can_delete: unknown }>();
  for (const g of granted) {
    const id = g.menu_id;
    if (id === null) continue;
    const prev = grants.get(id);
    grants.set(
      id,
      prev
        ? {
            can_add: bool(prev.can_add) || bool(g.can_add) ? 1 : 0,
            can_edit: bool(prev.can_edit) || bool(g.can_edit) ? 1 : 0,
            can_delete: bool(prev.can_delete) || bool(g.can_delete) ? 1 : 0,
          }
        : g,
    );
  }
  const include = withParents(grants.keys());
  return all.filter((m) => include.has(m.id)).map((m) => entry(m, grants.get(m.id) ?? null));
}
