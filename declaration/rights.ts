// The right each operation needs (docs/api.md "Access rules", docs/guide.md "Roles and rights"). A
// standard operation's right comes from its path's row in declaration/operations.ts (add needs
// create on the resource's menu, update/{id} update, ...); a custom operation states its own
// `right` in the declaration, and the resolver refuses one that states none. The server checks
// the resolved right for every operation in one place (server/access/operation-access.ts), with
// the read-only sessions (view-as, a company past its subscription); the web app reads the same
// to hide what would be refused.
import type { OperationAction } from "./operations";
import type { ResourceName } from "./resources/names";

/** A menu's right: `action` on the menu of `menu` (a resource's name; default: the operation's resource's `access`). */
export interface MenuRight {
  menu?: ResourceName;
  action: OperationAction;
}

/**
 * Rights with a name of their own, each held by the holders of a menu's right. The name says
 * what the operation means where the menu right alone would not (approving a timesheet is more
 * than editing one), in docs/guide.md's table and in a refusal.
 */
export const NAMED_RIGHTS = {
  /** Approve or reopen a person's timesheet period (locks or unlocks its figures). */
  approveTimesheets: { menu: "timesheet", action: "update" },
  /** Correct a presence's clock-in or clock-out on the timesheet (the original kept). */
  correctTimesheets: { menu: "timesheet", action: "update" },
  /** Change the company's own settings (timesheet rules, escalation, sign-in rules). */
  companySettings: { menu: "role-menu", action: "update" },
  /** Open a read-only session as a user of a role ("view as"). */
  viewAsRole: { menu: "role-menu", action: "update" },
} as const satisfies Record<string, Required<MenuRight>>;

export type NamedRight = keyof typeof NAMED_RIGHTS;

/**
 * The right a custom operation declares:
 * - "read" | "create" | "update" | "delete": that right on the resource's menu (its `access`);
 * - { menu, action }: on another resource's menu; { anyOf: [...] }: any one of several;
 *   { allOf: [...] }: every one of several;
 * - { named }: a named right (NAMED_RIGHTS);
 * - "self": a person of a company acting on their own rows only (their positions, their alarm):
 *   no menu needed; a write; { self: menu }: the same for the holders of that menu (its read);
 *   { self: menu, read: true }: reading their own (their day), not a write;
 * - "platform-owner": the platform owner alone (repairing a company's administration); a write;
 * - "signed-in": any signed-in user, reading what their session may see anyway (the company's
 *   time zones); never a write;
 * - "public": no token (a gateway's signed callback); the handler checks what it must.
 */
export type RightDecl =
  OperationAction | MenuRight | { anyOf: MenuRight[] } | { allOf: MenuRight[] } | { named: NamedRight } | "self" | SelfRight | "platform-owner" | "signed-in" | "public";

/** The actor's own rows, for the holders of a menu; `read`: reading them, not a write. */
export interface SelfRight {
  self: ResourceName;
  read?: true;
}

/** A right as the checks read it: the menu rights that grant it (any one of `anyOf`, each all of its menu rights), or one of the special kinds. */
export type ResolvedRight =
  | { kind: "menu"; anyOf: Array<Array<Required<MenuRight>>>; named?: NamedRight }
  | { kind: "self"; menu?: ResourceName; read?: true }
  | { kind: "platform-owner" }
  | { kind: "signed-in" }
  | { kind: "public" };

/** Resolves a declared right against the resource's `access` (the default menu). */
export function resolveRight(decl: RightDecl, access: ResourceName | "authenticated"): ResolvedRight {
  if (decl === "self" || decl === "platform-owner" || decl === "signed-in" || decl === "public") return { kind: decl };
  const own = (action: OperationAction): Required<MenuRight> => ({ menu: access === "authenticated" ? ("authenticated" as ResourceName) : access, action });
  const full = (m: MenuRight): Required<MenuRight> => (m.menu ? { menu: m.menu, action: m.action } : own(m.action));
  if (typeof decl === "string") return { kind: "menu", anyOf: [[own(decl)]] };
  if ("self" in decl) return { kind: "self", menu: decl.self, ...(decl.read ? { read: true as const } : {}) };
  if ("named" in decl) return { kind: "menu", anyOf: [[{ ...NAMED_RIGHTS[decl.named] }]], named: decl.named };
  if ("anyOf" in decl) return { kind: "menu", anyOf: decl.anyOf.map((m) => [full(m)]) };
  if ("allOf" in decl) return { kind: "menu", anyOf: [decl.allOf.map(full)] };
  return { kind: "menu", anyOf: [[full(decl)]] };
}

/** A right in a few words, for docs and tables: "update", "role-menu: update", "approveTimesheets", "self (presence)", "signed-in", "public". */
export function describeRight(r: ResolvedRight, access: string): string {
  if (r.kind === "self") return `${r.read ? "self, read" : "self"}${r.menu ? ` (${r.menu})` : ""}`;
  if (r.kind !== "menu") return r.kind;
  if (r.named) return r.named;
  const one = (m: Required<MenuRight>) => (m.menu === access ? m.action : `${m.menu}: ${m.action}`);
  return r.anyOf.map((all) => all.map(one).join(" and ")).join(" or ");
}

/** Does an operation with this right write? Menu rights other than read, and "self", do; read-only sessions refuse them. */
export const rightWrites = (r: ResolvedRight): boolean =>
  (r.kind === "self" && !r.read) || r.kind === "platform-owner" || (r.kind === "menu" && r.anyOf.some((all) => all.some((m) => m.action !== "read")));

/** The menu that stands for "anyone signed in" in a resolved menu right (a resource declared `access: "authenticated"`). */
export const ANYONE_SIGNED_IN = "authenticated";

/**
 * What a company's administration is: the rights that let someone restore every other right (the
 * people, their roles and the roles' rights). A company always keeps at least one active person
 * whose role holds all of them (server/access/administration.ts), and the platform owner can give
 * them back (company-management restore-admin/{id}).
 */
export const ADMINISTRATION_MENUS = ["human-resource", "role", "role-menu"] as const satisfies readonly ResourceName[];

/**
 * Whose records an operation signs off: nobody signs off their own (approving or correcting one's
 * own timesheet needs another person with the right). The person is read from the body (a person
 * id, or a list of them) or from the record the path names.
 */
export type SignOffDecl = { body: string } | { record: ResourceName; param: string; field: string };
