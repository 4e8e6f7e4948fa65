// In-memory caches of things every request asks the database again: the session behind a
// token, a role's rights on a menu, the count, page and encoded answer of a search, the labels
// of referenced records.
// An entry is dropped as soon as a table it was read from is written (server/db/changes.ts).
// On PostgreSQL, where other server instances write too, entries also expire after a few
// seconds (`ttlMs`: what another instance's logout or write can leave stale). On SQLite every
// writer is seen, so entries live until a change (or COMPLETE_TTL_MS). Bounded in entries and
// in bytes (lru-cache: least recently used out first; an entry bigger than maxEntryBytes is not
// kept), spread in time (jitter), one load per key at a time. Nothing is cached inside a
// transaction (its Kysely has no change log). Every bound of every cache is named here (the
// search plans' too: server/records/plans.ts); each server process (WORKERS) has its own. Rows
// read from a PostgreSQL read replica (server/db/replicas.ts) are never cached: what is cached is
// read from the primary, whose change log the entries are stamped against.
import { LRUCache } from "lru-cache";
import { changeLogOf, type ChangeLog } from "./db/changes";
import type { Db } from "./db/connection";

export interface CacheSpec {
  /** Longest life of an entry, ms, when other writers may go unseen (PostgreSQL). */
  ttlMs: number;
  /** Most entries kept. */
  max: number;
  /** Most bytes kept (keys and values, estimated by approxBytes). */
  maxBytes: number;
  /** Biggest entry kept: a bigger one is answered but not cached. */
  maxEntryBytes: number;
}

const MB = 1024 * 1024;

/** Longest life of an entry when every writer is seen (SQLite): a bound, not a freshness need. */
export const COMPLETE_TTL_MS = 60_000;

/** Sessions and rights: a logout or a disabled user elsewhere (another instance) counts within this. */
export const SESSION_CACHE: CacheSpec = { ttlMs: 5_000, max: 10_000, maxBytes: 8 * MB, maxEntryBytes: 64 * 1024 };
export const GRANT_CACHE: CacheSpec = { ttlMs: 5_000, max: 10_000, maxBytes: 4 * MB, maxEntryBytes: 64 * 1024 };
/** Device keys' owners (/osmand, server/field/device-keys.ts): a revoked key or disabled user elsewhere (another instance) counts within this. */
export const DEVICE_OWNER_CACHE: CacheSpec = { ttlMs: 5_000, max: 20_000, maxBytes: 6 * MB, maxEntryBytes: 4 * 1024 };
/** A company's alert rules by type (server/events/alerts.ts rulesOf), asked for every stored position. */
export const ALERT_RULE_CACHE: CacheSpec = { ttlMs: 5_000, max: 10_000, maxBytes: 4 * MB, maxEntryBytes: 256 * 1024 };
/**
 * Search counts: exact within this process; another instance's writes show within this. Keyed by
 * a normalized body or a query: a long `in` list is not kept. Entries are small (~0.5 KB): the
 * bytes bound them (~16,000 of a project search's), as people filtering by status, type, phase
 * and manager ask thousands of different filters (bench:api's never-repeated bodies: ~4,600 in
 * 10,000 searches), and a count evicted is counted again.
 */
export const COUNT_CACHE: CacheSpec = { ttlMs: 5_000, max: 20_000, maxBytes: 8 * MB, maxEntryBytes: 64 * 1024 };
/**
 * Pages of search rows (before labels), keyed by the search's plan key (resource, visibility,
 * paging, orders, columns). Kept only where the writes of every server are seen (`seenWrites`:
 * SQLite, or PostgreSQL with the instances telling each other, server/db/pg-changes.ts), so a
 * page follows a write as counts do; on PostgreSQL a write made outside the servers shows within
 * the TTL. Pages longer than PAGE_CACHE_MAX_ROWS are always read (sizing them cost more than
 * they would save).
 */
/** Longest page kept (rows): a screen's page is 10-100; a day of waypoints (~1,000) is not sized, nor kept. */
export const PAGE_CACHE_MAX_ROWS = 200;
export const PAGE_CACHE: CacheSpec = { ttlMs: 5_000, max: 2_000, maxBytes: 32 * MB, maxEntryBytes: 256 * 1024 };
/**
 * Search answers as sent (JSON text and its gzip; server/http/encoded-answer.ts), keyed like
 * pages plus the language: kept where pages are (seenWrites), dropped when a table of their rows,
 * visibility or labels is written. An answer over maxEntryBytes is not kept.
 */
export const ANSWER_CACHE: CacheSpec = { ttlMs: 5_000, max: 2_000, maxBytes: 32 * MB, maxEntryBytes: 256 * 1024 };
/** `F_label`s by target table and tenant (max: groups, and labels per group): a page names the same few types, phases and managers again. */
export const LABEL_CACHE: CacheSpec = { ttlMs: 5_000, max: 20_000, maxBytes: 16 * MB, maxEntryBytes: 4 * MB };
/**
 * Counts kept across writes (server/records/count-estimates.ts): a search whose filter matched more
 * than COUNT_ESTIMATE.above rows when last counted answers that count as an estimate after a
 * write (`estimated` in the envelope) instead of counting again; recounted in the background
 * when older than refreshMs, forgotten after maxAgeMs. Not stamped: an estimate outlives writes.
 */
export const KEPT_COUNT_CACHE: Omit<CacheSpec, "ttlMs"> = { max: 20_000, maxBytes: 4 * MB, maxEntryBytes: 64 * 1024 };
/**
 * Where an exact count costs more than a page: counting 10,000 index entries takes about what
 * reading and encoding a page of 20 rows does (bench:api, SQLite and PostgreSQL); below it every
 * count is exact.
 */
export const COUNT_ESTIMATE = { above: 10_000, refreshMs: 10_000, maxAgeMs: 300_000 };
/**
 * Compiled search plans (server/records/plans.ts), per database; not stamped (a plan never goes
 * stale). One per filter and order (~3 KB for a project search): the bytes bound them (~5,000),
 * as thousands of filters are asked page after page.
 */
export const PLAN_CACHE: Omit<CacheSpec, "ttlMs"> = { max: 10_000, maxBytes: 16 * MB, maxEntryBytes: 64 * 1024 };
/**
 * Compiled SQL per query shape (server/db/query-templates.ts), per dialect; not stamped (SQL
 * never goes stale). A few per list, order and visibility rule (~1 KB each for a project search).
 */
export const QUERY_TEMPLATE_CACHE: Omit<CacheSpec, "ttlMs"> = { max: 2_000, maxBytes: 4 * MB, maxEntryBytes: 64 * 1024 };

/** All caches of one process together hold at most this many bytes. */
export const CACHE_BYTES_BOUND = [
  SESSION_CACHE,
  GRANT_CACHE,
  DEVICE_OWNER_CACHE,
  ALERT_RULE_CACHE,
  COUNT_CACHE,
  KEPT_COUNT_CACHE,
  PAGE_CACHE,
  ANSWER_CACHE,
  LABEL_CACHE,
  PLAN_CACHE,
  QUERY_TEMPLATE_CACHE,
].reduce((n, c) => n + c.maxBytes, 0);

/**
 * Estimated bytes a value holds in the heap (strings 2 per character, numbers 8, a slot and
 * a key per property, Maps and arrays by their items). Plain data only; walked without recursion.
 */
export function approxBytes(value: unknown): number {
  let n = 0;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "string") n += 16 + 2 * v.length;
    else if (ArrayBuffer.isView(v))
      n += 64 + v.byteLength; // a Buffer: its bytes, not its indexes
    else if (v === null || typeof v !== "object") n += 8;
    else if (v instanceof Map) {
      n += 64;
      for (const [k, x] of v) stack.push(k, x);
    } else if (Array.isArray(v)) {
      n += 32;
      for (const x of v) stack.push(x);
    } else {
      n += 32;
      for (const [k, x] of Object.entries(v)) {
        n += 8 + 2 * k.length;
        stack.push(x);
      }
    }
  }
  return n;
}

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
  private readonly map: LRUCache<string, Entry<V>>;
  /** Loads in flight: concurrent misses of one key wait for one query (no stampede at expiry). */
  private readonly loading = new Map<string, { stamp: number; tables: readonly string[]; value: Promise<V> }>();

  constructor(
    private readonly log: ChangeLog,
    private readonly spec: CacheSpec,
  ) {
    this.map = new LRUCache<string, Entry<V>>({
      max: spec.max,
      maxSize: spec.maxBytes,
      maxEntrySize: spec.maxEntryBytes,
      sizeCalculation: (e, key) => 64 + 2 * key.length + approxBytes(e.value),
    });
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.map.size, bytes: this.map.calculatedSize };
  }

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
    this.map.set(key, { value, stamp, expires: Date.now() + ttl * (1 - JITTER * Math.random()), tables });
  }

  /** Sizes an entry again after its value grew in place (a label group); too big now: dropped. */
  resize(key: string): void {
    const e = this.map.peek(key);
    if (e) this.map.set(key, e);
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
  /** Cache only where the writes of every server process and instance are seen (see PAGE_CACHE); elsewhere always load. */
  seenWrites?: boolean;
}

const seesWrites = (log: ChangeLog): boolean => log.complete || !!log.shared;

/** Would `cached(db, …, { seenWrites: true })` keep anything (are every writer's writes seen)? */
export function seesEveryWrite(db: Db): boolean {
  const log = changeLogOf(db);
  return !!log && seesWrites(log);
}

/**
 * `load()`'s answer, from the cache `name` of this database while none of `tables` changed.
 * Without a change log (a transaction, a handle opened elsewhere) it simply loads.
 */
export async function cached<V>(db: Db, name: string, spec: CacheSpec, key: string, tables: readonly string[], load: () => Promise<V>, o: CachedOptions<V> = {}): Promise<V> {
  const log = changeLogOf(db);
  if (!log || (o.seenWrites && !seesWrites(log))) return load();
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
export async function cachedByIds<V>(
  db: Db,
  name: string,
  spec: CacheSpec,
  group: string,
  ids: readonly number[],
  tables: readonly string[],
  absent: V,
  load: (ids: number[]) => Promise<Map<number, V>>,
): Promise<Map<number, V>> {
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
  cache.resize(group);
  return out;
}

/** The value `cached(db, name, …)` holds for `key` while none of its tables changed, without loading it. */
export function peekCached<V>(db: Db, name: string, key: string): V | undefined {
  const log = changeLogOf(db);
  const cache = log ? (CACHES.get(log)?.get(name) as StampedCache<V> | undefined) : undefined;
  return cache?.get(key)?.value;
}

/** Entries and bytes of each cache of this database (tests, bench); plans: records/plans.ts planCacheSize. */
export function cacheSizes(db: Db): Record<string, { entries: number; bytes: number }> {
  const log = changeLogOf(db);
  const byName = log ? CACHES.get(log) : undefined;
  return Object.fromEntries([...(byName ?? [])].map(([name, c]) => [name, c.size]));
}

/** Drops one entry now (e.g. the session of a token just revoked). */
export function forget(db: Db, name: string, key: string): void {
  const log = changeLogOf(db);
  if (log) CACHES.get(log)?.get(name)?.delete(key);
}
