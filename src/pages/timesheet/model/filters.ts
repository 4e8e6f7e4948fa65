// The page's filters and the query of GET timesheet/search they make (docs/api.md "Timesheet"):
// from and to (YYYY-MM-DD, inclusive) once a range is chosen, else `period=current` (the server
// answers the company's current pay period and says which); the chosen project, division, shift
// and person only when chosen. Pure, so tests pin it.
import type { Dayjs } from "dayjs";
import { checkRange, MAX_RANGE_DAYS } from "../../../../declaration/timesheet-answer";
import { adjacentPayPeriod, payPeriodOf, type PayPeriodKind } from "../../../../declaration/timesheet";

export interface TimesheetFilters {
  /** Empty until a range is chosen: the company's current pay period. */
  from: string;
  to: string;
  project_id?: number | null;
  division_id?: number | null;
  shift_id?: number | null;
  user_id?: number | null;
}

/** The filters with the range the answer covers while none is chosen. */
export const shownFilters = (f: TimesheetFilters, answered: { from: string; to: string } | undefined): TimesheetFilters =>
  f.from && f.to ? f : { ...f, from: answered?.from ?? "", to: answered?.to ?? "" };

/** Whether `date` would make a range with its first pick `from` longer than the server answers (62 days). */
export const beyondMaxRange = (date: Dayjs, from: Dayjs | undefined): boolean => !!from && Math.abs(date.startOf("day").diff(from.startOf("day"), "day")) >= MAX_RANGE_DAYS;

const OPTIONAL = ["project_id", "division_id", "shift_id", "user_id"] as const;

/** The filters before a range is chosen: the company's current pay period. */
export const OPENING: TimesheetFilters = { from: "", to: "" };

/**
 * The range a link carries (`#/timesheet?from=2026-11-25&to=2026-11-25`, the home's attendance
 * card): a range the server answers (dates, in order, at most 62 days), else none (the company's
 * current pay period).
 */
export function filtersFromUrl(params: URLSearchParams): TimesheetFilters {
  const range = checkRange({ from: params.get("from") ?? "", to: params.get("to") ?? "" }, {});
  return range ? { from: range.from, to: range.to } : OPENING;
}

export function searchQuery(f: TimesheetFilters): Record<string, string | number> {
  const q: Record<string, string | number> = f.from && f.to ? { from: f.from, to: f.to } : { period: "current" };
  for (const k of OPTIONAL) {
    const v = f[k];
    if (v !== null && v !== undefined) q[k] = v;
  }
  return q;
}

export type PeriodStep = "previous" | "current" | "next";
const STEP: Record<PeriodStep, number> = { previous: -1, current: 0, next: 1 };

/**
 * The pay period (weekly, two-weekly, monthly: the company's) to show for a quick pick: the one
 * holding today on the company's clock (current), or the one before or after the range shown.
 */
export function pickPeriod(kind: PayPeriodKind, step: PeriodStep, shown: { from: string }, zone: string, now: number = Date.now()): { from: string; to: string } {
  const base = step === "current" ? payPeriodOf(kind, now, zone) : payPeriodOf(kind, shown.from, zone);
  const p = step === "current" ? base : adjacentPayPeriod(base, STEP[step], zone);
  return { from: p.start, to: p.end };
}
