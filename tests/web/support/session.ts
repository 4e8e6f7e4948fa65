// A signed-in session in local storage, as the login stores it.
import type { SessionMenu } from "../../../src/auth/session";

export const menu = (id: number, alias: string, parent_id: number | null = null, rights: Partial<Pick<SessionMenu, "can_add" | "can_edit" | "can_delete">> = {}): SessionMenu => ({
  id,
  name: alias,
  alias,
  url: parent_id ? `/${alias}` : null,
  icon: null,
  order: id,
  parent_id,
  can_add: true,
  can_edit: true,
  can_delete: true,
  ...rights,
});

export function signIn(menus: SessionMenu[] = [], roleType = "admin"): void {
  localStorage.setItem("token", "tok-1");
  localStorage.setItem("role", "Company admin");
  localStorage.setItem("role_type", roleType);
  localStorage.setItem("user", JSON.stringify({ id: 3, name: "Budi", email: "budi@demo.test", company_id: 7, company_name: "PT Maju Jaya", photo: null }));
  localStorage.setItem("menus", JSON.stringify(menus));
}
