// A user's second factor in the database (migration 025): the TOTP secret (sealed with
// TWO_FACTOR_KEY, server/auth/two-factor-secret.ts), when it was turned on, the last step a code
// was accepted at, a secret being set up, and the recovery codes (hashed). Every "use once" is a
// conditional update whose row count decides: of two requests with the same code, one wins.
import type { Db } from "../db/connection";
import { openSecret, sealSecret } from "./two-factor-secret";
import { checkCode, newRecoveryCode, newSecret, normalRecoveryCode, otpauthUrl, recoveryCodeHash, ISSUER, RECOVERY_CODE_COUNT } from "./totp";
import type { TwoFactorSetup } from "../../declaration/answers";

export const TWO_FACTOR = "user_two_factor";
export const RECOVERY = "two_factor_recovery_code";
/** A secret set up but not confirmed is offered again (the same QR code) for this long. */
const PENDING_MS = 24 * 3600_000;

interface Row {
  id: unknown;
  user_id: unknown;
  secret: string | null;
  enabled_at: string | null;
  last_step: unknown;
  pending_secret: string | null;
  pending_at: string | null;
}

const rowOf = (db: Db, userId: number): Promise<Row | undefined> =>
  db.selectFrom(TWO_FACTOR).selectAll().where("user_id", "=", userId).executeTakeFirst() as Promise<Row | undefined>;

const isOn = (r: Row | undefined): r is Row & { secret: string; enabled_at: string } => !!r && !!r.enabled_at && !!r.secret;
const changed = (r: { numUpdatedRows?: bigint } | undefined): boolean => Number(r?.numUpdatedRows ?? 0) > 0;

export async function isTwoFactorOn(db: Db, userId: number): Promise<boolean> {
  return isOn(await rowOf(db, userId));
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom(RECOVERY)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function twoFactorState(db: Db, userId: number): Promise<{ enabled: boolean; enabled_at: string | null; recovery_codes_left: number }> {
  const r = await rowOf(db, userId);
  if (!isOn(r)) return { enabled: false, enabled_at: null, recovery_codes_left: 0 };
  return { enabled: true, enabled_at: r.enabled_at, recovery_codes_left: await recoveryCodesLeft(db, userId) };
}

/**
 * A secret to set up (its QR code's address and the secret as text): the one waiting to be
 * confirmed when there is a recent one (asking again shows the QR code already scanned), else a
 * new one. Null when two-factor sign-in is on already.
 */
export async function beginSetup(db: Db, key: string, userId: number, account: string, now = Date.now()): Promise<TwoFactorSetup | null> {
  const r = await rowOf(db, userId);
  if (isOn(r)) return null;
  let secret = r?.pending_secret && r.pending_at && Date.parse(r.pending_at) > now - PENDING_MS ? openSecret(key, r.pending_secret) : null;
  if (!secret) {
    secret = newSecret();
    const values = { pending_secret: sealSecret(key, secret), pending_at: new Date(now).toISOString() };
    await db
      .insertInto(TWO_FACTOR)
      .values({ user_id: userId, secret: null, enabled_at: null, last_step: null, ...values })
      .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
      .execute();
  }
  return { secret, otpauth_url: otpauthUrl(secret, account), issuer: ISSUER, account };
}

export type ConfirmResult = { ok: true; enabledAt: string; recoveryCodes: string[] } | { ok: false; reason: "not_begun" | "on_already" | "wrong" };

/**
 * Turns two-factor sign-in on with the secret being set up, when `code` is one of its codes now.
 * The code's step counts as used; the recovery codes are made (answered this once).
 */
export async function confirmSetup(db: Db, key: string, userId: number, code: string, now = Date.now()): Promise<ConfirmResult> {
  const r = await rowOf(db, userId);
  if (isOn(r)) return { ok: false, reason: "on_already" };
  if (!r?.pending_secret) return { ok: false, reason: "not_begun" };
  const secret = openSecret(key, r.pending_secret);
  const step = checkCode(secret, code, now);
  if (step === null) return { ok: false, reason: "wrong" };
  const enabledAt = new Date(now).toISOString();
  return db.transaction().execute(async (trx): Promise<ConfirmResult> => {
    const done = await trx
      .updateTable(TWO_FACTOR)
      .set({ secret: sealSecret(key, secret), enabled_at: enabledAt, last_step: step, pending_secret: null, pending_at: null })
      .where("user_id", "=", userId)
      .where("enabled_at", "is", null)
      .where("pending_secret", "=", r.pending_secret)
      .executeTakeFirst();
    // Someone else confirmed (or began anew) meanwhile.
    if (!changed(done)) return { ok: false, reason: (await isTwoFactorOn(trx, userId)) ? "on_already" : "not_begun" };
    return { ok: true, enabledAt, recoveryCodes: await replaceRecoveryCodes(trx, userId, now) };
  });
}

export type CodeResult = "ok" | "wrong" | "used" | "off";

/** A code of the user's authenticator app now, used once: a second use within its window answers "used". */
export async function useCode(db: Db, key: string, userId: number, code: string, now = Date.now()): Promise<CodeResult> {
  const r = await rowOf(db, userId);
  if (!isOn(r)) return "off";
  const step = checkCode(openSecret(key, r.secret), code, now);
  if (step === null) return "wrong";
  const done = await db
    .updateTable(TWO_FACTOR)
    .set({ last_step: step })
    .where("user_id", "=", userId)
    .where("enabled_at", "is not", null)
    .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
    .executeTakeFirst();
  return changed(done) ? "ok" : "used";
}

/** A recovery code, used once (of two requests with the same code one wins). */
export async function useRecoveryCode(db: Db, userId: number, input: string, now = Date.now()): Promise<boolean> {
  const normal = normalRecoveryCode(input);
  if (!normal || !(await isTwoFactorOn(db, userId))) return false;
  const done = await db
    .updateTable(RECOVERY)
    .set({ used_at: new Date(now).toISOString() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", recoveryCodeHash(normal))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return changed(done);
}

/** New recovery codes (the old ones no longer work): answered this once, only their hashes kept. */
export async function replaceRecoveryCodes(db: Db, userId: number, now = Date.now()): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const createdAt = new Date(now).toISOString();
  await db.deleteFrom(RECOVERY).where("user_id", "=", userId).execute();
  await db
    .insertInto(RECOVERY)
    .values(codes.map((c) => ({ user_id: userId, code_hash: recoveryCodeHash(normalRecoveryCode(c)!), created_at: createdAt, used_at: null })))
    .execute();
  return codes;
}

/**
 * Off: the secret, the one being set up and the recovery codes are gone. Answers whether it was on
 * (by the delete's row count: of two resets at once, one answers true).
 */
export async function removeTwoFactor(db: Db, userId: number): Promise<boolean> {
  const on = await db.deleteFrom(TWO_FACTOR).where("user_id", "=", userId).where("enabled_at", "is not", null).executeTakeFirst();
  await db.deleteFrom(TWO_FACTOR).where("user_id", "=", userId).execute();
  await db.deleteFrom(RECOVERY).where("user_id", "=", userId).execute();
  return Number(on.numDeletedRows) > 0;
}
