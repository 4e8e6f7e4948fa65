// What a right password leads to (docs/api.md "Auth"): the session (the login answer), or, for a
// user with two-factor sign-in on, a challenge for the code, or, for a user who must have it (the
// settings, server/auth/two-factor-policy.ts) and has none, a challenge for setting it up. The
// second step (server/auth/two-factor-routes.ts) ends with the same session answer.
import type { LoginAnswer } from "../../declaration/answers";
import type { Actor } from "../access/actor";
import { COMPANIES, ROLES, USERS } from "../access/identity";
import { menusFor } from "../access/menus";
import { subscriptionState } from "../access/subscription";
import type { Selectable } from "kysely";
import type { Db } from "../db/connection";
import type { Database } from "../db/database";
import { zoneOf } from "../field/zones";
import type { Services } from "../services";
import { issueToken, sha256 } from "./tokens";
import { issueChallenge, type ChallengeAnswer } from "./two-factor-challenge";
import { twoFactorRequired } from "./two-factor-policy";
import { isTwoFactorOn } from "./two-factor-store";

/** The user signing in, their role (when it is of their company) and company. */
export interface SignIn {
  user: Pick<Selectable<Database["users"]>, (typeof USER_COLUMNS)[number]>;
  companyId: number | null;
  role: { id: number; name: string; role_type: string } | null;
  company: Pick<Selectable<Database["companies"]>, (typeof COMPANY_COLUMNS)[number]> | undefined;
}

const USER_COLUMNS = ["id", "name", "email", "company_id", "photo", "is_active", "role_id"] as const;
const COMPANY_COLUMNS = ["name", "time_zone", "subscription_end", "require_two_factor_admins"] as const;

export async function loadSignIn(db: Db, userId: number): Promise<SignIn | undefined> {
  const user = await db.selectFrom(USERS.table).select(USER_COLUMNS).where("id", "=", userId).executeTakeFirst();
  if (!user) return undefined;
  const companyId = user.company_id === null ? null : Number(user.company_id);
  const role =
    user.role_id === null ? undefined : await db.selectFrom(ROLES.table).select(["id", "name", "role_type", "company_id"]).where("id", "=", user.role_id).executeTakeFirst();
  const roleOk = !!role && (role.company_id === null ? null : Number(role.company_id)) === companyId;
  // The company's name for the home page: the user's menus may not reach company-management.
  const company = companyId === null ? undefined : await db.selectFrom(COMPANIES.table).select(COMPANY_COLUMNS).where("id", "=", companyId).executeTakeFirst();
  return {
    user,
    companyId,
    role: roleOk ? { id: Number(role.id), name: String(role.name), role_type: String(role.role_type) } : null,
    company,
  };
}

export const signInInactive = (who: SignIn): boolean => who.user.is_active !== null && Number(who.user.is_active) === 0;

/** Must this person sign in with a second factor (by the settings)? */
export const mustUseTwoFactor = (s: Services, who: SignIn): boolean =>
  twoFactorRequired(s.config, {
    companyId: who.companyId,
    roleType: who.role?.role_type ?? null,
    companyRequires: who.company?.require_two_factor_admins,
  });

/** A new session of this user: the login answer's data. */
export async function newSession(s: Services, who: SignIn): Promise<LoginAnswer> {
  const userId = Number(who.user.id);
  const { token, expiresAt } = await issueToken(s.db, userId, s.config.tokenTtlHours);
  const actor: Actor = {
    userId,
    companyId: who.companyId,
    roleId: who.role?.id ?? null,
    roleName: who.role?.name ?? null,
    roleType: who.role?.role_type ?? null,
    isOwner: who.role?.role_type === "owner" && who.companyId === null,
    tokenHash: sha256(token),
  };
  return {
    token,
    expires_at: expiresAt,
    user: {
      id: userId,
      name: String(who.user.name ?? ""),
      email: String(who.user.email ?? ""),
      company_id: who.companyId,
      company_name: who.company ? String(who.company.name) : null,
      photo: (who.user.photo as string | null | undefined) ?? null,
      // The zone of the company's days and of times of sites without their own (docs/api.md "Field capture").
      time_zone: zoneOf(who.company?.time_zone),
      // The company's last paid day, and read_only "subscription_ended" once it has passed (the web app's banner).
      ...subscriptionState(who.companyId, who.company?.subscription_end, who.company?.time_zone),
    },
    role: who.role,
    menus: await menusFor(s.db, actor),
  };
}

/** After the right password: the session, or the second step it needs. */
export async function signInStep(s: Services, user: { id: unknown }): Promise<{ status: true; data: LoginAnswer | { two_factor: ChallengeAnswer } }> {
  const who = await loadSignIn(s.db, Number(user.id));
  if (!who) throw new Error("the user signing in has gone");
  if (await isTwoFactorOn(s.db, Number(user.id))) return { status: true, data: { two_factor: await issueChallenge(s.db, Number(user.id), "verify") } };
  if (mustUseTwoFactor(s, who)) return { status: true, data: { two_factor: await issueChallenge(s.db, Number(user.id), "setup") } };
  return { status: true, data: await newSession(s, who) };
}
