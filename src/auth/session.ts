// The session without Refine: the light login, forgot-password and reset-password pages use
// these directly; the Refine auth provider wraps them for the shell.
import { apiClient } from "../http/clients";
import { errorKeyOf } from "../http/errorKeys";
import { getJson, postJson, type Envelope } from "../http/requests";
import { STORAGE_KEYS } from "./storageKeys";

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  company_id: number | null;
  photo?: string | null;
  /** The company's IANA time zone (docs/api.md "Auth"): the zone of its times where a site has none of its own. */
  time_zone?: string | null;
  /** The company's last paid day (docs/api.md "Auth"). */
  subscription_end?: string | null;
  /** "subscription_ended": the company reads but writes nothing (the shell's banner). */
  read_only?: string | null;
  [key: string]: unknown;
}

export interface SessionRole {
  id: number;
  name: string;
  role_type?: string;
  /** A field role (tracked on the map; lands on the field page on a phone), when the answer says. */
  is_field_role?: boolean;
}

/** A menu the role holds (docs/api.md "Auth", "Access rules"). */
export interface SessionMenu {
  id: number;
  name: string;
  alias: string;
  url: string | null;
  icon?: string | null;
  order?: number;
  parent_id: number | null;
  can_add: boolean;
  can_edit: boolean;
  can_delete: boolean;
}

export interface LoginAnswer {
  token: string;
  expires_at?: string;
  user: SessionUser;
  role: SessionRole;
  menus: SessionMenu[];
}

const readJson = <T>(key: string): T | null => {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
};

export const getToken = (): string | null => localStorage.getItem(STORAGE_KEYS.token);
export const isSignedIn = (): boolean => !!getToken();
export const getStoredUser = (): SessionUser | null => readJson<SessionUser>(STORAGE_KEYS.user);
/** The company's time zone from the login answer (null: not said, e.g. an older server). */
export const getStoredTimeZone = (): string | null => {
  const z = getStoredUser()?.time_zone;
  return typeof z === "string" && z ? z : null;
};
export const getStoredMenus = (): SessionMenu[] => readJson<SessionMenu[]>(STORAGE_KEYS.menus) ?? [];
/** The role name (the spec's `role` key, sent to the legacy daily report). */
export const getRoleName = (): string | null => localStorage.getItem(STORAGE_KEYS.role);
export const getRoleType = (): string | null => localStorage.getItem(STORAGE_KEYS.roleType);
/** The role's field flag as the login answer gave it, or null when it gave none. */
export const getFieldRole = (): boolean | null => {
  const v = localStorage.getItem(STORAGE_KEYS.fieldRole);
  return v === "true" ? true : v === "false" ? false : null;
};

function storeSession(a: LoginAnswer): void {
  localStorage.setItem(STORAGE_KEYS.token, a.token);
  localStorage.setItem(STORAGE_KEYS.role, a.role?.name ?? "");
  if (a.role?.role_type) localStorage.setItem(STORAGE_KEYS.roleType, a.role.role_type);
  if (typeof a.role?.is_field_role === "boolean") localStorage.setItem(STORAGE_KEYS.fieldRole, String(a.role.is_field_role));
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(a.user));
  localStorage.setItem(STORAGE_KEYS.menus, JSON.stringify(a.menus ?? []));
}

/**
 * GET /me: the user and company as they are now (a subscription may have ended or been renewed
 * since sign-in); stored as the login answer's user was. Answers the stored user.
 */
export async function refreshUser(): Promise<SessionUser | null> {
  const body = await getJson<Envelope<{ user: SessionUser }>>(apiClient, "me");
  if (body?.data?.user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...getStoredUser(), ...body.data.user }));
  return getStoredUser();
}

/** Forgets the session; the language choice stays. */
export function clearSession(): void {
  for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.role, STORAGE_KEYS.roleType, STORAGE_KEYS.fieldRole, STORAGE_KEYS.user, STORAGE_KEYS.menus]) localStorage.removeItem(key);
}

/** POST /login without a token; stores the session. Rejects with the axios error (401, 429...). */
export async function login(email: string, password: string): Promise<LoginAnswer> {
  const body = await postJson<Envelope<LoginAnswer>>(apiClient, "login", { email, password }, { skipAuth: true });
  if (!body?.data?.token) throw new Error(body?.message || "login answer without a token");
  storeSession(body.data);
  signedOutOnPurpose = false;
  return body.data;
}

/**
 * Set by an explicit logout until the next sign-in: the login page it leads to carries no
 * return target (the next person on this browser starts at home, not at the last user's page).
 */
let signedOutOnPurpose = false;
export const wasSignedOutOnPurpose = (): boolean => signedOutOnPurpose;

/** POST /logout (errors ignored: the session ends here either way), then forget the session. */
export async function logout(): Promise<void> {
  signedOutOnPurpose = true;
  try {
    if (getToken()) await postJson(apiClient, "logout", {}, { skipErrorCatalogue: true });
  } catch {
    // the token may already be dead on the server
  } finally {
    clearSession();
  }
}

export async function sendForgotEmail(email: string): Promise<Envelope<unknown>> {
  return postJson<Envelope<unknown>>(apiClient, "send-forgot-email", { email }, { skipAuth: true });
}

/** The mailed link carries the reset token in the body (a session token, if any, goes as usual). */
export async function resetPassword(token: string, password: string): Promise<Envelope<unknown>> {
  return postJson<Envelope<unknown>>(apiClient, "reset-password", { token, password });
}

/** The message a failed auth call shows: the server's, else none (the page picks a text by the answer's key). */
export function serverMessage(error: unknown): { key?: string; message?: string } {
  const e = error as { response?: { data?: { message?: unknown } } };
  const m = e?.response?.data?.message;
  return { key: errorKeyOf(error), message: typeof m === "string" && m ? m : undefined };
}

/**
 * Where to go after signing in: the remembered in-app path only when the signed-in user's menus
 * reach it (home, or a path under one of their menu URLs). Someone else may sign in after a
 * logout or an expired session: landing them on a page they may not use would end their session
 * at once (the server's 403 means "token expired" in the error catalogue).
 */
export function returnPathFor(target: string, menus: SessionMenu[] = getStoredMenus()): string {
  const path = target.split("?")[0];
  if (path === "/" || path === "") return target || "/";
  const reachable = menus.some((m) => typeof m.url === "string" && m.url.length > 1 && (path === m.url || path.startsWith(`${m.url}/`)));
  return reachable ? target : "/";
}
