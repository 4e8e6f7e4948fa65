// Where a user lands after signing in without a page to return to: a field role on a phone goes
// straight to the field page (clock-in, panic button); everyone else to home. Light (the login
// page's chunk): the menus of the login answer, no declaration.
import type { LoginAnswer } from "./session";

/** A phone: narrower than a tablet (768 px). */
export const PHONE_QUERY = "(max-width: 767.98px)";
/** The menu of the field page (the declaration's `field-day`, route /field). */
const FIELD_MENU = "field-day";

const isPhone = (): boolean => typeof window !== "undefined" && !!window.matchMedia?.(PHONE_QUERY).matches;

/**
 * A field role: the role's `is_field_role` where the login answer carries it, else a role of
 * type worker (the login answer names the type only).
 */
export const isFieldRole = (role: LoginAnswer["role"] | null | undefined): boolean =>
  typeof role?.is_field_role === "boolean" ? role.is_field_role : role?.role_type === "worker";

export function landingPath(answer: Pick<LoginAnswer, "role" | "menus">, phone: boolean = isPhone()): string {
  const field = (answer.menus ?? []).find((m) => m.alias === FIELD_MENU && typeof m.url === "string" && m.url.startsWith("/"));
  return phone && field && isFieldRole(answer.role) ? field.url! : "/";
}
