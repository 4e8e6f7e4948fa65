// The second step of a sign-in (docs/api.md "Auth"): after the right password, a challenge
// instead of a session. It is 32 random bytes handed to the client once (the database keeps
// its SHA-256), bound to that user and to its purpose ("verify": the code; "setup": setting
// two-factor sign-in up first), valid 5 minutes, spent by the step it opens, and dead after 5
// wrong codes (then the password again).
import type { TwoFactorChallenge } from "../../declaration/answers";
import type { Db } from "../db/connection";
import { HttpError } from "../http/errors";
import { newToken, sha256 } from "./tokens";

export const CHALLENGE_TABLE = "two_factor_challenge";
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_MAX_FAILURES = 5;

export type ChallengePurpose = TwoFactorChallenge["step"];
export type ChallengeAnswer = TwoFactorChallenge;

export interface OpenChallenge {
  id: number;
  userId: number;
  purpose: ChallengePurpose;
}

/** 401 two_factor_expired: the sign-in starts again with the password. */
export const challengeExpired = () => new HttpError(401, "two_factor_expired");

export async function issueChallenge(db: Db, userId: number, purpose: ChallengePurpose, now = Date.now()): Promise<ChallengeAnswer> {
  const token = newToken();
  const expiresAt = now + CHALLENGE_TTL_MS;
  await db
    .insertInto(CHALLENGE_TABLE)
    .values({ token_hash: sha256(token), user_id: userId, purpose, created_at: now, expires_at: expiresAt, used_at: null, failures: 0 })
    .execute();
  // Cheap pruning: about one challenge in fifty clears those over a day old.
  if (Math.random() < 0.02)
    await db
      .deleteFrom(CHALLENGE_TABLE)
      .where("expires_at", "<", now - 24 * 3600_000)
      .execute();
  return { step: purpose, challenge: token, expires_at: new Date(expiresAt).toISOString() };
}

/** The live challenge of this purpose the token stands for, or 401 two_factor_expired. */
export async function openChallenge(db: Db, token: string, purpose: ChallengePurpose, now = Date.now()): Promise<OpenChallenge> {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw challengeExpired();
  const row = await db
    .selectFrom(CHALLENGE_TABLE)
    .select(["id", "user_id", "purpose", "expires_at", "used_at", "failures"])
    .where("token_hash", "=", sha256(token))
    .executeTakeFirst();
  if (!row || row.purpose !== purpose || row.used_at !== null || Number(row.expires_at) <= now || Number(row.failures) >= CHALLENGE_MAX_FAILURES) throw challengeExpired();
  return { id: Number(row.id), userId: Number(row.user_id), purpose };
}

/** A wrong code: counted; the fifth ends the challenge. */
export async function failChallenge(db: Db, c: OpenChallenge): Promise<void> {
  await db
    .updateTable(CHALLENGE_TABLE)
    .set((eb) => ({ failures: eb("failures", "+", 1) }))
    .where("id", "=", c.id)
    .execute();
}

/** Spends the challenge (once: of two requests, one gets the session, the other 401 two_factor_expired). */
export async function spendChallenge(db: Db, c: OpenChallenge, now = Date.now()): Promise<void> {
  const done = await db.updateTable(CHALLENGE_TABLE).set({ used_at: now }).where("id", "=", c.id).where("used_at", "is", null).executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) throw challengeExpired();
}
