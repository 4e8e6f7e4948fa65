// Reference data every database needs, made from the declaration: the menus (one group menu
// per menu group, one menu per resource that has a `group`, url = its route), the currency
// (IDR) and issue statuses; and the platform owner (demo seed and `npm run create-admin`).
import { ALL_RESOURCES, MENU_GROUPS, resourceByName } from "../../declaration";
import type { RowOf } from "../../declaration/rows";
import { COMPANIES, MENUS, ROLES, USERS } from "../access/identity";
import type { Db } from "../db/connection";
import { dynamicDb } from "../db/dynamic";
import { webLabels } from "../i18n/resource-labels";
import { insertRows } from "./load";

/** A menu the seed writes: the menu record's fields (declaration/rows.ts), its id when it is fixed. */
export type MenuRow = Pick<RowOf<"menu">, "name" | "alias" | "url" | "icon" | "parent_id" | "description"> & { id?: number; order: number };

const humanize = (name: string) => name.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());

/** Menus the declaration asks for, groups first; parent_id given by group alias. */
export function declaredMenus(): Array<Omit<MenuRow, "parent_id"> & { parentAlias: string | null }> {
  // English menu names from the web app's labels (resources and menu groups) when present, else from the name.
  const { resources: names, menuGroups: groupNames } = webLabels("en");
  const out: Array<Omit<MenuRow, "parent_id"> & { parentAlias: string | null }> = [];
  MENU_GROUPS.forEach((g, i) =>
    out.push({ name: groupNames[g.group] ?? humanize(g.group), alias: g.group, url: null, icon: g.icon, order: (i + 1) * 100, description: null, parentAlias: null }),
  );
  for (const [gi, g] of MENU_GROUPS.entries()) {
    ALL_RESOURCES.filter((r) => r.group === g.group).forEach((r, i) =>
      out.push({
        name: names[r.name] ?? humanize(r.name),
        alias: r.name,
        url: r.route,
        icon: r.icon ?? null,
        order: gi * 100 + 100 + i + 1,
        description: null,
        parentAlias: g.group,
      }),
    );
  }
  return out;
}

const now = () => new Date().toISOString();

/** Adds the declared menus that are missing (by alias), so a new resource gets its menu. */
export async function syncMenus(db: Db): Promise<number> {
  const existing = new Map((await db.selectFrom(MENUS.table).select(["id", "alias"]).execute()).map((m) => [String(m.alias), Number(m.id)]));
  let added = 0;
  for (const m of declaredMenus()) {
    if (existing.has(m.alias)) continue;
    const { parentAlias, ...row } = m;
    const parent_id = parentAlias ? (existing.get(parentAlias) ?? null) : null;
    const res = await db
      .insertInto(MENUS.table)
      .values({ ...row, parent_id, created_at: now(), updated_at: now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    existing.set(m.alias, Number(res.id));
    added++;
  }
  return added;
}

export const ISSUE_STATUSES = [
  { name: "Open", color: "#1677ff", order: 1, is_closed: false },
  { name: "In progress", color: "#faad14", order: 2, is_closed: false },
  { name: "Resolved", color: "#52c41a", order: 3, is_closed: true },
  { name: "Closed", color: "#8c8c8c", order: 4, is_closed: true },
];

export const CURRENCIES = [{ code: "IDR", name: "Indonesian Rupiah", symbol: "Rp", decimal_places: 0, is_default: true }];

const isEmptyTable = async (db: Db, table: string) => !(await dynamicDb(db).selectFrom(table).select("id").limit(1).executeTakeFirst());

/** Menus, the currency and issue statuses: safe to run at every start. */
export async function seedBase(db: Db): Promise<void> {
  await syncMenus(db);
  if (await isEmptyTable(db, resourceByName("currency").table)) await insertRows(db, "currency", CURRENCIES);
  if (await isEmptyTable(db, resourceByName("issue-status").table)) await insertRows(db, "issue-status", ISSUE_STATUSES);
}

export const OWNER_ROLE_NAME = "Platform owner";

/** The platform owner: role_type "owner", no company. Returns the user id. */
export async function createOwner(db: Db, o: { email: string; name: string; passwordHash: string }): Promise<number> {
  let role = await db.selectFrom(ROLES.table).select("id").where("role_type", "=", "owner").where("company_id", "is", null).orderBy("id").executeTakeFirst();
  if (!role) {
    role = await db
      .insertInto(ROLES.table)
      .values({
        name: OWNER_ROLE_NAME,
        role_type: "owner",
        is_field_role: 0,
        description: "Runs the platform: companies, packages, menus, sales.",
        company_id: null,
        created_at: now(),
        updated_at: now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  }
  const res = await db
    .insertInto(USERS.table)
    .values({
      name: o.name,
      email: o.email.trim().toLowerCase(),
      password: o.passwordHash,
      employee_type: "permanent",
      role_id: Number(role.id),
      is_active: 1,
      company_id: null,
      created_at: now(),
      updated_at: now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(res.id);
}

export const hasUsers = async (db: Db): Promise<boolean> => !(await isEmptyTable(db, USERS.table));
export const hasCompanies = async (db: Db): Promise<boolean> => !(await isEmptyTable(db, COMPANIES.table));
