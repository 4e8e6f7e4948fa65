// Counts kept across writes, answered as estimates. A search's count is exact and cached until its
// table is written (RecordStore.count, server/cache.ts COUNT_CACHE); counting costs one index
// entry per matching row, so after a write a filter matching tens of thousands of rows would
// count them all again for every page asked (and the whole tenant's rows for recordsTotal).
// Past COUNT_ESTIMATE.above rows its last exact count is answered instead, marked as an estimate
// (`estimated` in the envelope, "about 120,000" in the list), as PostgREST's `count=estimated`
// answers the planner's guess past a size. An estimate older than refreshMs is recounted after
// the answer is sent (once per count at a time), and none is older than maxAgeMs. Below the
// bound, and whenever the exact count is still cached, the count is exact; a page shorter than
// asked ends the result, so its count is exact whatever the size (deep pages stay correct).
// Per database (a transaction keeps none) and per server process, bounded (KEPT_COUNT_CACHE).
import { LRUCache } from "lru-cache";
import { COUNT_ESTIMATE, KEPT_COUNT_CACHE } from "../cache";
import type { Db } from "../db/connection";

interface Kept {
  n: number;
  /** Date.now() when counted. */
  at: number;
}

const KEPT = new WeakMap<Db, LRUCache<string, Kept>>();
const REFRESHING = new WeakMap<Db, Set<string>>();

function keptOf(db: Db): LRUCache<string, Kept> {
  let kept = KEPT.get(db);
  if (!kept) {
    kept = new LRUCache<string, Kept>({
      max: KEPT_COUNT_CACHE.max,
      maxSize: KEPT_COUNT_CACHE.maxBytes,
      maxEntrySize: KEPT_COUNT_CACHE.maxEntryBytes,
      sizeCalculation: (_v, key) => 96 + 2 * key.length,
      ttl: COUNT_ESTIMATE.maxAgeMs,
    });
    KEPT.set(db, kept);
  }
  return kept;
}

export interface Counted {
  n: number;
  /** The count is the last exact one, kept from before a write. */
  estimated: boolean;
}

/**
 * The count of `key`: `exact()` when it is cached (`cachedExact`), small or never counted; else
 * the last exact count as an estimate, recounted in the background when it is old.
 */
export async function countOrEstimate(db: Db, key: string, cachedExact: number | undefined, exact: () => Promise<number>): Promise<Counted> {
  if (db.isTransaction) return { n: await exact(), estimated: false };
  const kept = keptOf(db);
  if (cachedExact !== undefined) {
    kept.set(key, { n: cachedExact, at: Date.now() });
    return { n: cachedExact, estimated: false };
  }
  const last = kept.get(key);
  if (last && last.n > COUNT_ESTIMATE.above) {
    if (Date.now() - last.at > COUNT_ESTIMATE.refreshMs) refreshLater(db, key, exact);
    return { n: last.n, estimated: true };
  }
  const n = await exact();
  kept.set(key, { n, at: Date.now() });
  return { n, estimated: false };
}

/** Recounts after the current answer went out (setImmediate), one recount per key at a time. */
function refreshLater(db: Db, key: string, exact: () => Promise<number>): void {
  let busy = REFRESHING.get(db);
  if (!busy) REFRESHING.set(db, (busy = new Set()));
  if (busy.has(key)) return;
  busy.add(key);
  setImmediate(() => {
    exact().then(
      (n) => {
        keptOf(db).set(key, { n, at: Date.now() });
        busy.delete(key);
      },
      () => busy.delete(key), // the next request counts or tries again
    );
  });
}
