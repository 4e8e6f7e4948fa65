// The X-Rights stamp: a short hash of what a session may reach (its role, its menus and rights,
// read-only or not), sent with every authenticated answer. When an admin changes a role's rights
// (or the company's menus, or a user's role) the stamp of that role's sessions changes at their
// next request; the web app then asks GET /api/session again and shows the new sider
// (src/auth/rightsWatch.ts), without signing in again. Cached per role until role_menu,
// menu_company, menu or role are written.
import type { Actor } from "../access/actor";
import { MENU_COMPANIES, MENUS, ROLE_MENUS, ROLES } from "../access/identity";
import { menusFor } from "../access/menus";
import { cached, GRANT_CACHE } from "../cache";
import type { Db } from "../db/connection";
import { sha256 } from "./tokens";

export const RIGHTS_HEADER = "X-Rights";
const TABLES = [ROLE_MENUS.table, MENU_COMPANIES.table, MENUS.table, ROLES.table];

export function rightsStamp(db: Db, actor: Actor): Promise<string> {
  const key = [actor.companyId, actor.roleId, actor.isOwner ? 1 : 0, actor.readOnly ?? ""].join(":");
  return cached(db, "rights-stamp", GRANT_CACHE, key, TABLES, async () =>
    sha256(JSON.stringify([actor.roleId, actor.roleName, actor.roleType, actor.readOnly ?? null, await menusFor(db, actor)])).slice(0, 16),
  );
}
