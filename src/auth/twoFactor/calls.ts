// Two-factor sign-in on the wire (docs/api.md "Auth"): the sign-in's second step, without a
// token (its 401s reach the caller: the error catalogue ends only sessions that carried one), and
// the signed-in user's own second factor (GET /two-factor, POST /two-factor/...; a wrong code
// answers 400 there, never 401).
import type { TwoFactorSetup, TwoFactorStatus } from "../../../declaration/answers";
import { apiClient } from "../../http/clients";
import { getJson, postJson, type Envelope } from "../../http/requests";
import type { LoginAnswer } from "../session";

export type { TwoFactorSetup, TwoFactorStatus };

/** A code of the app or a recovery code. */
export type SecondFactor = { code: string } | { recovery_code: string };

const data = async <T>(p: Promise<Envelope<T>>): Promise<T> => (await p).data;

// ---- the sign-in's second step (no token) -----------------------------------------------------

/** The session, after the code (or a recovery code: then how many are left). */
export const verifySignIn = (challenge: string, factor: SecondFactor) =>
  data(postJson<Envelope<LoginAnswer & { recovery_codes_left?: number }>>(apiClient, "login/two-factor", { challenge, ...factor }, { skipAuth: true }));

/** The secret to set up, for a user who must have two-factor sign-in and has none. */
export const setupAtSignIn = (challenge: string) => data(postJson<Envelope<TwoFactorSetup>>(apiClient, "login/two-factor/setup", { challenge }, { skipAuth: true }));

/** Turns it on with a code of the app: the session and the recovery codes (shown once). */
export const enableAtSignIn = (challenge: string, code: string) =>
  data(postJson<Envelope<LoginAnswer & { recovery_codes: string[] }>>(apiClient, "login/two-factor/enable", { challenge, code }, { skipAuth: true }));

// ---- the signed-in user's own (Account security) ---------------------------------------------

export type WithCodes = TwoFactorStatus & { recovery_codes: string[] };

export const twoFactorStatus = () => data(getJson<Envelope<TwoFactorStatus>>(apiClient, "two-factor"));
export const beginTwoFactor = () => data(postJson<Envelope<TwoFactorSetup>>(apiClient, "two-factor/setup", {}));
export const enableTwoFactor = (code: string) => data(postJson<Envelope<WithCodes>>(apiClient, "two-factor/enable", { code }));
export const newRecoveryCodes = (code: string) => data(postJson<Envelope<WithCodes>>(apiClient, "two-factor/recovery-codes", { code }));
export const disableTwoFactor = (proof: { code: string } | { password: string }) => data(postJson<Envelope<TwoFactorStatus>>(apiClient, "two-factor/disable", proof));

/** What a failed call says: the field's message (errors.code / errors.password), else the server's message. */
export function failureText(error: unknown): string | undefined {
  const body = (error as { response?: { data?: { message?: unknown; errors?: Record<string, unknown> } } })?.response?.data;
  const field = body?.errors?.code ?? body?.errors?.password ?? body?.errors?.challenge;
  if (typeof field === "string" && field) return field;
  return typeof body?.message === "string" && body.message ? body.message : undefined;
}
