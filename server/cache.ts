// In-memory caches of things every request asks the database again: the session behind a
// token, a role's rights on a menu, the count of a search, the labels of referenced records.
// An entry is dropped as soon as a table it was read from is written (server/db/changes.ts).
// On PostgreSQL, where other server instances write too, entries also expire after a few
// seconds (`ttlMs`: what another instance's logout or write can leave stale). On SQLite every
// writer is seen, so entries live until a change (or COMPLETE_TTL_MS). Bounded in size (oldest
// first out), spread in time (jitter), one load per key at a time. Nothing is cached inside a
// transaction (its Kysely has no change log).
import { changeLogOf, type ChangeLog } from "./db/changes";
import type { Db } from "./db/connection";

export interface CacheSpec {
  /** Longest life of an entry, ms, when other writers may go unseen (PostgreSQL). */
  ttlMs: number;
  /** Most entries kept. */
  max: number;
}

/** Longest life of an entry when every writer is seen (SQLite): a bound, not a freshness need. */
export const COMPLETE_TTL_MS = 60_000;

/** Sessions and rights: a logout or a disabled user elsewhere (another instance) counts within this. */
export const SESSION_CACHE: CacheSpec = { ttlMs: 5_000, max: 10_000 };
export const GRANT_CACHE: CacheSpec = { ttlMs: 5_000, max: 10_000 };
/** Search counts: exact within this process; another instance's writes show within this. */
export const COUNT_CACHE: CacheSpec = { ttlMs: 5_000, max: 2_000 };
/** `F_label`s by target table and tenant (max: labels per group): a page names the same few types, phases and managers again. */
export const LABEL_CACHE: CacheSpec = { ttlMs: 5_000, max: 20_000 };

interface Entry<V> {
  value: V;
  stamp: number;
  /** Date.now() after which the entry is gone. */
  expires: number;
  tables: readonly string[];
}

/** Entries live 80-100 % of the TTL: entries filled together do not all expire together. */
const JITTER = 0.2;

class StampedCache<V> {
  private readonly map = new Map<string, Entry<V>>();
  /** Loads in flight: concurrent misses of one key wait for one query (no stampede at expiry). */
  private readonly loading = new Map<string, { stamp: number; tables: readonly string[]; value: Promise<V> }>();

  constructor(
    private readonly log: ChangeLog,
    private readonly spec: CacheSpec,
  ) {}

  get(key: string): Entry<V> | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (Date.now() > e.expires || this.log.changedSince(e.stamp, e.tables)) {
      this.map.delete(key);
      return undefined;
    }
    return e;
  }

  set(key: string, value: V, stamp: number, tables: readonly string[]): void {
    const ttl = this.log.complete ? COMPLETE_TTL_MS : this.spec.ttlMs;
    this.map.delete(key);
    this.map.set(key, { value, stamp, expires: Date.now() + ttl * (1 - JITTER * Math.random()), tables });
    if (this.map.size > this.spec.max) this.map.delete(this.map.keys().next().value!);
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  /** The load of `key` in flight, if nothing it read from changed since it started. */
  inFlight(key: string): Promise<V> | undefined {
    const l = this.loading.get(key);
    return l && !this.log.changedSince(l.stamp, l.tables) ? l.value : undefined;
  }

  async load(key: string, stamp: number, tables: readonly string[], load: () => Promise<V>): Promise<V> {
    const value = load();
    const entry = { stamp, tables, value };
    this.loading.set(key, entry);
    try {
      return await value;
    } finally {
      if (this.loading.get(key) === entry) this.loading.delete(key);
    }
  }
}

const CACHES = new WeakMap<ChangeLog, Map<string, StampedCache<unknown>>>();

function cacheOf<V>(log: ChangeLog, name: string, spec: CacheSpec): StampedCache<V> {
  let byName = CACHES.get(log);
  if (!byName) CACHES.set(log, (byName = new Map()));
  let c = byName.get(name);
  if (!c) byName.set(name, (c = new StampedCache<unknown>(log, spec)));
  return c as StampedCache<V>;
}

export interface CachedOptions<V> {
  /** Which answers to keep (e.g. not "no such token": random tokens must not fill the cache). */
  keep?: (v: V) => boolean;
}

/**
 * `load()`'s answer, from the cache `name` of this database while none of `tables` changed.
 * Without a change log (a transaction, a handle opened elsewhere) it simply loads.
 */
export async function cached<V>(db: Db, name: string, spec: CacheSpec, key: string, tables: readonly string[], load: () => Promise<V>, o: CachedOptions<V> = {}): Promise<V> {
  const log = changeLogOf(db);
  if (!log) return load();
  const cache = cacheOf<V>(log, name, spec);
  const hit = cache.get(key);
  if (hit) return hit.value;
  const pending = cache.inFlight(key);
  if (pending) return pending;
  const stamp = log.stamp(); // before reading: a write during the read makes the entry stale at once
  const value = await cache.load(key, stamp, tables, load);
  if (!o.keep || o.keep(value)) cache.set(key, value, stamp, tables);
  return value;
}

/**
 * Values by id from the cache `name`, in groups (`group`: e.g. one target table and tenant)
 * checked once per call: only the ids not cached are loaded, in one call; ids `load` does not
 * answer are kept as `absent` (a deleted or foreign record). A group lives and goes as a whole.
 */
export async function cachedByIds<V>(db: Db, name: string, spec: CacheSpec, group: string, ids: readonly number[], tables: readonly string[], absent: V, load: (ids: number[]) => Promise<Map<number, V>>): Promise<Map<number, V>> {
  const log = changeLogOf(db);
  if (!log) return load([...ids]);
  const cache = cacheOf<Map<number, V>>(log, name, spec);
  const out = new Map<number, V>();
  let values = cache.get(group)?.value;
  const missing: number[] = [];
  for (const id of ids) {
    const v = values?.get(id);
    if (v !== undefined || values?.has(id)) out.set(id, v as V);
    else missing.push(id);
  }
  if (missing.length === 0) return out;
  const stamp = log.stamp();
  const loaded = await load(missing);
  // Kept in the group when it is still valid: a change since its stamp drops it all.
  values = cache.get(group)?.value;
  if (!values || values.size > spec.max) cache.set(group, (values = new Map()), stamp, tables);
  for (const id of missing) {
    const v = loaded.has(id) ? loaded.get(id)! : absent;
    out.set(id, v);
    values.set(id, v);
  }
  return out;
}

/** Drops one entry now (e.g. the session of a token just revoked). */
export function forget(db: Db, name: string, key: string): void {
  const log = changeLogOf(db);
  if (log) CACHES.get(log)?.get(name)?.delete(key);
}
