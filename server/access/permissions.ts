// A role's rights on a menu (docs/api.md "Access rules"): the role must hold the menu, in a menu
// the company has (menu-company, active); can_add/can_edit/can_delete gate writes; row_scope says
// how far it sees rows. What an operation needs of them: server/access/operation-access.ts.
import { sql } from "kysely";
import type { RowScope } from "../../declaration";
import { cached, GRANT_CACHE } from "../cache";
import type { Db } from "../db/connection";
import type { Actor } from "./actor";
import { MENU_COMPANIES, MENUS, ROLE_MENUS } from "./identity";
import { defaultRowScope, isRowScope, widestScope } from "./row-rule";

export interface Grant {
  can_add: boolean;
  can_edit: boolean;
  can_delete: boolean;
  /** How far the role sees rows of resources declaring rowVisibility through this menu (server/access/row-scope.ts). */
  row_scope: RowScope;
}

/** Tables a grant is read from: a write to any of them drops the cached grants. */
const GRANT_TABLES = [ROLE_MENUS.table, MENUS.table, MENU_COMPANIES.table];

/**
 * The actor's rights on the menu with this alias, or null when the role does not hold it.
 * Asked by every request: cached per company, role and menu for a few seconds, dropped at
 * once when role menus, menus or menu-company rows are written (server/cache.ts).
 */
export async function menuGrant(db: Db, actor: Actor, alias: string): Promise<Grant | null> {
  if (actor.isOwner) return { can_add: true, can_edit: true, can_delete: true, row_scope: "company" };
  if (actor.companyId === null || actor.roleId === null) return null;
  // The role type decides a row scope left empty: part of the key (a role's type may change).
  const key = `${actor.companyId}:${actor.roleId}:${actor.roleType}:${alias}`;
  const grant = await cached(db, "grant", GRANT_CACHE, key, GRANT_TABLES, () => loadGrant(db, actor.companyId!, actor.roleId!, actor.roleType, alias));
  return grant && { ...grant };
}

async function loadGrant(db: Db, companyId: number, roleId: number, roleType: string | null, alias: string): Promise<Grant | null> {
  const rows = await db
    .selectFrom(`${ROLE_MENUS.table} as rm`)
    .innerJoin(`${MENUS.table} as m`, "m.id", "rm.menu_id")
    .select(["rm.can_add", "rm.can_edit", "rm.can_delete", "rm.row_scope"])
    .where("rm.role_id", "=", roleId)
    .where("rm.company_id", "=", companyId)
    .where("m.alias", "=", alias)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom(`${MENU_COMPANIES.table} as mc`)
          .select(sql`1`.as("one"))
          .whereRef("mc.menu_id", "=", "m.id")
          .where("mc.company_id", "=", companyId)
          .where((eb) => eb.or([eb("mc.is_active", "=", 1), eb("mc.is_active", "is", null)])),
      ),
    )
    .execute();
  if (rows.length === 0) return null;
  const any = (k: "can_add" | "can_edit" | "can_delete") => rows.some((r) => Number(r[k] ?? 1) !== 0);
  // Several rows of one menu: the widest right wins, as for can_*.
  const row_scope = widestScope(rows.map((r) => (isRowScope(r.row_scope) ? r.row_scope : defaultRowScope(roleType))));
  return { can_add: any("can_add"), can_edit: any("can_edit"), can_delete: any("can_delete"), row_scope };
}
