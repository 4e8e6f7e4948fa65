// Two-factor sign-in (TOTP) routes (docs/api.md "Auth"):
// - the sign-in's second step, without a token, on a challenge the password step answered
//   (server/auth/sign-in.ts): POST /api/login/two-factor (a code or a recovery code),
//   /api/login/two-factor/setup and /api/login/two-factor/enable (a user who must have it and
//   has none sets it up, then gets the session and the recovery codes);
// - the signed-in user's own second factor ("Account security"): GET /api/two-factor,
//   POST /api/two-factor/setup, /enable, /recovery-codes, /disable.
// Wrong codes (and passwords given to turn it off) are counted per client IP and per account like
// failed logins (LOGIN_MAX_FAILURES within LOGIN_WINDOW_MINUTES, then 429). At the sign-in a wrong
// code answers 401 (no session is at stake); signed in, 400 naming the field (a 401 would end the
// web app's session).
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TwoFactorStatus } from "../../declaration/answers";
import type { Actor } from "../access/actor";
import { USERS } from "../access/identity";
import { audit } from "../audit/log";
import { DEV_TWO_FACTOR_KEY } from "../config";
import { badRequest, conflict, HttpError, readOnly, tooMany, unauthorized, type FieldErrors } from "../http/errors";
import type { MessageKey } from "../i18n/messages";
import type { Services } from "../services";
import { verifyPassword } from "./password";
import { loadSignIn, mustUseTwoFactor, newSession, signInInactive, type SignIn } from "./sign-in";
import { recentAttempts, recentAttemptsOf, recordAttempt } from "./throttle";
import { authenticate, revokeUserTokens } from "./tokens";
import { CODE_FORMAT, normalCode } from "./totp";
import { challengeExpired, failChallenge, openChallenge, spendChallenge, type OpenChallenge } from "./two-factor-challenge";
import { beginSetup, confirmSetup, recoveryCodesLeft, removeTwoFactor, replaceRecoveryCodes, twoFactorState, useCode, useRecoveryCode } from "./two-factor-store";

const text = (body: unknown, name: string): string | null => {
  const v = body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
  return typeof v === "string" && v.trim().length > 0 && v.length <= 200 ? v : null;
};

/** A code as sent: 400 when missing or not six digits. */
function codeOf(body: unknown, optional = false): string | null {
  const raw = body && typeof body === "object" ? (body as Record<string, unknown>).code : undefined;
  if (raw === undefined || raw === null || raw === "") {
    if (optional) return null;
    throw badRequest({ code: { key: "required" } });
  }
  if (typeof raw !== "string" || !CODE_FORMAT.test(normalCode(raw))) throw badRequest({ code: { key: "two_factor_code_format" } });
  return raw;
}

/** 400 with this key on `field` (a signed-in user's wrong code or password). */
const wrongField = (field: string, key: MessageKey) => new HttpError(400, key, {}, { [field]: { key } } as FieldErrors);

/** The audit log's "who" for a user not yet signed in (the sign-in's set-up step). */
const actorOf = (who: SignIn, req: FastifyRequest): Actor => ({
  userId: Number(who.user.id),
  companyId: who.companyId,
  roleId: who.role?.id ?? null,
  roleName: who.role?.name ?? null,
  roleType: who.role?.role_type ?? null,
  isOwner: false,
  tokenHash: "",
  name: String(who.user.name ?? ""),
  ip: req.ip,
});

export function registerTwoFactorRoutes(app: FastifyInstance, s: Services): void {
  const { db, config } = s;
  const key = config.twoFactorKey;
  if (key === DEV_TWO_FACTOR_KEY && !process.env.FW_CLUSTER_WORKER) {
    app.log.warn('TWO_FACTOR_KEY is not set: the stored two-factor secrets are encrypted with the development key. Set it in production (docs/guide.md "Two-factor sign-in").');
  }

  /** 429 once this IP or this account has had too many wrong codes within the window. */
  const throttle = async (req: FastifyRequest, email: string) => {
    const window = config.loginWindowMinutes;
    if ((await recentAttempts(db, "two_factor", req.ip, window)) >= config.loginMaxFailures) throw tooMany();
    if ((await recentAttemptsOf(db, "two_factor", email, window)) >= config.loginMaxFailures) throw tooMany();
  };
  const countFailure = (req: FastifyRequest, email: string) => recordAttempt(db, "two_factor", req.ip, email.slice(0, 254), config.loginWindowMinutes);

  /** The challenge of the body and its user (still active), or 401 two_factor_expired. */
  const challengeOf = async (req: FastifyRequest, purpose: OpenChallenge["purpose"]) => {
    const token = text(req.body, "challenge");
    if (!token) throw badRequest({ challenge: { key: "required" } });
    const c = await openChallenge(db, token, purpose);
    const who = await loadSignIn(db, c.userId);
    if (!who || signInInactive(who)) throw challengeExpired();
    return { c, who, email: String(who.user.email ?? "") };
  };

  const auditTwoFactor = (actor: Actor, who: { id: number; name: string; companyId: number | null }, kind: "two_factor_on" | "two_factor_off" | "two_factor_codes", on: boolean) =>
    audit(db, actor, {
      kind,
      resource: "human-resource",
      recordId: who.id,
      label: who.name,
      before: kind === "two_factor_codes" ? null : { two_factor: !on },
      after: { two_factor: on },
      companyId: who.companyId,
    });

  // ---- the sign-in's second step ----------------------------------------------------------

  app.post("/api/login/two-factor", async (req) => {
    const recovery = text(req.body, "recovery_code");
    const code = codeOf(req.body, recovery !== null);
    const { c, who, email } = await challengeOf(req, "verify");
    await throttle(req, email);
    const userId = Number(who.user.id);
    let left: number | undefined;
    if (code !== null) {
      const result = await useCode(db, key, userId, code);
      // Reset by an admin since the password step: sign in again (then set it up if required).
      if (result === "off") throw challengeExpired();
      if (result !== "ok") {
        await countFailure(req, email);
        await failChallenge(db, c);
        throw new HttpError(401, result === "used" ? "two_factor_code_used" : "two_factor_failed");
      }
    } else {
      if (!(await useRecoveryCode(db, userId, recovery!))) {
        await countFailure(req, email);
        await failChallenge(db, c);
        throw new HttpError(401, "two_factor_recovery_failed");
      }
      left = await recoveryCodesLeft(db, userId);
    }
    await spendChallenge(db, c);
    return { status: true, data: { ...(await newSession(s, who)), ...(left === undefined ? {} : { recovery_codes_left: left }) } };
  });

  app.post("/api/login/two-factor/setup", async (req) => {
    const { c, email } = await challengeOf(req, "setup");
    const setup = await beginSetup(db, key, c.userId, email);
    // Turned on meanwhile (another browser): sign in again, with the code.
    if (!setup) throw challengeExpired();
    return { status: true, data: setup };
  });

  app.post("/api/login/two-factor/enable", async (req) => {
    const code = codeOf(req.body)!;
    const { c, who, email } = await challengeOf(req, "setup");
    await throttle(req, email);
    const result = await confirmSetup(db, key, c.userId, code);
    if (!result.ok) {
      if (result.reason === "on_already") throw challengeExpired();
      if (result.reason === "not_begun") throw conflict(undefined, "two_factor_not_begun");
      await countFailure(req, email);
      await failChallenge(db, c);
      throw new HttpError(401, "two_factor_failed");
    }
    await spendChallenge(db, c);
    await auditTwoFactor(actorOf(who, req), { id: c.userId, name: String(who.user.name ?? ""), companyId: who.companyId }, "two_factor_on", true);
    return { status: true, data: { ...(await newSession(s, who)), recovery_codes: result.recoveryCodes } };
  });

  // ---- the signed-in user's own second factor ---------------------------------------------

  /** The signed-in user (a view-as session acts as someone else: refused). */
  const self = async (req: FastifyRequest) => {
    const actor = await authenticate(db, req);
    if (actor.readOnly === "view_as") throw readOnly("view_as");
    const who = await loadSignIn(db, actor.userId);
    if (!who) throw unauthorized();
    return { actor, who, me: { id: actor.userId, name: String(who.user.name ?? ""), email: String(who.user.email ?? ""), companyId: actor.companyId } };
  };

  const status = async (userId: number, who: SignIn): Promise<TwoFactorStatus> => ({ ...(await twoFactorState(db, userId)), required: mustUseTwoFactor(s, who) });

  app.get("/api/two-factor", async (req) => {
    const { actor, who } = await self(req);
    return { status: true, data: await status(actor.userId, who) };
  });

  app.post("/api/two-factor/setup", async (req) => {
    const { actor, me } = await self(req);
    const setup = await beginSetup(db, key, actor.userId, me.email);
    if (!setup) throw conflict(undefined, "two_factor_on_already");
    return { status: true, data: setup };
  });

  app.post("/api/two-factor/enable", async (req) => {
    const code = codeOf(req.body)!;
    const { actor, who, me } = await self(req);
    await throttle(req, me.email);
    const result = await confirmSetup(db, key, actor.userId, code);
    if (!result.ok) {
      if (result.reason === "on_already") throw conflict(undefined, "two_factor_on_already");
      if (result.reason === "not_begun") throw conflict(undefined, "two_factor_not_begun");
      await countFailure(req, me.email);
      throw wrongField("code", "two_factor_failed");
    }
    // Sessions opened with the password alone end; this one stays.
    await revokeUserTokens(db, actor.userId, actor.tokenHash);
    await auditTwoFactor(actor, me, "two_factor_on", true);
    return { status: true, data: { ...(await status(actor.userId, who)), recovery_codes: result.recoveryCodes } };
  });

  /** A current code of the user's app: 400 on `code` when wrong or used. */
  const requireCode = async (req: FastifyRequest, userId: number, email: string, code: string) => {
    await throttle(req, email);
    const result = await useCode(db, key, userId, code);
    if (result === "off") throw conflict(undefined, "two_factor_off");
    if (result !== "ok") {
      await countFailure(req, email);
      throw wrongField("code", result === "used" ? "two_factor_code_used" : "two_factor_failed");
    }
  };

  app.post("/api/two-factor/recovery-codes", async (req) => {
    const code = codeOf(req.body)!;
    const { actor, who, me } = await self(req);
    await requireCode(req, actor.userId, me.email, code);
    const codes = await db.transaction().execute((trx) => replaceRecoveryCodes(trx, actor.userId));
    await auditTwoFactor(actor, me, "two_factor_codes", true);
    return { status: true, data: { ...(await status(actor.userId, who)), recovery_codes: codes } };
  });

  app.post("/api/two-factor/disable", async (req) => {
    const code = codeOf(req.body, true);
    const password = code === null ? text(req.body, "password") : null;
    if (code === null && password === null) throw badRequest({ code: { key: "required" } });
    const { actor, who, me } = await self(req);
    const before = await twoFactorState(db, actor.userId);
    if (!before.enabled) throw conflict(undefined, "two_factor_off");
    if (mustUseTwoFactor(s, who)) throw conflict(undefined, "two_factor_required");
    if (code !== null) await requireCode(req, actor.userId, me.email, code);
    else {
      await throttle(req, me.email);
      const stored = await db.selectFrom(USERS.table).select("password").where("id", "=", actor.userId).executeTakeFirst();
      if (!(await verifyPassword(password!, (stored?.password as string | null | undefined) ?? null))) {
        await countFailure(req, me.email);
        throw wrongField("password", "password_wrong");
      }
    }
    await db.transaction().execute(async (trx) => {
      await removeTwoFactor(trx, actor.userId);
      await revokeUserTokens(trx, actor.userId, actor.tokenHash);
    });
    await auditTwoFactor(actor, me, "two_factor_off", false);
    return { status: true, data: await status(actor.userId, who) };
  });
}
