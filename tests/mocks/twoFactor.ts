// Two-factor sign-in in the contract mock (docs/api.md "Auth"), with the server's own code for
// codes (server/auth/totp.ts: a test computes a code from the secret as an app would) and the
// server's error keys: the sign-in's second step on a challenge, the signed-in user's own
// /two-factor calls, a person's status and an admin's reset (human-resource), and the company's
// own settings (company-management own-settings). Single use as the server: a code's step once,
// a recovery code once, a challenge once.
import { randomBytes } from "node:crypto";
import type { CompanyOwnSettings, PersonTwoFactor, TwoFactorSetup, TwoFactorStatus } from "../../declaration/answers";
import { ownSettingsBody, ownSettingsOf, WEBHOOK_SECRET_FIELD, WEBHOOK_SECRET_MAX, WEBHOOK_SECRET_MIN, webhookSecretOf } from "../../declaration/company-settings";
import { resourceByName } from "../../declaration";
import { ADMIN_ROLE_TYPES } from "../../server/auth/two-factor-policy";
import { checkCode, CODE_FORMAT, ISSUER, newRecoveryCode, newSecret, normalCode, normalRecoveryCode, otpauthUrl } from "../../server/auth/totp";
import { CHALLENGE_MAX_FAILURES, CHALLENGE_TTL_MS } from "../../server/auth/two-factor-challenge";
import { badRequest, conflict, HttpError, notFound, type FieldErrors } from "../../server/http/errors";
import type { MessageKey } from "../../server/i18n/messages";
import { validateRecord } from "../../server/validation/record";
import type { MockDb } from "./db";

/** A user's second factor as a test seeds it: on with this secret, or off; `required` stands for OWNER_TWO_FACTOR=required. */
export interface MockTwoFactorSeed {
  secret?: string;
  enabled?: boolean;
  recoveryCodes?: string[];
  required?: boolean;
}

interface State {
  secret: string | null;
  enabledAt: string | null;
  lastStep: number | null;
  pending: string | null;
  /** Normal forms of the unused recovery codes. */
  recovery: Set<string>;
  required: boolean;
}

interface Challenge {
  userId: number;
  purpose: "verify" | "setup";
  expiresAt: number;
  used: boolean;
  failures: number;
}

export interface TwoFactorUser {
  id: number;
  email: string;
  company_id: number | null;
  role: { role_type: string };
}

const wrongField = (field: string, key: MessageKey) => new HttpError(400, key, {}, { [field]: { key } } as FieldErrors);
const expired = () => new HttpError(401, "two_factor_expired");

function codeOf(body: Record<string, unknown>, optional = false): string | null {
  const raw = body.code;
  if (raw === undefined || raw === null || raw === "") {
    if (optional) return null;
    throw badRequest({ code: { key: "required" } });
  }
  if (typeof raw !== "string" || !CODE_FORMAT.test(normalCode(raw))) throw badRequest({ code: { key: "two_factor_code_format" } });
  return raw;
}

export function createTwoFactorMock(db: MockDb) {
  const states = new Map<number, State>();
  const challenges = new Map<string, Challenge>();

  const stateOf = (userId: number): State => {
    let s = states.get(userId);
    if (!s) states.set(userId, (s = { secret: null, enabledAt: null, lastStep: null, pending: null, recovery: new Set(), required: false }));
    return s;
  };
  const company = (id: number | null) => db.rows("company-management").find((c) => Number(c.id) === Number(id ?? db.companyId));

  const required = (u: TwoFactorUser): boolean =>
    stateOf(u.id).required || (u.company_id !== null && ADMIN_ROLE_TYPES.has(u.role.role_type) && ownSettingsOf(company(u.company_id)).require_two_factor_admins);

  const status = (u: TwoFactorUser): TwoFactorStatus => {
    const s = stateOf(u.id);
    return { enabled: !!s.enabledAt, enabled_at: s.enabledAt, recovery_codes_left: s.enabledAt ? s.recovery.size : 0, required: required(u) };
  };

  const setupOf = (u: TwoFactorUser): TwoFactorSetup | null => {
    const s = stateOf(u.id);
    if (s.enabledAt) return null;
    s.pending ??= newSecret();
    return { secret: s.pending, otpauth_url: otpauthUrl(s.pending, u.email), issuer: ISSUER, account: u.email };
  };

  const newCodes = (s: State): string[] => {
    const codes = Array.from({ length: 10 }, newRecoveryCode);
    s.recovery = new Set(codes.map((c) => normalRecoveryCode(c)!));
    return codes;
  };

  const confirm = (u: TwoFactorUser, code: string): { codes: string[] } | "wrong" | "not_begun" | "on_already" => {
    const s = stateOf(u.id);
    if (s.enabledAt) return "on_already";
    if (!s.pending) return "not_begun";
    const step = checkCode(s.pending, code);
    if (step === null) return "wrong";
    Object.assign(s, { secret: s.pending, pending: null, enabledAt: new Date().toISOString(), lastStep: step });
    return { codes: newCodes(s) };
  };

  const useCode = (userId: number, code: string): "ok" | "wrong" | "used" | "off" => {
    const s = stateOf(userId);
    if (!s.enabledAt || !s.secret) return "off";
    const step = checkCode(s.secret, code);
    if (step === null) return "wrong";
    if (s.lastStep !== null && s.lastStep >= step) return "used";
    s.lastStep = step;
    return "ok";
  };

  const openChallenge = (body: Record<string, unknown>, purpose: Challenge["purpose"]): Challenge => {
    const token = typeof body.challenge === "string" ? body.challenge : "";
    if (!token) throw badRequest({ challenge: { key: "required" } });
    const c = challenges.get(token);
    if (!c || c.purpose !== purpose || c.used || c.expiresAt <= Date.now() || c.failures >= CHALLENGE_MAX_FAILURES) throw expired();
    return c;
  };

  return {
    seed(userId: number, seed: MockTwoFactorSeed): void {
      const s = stateOf(userId);
      s.required = !!seed.required;
      if (seed.enabled && seed.secret) {
        Object.assign(s, { secret: seed.secret, enabledAt: "2026-11-20T02:00:00.000Z", lastStep: null });
        s.recovery = new Set((seed.recoveryCodes ?? []).map((c) => normalRecoveryCode(c)!));
      }
    },

    /** What the password step answers instead of a session, or null (a session). */
    step(u: TwoFactorUser): { two_factor: { step: "verify" | "setup"; challenge: string; expires_at: string } } | null {
      const purpose = stateOf(u.id).enabledAt ? "verify" : required(u) ? "setup" : null;
      if (!purpose) return null;
      const token = randomBytes(24).toString("base64url");
      const expiresAt = Date.now() + CHALLENGE_TTL_MS;
      challenges.set(token, { userId: u.id, purpose, expiresAt, used: false, failures: 0 });
      return { two_factor: { step: purpose, challenge: token, expires_at: new Date(expiresAt).toISOString() } };
    },

    /**
     * POST login/two-factor, login/two-factor/setup, login/two-factor/enable: the user to open a
     * session for (with what to add to its answer), or the setup's answer.
     */
    signIn(path: string, raw: unknown, userOf: (id: number) => TwoFactorUser): { userId: number; extra: Record<string, unknown> } | { setup: TwoFactorSetup } {
      const body = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
      if (path === "login/two-factor/setup") {
        const c = openChallenge(body, "setup");
        const setup = setupOf(userOf(c.userId));
        if (!setup) throw expired();
        return { setup };
      }
      if (path === "login/two-factor/enable") {
        const code = codeOf(body)!;
        const c = openChallenge(body, "setup");
        const r = confirm(userOf(c.userId), code);
        if (r === "on_already") throw expired();
        if (r === "not_begun") throw conflict(undefined, "two_factor_not_begun");
        if (r === "wrong") {
          c.failures++;
          throw new HttpError(401, "two_factor_failed");
        }
        c.used = true;
        return { userId: c.userId, extra: { recovery_codes: r.codes } };
      }
      const recovery = typeof body.recovery_code === "string" && body.recovery_code.trim() ? body.recovery_code : null;
      const code = codeOf(body, recovery !== null);
      const c = openChallenge(body, "verify");
      let extra: Record<string, unknown> = {};
      if (code !== null) {
        const r = useCode(c.userId, code);
        if (r === "off") throw expired();
        if (r !== "ok") {
          c.failures++;
          throw new HttpError(401, r === "used" ? "two_factor_code_used" : "two_factor_failed");
        }
      } else {
        const s = stateOf(c.userId);
        const normal = normalRecoveryCode(recovery!);
        if (!normal || !s.recovery.delete(normal)) {
          c.failures++;
          throw new HttpError(401, "two_factor_recovery_failed");
        }
        extra = { recovery_codes_left: s.recovery.size };
      }
      c.used = true;
      return { userId: c.userId, extra };
    },

    /** GET two-factor and POST two-factor/{setup, enable, recovery-codes, disable} of the signed-in user. */
    self(method: string, path: string, raw: unknown, u: TwoFactorUser, password: string): unknown {
      const body = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
      const s = stateOf(u.id);
      if (method === "GET" && path === "two-factor") return status(u);
      if (path === "two-factor/setup") {
        const setup = setupOf(u);
        if (!setup) throw conflict(undefined, "two_factor_on_already");
        return setup;
      }
      if (path === "two-factor/enable") {
        const r = confirm(u, codeOf(body)!);
        if (r === "on_already") throw conflict(undefined, "two_factor_on_already");
        if (r === "not_begun") throw conflict(undefined, "two_factor_not_begun");
        if (r === "wrong") throw wrongField("code", "two_factor_failed");
        return { ...status(u), recovery_codes: r.codes };
      }
      const requireCode = (code: string) => {
        const r = useCode(u.id, code);
        if (r === "off") throw conflict(undefined, "two_factor_off");
        if (r !== "ok") throw wrongField("code", r === "used" ? "two_factor_code_used" : "two_factor_failed");
      };
      if (path === "two-factor/recovery-codes") {
        requireCode(codeOf(body)!);
        return { ...status(u), recovery_codes: newCodes(s) };
      }
      if (path === "two-factor/disable") {
        const code = codeOf(body, true);
        const given = code === null && typeof body.password === "string" && body.password ? body.password : null;
        if (code === null && given === null) throw badRequest({ code: { key: "required" } });
        if (!s.enabledAt) throw conflict(undefined, "two_factor_off");
        if (required(u)) throw conflict(undefined, "two_factor_required");
        if (code !== null) requireCode(code);
        else if (given !== password) throw wrongField("password", "password_wrong");
        Object.assign(s, { secret: null, enabledAt: null, lastStep: null, pending: null, recovery: new Set() });
        return status(u);
      }
      throw new HttpError(404, "route_not_found");
    },

    /** human-resource two-factor/{id} and reset-two-factor/{id}: a person of the company. */
    person(op: "twoFactor" | "resetTwoFactor", person: TwoFactorUser | undefined, actorId: number): PersonTwoFactor {
      if (!person) throw notFound();
      if (op === "resetTwoFactor") {
        if (person.id === actorId) throw conflict(undefined, "two_factor_reset_self");
        states.delete(person.id);
      }
      const { enabled, enabled_at, required: must } = status(person);
      return { enabled, enabled_at, required: must };
    },

    /** company-management own-settings (GET, PUT; their rights checked before: tests/mocks/access.ts). */
    ownSettings(method: string, raw: unknown): CompanyOwnSettings {
      const c = company(null);
      if (!c) throw notFound();
      if (method === "PUT") {
        const { values, errors } = validateRecord(resourceByName("company-management"), ownSettingsBody(raw), { mode: "update" });
        // As the server: the webhook's secret is write-only, 16-200 characters, and an address needs one.
        const secret = webhookSecretOf(raw);
        const all: FieldErrors = { ...errors };
        if ("error" in secret)
          all[WEBHOOK_SECRET_FIELD] =
            secret.error === "too_short"
              ? { key: "password_too_short", params: { min: WEBHOOK_SECRET_MIN } }
              : secret.error === "too_long"
                ? { key: "too_long", params: { max: WEBHOOK_SECRET_MAX } }
                : { key: "bad_request" };
        if (Object.keys(all).length) throw badRequest(all);
        const next: Record<string, unknown> = { ...values };
        if ("value" in secret && secret.value !== undefined) next[WEBHOOK_SECRET_FIELD] = secret.value;
        const url = Object.hasOwn(next, "alert_webhook_url") ? next.alert_webhook_url : c.alert_webhook_url;
        const key = Object.hasOwn(next, WEBHOOK_SECRET_FIELD) ? next[WEBHOOK_SECRET_FIELD] : c[WEBHOOK_SECRET_FIELD];
        if (url && !key) throw badRequest({ [WEBHOOK_SECRET_FIELD]: { key: "webhook_secret_needed" } });
        Object.assign(c, next, { updated_at: new Date().toISOString() });
      }
      return ownSettingsOf(c);
    },
  };
}

export type TwoFactorMock = ReturnType<typeof createTwoFactorMock>;
