// Compiled searches. Validating a search body, building its query with Kysely and compiling
// it cost about as much as SQLite running it (bench:api profiles), and list screens send the
// same bodies again and again (the next page, a refresh). A body's plan depends only on the
// resource, the tenancy and the body itself, not on the data, so it never goes stale; kept per
// Kysely instance (a transaction plans afresh), the most recent PLAN_CACHE_SIZE.
import type { CompiledQuery } from "kysely";
import type { Cond } from "../db/conditions";
import type { Db } from "../db/connection";

export interface SearchPlan {
  /** The body's conditions (without tenancy), for a count that is not cached. */
  conds: Cond[];
  /** The page's query, or null when the page is empty (length 0). */
  rows: CompiledQuery | null;
  start: number;
  /** Rows asked for, after the cap. */
  length: number;
  /** The body asked for more than the cap (or -1). */
  capped: boolean;
  /** The body's columns as a count cache key (undefined: key by the query). */
  columnsKey: string | undefined;
}

const PLAN_CACHE_SIZE = 1000;
const PLANS = new WeakMap<Db, Map<string, SearchPlan>>();

/** The plan of a body: from the cache when `key` is known, else made (and kept). */
export function searchPlan(db: Db, key: string | undefined, make: () => SearchPlan): SearchPlan {
  if (key === undefined) return make();
  let plans = PLANS.get(db);
  if (!plans) PLANS.set(db, (plans = new Map()));
  const hit = plans.get(key);
  if (hit) return hit;
  const plan = make(); // throws (400) on a bad body: nothing kept
  plans.set(key, plan);
  if (plans.size > PLAN_CACHE_SIZE) plans.delete(plans.keys().next().value!);
  return plan;
}

/** A cache key from plain JSON data, or undefined when it is not that. */
export function jsonKey(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
