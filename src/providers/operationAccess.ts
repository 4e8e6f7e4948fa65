// May this session call a declared operation? The web app's mirror of the server's check
// (server/access/operation-access.ts): the operation's declared right (declaration/rights.ts) on
// the menus the session holds, and the read-only sessions (view-as refuses every write; a company
// past its subscription every write but its renewal and a panic alarm). Only to hide or explain
// what the server would refuse: the server decides.
import type { CanReturnType } from "@refinedev/core";
import { RESOURCE_BY_NAME, type MenuRight, type ResolvedOperation } from "../../declaration";
import { getStoredUser, getViewAs, type SessionMenu } from "../auth/session";
import type { AccessSource } from "./accessControlProvider";
import { storedSource } from "./accessControlProvider";

/** Why a session is read-only, if it is (the shell's banners say so too). */
export type ReadOnlyReason = "view_as" | "subscription_ended";

export const readOnlyReason = (): ReadOnlyReason | null => (getViewAs() ? "view_as" : getStoredUser()?.read_only === "subscription_ended" ? "subscription_ended" : null);

const yes: CanReturnType = { can: true };
const no = (reason: string): CanReturnType => ({ can: false, reason });

function holds(menus: SessionMenu[], roleType: string | null, m: Required<MenuRight>): boolean {
  if (roleType === "owner" || (m.menu as string) === "authenticated") return true;
  const menu = menus.find((x) => x.alias === m.menu);
  if (!menu) return false;
  if (m.action === "create") return menu.can_add;
  if (m.action === "update") return menu.can_edit;
  if (m.action === "delete") return menu.can_delete;
  return true;
}

/** Whether the session may call `operation` (its declared name) of `resource`; the reason when not. */
export function canOperate(resource: string, operation: string, source?: AccessSource & { readOnly?: ReadOnlyReason | null }): CanReturnType {
  const r = RESOURCE_BY_NAME.get(resource);
  const op: ResolvedOperation | undefined = r?.operations.find((o) => o.name === operation);
  if (!r || !op) return no(`no operation ${resource}.${operation}`);
  const { menus, roleType } = source ?? storedSource();
  const readOnly = source ? (source.readOnly ?? null) : readOnlyReason();
  if (op.writes && readOnly && !(readOnly === "subscription_ended" && op.expiredCompanyMay)) return no(readOnly);
  const right = op.right;
  switch (right.kind) {
    case "public":
    case "signed-in":
      return yes;
    case "platform-owner":
      return roleType === "owner" ? yes : no("platform owner only");
    case "self":
      if (roleType === "owner") return no("a company's people only");
      return !right.menu || menus.some((m) => m.alias === right.menu) ? yes : no(`no menu "${right.menu}"`);
    case "menu":
      if (op.writes && op.standard && r.scope === "platform" && roleType !== "owner") return no("platform data is written by the platform owner");
      if (op.writes && r.companyMembersOnly && roleType === "owner") return no("written by people of a company for themselves");
      return right.anyOf.some((all) => all.every((m) => holds(menus, roleType, m))) ? yes : no(`lacks ${resource}.${operation}'s right`);
  }
}
