// Where a user lands after signing in without a page to return to: a field role on a phone goes
// straight to the field page (clock-in, panic button); everyone else to home. Light (the login
// page's chunk): the stored session's role and menus, no declaration.
import { getFieldRole, getRoleType, getStoredMenus, type SessionMenu } from "./session";

/** A phone: narrower than a tablet (768 px). */
export const PHONE_QUERY = "(max-width: 767.98px)";
/** The menu of the field page (the declaration's `field-day`, route /field). */
const FIELD_MENU = "field-day";

const isPhone = (): boolean => typeof window !== "undefined" && !!window.matchMedia?.(PHONE_QUERY).matches;

export interface LandingSession {
  roleType: string | null;
  /** The role's `is_field_role` where the login answer carries it. */
  isFieldRole: boolean | null;
  menus: SessionMenu[];
}

const stored = (): LandingSession => ({ roleType: getRoleType(), isFieldRole: getFieldRole(), menus: getStoredMenus() });

/** A field role: the role's own flag where the login answer carries it, else a role of type worker (the answer names the type only). */
export const isFieldRole = (s: Pick<LandingSession, "roleType" | "isFieldRole">): boolean => (s.isFieldRole !== null ? s.isFieldRole : s.roleType === "worker");

/** "/field" for a field role holding the field page's menu on a phone, else "/". */
export function landingPath(session: LandingSession = stored(), phone: boolean = isPhone()): string {
  const field = session.menus.find((m) => m.alias === FIELD_MENU && typeof m.url === "string" && m.url.startsWith("/"));
  return phone && field && isFieldRole(session) ? field.url! : "/";
}
