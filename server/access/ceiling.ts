// Role ceilings (docs/guide.md "Roles and rights"): nobody grants a role or a right they do not hold
// themselves. A role's rights are its menus (the ones its company has), each with can_add,
// can_edit, can_delete and how far it sees rows; one role "covers" another when it holds every
// menu of it with at least its flags and at least its row scope. Checked when a person's role is
// set (staff add and update, invitations, imports), when a role's rights or type change (the
// rights matrix, role-menu writes, role update or delete), before acting on a person (update,
// disable, enable, delete: nobody edits someone above them), and for "view as". The platform
// owner holds everything.
import type { RowScope } from "../../declaration";
import type { RowOf } from "../../declaration/rows";
import type { Db } from "../db/connection";
import type { Database } from "../db/database";
import { forbidden } from "../http/errors";
import type { Actor } from "./actor";
import { MENU_COMPANIES, MENUS, ROLE_MENUS, ROLES, USERS } from "./identity";
import { defaultRowScope, isRowScope, ROW_SCOPES } from "./row-rule";

/** What a role may do on one menu. */
export interface MenuRights {
  add: boolean;
  edit: boolean;
  delete: boolean;
  scope: RowScope;
}

/** A role's rights by menu alias; `all` for the platform owner (every menu, every right). */
export interface RoleRights {
  all: boolean;
  byMenu: Map<string, MenuRights>;
}

const flag = (v: unknown) => v === null || v === undefined || Number(v) !== 0;

/**
 * A set of rights in the matrix's form: flags and scope per menu id, as role_menu stores them
 * (flags 0/1) or as a save sends them (the role-menu record's booleans).
 */
export type RightRow = Pick<Database["role_menu"] | RowOf<"role-menu">, "menu_id" | "can_add" | "can_edit" | "can_delete" | "row_scope">;

/** Rights of role-menu rows (several rows of one menu: the widest), menus by alias; only menus the company has. */
async function rightsOfRows(db: Db, companyId: number, roleType: string | null, rows: RightRow[]): Promise<RoleRights> {
  const byMenu = new Map<string, MenuRights>();
  if (!rows.length) return { all: false, byMenu };
  const menus = await db
    .selectFrom(`${MENUS.table} as m`)
    .select(["m.id", "m.alias"])
    .where(
      "m.id",
      "in",
      rows.map((r) => r.menu_id),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom(`${MENU_COMPANIES.table} as mc`)
          .select("mc.id")
          .whereRef("mc.menu_id", "=", "m.id")
          .where("mc.company_id", "=", companyId)
          .where((eb) => eb.or([eb("mc.is_active", "=", 1), eb("mc.is_active", "is", null)])),
      ),
    )
    .execute();
  const aliasOf = new Map(menus.map((m) => [Number(m.id), String(m.alias)]));
  for (const r of rows) {
    const alias = aliasOf.get(Number(r.menu_id));
    if (!alias) continue;
    const scope = isRowScope(r.row_scope) ? r.row_scope : defaultRowScope(roleType);
    const was = byMenu.get(alias);
    const now = { add: flag(r.can_add), edit: flag(r.can_edit), delete: flag(r.can_delete), scope };
    byMenu.set(alias, was ? { add: was.add || now.add, edit: was.edit || now.edit, delete: was.delete || now.delete, scope: wider(was.scope, now.scope) } : now);
  }
  return { all: false, byMenu };
}

const rank = (s: RowScope) => ROW_SCOPES.indexOf(s);
const wider = (a: RowScope, b: RowScope): RowScope => (rank(b) > rank(a) ? b : a);

/** The stored rights of a role of the company (with its type, which decides an empty row scope). */
export async function rightsOfRole(db: Db, companyId: number, roleId: number, roleType?: string | null): Promise<RoleRights> {
  const type = roleType === undefined ? await roleTypeOf(db, roleId) : roleType;
  const rows = await db
    .selectFrom(ROLE_MENUS.table)
    .select(["menu_id", "can_add", "can_edit", "can_delete", "row_scope"])
    .where("role_id", "=", roleId)
    .where("company_id", "=", companyId)
    .execute();
  return rightsOfRows(db, companyId, type, rows);
}

/** Rights as a matrix save would store them for a role of this type. */
export const rightsOfMatrix = (db: Db, companyId: number, roleType: string | null, rows: RightRow[]): Promise<RoleRights> => rightsOfRows(db, companyId, roleType, rows);

async function roleTypeOf(db: Db, roleId: number): Promise<string | null> {
  const row = await db.selectFrom(ROLES.table).select("role_type").where("id", "=", roleId).executeTakeFirst();
  return row?.role_type ?? null;
}

/** The rights the actor holds (their role's; the platform owner all). A view-as session holds none: it writes nothing. */
export async function rightsOfActor(db: Db, actor: Actor): Promise<RoleRights> {
  if (actor.isOwner) return { all: true, byMenu: new Map() };
  if (actor.companyId === null || actor.roleId === null || actor.readOnly === "view_as") return { all: false, byMenu: new Map() };
  return rightsOfRole(db, actor.companyId, actor.roleId, actor.roleType);
}

/** The menus (aliases) where `wanted` goes beyond `held`; empty when held covers wanted. */
export function beyond(held: RoleRights, wanted: RoleRights): string[] {
  if (held.all) return [];
  if (wanted.all) return ["*"];
  const out: string[] = [];
  for (const [alias, w] of wanted.byMenu) {
    const h = held.byMenu.get(alias);
    if (!h || (w.add && !h.add) || (w.edit && !h.edit) || (w.delete && !h.delete) || rank(w.scope) > rank(h.scope)) out.push(alias);
  }
  return out;
}

/** Whether one menu's rights (as a matrix row would store them for a role of this type) go beyond `held`. */
export function rowBeyond(held: RoleRights, alias: string, row: Omit<RightRow, "menu_id">, roleType: string | null): boolean {
  const byMenu = new Map<string, MenuRights>([
    [alias, { add: flag(row.can_add), edit: flag(row.can_edit), delete: flag(row.can_delete), scope: isRowScope(row.row_scope) ? row.row_scope : defaultRowScope(roleType) }],
  ]);
  return beyond(held, { all: false, byMenu }).length > 0;
}

/** 403 above_own_rights unless the actor's rights cover `wanted` (a role given, rights granted, a person acted on). */
export async function requireCovers(db: Db, actor: Actor, wanted: RoleRights | Promise<RoleRights>): Promise<void> {
  if (actor.isOwner) return;
  const over = beyond(await rightsOfActor(db, actor), await wanted);
  if (over.length) throw forbidden("above_own_rights");
}

/** 403 above_own_rights unless the actor covers the role (of the actor's company; another company's is not the actor's to give). */
export async function requireCoversRole(db: Db, actor: Actor, roleId: number | null): Promise<void> {
  if (actor.isOwner || roleId === null || actor.companyId === null) return;
  await requireCovers(db, actor, rightsOfRole(db, actor.companyId, roleId));
}

/** 403 above_own_rights unless the actor covers the current role of each person (nobody acts on someone above them). */
export async function requireCoversPeople(db: Db, actor: Actor, userIds: readonly number[]): Promise<void> {
  if (actor.isOwner || actor.companyId === null || !userIds.length) return;
  const rows = await db.selectFrom(USERS.table).select(["role_id"]).where("company_id", "=", actor.companyId).where("id", "in", userIds).execute();
  for (const roleId of new Set(rows.map((r) => (r.role_id === null ? null : Number(r.role_id))))) await requireCoversRole(db, actor, roleId);
}

/** The roles of the actor's company whose rights lie within the actor's own: those they may give, and whose people they may act on. */
export async function assignableRoles(db: Db, actor: Actor): Promise<number[]> {
  if (actor.companyId === null) return [];
  const roles = await db.selectFrom(ROLES.table).select(["id", "role_type"]).where("company_id", "=", actor.companyId).orderBy("id").execute();
  const rows = await db
    .selectFrom(ROLE_MENUS.table)
    .select(["role_id", "menu_id", "can_add", "can_edit", "can_delete", "row_scope"])
    .where("company_id", "=", actor.companyId)
    .execute();
  const held = await rightsOfActor(db, actor);
  const out: number[] = [];
  for (const role of roles) {
    const mine = rows.filter((r) => Number(r.role_id) === Number(role.id));
    const rights = await rightsOfRows(db, actor.companyId, role.role_type, mine);
    if (!beyond(held, rights).length) out.push(Number(role.id));
  }
  return out;
}
