// Failed logins (and reset-mail requests) per client IP, and wrong second-factor codes (or
// passwords given to turn it off) per client IP and per account, counted in the database so
// several server instances share the count. Old rows are pruned as new ones come.
import type { Db } from "../db/connection";

export type AttemptKind = "login" | "forgot" | "two_factor";

export async function recentAttempts(db: Db, kind: AttemptKind, ip: string, windowMinutes: number): Promise<number> {
  const since = Date.now() - windowMinutes * 60_000;
  const row = await db
    .selectFrom("login_attempt")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("kind", "=", kind)
    .where("ip", "=", ip)
    .where("attempted_at", ">=", since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Failures of this kind for one account (its email) within the window. */
export async function recentAttemptsOf(db: Db, kind: AttemptKind, email: string, windowMinutes: number): Promise<number> {
  const since = Date.now() - windowMinutes * 60_000;
  const row = await db
    .selectFrom("login_attempt")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("kind", "=", kind)
    .where("email", "=", email)
    .where("attempted_at", ">=", since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function recordAttempt(db: Db, kind: AttemptKind, ip: string, email: string | null, windowMinutes: number): Promise<void> {
  const now = Date.now();
  await db.insertInto("login_attempt").values({ kind, ip, email, attempted_at: now }).execute();
  // Cheap pruning: about one insert in fifty clears what no window needs any more.
  if (Math.random() < 0.02) {
    await db
      .deleteFrom("login_attempt")
      .where("attempted_at", "<", now - Math.max(windowMinutes, 60) * 60_000)
      .execute();
  }
}
