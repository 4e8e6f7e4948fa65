// The resources that sign-in and permissions are built on (named in docs/api.md "Access rules"):
// users are "human-resource" records, their role a "role" record, menus come from "menu",
// "role-menu" (per role) and "menu-company" (per company).
import { RESOURCE_BY_NAME, type ResolvedResource } from "../../declaration";
import type { ResourceTables } from "../../declaration/tables";

function tableOf<N extends keyof ResourceTables>(name: N): { resource: ResolvedResource; table: ResourceTables[N] } {
  const resource = RESOURCE_BY_NAME.get(name);
  if (!resource?.table) throw new Error(`the server needs resource "${name}" with a table`);
  return { resource, table: resource.table as ResourceTables[N] };
}

export const USERS = tableOf("human-resource");
export const ROLES = tableOf("role");
export const MENUS = tableOf("menu");
export const ROLE_MENUS = tableOf("role-menu");
export const MENU_COMPANIES = tableOf("menu-company");
export const COMPANIES = tableOf("company-management");
