// Who must sign in with a second factor (docs/guide.md "Two-factor sign-in"):
// - the platform owner, when the server's OWNER_TWO_FACTOR is "required";
// - a company's admins (a role of type admin or owner) when the company's
//   require_two_factor_admins is on (set by the platform owner, or by the company's admins
//   through company-management own-settings).
// Anyone else may turn it on at will. A user who must and has none sets it up right after the
// password (server/auth/sign-in.ts), and cannot turn it off.
import type { ServerConfig } from "../config";
import { ownSettingsOf } from "../../declaration/company-settings";

/** Role types whose users are a company's admins. */
export const ADMIN_ROLE_TYPES: ReadonlySet<string> = new Set(["admin", "owner"]);

export interface TwoFactorSubject {
  /** null: outside any company (the platform owner). */
  companyId: number | null;
  /** The user's role's type when the role is of their company, else null. */
  roleType: string | null;
  /** The company's require_two_factor_admins as stored. */
  companyRequires: unknown;
}

export function twoFactorRequired(config: Pick<ServerConfig, "ownerTwoFactor">, who: TwoFactorSubject): boolean {
  if (who.roleType === null || !ADMIN_ROLE_TYPES.has(who.roleType)) return false;
  if (who.companyId === null) return who.roleType === "owner" && config.ownerTwoFactor === "required";
  return ownSettingsOf({ require_two_factor_admins: who.companyRequires }).require_two_factor_admins;
}
