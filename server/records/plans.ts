// Compiled searches. Building a search's query with Kysely and compiling it cost about as much
// as SQLite running it (bench:api profiles), and list screens send the same filters again and
// again (the next page, a refresh). A plan depends only on the resource, the tenancy, the
// validated, normalized columns and the order (server/records/query.ts parseColumnsKeyed: nothing
// a client adds or the server ignores), not on the data nor the page (its limit and offset are
// parameters), so it never goes stale and serves every page of a filter. Kept per Kysely instance (a
// transaction plans afresh) in an LRU bounded by entries and bytes (PLAN_CACHE, server/cache.ts);
// a plan bigger than an entry may be is not kept at all. A filter asked for the first time is not
// compiled either when another of its shape was (server/db/query-templates.ts: its SQL bound to
// these values).
import type { CompiledQuery } from "kysely";
import { LRUCache } from "lru-cache";
import { PLAN_CACHE, approxBytes } from "../cache";
import type { Cond } from "../db/conditions";
import type { Db } from "../db/connection";

export interface SearchPlan {
  /** The body's conditions (without tenancy), for a count that is not cached. */
  conds: Cond[];
  /** The page's query; its last two parameters are the limit and offset, set per page (RecordStore.pageQuery). */
  rows: CompiledQuery;
  /** The body's normalized columns: the key of its count (server/cache.ts COUNT_CACHE). */
  columnsKey: string;
}

type Plans = LRUCache<string, SearchPlan>;
const PLANS = new WeakMap<Db, Plans>();

/** Bytes of a plan: what it holds that grows with the body (its key, SQL and parameters). */
const planBytes = (plan: SearchPlan, key: string): number =>
  2 * key.length + 2 * plan.columnsKey.length + 2 * plan.rows.sql.length + approxBytes(plan.rows.parameters) + 64 * plan.conds.length + 256;

const newPlans = (): Plans =>
  new LRUCache<string, SearchPlan>({ max: PLAN_CACHE.max, maxSize: PLAN_CACHE.maxBytes, maxEntrySize: PLAN_CACHE.maxEntryBytes, sizeCalculation: planBytes });

/** The plan of a normalized body: from the cache, else made (and kept when small enough). */
export function searchPlan(db: Db, key: string, make: () => SearchPlan): SearchPlan {
  let plans = PLANS.get(db);
  if (!plans) PLANS.set(db, (plans = newPlans()));
  const hit = plans.get(key);
  if (hit) return hit;
  const plan = make();
  plans.set(key, plan); // lru-cache keeps nothing bigger than maxEntrySize
  return plan;
}

/** Entries and bytes of this database's plan cache (tests, bench). */
export function planCacheSize(db: Db): { entries: number; bytes: number } {
  const plans = PLANS.get(db);
  return { entries: plans?.size ?? 0, bytes: plans?.calculatedSize ?? 0 };
}
