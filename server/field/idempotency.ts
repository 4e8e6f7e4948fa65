// Idempotent writes (docs/api.md "Field capture"): an action queued offline may reach the server
// twice (a retry after a lost answer, two tabs sending the queue). A write carrying an
// `idempotency_key` is stored once per user and key: the table `idempotency` (migration 010)
// holds (user_id, key) → the stored record, under a unique index, claimed in the same
// transaction as the record. A key already stored answers its record (200) and stores nothing;
// a concurrent retry waits for the first one's transaction and then answers the same record.
// Rows older than 7 days are purged at start and daily (a queue older than that is refused anyway).
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Actor } from "../access/actor";
import { dialectOf, type Db } from "../db/connection";
import { conflict } from "../http/errors";
import { uniqueViolationColumns } from "../records/db-errors";

export { idempotencyKeyOf } from "./capture-fields";

export const IDEMPOTENCY_TABLE = "idempotency";
/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 3600_000;

/** The record an earlier write with this key stored, if any (409 when the key was used for another action). */
export async function storedFor(db: Db, actor: Actor, key: string, action: string): Promise<number | null> {
  const row = await db.selectFrom(IDEMPOTENCY_TABLE).select(["action", "record_id"]).where("user_id", "=", actor.userId).where("key", "=", key).executeTakeFirst();
  if (!row) return null;
  if (row.action !== action) throw conflict({ idempotency_key: { key: "not_unique" } });
  return Number(row.record_id);
}

export interface Stored {
  /** The record's id. */
  id: number;
  /** True when an earlier request with this key stored it (nothing was stored now). */
  replayed: boolean;
}

/**
 * Runs `write` (in a transaction, returning the id of the record it stored) once per user and
 * key. Without a key a random one is claimed all the same: the claim is the transaction's first
 * statement, a write, so concurrent writers of one SQLite file queue for the lock instead of
 * failing; on PostgreSQL `lockKey` (e.g. "clock:<user>") serializes one user's actions (lockInSchema).
 */
export async function writeOnce(db: Db, actor: Actor, key: string | undefined, action: string, write: (trx: Db) => Promise<number>, o: { lockKey?: string } = {}): Promise<Stored> {
  if (key) {
    const earlier = await storedFor(db, actor, key, action);
    if (earlier !== null) return { id: earlier, replayed: true };
  }
  const claim = key ?? `auto-${randomBytes(12).toString("base64url")}`;
  try {
    const id = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto(IDEMPOTENCY_TABLE)
        .values({ company_id: actor.companyId, user_id: actor.userId, key: claim, action, record_id: null, created_at: new Date().toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (o.lockKey && dialectOf(trx) === "postgres") await lockInSchema(trx, o.lockKey);
      const recordId = await write(trx);
      await trx.updateTable(IDEMPOTENCY_TABLE).set({ record_id: recordId }).where("id", "=", inserted.id).execute();
      return recordId;
    });
    return { id, replayed: false };
  } catch (e) {
    // Another request with this key committed first (it held the key while we waited): its record.
    const cols = uniqueViolationColumns(e);
    if (key && cols !== null && (cols.length === 0 || cols.includes("key"))) {
      const earlier = await storedFor(db, actor, key, action);
      if (earlier !== null) return { id: earlier, replayed: true };
    }
    throw e;
  }
}

/**
 * Takes a transaction-scoped advisory lock named `lockKey` within the current schema: advisory
 * locks belong to the whole database, so "clock:7" of one schema (another deployment or test
 * file sharing the database, where user 7 is someone else) must not wait for another's.
 */
export async function lockInSchema(trx: Db, lockKey: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(current_schema() || ':' || ${lockKey}))`.execute(trx);
}

/** Deletes keys older than IDEMPOTENCY_TTL_MS; answers how many. */
export async function purgeIdempotency(db: Db, now = Date.now()): Promise<number> {
  const res = await db
    .deleteFrom(IDEMPOTENCY_TABLE)
    .where("created_at", "<", new Date(now - IDEMPOTENCY_TTL_MS).toISOString())
    .executeTakeFirst();
  return Number(res.numDeletedRows ?? 0);
}
