// Menus of a role, for the role screens:
// - menu GET management/{role_id}: the menu tree the role's company has, each menu with the
//   role's assignment and rights;
// - menu-company-role POST search: the same menus as a flat, searchable page (column role_id).
// A company has the menus of its active menu-company rows; the platform owner's roles (no
// company) have every menu. A role of another company is 404.
import { resourceByName, type RowScope } from "../../declaration";
import type { SessionMenuAnswer } from "../../declaration/answers";
import { ROW_SCOPES } from "../../declaration/resources/shared";
import { MENU_COMPANIES, MENUS, ROLE_MENUS } from "../access/identity";
import type { Db } from "../db/connection";
import { badRequest, notFound } from "../http/errors";
import { RecordStore } from "../records/store";
import { registerCustom } from "../routes/custom-registry";
import { asPage, bodyOf, columnsOf, searchRows, type Row } from "../records/computed-search";

const ROLE = resourceByName("role");
const MENU_COMPANY_ROLE = resourceByName("menu-company-role");

export type RoleMenu = SessionMenuAnswer & {
  assigned: boolean;
  /** The role-menu's row scope (null: the role type's default). */
  row_scope: RowScope | null;
};

export interface MenuNode extends RoleMenu {
  children: MenuNode[];
}

const flag = (v: unknown) => v === null || v === undefined || Number(v) !== 0;
const scopeOf = (v: unknown): RowScope | null => ((ROW_SCOPES as readonly unknown[]).includes(v) ? (v as RowScope) : null);

/** The role (in the actor's tenancy, else 404) with its company and whether it is the platform owner's. */
export async function roleOf(store: RecordStore, rawId: unknown): Promise<{ id: number; companyId: number | null; owner: boolean; name: string; roleType: string | null }> {
  const rec = await store.findOne(ROLE, store.matchParams(ROLE, { id: rawId }));
  if (!rec) throw notFound();
  const companyId = rec.company_id === null || rec.company_id === undefined ? null : Number(rec.company_id);
  const roleType = typeof rec.role_type === "string" ? rec.role_type : null;
  return { id: Number(rec.id), companyId, owner: rec.role_type === "owner" && companyId === null, name: String(rec.name), roleType };
}

/** The menus a company has (every menu for none: the platform), each with the role's rights. */
export async function menusOfRole(db: Db, role: { id: number; companyId: number | null; owner: boolean }): Promise<RoleMenu[]> {
  let q = db.selectFrom(`${MENUS.table} as m`).select(["m.id", "m.name", "m.alias", "m.url", "m.icon", "m.order", "m.parent_id"]);
  if (role.companyId !== null) {
    const companyId = role.companyId;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom(`${MENU_COMPANIES.table} as mc`)
          .select("mc.id")
          .whereRef("mc.menu_id", "=", "m.id")
          .where("mc.company_id", "=", companyId)
          .where((eb) => eb.or([eb("mc.is_active", "=", 1), eb("mc.is_active", "is", null)])),
      ),
    );
  }
  const menus = await q.orderBy("m.order").orderBy("m.id").execute();
  let grants = db.selectFrom(ROLE_MENUS.table).select(["menu_id", "can_add", "can_edit", "can_delete", "row_scope"]).where("role_id", "=", role.id);
  grants = role.companyId === null ? grants.where("company_id", "is", null) : grants.where("company_id", "=", role.companyId);
  const byMenu = new Map<number, { can_add: boolean; can_edit: boolean; can_delete: boolean; row_scope: RowScope | null }>();
  for (const g of await grants.execute()) {
    const id = g.menu_id;
    if (id === null) continue;
    const prev = byMenu.get(id);
    // Two rows for one menu grant what either grants (as the permission check reads them).
    byMenu.set(id, {
      can_add: flag(g.can_add) || !!prev?.can_add,
      can_edit: flag(g.can_edit) || !!prev?.can_edit,
      can_delete: flag(g.can_delete) || !!prev?.can_delete,
      row_scope: prev?.row_scope ?? scopeOf(g.row_scope),
    });
  }
  return menus.map((m) => {
    const id = m.id;
    // The platform owner's role holds every menu whatever its rows say (access/permissions.ts).
    const g = role.owner ? { can_add: true, can_edit: true, can_delete: true, row_scope: null } : byMenu.get(id);
    return {
      id,
      name: String(m.name),
      alias: String(m.alias),
      url: m.url,
      icon: m.icon,
      order: m.order ?? 0,
      parent_id: m.parent_id,
      assigned: !!g,
      can_add: g?.can_add ?? false,
      can_edit: g?.can_edit ?? false,
      can_delete: g?.can_delete ?? false,
      row_scope: g?.row_scope ?? null,
    };
  });
}

/** Menus (in menu order) → tree by parent_id; a menu whose parent is not among them is a root. */
export function menuTree(menus: RoleMenu[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>(menus.map((m) => [m.id, { ...m, children: [] }]));
  const roots: MenuNode[] = [];
  for (const m of menus) {
    const node = nodes.get(m.id)!;
    const parent = m.parent_id === null ? undefined : nodes.get(m.parent_id);
    if (parent && parent !== node && !isAncestor(node, parent, nodes)) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Is `node` above `of` (a parent_id cycle would hide both from the tree)? */
function isAncestor(node: MenuNode, of: MenuNode, nodes: Map<number, MenuNode>): boolean {
  let cur: MenuNode | undefined = of;
  for (let depth = 0; cur && depth < 50; depth++) {
    if (cur.parent_id === node.id) return true;
    cur = cur.parent_id === null ? undefined : nodes.get(cur.parent_id);
  }
  return false;
}

// Read by holders of the platform's menu list or of role menus (the declaration's right).
registerCustom("menu", "management", async (ctx) => {
  const role = await roleOf(ctx.store, ctx.params.role_id);
  return menuTree(await menusOfRole(ctx.db, role));
});

registerCustom("menu-company-role", "search", async (ctx) => {
  const body = bodyOf(ctx.body);
  const roleCol = columnsOf(body).find((c) => c.data === "role_id" && (c.operator ?? "=") === "=" && c.value !== undefined && c.value !== null && c.value !== "");
  if (!roleCol) throw badRequest({ role_id: { key: "required" } });
  const role = await roleOf(ctx.store, roleCol.value);
  const rows: Row[] = (await menusOfRole(ctx.db, role)).map((m) => ({
    menu_id: m.id,
    role_id: role.id,
    name: m.name,
    alias: m.alias,
    url: m.url,
    icon: m.icon,
    order: m.order,
    parent_id: m.parent_id,
    assigned: m.assigned,
    can_add: m.can_add,
    can_edit: m.can_edit,
    can_delete: m.can_delete,
  }));
  return asPage(
    await searchRows(MENU_COMPANY_ROLE, rows, body, {
      defaultOrder: [
        { column: "order", direction: "asc" },
        { column: "menu_id", direction: "asc" },
      ],
      labels: { db: ctx.db, actor: ctx.actor },
      lang: ctx.lang,
    }),
  );
});
