// The session without Refine: the light login, forgot-password and reset-password pages use
// these directly; the Refine auth provider wraps them for the shell.
import type { SessionMenuAnswer } from "../../declaration/answers";
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
export type SessionMenu = SessionMenuAnswer;

/** A view-as session: read-only, opened by this admin as the role (docs/api.md "Auth"). */
export interface ViewAs {
  by_id: number;
  by_name: string | null;
  role_id: number;
  role_name: string;
}

export interface LoginAnswer {
  token: string;
  expires_at?: string;
  user: SessionUser;
  role: SessionRole;
  menus: SessionMenu[];
  view_as?: ViewAs | null;
}

/** The session without its token (GET /api/session). */
export type SessionAnswer = Omit<LoginAnswer, "token" | "expires_at">;

// Who is signed in changes (a refreshed session, view-as): the sider, home and the no-access guard
// read the stored menus synchronously, and re-render on this version (useSessionVersion).
let version = 0;
const listeners = new Set<() => void>();
export const subscribeSession = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const getSessionVersion = (): number => version;
function sessionChanged(): void {
  version++;
  for (const l of listeners) l();
}

/** Each key's last parse and the text it came from: a page's buttons and links read the menus hundreds of times. */
const parsed = new Map<string, { raw: string; value: unknown }>();

/** A stored JSON value, parsed again only when its text changed (callers only read it). */
const readJson = <T>(key: string): T | null => {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  const kept = parsed.get(key);
  if (kept?.raw === raw) return kept.value as T;
  try {
    const value = JSON.parse(raw) as T;
    parsed.set(key, { raw, value });
    return value;
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
  // A new session: the first answer's rights stamp is its own, not a change.
  localStorage.removeItem(STORAGE_KEYS.rights);
  storeWho(a);
}

/** Everything of a session answer but the token. */
function storeWho(a: SessionAnswer): void {
  localStorage.setItem(STORAGE_KEYS.role, a.role?.name ?? "");
  if (a.role?.role_type) localStorage.setItem(STORAGE_KEYS.roleType, a.role.role_type);
  if (typeof a.role?.is_field_role === "boolean") localStorage.setItem(STORAGE_KEYS.fieldRole, String(a.role.is_field_role));
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(a.user));
  localStorage.setItem(STORAGE_KEYS.menus, JSON.stringify(a.menus ?? []));
  if (a.view_as) localStorage.setItem(STORAGE_KEYS.viewAs, JSON.stringify(a.view_as));
  else localStorage.removeItem(STORAGE_KEYS.viewAs);
  sessionChanged();
}

/** The view-as session's facts, or null for a session of one's own. */
export const getViewAs = (): ViewAs | null => readJson<ViewAs>(STORAGE_KEYS.viewAs);

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
const SESSION_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.role,
  STORAGE_KEYS.roleType,
  STORAGE_KEYS.fieldRole,
  STORAGE_KEYS.user,
  STORAGE_KEYS.menus,
  STORAGE_KEYS.viewAs,
  STORAGE_KEYS.rights,
];

export function clearSession(): void {
  for (const key of SESSION_KEYS) localStorage.removeItem(key);
  sessionChanged();
}

/** GET /api/session: who the token is now (new menus after a rights change); stored, the token kept. */
export async function refreshSession(): Promise<SessionAnswer> {
  const body = await getJson<Envelope<SessionAnswer>>(apiClient, "session");
  if (!body?.data) throw new Error("session answer without data");
  // roleType / fieldRole are only ever set, so a changed role must not keep the old ones.
  localStorage.removeItem(STORAGE_KEYS.roleType);
  localStorage.removeItem(STORAGE_KEYS.fieldRole);
  storeWho(body.data);
  return body.data;
}

/**
 * Into a view-as session (role view-as/{id}'s answer): the admin's own session is kept aside
 * until they leave it (leaveViewAs).
 */
export function startViewAs(a: LoginAnswer): void {
  const own: Record<string, string | null> = {};
  for (const key of SESSION_KEYS) own[key] = localStorage.getItem(key);
  localStorage.setItem(STORAGE_KEYS.viewAsReturn, JSON.stringify(own));
  clearSession();
  storeSession(a);
}

/** Out of a view-as session: its token ends on the server (logged there), the admin's own session comes back. */
export async function leaveViewAs(): Promise<void> {
  try {
    if (getToken()) await postJson(apiClient, "logout", {}, { skipErrorCatalogue: true });
  } catch {
    // ended already (expired): going back is all that is left
  }
  const own = readJson<Record<string, string | null>>(STORAGE_KEYS.viewAsReturn);
  localStorage.removeItem(STORAGE_KEYS.viewAsReturn);
  for (const key of SESSION_KEYS) localStorage.removeItem(key);
  for (const [key, value] of Object.entries(own ?? {})) if (value !== null && (SESSION_KEYS as string[]).includes(key)) localStorage.setItem(key, value);
  sessionChanged();
}

/** The second step a sign-in needs (docs/api.md "Auth"): a code, or setting two-factor sign-in up first. */
export interface TwoFactorStep {
  step: "verify" | "setup";
  challenge: string;
  expires_at: string;
}

/** What the password step answers: a session (stored), or the second step it needs (nothing stored). */
export type SignInResult = { session: LoginAnswer } | { twoFactor: TwoFactorStep };

/** POST /login without a token. Rejects with the axios error (401, 429...). */
export async function login(email: string, password: string): Promise<SignInResult> {
  const body = await postJson<Envelope<LoginAnswer | { two_factor: TwoFactorStep }>>(apiClient, "login", { email, password }, { skipAuth: true });
  const data = body?.data;
  if (data && "two_factor" in data && data.two_factor?.challenge) return { twoFactor: data.two_factor };
  if (!data || !("token" in data) || !data.token) throw new Error(body?.message || "login answer without a token");
  startSession(data);
  return { session: data };
}

/** Stores a new session (the login answer, or the two-factor step's). */
export function startSession(a: LoginAnswer): void {
  storeSession(a);
  signedOutOnPurpose = false;
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
    // Signing out while viewing as a role ends the admin's own session too.
    const own = readJson<Record<string, string | null>>(STORAGE_KEYS.viewAsReturn)?.[STORAGE_KEYS.token];
    localStorage.removeItem(STORAGE_KEYS.viewAsReturn);
    if (own) {
      localStorage.setItem(STORAGE_KEYS.token, own);
      await postJson(apiClient, "logout", {}, { skipErrorCatalogue: true });
    }
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
