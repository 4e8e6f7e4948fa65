// The permission matrix's operations in the contract mock, as server/custom/menus.ts and
// server/custom/role-rights.ts answer them: menu/management/{role_id} (the menus with the role's
// rights, as a tree) and role-menu/replace-byrole/{role_id} (all the role's rights at once).
// The mock has one company: every seeded menu is the company's.
import type { RoleMenuNode, RoleRight, SavedRights, ViewAsSession } from "../../declaration/answers";
import { ROW_SCOPES } from "../../declaration/resources/shared";
import { badRequest, notFound, type FieldErrors } from "../../server/http/errors";
import type { MockDb, Row } from "./db";

const MAX_RIGHTS = 1000;
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const scopeOf = (v: unknown): RoleRight["row_scope"] => ((ROW_SCOPES as readonly unknown[]).includes(v) ? (v as RoleRight["row_scope"]) : null);

function roleOf(db: MockDb, rawId: string): Row {
  const role = db.rows("role").find((r) => String(r.id) === rawId);
  if (!role) throw notFound();
  return role;
}

function rightsOf(db: MockDb, roleId: unknown): RoleRight[] {
  return db
    .rows("role-menu")
    .filter((g) => g.role_id === roleId)
    .map((g) => ({
      menu_id: Number(g.menu_id),
      can_add: g.can_add !== false,
      can_edit: g.can_edit !== false,
      can_delete: g.can_delete !== false,
      row_scope: scopeOf(g.row_scope),
    }));
}

/** GET menu/management/{role_id}. */
export function mockMenuManagement(db: MockDb, roleId: string): RoleMenuNode[] {
  const role = roleOf(db, roleId);
  const held = new Map(rightsOf(db, role.id).map((r) => [r.menu_id, r]));
  const menus = [...db.rows("menu")].sort((a, b) => Number(a.order ?? 0) - Number(b.order ?? 0) || Number(a.id) - Number(b.id));
  const nodes = new Map<number, RoleMenuNode>(
    menus.map((m) => {
      const g = held.get(Number(m.id));
      return [
        Number(m.id),
        {
          id: Number(m.id),
          name: String(m.name),
          alias: String(m.alias),
          url: (m.url as string | null) ?? null,
          icon: (m.icon as string | null) ?? null,
          order: Number(m.order ?? 0),
          parent_id: m.parent_id == null ? null : Number(m.parent_id),
          assigned: !!g,
          can_add: g?.can_add ?? false,
          can_edit: g?.can_edit ?? false,
          can_delete: g?.can_delete ?? false,
          row_scope: g?.row_scope ?? null,
          children: [],
        },
      ];
    }),
  );
  const roots: RoleMenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    (parent && parent !== node ? parent.children : roots).push(node);
  }
  return roots;
}

/** PUT role-menu/replace-byrole/{role_id} { rights }: checked first, then all replaced. */
export function mockReplaceRights(db: MockDb, roleId: string, body: unknown): SavedRights {
  const role = roleOf(db, roleId);
  const list = isObject(body) ? body.rights : undefined;
  if (!Array.isArray(list) || list.length > MAX_RIGHTS) throw badRequest({ rights: { key: "list_required", params: { max: MAX_RIGHTS } } });
  const menuIds = new Set(db.rows("menu").map((m) => Number(m.id)));
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  const rights: RoleRight[] = [];
  list.forEach((raw, i) => {
    const at = `rights.${i}.`;
    if (!isObject(raw)) {
      errors[`rights.${i}`] = { key: "bad_request" };
      return;
    }
    const menuId = raw.menu_id;
    if (typeof menuId !== "number" || !Number.isInteger(menuId)) errors[`${at}menu_id`] = { key: menuId === undefined ? "required" : "not_integer" };
    else if (!menuIds.has(menuId)) errors[`${at}menu_id`] = { key: "bad_ref" };
    else if (seen.has(menuId)) errors[`${at}menu_id`] = { key: "not_unique" };
    else seen.add(menuId);
    for (const f of ["can_add", "can_edit", "can_delete"] as const) if (raw[f] !== undefined && typeof raw[f] !== "boolean") errors[`${at}${f}`] = { key: "not_boolean" };
    const scope = raw.row_scope ?? null;
    if (scope !== null && !(ROW_SCOPES as readonly unknown[]).includes(scope)) errors[`${at}row_scope`] = { key: "bad_enum", params: { options: ROW_SCOPES.join(", ") } };
    rights.push({ menu_id: Number(menuId), can_add: raw.can_add === true, can_edit: raw.can_edit === true, can_delete: raw.can_delete === true, row_scope: scopeOf(scope) });
  });
  if (Object.keys(errors).length) throw badRequest(errors);
  db.remove("role-menu", (g) => g.role_id === role.id);
  for (const r of rights) db.insert("role-menu", { role_id: role.id, ...r });
  return { role_id: Number(role.id), rights: rightsOf(db, role.id) };
}

let viewAsCount = 0;

/** POST role/view-as/{id}: a read-only session as the role's first user (the admin where it has none), with the role's menus. */
export function mockViewAs(
  db: MockDb,
  roleId: string,
  admin: { id: number; name: string; email: string; company_id: number; company_name: string | null },
  timeZone: string,
): ViewAsSession {
  const role = roleOf(db, roleId);
  const user = db.rows("human-resource").find((u) => u.role_id === role.id && u.is_active !== false);
  const held = new Map(rightsOf(db, role.id).map((r) => [r.menu_id, r]));
  const menus = db
    .rows("menu")
    .filter((m) => held.has(Number(m.id)))
    .map((m) => {
      const g = held.get(Number(m.id))!;
      return {
        id: Number(m.id),
        name: String(m.name),
        alias: String(m.alias),
        url: (m.url as string | null) ?? null,
        icon: (m.icon as string | null) ?? null,
        order: Number(m.order ?? 0),
        parent_id: m.parent_id == null ? null : Number(m.parent_id),
        can_add: g.can_add,
        can_edit: g.can_edit,
        can_delete: g.can_delete,
      };
    });
  return {
    token: `mock-view-as-${++viewAsCount}`,
    expires_at: new Date(Date.now() + 2 * 3600_000).toISOString(),
    user: {
      id: user ? Number(user.id) : admin.id,
      name: String(user?.name ?? admin.name),
      email: String(user?.email ?? admin.email),
      company_id: admin.company_id,
      company_name: admin.company_name,
      photo: null,
      time_zone: timeZone,
    },
    role: { id: Number(role.id), name: String(role.name), role_type: String(role.role_type) },
    menus,
    view_as: { by_id: admin.id, by_name: admin.name, role_id: Number(role.id), role_name: String(role.name) },
  };
}

/**
 * GET role/assignable: the roles whose rights lie within the session's own menus (as
 * server/access/ceiling.ts decides, by menu and flags; the mock's menus carry no row scope).
 */
export function mockAssignableRoles(db: MockDb, menus: ReadonlyArray<{ id: number; can_add: boolean; can_edit: boolean; can_delete: boolean }>): number[] {
  const held = new Map(menus.map((m) => [Number(m.id), m]));
  return db
    .rows("role")
    .filter((role) =>
      rightsOf(db, role.id).every((r) => {
        const h = held.get(r.menu_id);
        return !!h && (!r.can_add || h.can_add) && (!r.can_edit || h.can_edit) && (!r.can_delete || h.can_delete);
      }),
    )
    .map((role) => Number(role.id));
}
