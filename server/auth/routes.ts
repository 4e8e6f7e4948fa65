// Sign-in and password routes: POST /api/login (its two-factor step: server/auth/two-factor-routes.ts),
// /api/logout, /api/send-forgot-email, /api/reset-password (docs/api.md "Auth").
import type { FastifyInstance, FastifyRequest } from "fastify";
import { COMPANIES, USERS } from "../access/identity";
import { subscriptionState } from "../access/subscription";
import { zoneOf } from "../field/zones";
import { badRequest, tooMany, HttpError } from "../http/errors";
import { langOf, t } from "../i18n/messages";
import type { Services } from "../services";
import { MIN_PASSWORD } from "../validation/fields";
import { hashPassword, verifyPassword } from "./password";
import { leaveViewAs } from "../custom/view-as";
import { authenticate, newToken, revokeToken, revokeUserTokens, sha256 } from "./tokens";
import { signInStep } from "./sign-in";
import { recentAttempts, recordAttempt } from "./throttle";
import { registerTwoFactorRoutes } from "./two-factor-routes";

const RESET_TTL_MS = 3600_000;

const field = (body: unknown, name: string): string | null => {
  const v = body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
  return typeof v === "string" && v.length > 0 && v.length <= 1000 ? v : null;
};
const normEmail = (s: string) => s.trim().toLowerCase();

export function registerAuthRoutes(app: FastifyInstance, s: Services): void {
  const { db, config } = s;
  registerTwoFactorRoutes(app, s);

  app.post("/api/login", async (req) => {
    const email = field(req.body, "email");
    const password = field(req.body, "password");
    if (!email || !password) {
      throw badRequest({ ...(email ? {} : { email: { key: "required" } }), ...(password ? {} : { password: { key: "required" } }) });
    }
    if ((await recentAttempts(db, "login", req.ip, config.loginWindowMinutes)) >= config.loginMaxFailures) throw tooMany();
    const user = await db
      .selectFrom(USERS.table)
      .select(["id", "name", "email", "password", "company_id", "photo", "is_active", "role_id"])
      .where("email", "=", normEmail(email))
      .executeTakeFirst();
    // Unknown email and wrong password take the same time and answer the same.
    const good = await verifyPassword(password, (user?.password as string | null | undefined) ?? null);
    if (!user || !good || (user.is_active !== null && Number(user.is_active) === 0)) {
      await recordAttempt(db, "login", req.ip, normEmail(email).slice(0, 254), config.loginWindowMinutes);
      throw new HttpError(401, "login_failed");
    }
    return signInStep(s, user);
  });

  // What the session's user and company are now (the login answer's `user`), for a web app that
  // signed in earlier: a subscription may have ended or been paid since.
  app.get("/api/me", async (req) => {
    const actor = await authenticate(db, req);
    const user = await db.selectFrom(USERS.table).select(["id", "name", "email", "company_id", "photo"]).where("id", "=", actor.userId).executeTakeFirstOrThrow();
    const company =
      actor.companyId === null
        ? undefined
        : await db.selectFrom(COMPANIES.table).select(["name", "time_zone", "subscription_end"]).where("id", "=", actor.companyId).executeTakeFirst();
    return {
      status: true,
      data: {
        user: {
          id: actor.userId,
          name: user.name,
          email: user.email,
          company_id: actor.companyId,
          company_name: company ? String(company.name) : null,
          photo: user.photo ?? null,
          time_zone: zoneOf(company?.time_zone),
          ...subscriptionState(actor.companyId, company?.subscription_end, company?.time_zone),
        },
      },
    };
  });

  app.post("/api/logout", async (req) => {
    const actor = await authenticate(db, req);
    // Leaving "view as": logged as the admin who opened it (server/custom/view-as.ts).
    await leaveViewAs(db, actor);
    await revokeToken(db, actor.tokenHash);
    return { status: true, message: t(langOf(req.headers["accept-language"]), "logged_out"), data: null };
  });

  app.post("/api/send-forgot-email", async (req: FastifyRequest) => {
    const lang = langOf(req.headers["accept-language"]);
    const email = field(req.body, "email");
    if (!email) throw badRequest({ email: { key: "required" } });
    if ((await recentAttempts(db, "forgot", req.ip, config.loginWindowMinutes)) >= config.loginMaxFailures) throw tooMany();
    await recordAttempt(db, "forgot", req.ip, normEmail(email).slice(0, 254), config.loginWindowMinutes);
    const user = await db.selectFrom(USERS.table).select(["id", "name", "email", "is_active"]).where("email", "=", normEmail(email)).executeTakeFirst();
    if (user && !(user.is_active !== null && Number(user.is_active) === 0)) {
      const token = newToken();
      const now = Date.now();
      await db
        .insertInto("password_reset")
        .values({
          token_hash: sha256(token),
          user_id: Number(user.id),
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + RESET_TTL_MS).toISOString(),
          used_at: null,
        })
        .execute();
      const link = `${config.appUrl}/#/reset-password?token=${token}`;
      const mail =
        lang === "id"
          ? {
              subject: "Atur ulang kata sandi Fieldworks",
              text: `Halo ${user.name},\n\nBuka tautan ini dalam 1 jam untuk mengatur ulang kata sandi Anda:\n${link}\n\nAbaikan email ini jika Anda tidak memintanya.`,
            }
          : {
              subject: "Reset your Fieldworks password",
              text: `Hello ${user.name},\n\nOpen this link within 1 hour to reset your password:\n${link}\n\nIgnore this mail if you did not ask for it.`,
            };
      const sending = s.mailer.send({ to: String(user.email), ...mail });
      // Through SMTP the answer does not wait (its time would tell whether the email exists).
      if (config.smtpUrl) sending.catch((e: unknown) => req.log.error({ err: e }, "reset mail failed"));
      else await sending;
    }
    return { status: true, message: t(lang, "forgot_sent"), data: null };
  });

  app.post("/api/reset-password", async (req) => {
    const lang = langOf(req.headers["accept-language"]);
    const token = field(req.body, "token");
    const password = field(req.body, "password");
    if (!token) throw badRequest({ token: { key: "required" } });
    if (!password || password.length < MIN_PASSWORD || password.length > 128) {
      throw badRequest({ password: password ? { key: "password_too_short", params: { min: MIN_PASSWORD } } : { key: "required" } });
    }
    const reset = await db
      .selectFrom("password_reset")
      .select(["id", "user_id"])
      .where("token_hash", "=", sha256(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", new Date().toISOString())
      .executeTakeFirst();
    if (!reset) throw badRequest({ token: { key: "reset_invalid" } }, "reset_invalid");
    const hash = await hashPassword(password);
    const now = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      // The link is used once: claimed by a conditional update, so of two requests sent at once
      // with it the second finds it used (its transaction changes nothing).
      const claimed = await trx
        .updateTable("password_reset")
        .set({ used_at: now })
        .where("id", "=", reset.id)
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw badRequest({ token: { key: "reset_invalid" } }, "reset_invalid");
      await trx.updateTable(USERS.table).set({ password: hash, updated_at: now }).where("id", "=", reset.user_id).execute();
      await trx.updateTable("password_reset").set({ used_at: now }).where("user_id", "=", reset.user_id).where("used_at", "is", null).execute();
      await revokeUserTokens(trx, Number(reset.user_id));
    });
    return { status: true, message: t(lang, "reset_done"), data: null };
  });
}
