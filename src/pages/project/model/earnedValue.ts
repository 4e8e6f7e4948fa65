// Earned value from the plan and the money: planned value from the baseline's activities and
// weights (each spread evenly over its days), earned value from progress, actual cost from the
// recorded expenditure plus the field labour (project labour-cost/{id}: the timesheet's hours x
// rates of the people who clocked in at the project, by day) when the viewer may see pay; SPI,
// CPI, the estimate at completion and a verdict with its reasons.
import { dayOf, isoOfDay } from "../../../lib/calendarDays";
import { spanOf, type Activity } from "../../gantt/model/activity";

/** An index at or above this is on track. Same bands as the stored health records ("healthy" from 0.95). */
export const ON_TRACK_INDEX = 0.95;
/** Below this SPI is behind schedule, CPI over budget; between the two bands: at risk ("critical" below 0.85 in the records). */
export const BEHIND_INDEX = 0.85;

export type PlanActivity = Pick<Activity, "id" | "parent_id" | "type" | "start_date" | "end_date"> & Partial<Pick<Activity, "weight" | "progress" | "order">>;

export interface Expenditure {
  amount: number;
  expense_date: string;
}

/** A day's field labour cost at the project (ProjectLabourDayAnswer). */
export interface LabourDay {
  date: string;
  labour_cost: number;
}

export type VerdictCode = "on_track" | "at_risk" | "behind_schedule" | "over_budget";

/**
 * Why: `schedule_behind`/`cost_over` (index below BEHIND_INDEX), `schedule_slipping`/`cost_rising`
 * (below ON_TRACK_INDEX), `not_started` (nothing planned or earned yet), `no_budget` (no budget:
 * no money figures or CPI), `no_cost_yet` (nothing spent: no CPI), `on_plan` (all well).
 */
export type ReasonCode = "schedule_behind" | "schedule_slipping" | "cost_over" | "cost_rising" | "not_started" | "no_budget" | "no_cost_yet" | "on_plan";

export interface Reason {
  code: ReasonCode;
  /** The index behind the reason (SPI or CPI) and the threshold it fell below. */
  index?: number;
  threshold?: number;
}

export interface Verdict {
  code: VerdictCode;
  /** The deciding reason first. */
  reasons: Reason[];
}

export interface EarnedValueStatus {
  asOf: string;
  /** Budget at completion (the project's budget); null when the project has none. */
  bac: number | null;
  /** Planned and earned share of the whole work, 0..100. */
  plannedPercent: number;
  earnedPercent: number;
  /** Money figures; null without a budget. `ac` is always known (0 when nothing was spent). */
  pv: number | null;
  ev: number | null;
  /** Actual cost: the recorded expenditure plus the field labour (when known). */
  ac: number;
  /** Its two parts: the expenditure, and the field labour (null: not known to this viewer, not counted). */
  acExpenditure: number;
  acLabour: number | null;
  sv: number | null;
  cv: number | null;
  /** EV / PV from the shares (so known without a budget); null when nothing was planned yet. */
  spi: number | null;
  /** EV / AC; null without a budget or before any cost. */
  cpi: number | null;
  /** BAC / CPI; null when CPI is unknown or 0. */
  eac: number | null;
  /** EAC - AC and BAC - EAC. */
  etc: number | null;
  vac: number | null;
  verdict: Verdict;
}

/**
 * Each piece of work's share of the whole (they sum to 1): an activity's share of its parent's
 * is its weight among its siblings' weights (the seed weighs phases in the project and tasks in
 * their phase); siblings that carry no weight at all share by their days, milestones by nothing
 * unless all are milestones. A summary without children counts as work.
 */
export function workShares(activities: readonly PlanActivity[]): Map<number, number> {
  const ids = new Set(activities.map((a) => a.id));
  const kids = new Map<number | null, PlanActivity[]>();
  for (const a of activities) {
    const parent = a.parent_id !== null && ids.has(a.parent_id) && a.parent_id !== a.id ? a.parent_id : null;
    const list = kids.get(parent) ?? [];
    list.push(a);
    kids.set(parent, list);
  }
  const days = (a: PlanActivity) => {
    const s = spanOf(a);
    return s ? s.finish - s.start : 0;
  };
  const shares = new Map<number, number>();
  const visited = new Set<number>();
  const spread = (parent: number | null, share: number) => {
    const group = kids.get(parent) ?? [];
    if (!group.length) return;
    let basis = group.map((a) => Math.max(0, Number(a.weight) || 0));
    if (basis.every((w) => w === 0)) basis = group.map(days);
    if (basis.every((w) => w === 0)) basis = group.map(() => 1);
    const total = basis.reduce((x, y) => x + y, 0);
    group.forEach((a, i) => {
      if (visited.has(a.id)) return;
      visited.add(a.id);
      const mine = (share * basis[i]) / total;
      if (kids.get(a.id)?.length) spread(a.id, mine);
      else shares.set(a.id, mine);
    });
  };
  spread(null, 1);
  return shares;
}

/** How much of an activity's work the plan has done by the end of `day`: 0..1, evenly over its days. */
function plannedDone(a: PlanActivity, day: number): number {
  const s = spanOf(a);
  if (!s) return 0;
  const end = day + 1; // the end of the day, in spanOf's half-open days
  if (s.finish <= s.start) return end >= s.start ? 1 : 0;
  return Math.min(1, Math.max(0, (end - s.start) / (s.finish - s.start)));
}

/** The planned share of the whole work done by the end of `day` (0..1). */
export function plannedFraction(activities: readonly PlanActivity[], day: number, shares = workShares(activities)): number {
  let sum = 0;
  for (const a of activities) {
    const share = shares.get(a.id);
    if (share) sum += share * plannedDone(a, day);
  }
  return sum;
}

/** The earned share of the whole work from the activities' progress (0..1). */
export function earnedFraction(activities: readonly PlanActivity[], shares = workShares(activities)): number {
  let sum = 0;
  for (const a of activities) {
    const share = shares.get(a.id);
    if (share) sum += (share * Math.max(0, Math.min(100, Number(a.progress) || 0))) / 100;
  }
  return sum;
}

/** The amounts of dated rows up to and including `day` (rows without a date or a number left out). */
function sumToDay<T>(rows: readonly T[], day: number, dateOf: (r: T) => string, amountOf: (r: T) => unknown): number {
  let sum = 0;
  for (const r of rows) {
    const d = dayOf(dateOf(r));
    const amount = Number(amountOf(r));
    if (d !== null && d <= day && Number.isFinite(amount)) sum += amount;
  }
  return sum;
}

/** Money spent up to and including `day`. */
export const actualCost = (expenditures: readonly Expenditure[], day: number): number =>
  sumToDay(
    expenditures,
    day,
    (e) => e.expense_date,
    (e) => e.amount,
  );

/** Field labour up to and including `day`. */
export const labourCost = (labour: readonly LabourDay[], day: number): number =>
  sumToDay(
    labour,
    day,
    (l) => l.date,
    (l) => l.labour_cost,
  );

/** Field labour to date as a function of the date (`YYYY-MM-DD`), for many dates (the index history's report dates). */
export function labourToDate(labour: readonly LabourDay[]): (date: string) => number {
  const days = labour
    .map((l) => ({ day: dayOf(l.date), amount: Number(l.labour_cost) }))
    .filter((l): l is { day: number; amount: number } => l.day !== null && Number.isFinite(l.amount))
    .sort((a, b) => a.day - b.day);
  const cumulative: number[] = [];
  days.forEach((l, i) => cumulative.push((cumulative[i - 1] ?? 0) + l.amount));
  return (date) => {
    const day = dayOf(date);
    if (day === null) return 0;
    // The last labour day on or before `day`.
    let lo = 0;
    let hi = days.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (days[mid].day <= day) lo = mid + 1;
      else hi = mid;
    }
    return lo ? cumulative[lo - 1] : 0;
  };
}

/** The verdict from the two indices (either may be unknown). */
export function verdictOf(spi: number | null, cpi: number | null): Verdict {
  const reasons: Reason[] = [];
  const band = (index: number | null) => (index === null ? 0 : index < BEHIND_INDEX ? 2 : index < ON_TRACK_INDEX ? 1 : 0);
  const s = band(spi);
  const c = band(cpi);
  const scheduleReason = (): Reason => ({ code: s === 2 ? "schedule_behind" : "schedule_slipping", index: spi!, threshold: s === 2 ? BEHIND_INDEX : ON_TRACK_INDEX });
  const costReason = (): Reason => ({ code: c === 2 ? "cost_over" : "cost_rising", index: cpi!, threshold: c === 2 ? BEHIND_INDEX : ON_TRACK_INDEX });
  // The worse band decides; between two equally bad ones, the lower index.
  const costFirst = c > s || (c === s && c > 0 && cpi! <= spi!);
  if (costFirst) {
    reasons.push(costReason());
    if (s) reasons.push(scheduleReason());
  } else if (s) {
    reasons.push(scheduleReason());
    if (c) reasons.push(costReason());
  }
  const worst = Math.max(s, c);
  const code: VerdictCode = worst === 0 ? "on_track" : worst === 1 ? "at_risk" : costFirst ? "over_budget" : "behind_schedule";
  if (!reasons.length) reasons.push({ code: "on_plan" });
  return { code, reasons };
}

export interface EarnedValueInput {
  /** The baseline version's activities: planned value. */
  baseline: readonly PlanActivity[];
  /** The current version's activities: earned value from their progress (the baseline's when absent). */
  current?: readonly PlanActivity[];
  /** The project's budget (BAC). */
  budget: number | null | undefined;
  expenditures: readonly Expenditure[];
  /** The field labour by day; absent: not known (the viewer may not see pay), actual cost is the expenditure alone. */
  labour?: readonly LabourDay[];
  /** The status date, `YYYY-MM-DD`. */
  asOf: string;
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

/** The project's earned-value figures and verdict as of a date. */
export function earnedValue(input: EarnedValueInput): EarnedValueStatus {
  const day = dayOf(input.asOf);
  if (day === null) throw new RangeError(`asOf is not a date: ${input.asOf}`);
  const budget = Number(input.budget);
  const bac = Number.isFinite(budget) && budget > 0 ? budget : null;
  const pf = plannedFraction(input.baseline, day);
  const ef = earnedFraction(input.current ?? input.baseline);
  const acExpenditure = actualCost(input.expenditures, day);
  const acLabour = input.labour ? labourCost(input.labour, day) : null;
  const ac = acExpenditure + (acLabour ?? 0);
  const pv = bac === null ? null : bac * pf;
  const ev = bac === null ? null : bac * ef;
  const spi = ratio(ef, pf);
  const cpi = ev === null ? null : ratio(ev, ac);
  const eac = bac !== null && cpi ? bac / cpi : null;
  const verdict = verdictOf(spi, cpi);
  if (pf === 0 && ef === 0) verdict.reasons.push({ code: "not_started" });
  if (bac === null) verdict.reasons.push({ code: "no_budget" });
  else if (ac === 0) verdict.reasons.push({ code: "no_cost_yet" });
  if (verdict.reasons[0].code === "on_plan" && verdict.reasons.length > 1) verdict.reasons.shift();
  return {
    asOf: isoOfDay(day),
    bac,
    plannedPercent: 100 * pf,
    earnedPercent: 100 * ef,
    pv,
    ev,
    ac,
    acExpenditure,
    acLabour,
    sv: pv === null || ev === null ? null : ev - pv,
    cv: ev === null ? null : ev - ac,
    spi,
    cpi,
    eac,
    etc: eac === null ? null : eac - ac,
    vac: eac === null || bac === null ? null : bac - eac,
    verdict,
  };
}

export interface SeriesPoint {
  date: string;
  /** Planned share (0..100) and value (null without a budget). */
  plannedPercent: number;
  pv: number | null;
  /** Earned value where known: at the status date from progress, on the dates of `earnedPoints`. */
  ev: number | null;
  /** Cumulative cost (expenditure and field labour); null after the status date (not known yet). */
  ac: number | null;
}

export interface SeriesInput extends EarnedValueInput {
  /** First and last day of the chart, `YYYY-MM-DD` (e.g. the baseline's start and end). */
  from: string;
  to: string;
  /** Days between points (default 7); the status date and `to` are always points. */
  stepDays?: number;
  /** Earned value recorded before (e.g. `project-financial-health` report dates and earned_value). */
  earnedPoints?: ReadonlyArray<{ date: string; value: number }>;
}

/** PV, EV and AC over time for a chart, one point every `stepDays` plus the status date and the end. */
export function earnedValueSeries(input: SeriesInput): SeriesPoint[] {
  const from = dayOf(input.from);
  const to = dayOf(input.to);
  const asOf = dayOf(input.asOf);
  if (from === null || to === null || asOf === null) throw new RangeError("from, to and asOf must be dates");
  const step = Math.max(1, Math.trunc(input.stepDays ?? 7));
  const status = earnedValue(input);
  const shares = workShares(input.baseline);
  const earned = new Map<number, number>();
  for (const p of input.earnedPoints ?? []) {
    const d = dayOf(p.date);
    if (d !== null && d <= asOf && Number.isFinite(Number(p.value))) earned.set(d, Number(p.value));
  }
  if (status.ev !== null) earned.set(asOf, status.ev);
  const days = new Set<number>();
  for (let d = from; d <= to; d += step) days.add(d);
  days.add(to);
  if (asOf >= from && asOf <= to) days.add(asOf);
  for (const d of earned.keys()) if (d >= from && d <= to) days.add(d);
  // Expenditure and labour sorted once, summed as the days advance.
  const costs = [
    ...input.expenditures.map((e) => ({ day: dayOf(e.expense_date), amount: Number(e.amount) })),
    ...(input.labour ?? []).map((l) => ({ day: dayOf(l.date), amount: Number(l.labour_cost) })),
  ]
    .filter((e): e is { day: number; amount: number } => e.day !== null && Number.isFinite(e.amount))
    .sort((a, b) => a.day - b.day);
  let k = 0;
  let spent = 0;
  return [...days]
    .sort((a, b) => a - b)
    .map((d) => {
      while (k < costs.length && costs[k].day <= d) spent += costs[k++].amount;
      const pf = plannedFraction(input.baseline, d, shares);
      return {
        date: isoOfDay(d),
        plannedPercent: 100 * pf,
        pv: status.bac === null ? null : status.bac * pf,
        ev: earned.get(d) ?? null,
        ac: d <= asOf ? spent : null,
      };
    });
}
