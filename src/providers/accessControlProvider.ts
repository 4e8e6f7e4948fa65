// Who may do what, from the menus the role holds (stored at login; docs/api.md "Access rules"):
// a resource is granted by the menu of its declared `access` ("authenticated": everyone signed
// in); create/edit/delete need that menu's can_add/can_edit/can_delete; a menu-group parent is
// shown when one of its children is. Platform resources are written by the platform owner only.
// The server checks all of this again: this only hides what would be refused.
import type { AccessControlProvider, CanParams, CanReturnType } from "@refinedev/core";
import { API_RESOURCES, LEGACY_RESOURCES, RESOURCE_BY_NAME, isMenuGroup } from "../../declaration";
import { getRoleType, getStoredMenus, getToken, type SessionMenu } from "../auth/session";

const ALL = [...API_RESOURCES, ...LEGACY_RESOURCES];

type Right = "can_add" | "can_edit" | "can_delete";
const RIGHT_BY_ACTION: Record<string, Right | undefined> = {
  create: "can_add",
  clone: "can_add",
  import: "can_add",
  edit: "can_edit",
  delete: "can_delete",
};

const yes: CanReturnType = { can: true };
const no = (reason: string): CanReturnType => ({ can: false, reason });

interface Child {
  name?: string;
  identifier?: string;
  children?: Child[];
}

/** Whose menus decide: the signed-in session's (stored at login), or given ones (the rights page's preview of a role). */
export interface AccessSource {
  menus: SessionMenu[];
  roleType: string | null;
}

/** The signed-in session's menus and role type. */
export const storedSource = (): AccessSource => ({ menus: getStoredMenus(), roleType: getRoleType() });
const stored = storedSource;

/** Menus by alias, made once per list of menus (the stored one is kept while unchanged). */
const aliases = new WeakMap<SessionMenu[], Map<string, SessionMenu>>();
function aliasesOf(menus: SessionMenu[]): Map<string, SessionMenu> {
  let byAlias = aliases.get(menus);
  if (!byAlias) aliases.set(menus, (byAlias = new Map(menus.map((m) => [m.alias, m]))));
  return byAlias;
}

export function canAccess(resource: string | undefined, action: string, children: Child[] = [], source?: AccessSource): CanReturnType {
  if (!source && !getToken()) return no("not signed in");
  if (!resource) return yes;
  const { menus, roleType } = source ?? stored();
  const byAlias = aliasesOf(menus);

  const decl = RESOURCE_BY_NAME.get(resource);
  if (decl) {
    const right = RIGHT_BY_ACTION[action];
    if (right && decl.scope === "platform" && roleType !== "owner") return no("platform data is written by the platform owner");
    if (right && decl.companyMembersOnly && roleType === "owner") return no("written by people of a company for themselves");
    if (decl.access === "authenticated") return yes;
    const menu = byAlias.get(decl.access);
    if (!menu) return no(`no menu "${decl.access}"`);
    if (right && !menu[right]) return no(`menu "${decl.access}" lacks ${right}`);
    return yes;
  }

  // A menu-group parent: allowed when any child is (given by Refine, or declared in the group).
  const isGroup = isMenuGroup(resource) || children.length > 0;
  if (isGroup) {
    const names = children.length ? children.map((c) => c.name ?? c.identifier ?? "") : ALL.filter((r) => r.group === resource).map((r) => r.name);
    const childCan = children.length ? children.some((c, i) => canAccess(names[i], "list", c.children ?? [], source).can) : names.some((n) => canAccess(n, "list", [], source).can);
    return childCan ? yes : no(`no resource of group "${resource}" is granted`);
  }

  // Not declared (a bespoke page named after its menu): its own menu decides.
  return byAlias.has(resource) ? yes : no(`no menu "${resource}"`);
}

/**
 * Whether the sider and the home page link this resource: the login answer holds its menu (the
 * sider shows the menus the role was given, an "authenticated" resource included only then) and
 * the role may list it. Groups and bespoke pages: as the access control decides.
 */
export function shownInMenu(resource: string | undefined, children: Child[] = [], source?: AccessSource): boolean {
  if (!canAccess(resource, "list", children, source).can) return false;
  if (!resource || !RESOURCE_BY_NAME.has(resource)) return true;
  return (source?.menus ?? getStoredMenus()).some((m) => m.alias === resource);
}

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }: CanParams) => canAccess(resource, action, (params?.resource?.children as Child[] | undefined) ?? []),
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
  },
};

export default accessControlProvider;
