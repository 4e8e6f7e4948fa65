// The work calendar and pay rules, pure (no database, no React), read by the server, the web app
// and the web tests' mocks: which days are work days, the statutory holidays a company starts with,
// the overtime multipliers and what a person's day costs.
//
// THE RULES
// 1. Work days: a company works 5 days a week (Monday-Friday) or 6 (Monday-Saturday)
//    (company-management.work_days_per_week). A public holiday (the company's `holiday` list) is
//    nobody's work day. Every other day is a rest day.
// 2. Hours worked on a rest day or a holiday are all overtime ("rest-day overtime",
//    declaration/timesheet.ts rule 5c): they are not regular hours and do not count towards the
//    weekly threshold.
// 3. The hourly wage is 1/173 of the monthly wage (Kepmenaker 102/2004 art. 8), unless the
//    person's pay rate gives an hourly rate, which then is used as it is.
// 4. Overtime pay (Kepmenaker 102/2004 art. 11), multiples of the hourly wage, the company's own
//    multipliers over the statutory defaults (STATUTORY_MULTIPLIERS):
//    - a work day's overtime (daily and weekly): its first hour × workdayFirst (1.5), every later
//      minute × workdayLater (2);
//    - a rest day's or holiday's hours, by bands (restDayBands): the first band × restdayFirst (2),
//      the next hour × restdaySecond (3), the two hours after × restdayLater (4). The first band is
//      8 hours in a 5-day week, 7 in a 6-day week, and 5 when a holiday falls on the 6-day week's
//      shortest work day (Saturday). Hours beyond the last band (which the statute does not
//      foresee) are paid × restdayLater too.
// 5. A day's labour cost = regular minutes × hourly wage + overtime pay, in integer rupiah
//    (rounded half up, once per person-day). Split over the day's projects by each presence's
//    worked minutes (largest remainder, so the shares add up to the day's cost).
import { isoWeekday, type RestKind } from "./timesheet";

/** The hourly wage is the monthly wage divided by this (Kepmenaker 102/2004 art. 8). */
export const HOURLY_DIVISOR = 173;

/** Work days a week the company may choose. */
export type WorkWeek = 5 | 6;
export const WORK_WEEKS: readonly WorkWeek[] = [5, 6];
export const DEFAULT_WORK_WEEK: WorkWeek = 5;
/** The shortest work day of a 6-day week (ISO weekday): Saturday. */
export const SHORT_WORK_DAY = 6;

/** ISO weekdays (1 = Monday … 7 = Sunday) of a 5- or 6-day week. */
export const workDaysOf = (week: WorkWeek): number[] => (week === 6 ? [1, 2, 3, 4, 5, 6] : [1, 2, 3, 4, 5]);

/** The overtime multipliers of the hourly wage (company-management.ot_*). */
export interface OvertimeMultipliers {
  workdayFirst: number;
  workdayLater: number;
  restdayFirst: number;
  restdaySecond: number;
  restdayLater: number;
}

/** Kepmenaker 102/2004 art. 11. */
export const STATUTORY_MULTIPLIERS: OvertimeMultipliers = { workdayFirst: 1.5, workdayLater: 2, restdayFirst: 2, restdaySecond: 3, restdayLater: 4 };

/** The company columns of the multipliers, in OvertimeMultipliers' order. */
export const MULTIPLIER_FIELDS = {
  workdayFirst: "ot_workday_first",
  workdayLater: "ot_workday_later",
  restdayFirst: "ot_restday_first",
  restdaySecond: "ot_restday_second",
  restdayLater: "ot_restday_later",
} as const satisfies Record<keyof OvertimeMultipliers, string>;

/** The three bands of rest-day overtime in minutes: [at first, at second, at later] (rule 4). */
export function restDayBands(week: WorkWeek, kind: RestKind, date: string): [number, number, number] {
  if (week === 5) return [8 * 60, 60, 120];
  if (kind === "holiday" && isoWeekday(date) === SHORT_WORK_DAY) return [5 * 60, 60, 120];
  return [7 * 60, 60, 120];
}

/** The minutes of a day to pay, as the timesheet splits them (declaration/timesheet.ts rule 5). */
export interface PayableDay {
  date: string;
  regularMinutes: number;
  /** A work day's overtime (daily + weekly). */
  workdayOvertimeMinutes: number;
  /** A rest day's or holiday's minutes (all overtime). */
  restDayOvertimeMinutes: number;
  /** Set when the day is a rest day or a holiday. */
  restKind: RestKind | null;
}

/** The day's pay in hours of the hourly wage: regular hours plus overtime hours × their multipliers (rule 4). */
export function payableHours(day: PayableDay, week: WorkWeek, m: OvertimeMultipliers): { regular: number; overtime: number } {
  const regular = day.regularMinutes / 60;
  let overtime = 0;
  const workFirst = Math.min(60, day.workdayOvertimeMinutes);
  overtime += (workFirst * m.workdayFirst + (day.workdayOvertimeMinutes - workFirst) * m.workdayLater) / 60;
  if (day.restDayOvertimeMinutes > 0) {
    const [a, b] = restDayBands(week, day.restKind ?? "rest_day", day.date);
    let left = day.restDayOvertimeMinutes;
    const first = Math.min(left, a);
    left -= first;
    const second = Math.min(left, b);
    left -= second;
    overtime += (first * m.restdayFirst + second * m.restdaySecond + left * m.restdayLater) / 60;
  }
  return { regular, overtime };
}

/** A person's rate: an hourly rate as given, else the monthly wage / 173 (rule 3); null without either. */
export function hourlyWageOf(rate: Readonly<Record<string, unknown>> | undefined | null): number | null {
  if (!rate) return null;
  const n = (v: unknown): number | null => (v === null || v === undefined || v === "" || !Number.isFinite(Number(v)) ? null : Number(v));
  const hourly = n(rate.hourly_rate);
  if (hourly !== null) return hourly;
  const monthly = n(rate.monthly_wage);
  return monthly === null ? null : monthly / HOURLY_DIVISOR;
}

/** A day's labour cost in integer rupiah (rule 5): regular and overtime pay, rounded once. */
export function dayLabourCost(day: PayableDay, hourly: number, week: WorkWeek, m: OvertimeMultipliers): { regular: number; overtime: number; total: number } {
  const h = payableHours(day, week, m);
  const total = Math.round((h.regular + h.overtime) * hourly);
  const regular = Math.min(total, Math.round(h.regular * hourly));
  return { regular, overtime: total - regular, total };
}

/** `total` split by `weights` in integers adding up to it (largest remainder; equal shares without weights). */
export function splitByWeight(total: number, weights: readonly number[]): number[] {
  if (!weights.length) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const w = sum > 0 ? weights : weights.map(() => 1);
  const s = sum > 0 ? sum : weights.length;
  const exact = w.map((x) => (total * x) / s);
  const out = exact.map(Math.floor);
  let rest = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const o of order) {
    if (rest <= 0) break;
    out[o.i]++;
    rest--;
  }
  return out;
}

// ---- the statutory holidays a company starts with ------------------------------------------------

/**
 * The public holidays fixed by Indonesian law on the same date every year. The movable ones (Idul
 * Fitri, Idul Adha, Nyepi, Waisak, Imlek, Isra Mi'raj, Good Friday, Ascension …) follow lunar and
 * other calendars and are set each year by the SKB 3 Menteri: the company adds them to its list.
 * Sources: Keppres 251/1967 as amended by Keppres 10/1971 (1 January, 17 August, 25 December),
 * Keppres 24/2013 (1 May), Keppres 24/2016 (1 June).
 */
export const STATUTORY_HOLIDAYS: ReadonlyArray<{ monthDay: string; name: string; source: string }> = [
  { monthDay: "01-01", name: "Tahun Baru Masehi", source: "Keppres 251/1967 jo. Keppres 10/1971" },
  { monthDay: "05-01", name: "Hari Buruh Internasional", source: "Keppres 24/2013" },
  { monthDay: "06-01", name: "Hari Lahir Pancasila", source: "Keppres 24/2016" },
  { monthDay: "08-17", name: "Hari Kemerdekaan Republik Indonesia", source: "Keppres 251/1967 jo. Keppres 10/1971" },
  { monthDay: "12-25", name: "Hari Raya Natal", source: "Keppres 251/1967 jo. Keppres 10/1971" },
];

/** The statutory holidays of the given years as holiday rows (date, name, description naming the source). */
export const statutoryHolidays = (years: readonly number[]): Array<{ date: string; name: string; description: string }> =>
  years.flatMap((y) => STATUTORY_HOLIDAYS.map((h) => ({ date: `${y}-${h.monthDay}`, name: h.name, description: h.source })));
