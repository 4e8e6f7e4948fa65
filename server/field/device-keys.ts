// Device keys of tracking apps (resource `device-key`): a key is 24 random characters of
// lower-case base32 (120 bits: easy to type into a phone, impossible to guess), answered once by
// `add`; the database keeps its SHA-256 (unique over the platform) and its first 4 characters to
// tell keys apart. SHA-256 rather than a slow password hash: the key is random, not chosen by a
// person, and every /osmand request looks it up: through a cache (server/cache.ts), so
// a position costs no lookup while no key, user or company was written since, and a revoked key,
// a disabled user or a moved one is refused by the next request of every process (the write drops
// the entry; PostgreSQL instances tell each other before the write is answered).
import { randomBytes } from "node:crypto";
import { canonicalTimeZone, resourceByName } from "../../declaration";
import { COMPANIES, USERS } from "../access/identity";
import { subscriptionEnded } from "../access/subscription";
import { sha256 } from "../auth/tokens";
import { cached, DEVICE_OWNER_CACHE } from "../cache";
import { columnTag, rowsTag } from "../db/changes";
import type { Db } from "../db/connection";
import { KNOWN_DEVICE_KEYS } from "../http/known-credentials";

export const DEVICE_KEYS = resourceByName("device-key");
export const DEVICE_KEY_TABLE = DEVICE_KEYS.table;
export const KEY_LENGTH = 24;
export const KEY_PREFIX_LENGTH = 4;
/** last_used_at is written at most this often per key (not once per position). */
export const LAST_USED_EVERY_MS = 60_000;

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

/** A new key: 24 characters of a-z and 2-7 (each from 5 random bits). */
export function newDeviceKey(): string {
  const bytes = randomBytes(KEY_LENGTH);
  let out = "";
  for (const b of bytes) out += ALPHABET[b & 31];
  return out;
}

/** What a key stands for: the key's row and its user's company, if the key is known and its user active. */
export interface DeviceOwner {
  keyId: number;
  userId: number;
  companyId: number;
  lastUsedAt: string | null;
  /** The zone the device's local times (sent without an offset) are read in: the key's, else UTC. */
  timeZone: string;
  /** The company is past its subscription's end: it writes nothing (positions refused, 409 read_only). */
  readOnly: boolean;
}

/**
 * What decides a key's owner, whose writes drop a cached owner: which keys there are, the key
 * columns the owner is read from (not last_used_at: touchKey's write once a minute per key would
 * otherwise drop every key's owner), users and companies.
 */
/** The key's columns an owner is read from (and key_hash, which finds it). */
const OWNER_KEY_COLUMNS = ["id", "user_id", "company_id", "time_zone"] as const;
const OWNER_TABLES = [rowsTag(DEVICE_KEY_TABLE), ...[...OWNER_KEY_COLUMNS, "key_hash"].map((c) => columnTag(DEVICE_KEY_TABLE, c)), USERS.table, COMPANIES.table];

function loadOwnerRow(db: Db, keyHash: string) {
  return db
    .selectFrom(`${DEVICE_KEY_TABLE} as k`)
    .innerJoin(`${USERS.table} as u`, "u.id", "k.user_id")
    .leftJoin(`${COMPANIES.table} as c`, "c.id", "k.company_id")
    .select([
      ...OWNER_KEY_COLUMNS.map((c) => `k.${c}` as const),
      // Read, not depended on: the owner is not dropped when it changes (touchKey).
      "k.last_used_at",
      "u.is_active",
      "u.company_id as user_company_id",
      "c.time_zone as company_time_zone",
      "c.subscription_end",
    ])
    .where("k.key_hash", "=", keyHash)
    .executeTakeFirst();
}

/** The owner of a key as sent by a device (any string), or null: unknown, revoked, or its user disabled or moved. */
export async function ownerOfKey(db: Db, key: string): Promise<DeviceOwner | null> {
  if (key.length < 16 || key.length > 128) return null;
  const keyHash = sha256(key);
  // Unknown keys are not kept: made-up ones must not fill the cache. Kept only where every
  // writer's writes are seen (seenWrites), so a revocation elsewhere is never answered from it.
  const row = await cached(db, "device-owner", DEVICE_OWNER_CACHE, keyHash, OWNER_TABLES, () => loadOwnerRow(db, keyHash), { keep: (r) => r !== undefined, seenWrites: true });
  if (!row || (row.is_active !== null && Number(row.is_active) === 0) || Number(row.user_company_id) !== Number(row.company_id)) return null;
  // Its requests count on the key's own limit from now on (server/field/osmand-routes.ts).
  KNOWN_DEVICE_KEYS.note(keyHash, Number.POSITIVE_INFINITY);
  return {
    keyId: Number(row.id),
    userId: Number(row.user_id),
    companyId: Number(row.company_id),
    // As read when the owner was cached (touchKey's write does not drop it): this process's own touches are kept apart (touchKey).
    lastUsedAt: (row.last_used_at as string | null) ?? null,
    timeZone: canonicalTimeZone(row.time_zone) ?? "UTC",
    // Decided at each request (not cached with the row): the day may turn meanwhile.
    readOnly: subscriptionEnded(row.subscription_end, row.company_time_zone),
  };
}

/** When this process last wrote each key's last_used_at, per database (bounded: forgetting only means one more write). */
const LAST_TOUCHED = new WeakMap<Db, Map<number, number>>();
const LAST_TOUCHED_MAX = 100_000;

/** Notes the key's use, at most once a minute (a position a second would otherwise write the key's row every second). */
export async function touchKey(db: Db, owner: DeviceOwner, now = Date.now()): Promise<void> {
  let touched = LAST_TOUCHED.get(db);
  if (!touched) LAST_TOUCHED.set(db, (touched = new Map()));
  const last = touched.get(owner.keyId) ?? (owner.lastUsedAt ? Date.parse(owner.lastUsedAt) : 0);
  if (now - last < LAST_USED_EVERY_MS) return;
  if (touched.size >= LAST_TOUCHED_MAX) touched.clear();
  touched.set(owner.keyId, now);
  await db
    .updateTable(DEVICE_KEY_TABLE)
    .set({ last_used_at: new Date(now).toISOString() })
    .where("id", "=", owner.keyId)
    .execute();
}
