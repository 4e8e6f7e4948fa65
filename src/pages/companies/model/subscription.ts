// A company's subscription as the owner's companies screen shows it: active, ending within
// ENDS_SOON_DAYS, or ended (the end date is the last day paid for, in the company's own zone: the
// server's rule, server/access/subscription.ts), and the list filters that pick each state.
import type { CrudFilter } from "@refinedev/core";

export const SUBSCRIPTION_STATES = ["active", "ends_soon", "ended"] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** A subscription ending within this many days "ends soon". */
export const ENDS_SOON_DAYS = 14;

/** Today's date (YYYY-MM-DD) on the clock of `zone` (the browser's when none or unknown). */
export function todayIn(zone: unknown, now = Date.now()): string {
  const opts: Intl.DateTimeFormatOptions = { year: "numeric", month: "2-digit", day: "2-digit" };
  try {
    return new Intl.DateTimeFormat("en-CA", { ...opts, ...(typeof zone === "string" && zone ? { timeZone: zone } : {}) }).format(now);
  } catch {
    return new Intl.DateTimeFormat("en-CA", opts).format(now);
  }
}

/** `date` (YYYY-MM-DD) plus `days`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The state of a subscription ending on `end` in `zone`; null: no end date (it never ends). */
export function subscriptionStateOf(end: unknown, zone: unknown, now = Date.now()): SubscriptionState | null {
  if (typeof end !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(end)) return null;
  const last = end.slice(0, 10);
  const today = todayIn(zone, now);
  if (last < today) return "ended";
  return last <= addDays(today, ENDS_SOON_DAYS) ? "ends_soon" : "active";
}

/**
 * The filters on `subscription_end` that pick a state (by the owner's today: a company in another
 * zone may be a day off at midnight), each operator named so that choosing another state, or
 * none, removes the others (Refine merges filters by field and operator; undefined removes one).
 */
export function stateFilters(state: SubscriptionState | undefined, today: string): CrudFilter[] {
  const soon = addDays(today, ENDS_SOON_DAYS);
  return [
    { field: "subscription_end", operator: "lt", value: state === "ended" ? today : undefined },
    { field: "subscription_end", operator: "between", value: state === "ends_soon" ? [today, soon] : undefined },
    { field: "subscription_end", operator: "gt", value: state === "active" ? soon : undefined },
  ];
}

/** The state the table's filters pick, read back (from the URL too). */
export function stateOfFilters(filters: readonly CrudFilter[]): SubscriptionState | undefined {
  const on = (operator: string) =>
    filters.some((f) => "field" in f && f.field === "subscription_end" && f.operator === operator && f.value !== undefined && f.value !== null && f.value !== "");
  if (on("lt")) return "ended";
  if (on("between")) return "ends_soon";
  if (on("gt")) return "active";
  return undefined;
}
