// Whether a holder of some menu rights may call a declared operation, decided from the
// declaration alone (declaration/rights.ts): the read-only sessions (view-as refuses every write,
// a company past its subscription every write it is not declared `expiredCompanyMay`), then the
// operation's resolved right. The web app asks it to hide what the server would refuse
// (src/providers/operationAccess.ts canOperate) and the web suite's mock answers with it
// (tests/mocks/access.ts); the server's check (server/access/operation-access.ts) asks it with
// the grants the database holds.
import type { ResolvedOperation, ResolvedResource } from "./resolve";
import type { MenuRight } from "./rights";

/** Why a session reads only. */
export type ReadOnlyReason = "view_as" | "subscription_ended";

/** A menu's rights as a session holds them (a login's `menus`). */
export interface HeldMenu {
  alias: string;
  can_add: boolean;
  can_edit: boolean;
  can_delete: boolean;
}

/** Who asks: their menus, their role's type ("owner": the platform owner) and a read-only session's reason. */
export interface RightHolder {
  menus: readonly HeldMenu[];
  roleType: string | null;
  readOnly?: ReadOnlyReason | null;
  /** Whether they are a person of a company (default: anyone but the platform owner). */
  inCompany?: boolean;
}

/** A refusal: the server's status and error key, and a reason in words (for a tooltip or a test). */
export type Refusal = { status: 409; key: ReadOnlyReason; reason: string } | { status: 403; key: "forbidden" | "owner_only"; reason: string };

const forbidden = (reason: string): Refusal => ({ status: 403, key: "forbidden", reason });

/** Whether the holder holds `action` on the menu (the platform owner holds every menu; "authenticated" is anyone's). */
export function holdsMenuRight(holder: RightHolder, m: Required<MenuRight>): boolean {
  if (holder.roleType === "owner" || (m.menu as string) === "authenticated") return true;
  const menu = holder.menus.find((x) => x.alias === m.menu);
  if (!menu) return false;
  if (m.action === "create") return menu.can_add;
  if (m.action === "update") return menu.can_edit;
  if (m.action === "delete") return menu.can_delete;
  return true;
}

/** Null when the holder may call `op` of `r`, else why not. */
export function operationRefusal(
  r: Pick<ResolvedResource, "name" | "scope" | "companyMembersOnly">,
  op: Pick<ResolvedOperation, "name" | "writes" | "standard" | "expiredCompanyMay" | "right">,
  holder: RightHolder,
): Refusal | null {
  const owner = holder.roleType === "owner";
  const inCompany = holder.inCompany ?? !owner;
  const readOnly = holder.readOnly ?? null;
  if (op.writes && readOnly && !(readOnly === "subscription_ended" && op.expiredCompanyMay)) return { status: 409, key: readOnly, reason: readOnly };
  const right = op.right;
  switch (right.kind) {
    case "public":
    case "signed-in":
      return null;
    case "platform-owner":
      return owner ? null : { status: 403, key: "owner_only", reason: "platform owner only" };
    case "self":
      if (!inCompany) return forbidden("a company's people only");
      return !right.menu || holder.menus.some((m) => m.alias === right.menu) ? null : forbidden(`no menu "${right.menu}"`);
    case "menu":
      if (op.writes && op.standard && r.scope === "platform" && !owner) return { status: 403, key: "owner_only", reason: "platform data is written by the platform owner" };
      if (op.writes && r.companyMembersOnly && !inCompany) return forbidden("written by people of a company for themselves");
      return right.anyOf.some((all) => all.every((m) => holdsMenuRight(holder, m))) ? null : forbidden(`lacks ${r.name}.${op.name}'s right`);
  }
}
