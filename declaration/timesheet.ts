// The timesheet's arithmetic, pure (no database, no React), read by the server and the web app
// alike: a person's presences → site-days with worked, break, regular and overtime minutes, late
// and absent marked; totals over a range; hours written as 7:30 or 7.5; pay periods.
// Times come from dayjs's utc and timezone plugins (the runtime's IANA data): no offset is written
// here. Lateness and the work duration are the field capture's own rules
// (declaration/field-capture.ts), which the server applied when it stored the clock-in and out.
//
// THE RULES
// 1. A presence belongs to one site-day: the date of its clock-in on the clock of its site's zone
//    (the project's `time_zone`, else the company's). A shift that crosses midnight (21:00-05:00)
//    belongs to the day it started: a clock-in on the shift's after-midnight part (before its end,
//    00:30 for 21:00-05:00) counts on the previous date. The whole presence counts on that day,
//    never split at midnight, and so in that day's week.
// 2. Worked minutes of a presence: clock-out − clock-in (instants, so a DST change is counted as
//    elapsed time), rounded to the minute, less the break (the presence's `break_minutes`, else
//    the shift's) when longer than 4 hours (BREAK_AFTER_MINUTES): workDuration, as the server
//    stores it on clock-out. Several presences of a day add up, and the day's break is deducted
//    once, from their sum, less the time off the clock between them (clocking out for lunch is
//    the break). Break = the minutes deducted. A presence without a clock-out is "open": it
//    counts 0 minutes until it is closed.
// 3. Late: the day's first clock-in came more than the shift's grace after its start, on the
//    site's clock, to the minute (minutesAfterStart, as the server's clock-in: with 08:00 and 15
//    minutes' grace, 08:15:59 is on time, 08:16 is late by 16 minutes). Without a shift nobody is
//    late.
// 4. A work day is a date whose ISO weekday is in `workDays` (default Monday-Friday), that is not
//    in `daysOff` (public holidays), and on which the person has a shift (`shiftOn`). A work day
//    without a clock-in is:
//      - "leave" when the date is in `leave` (approved leave, permits) or a presence of that date
//        without a clock-in says `leave` or `sick`;
//      - "absent" when its shift has ended (start date + end time, the next day for a shift that
//        crosses midnight, on the zone's clock) at `now`, or a presence without a clock-in says
//        `absent`;
//      - "scheduled" before that (today's shift still running, days ahead).
//    Any other date without a clock-in is "off". A day with a clock-in is "worked" (worked on a
//    day off counts as worked, and its hours follow rule 5 like any other).
// 5. Regular and overtime, by the company's rule (daily threshold, default 8 h; weekly threshold,
//    default 40 h; either may be null: no such rule):
//      a. daily overtime first: a day's minutes beyond the daily threshold are overtime;
//      b. then weekly overtime: the week runs Monday to Sunday by site-day (rule 1), its regular
//         minutes are added day by day in date order, and the regular minutes of a day that take
//         the week's total beyond the weekly threshold become overtime. Daily overtime does not
//         count towards the weekly threshold (no minute is overtime twice).
//    A range that starts mid-week counts the week's earlier days towards the weekly threshold
//    when their presences are passed (pass them from the Monday of the range's first week); days
//    outside the range are not listed.
// 6. Pay periods, by the company's `pay_period`: weekly = Monday to Sunday; two_weekly = 14 days
//    from an anchor Monday (default 2024-01-01) and every 14 days before and after it; monthly =
//    the calendar month. An instant falls in the period of its date on the zone's clock.
import dayjs, { type Dayjs } from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { crossesMidnight, minutesAfterStart, shiftMinutes, workDuration, type ShiftTimes } from "./field-capture";

dayjs.extend(utc);
dayjs.extend(timezone);

const DATE = "YYYY-MM-DD";
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

// ---- the company's rule and settings --------------------------------------------------------

export interface OvertimeRule {
  /** Minutes of a day beyond which it is overtime; null: no daily rule. */
  dailyMinutes: number | null;
  /** Regular minutes of a Monday-Sunday week beyond which it is overtime; null: no weekly rule. */
  weeklyMinutes: number | null;
}

/** 8 hours a day, 40 a week. */
export const DEFAULT_OVERTIME_RULE: OvertimeRule = { dailyMinutes: 8 * 60, weeklyMinutes: 40 * 60 };

/** ISO weekdays (1 = Monday … 7 = Sunday) that are work days when the company says nothing: Monday-Friday. */
export const DEFAULT_WORK_DAYS: readonly number[] = [1, 2, 3, 4, 5];

/** Hours as "7:30" (clock) or "7.5" (decimal). */
export type HoursFormat = "clock" | "decimal";
export const HOURS_FORMATS: readonly HoursFormat[] = ["clock", "decimal"];

/** company-management.pay_period's options. */
export type PayPeriodKind = "weekly" | "two_weekly" | "monthly";
/** The first day of a two-weekly period (a Monday) when the company has not set one. */
export const DEFAULT_TWO_WEEKLY_ANCHOR = "2024-01-01";

// ---- inputs and results ----------------------------------------------------------------------

export interface TimesheetShift extends ShiftTimes {
  id?: number;
  name?: string;
}

export interface TimesheetPresence {
  id?: number;
  /** Instants: ISO 8601 with an offset, or epoch ms. Null: not clocked in (out). */
  clock_in: string | number | null;
  clock_out: string | number | null;
  /** The site's IANA zone (the project's, else the company's). */
  zone: string;
  /** The shift the presence was stored with; else the person's shift on its date (`shiftOn`). */
  shift?: TimesheetShift | null;
  /** The break taken, overriding the shift's. */
  break_minutes?: number | null;
  /** The stored date; used for a presence without a clock-in (leave, sick, absent recorded ahead). */
  presence_date?: string | null;
  /** The stored status; `leave`, `sick` and `absent` matter for a presence without a clock-in. */
  presence_status?: string | null;
}

/** P: the caller's presence rows (the days hand them back as they came: selfies, places, sent late). */
export interface TimesheetInput<P extends TimesheetPresence = TimesheetPresence> {
  presences: readonly P[];
  /** The person's shift on a date (user-to-shift), null when none. */
  shiftOn: (date: string) => TimesheetShift | null;
  /** The zone of dates without a presence (the person's site's, else the company's). */
  zone: string;
  /** First and last date listed (YYYY-MM-DD, inclusive). */
  from: string;
  to: string;
  /** The instant the sheet is read at: a work day is absent only once its shift has ended. */
  now: number;
  rule?: OvertimeRule;
  /** ISO weekdays that are work days; default Monday-Friday. */
  workDays?: readonly number[];
  /** Dates that are nobody's work day (public holidays). */
  daysOff?: readonly string[];
  /** Dates of the person's approved leave or permits. */
  leave?: readonly string[];
}

export type DayKind = "worked" | "absent" | "leave" | "scheduled" | "off";

export interface TimesheetDay<P extends TimesheetPresence = TimesheetPresence> {
  date: string;
  zone: string;
  kind: DayKind;
  shift: TimesheetShift | null;
  /** The presences of the day (rule 1), clock-in order. */
  presences: P[];
  workedMinutes: number;
  breakMinutes: number;
  regularMinutes: number;
  overtimeMinutes: number;
  /** Of overtimeMinutes: beyond the daily threshold, and beyond the weekly one. */
  dailyOvertimeMinutes: number;
  weeklyOvertimeMinutes: number;
  late: boolean;
  /** Minutes after the shift's start of the first clock-in when late; 0 otherwise. */
  lateMinutes: number;
  /** A clock-in without its clock-out (its minutes are not counted yet). */
  open: boolean;
}

export interface TimesheetTotals {
  workedMinutes: number;
  breakMinutes: number;
  regularMinutes: number;
  overtimeMinutes: number;
  dailyOvertimeMinutes: number;
  weeklyOvertimeMinutes: number;
  daysWorked: number;
  lateDays: number;
  lateMinutes: number;
  absentDays: number;
  leaveDays: number;
  openDays: number;
}

// ---- dates -----------------------------------------------------------------------------------

/** A calendar date as a UTC dayjs: date arithmetic without any zone. */
const cal = (date: string): Dayjs => dayjs.utc(date);
export const addDays = (date: string, n: number): string => cal(date).add(n, "day").format(DATE);
/** 1 = Monday … 7 = Sunday. */
export const isoWeekday = (date: string): number => ((cal(date).day() + 6) % 7) + 1;
/** The Monday of a date's week. */
export const mondayOf = (date: string): string => addDays(date, 1 - isoWeekday(date));
const daysBetween = (a: string, b: string): number => Math.round(cal(b).diff(cal(a), "day", true));

/** The date and minute of the day of an instant on a zone's clock. */
export function localOf(instant: string | number | Date, zone: string): { date: string; minute: number } {
  const d = dayjs(instant).tz(zone);
  return { date: d.format(DATE), minute: d.hour() * 60 + d.minute() };
}

/** The instant (epoch ms) of a wall time "HH:mm" on a date in a zone. */
export const instantOn = (date: string, hhmm: string, zone: string): number => dayjs.tz(`${date}T${hhmm}`, zone).valueOf();

/** The instant a day's shift ends (the next day for a shift that crosses midnight). */
export function shiftEndOn(date: string, shift: ShiftTimes, zone: string): number {
  return instantOn(crossesMidnight(shift) ? addDays(date, 1) : date, shift.end_time, zone);
}

const toMs = (v: string | number | null | undefined): number | null => {
  if (v === null || v === undefined || v === "") return null;
  const ms = typeof v === "number" ? v : Date.parse(v);
  return Number.isFinite(ms) ? ms : null;
};

// ---- the site-day of a presence (rule 1) --------------------------------------------------------

/** The site-day a presence belongs to and the shift it is measured against; null without a clock-in. */
export function dayOfPresence(p: TimesheetPresence, shiftOn: (date: string) => TimesheetShift | null): { date: string; minute: number; shift: TimesheetShift | null } | null {
  const inMs = toMs(p.clock_in);
  if (inMs === null) return null;
  const local = localOf(inMs, p.zone);
  const before = addDays(local.date, -1);
  const afterMidnightOf = (s: TimesheetShift | null | undefined): boolean => !!s && crossesMidnight(s) && local.minute < shiftMinutes(s).end;
  if (p.shift !== undefined && p.shift !== null) {
    return { date: afterMidnightOf(p.shift) ? before : local.date, minute: local.minute, shift: p.shift };
  }
  const previous = shiftOn(before);
  if (afterMidnightOf(previous)) return { date: before, minute: local.minute, shift: previous };
  return { date: local.date, minute: local.minute, shift: shiftOn(local.date) };
}

// ---- the days -----------------------------------------------------------------------------------

const LEAVE_STATUSES = new Set(["leave", "sick"]);

/**
 * The person's site-days from `from` to `to`, by the rules above. Presences outside the range
 * count only towards the weekly threshold of a listed day's week.
 */
export function timesheetDays<P extends TimesheetPresence>(input: TimesheetInput<P>): TimesheetDay<P>[] {
  const rule = input.rule ?? DEFAULT_OVERTIME_RULE;
  const workDays = new Set(input.workDays ?? DEFAULT_WORK_DAYS);
  const daysOff = new Set(input.daysOff ?? []);
  const leave = new Set(input.leave ?? []);

  interface Acc {
    zone: string;
    shift: TimesheetShift | null;
    presences: Array<{ p: P; inMs: number | null; minute: number }>;
    spans: Array<[number, number]>;
    breakSet: number | null;
    worked: number;
    brk: number;
    open: boolean;
  }
  const byDate = new Map<string, Acc>();
  const accOf = (date: string, zone: string, shift: TimesheetShift | null): Acc => {
    let a = byDate.get(date);
    if (!a) byDate.set(date, (a = { zone, shift, presences: [], spans: [], breakSet: null, worked: 0, brk: 0, open: false }));
    return a;
  };

  for (const p of input.presences) {
    const day = dayOfPresence(p, input.shiftOn);
    if (!day) {
      // A row without a clock-in: leave, sick or an absence recorded for that date.
      if (p.presence_date && DATE_RE.test(p.presence_date)) {
        accOf(p.presence_date, p.zone, input.shiftOn(p.presence_date)).presences.push({ p, inMs: null, minute: 0 });
      }
      continue;
    }
    const a = accOf(day.date, p.zone, day.shift);
    if (!a.shift && day.shift) a.shift = day.shift;
    const inMs = toMs(p.clock_in)!;
    const outMs = toMs(p.clock_out);
    a.presences.push({ p, inMs, minute: day.minute });
    if (outMs === null) {
      a.open = true;
      continue;
    }
    if (outMs <= inMs) continue;
    a.spans.push([inMs, outMs]);
    if (a.breakSet === null && p.break_minutes !== undefined && p.break_minutes !== null) a.breakSet = p.break_minutes;
  }
  // Rule 2: the day's break once, less the time off the clock between its presences.
  for (const a of byDate.values()) {
    const spans = a.spans.sort((x, y) => x[0] - y[0]);
    let elapsed = 0;
    let gaps = 0;
    spans.forEach(([inMs, outMs], i) => {
      elapsed += Math.round((outMs - inMs) / 60_000);
      if (i > 0) gaps += Math.max(0, Math.round((inMs - spans[i - 1][1]) / 60_000));
    });
    const due = a.breakSet ?? a.shift?.break_minutes ?? 0;
    a.worked = workDuration(0, elapsed * 60_000, Math.max(0, due - gaps));
    a.brk = elapsed - a.worked;
  }

  // Rule 5 over every date that has minutes, in date order (earlier days of a week count).
  const split = new Map<string, { regular: number; daily: number; weekly: number }>();
  const weekRegular = new Map<string, number>();
  for (const date of [...byDate.keys()].sort()) {
    const worked = byDate.get(date)!.worked;
    const daily = rule.dailyMinutes === null ? 0 : Math.max(0, worked - rule.dailyMinutes);
    let regular = worked - daily;
    let weekly = 0;
    if (rule.weeklyMinutes !== null) {
      const week = mondayOf(date);
      const before = weekRegular.get(week) ?? 0;
      weekly = Math.max(0, regular - Math.max(0, rule.weeklyMinutes - before));
      regular -= weekly;
      weekRegular.set(week, before + regular);
    }
    split.set(date, { regular, daily, weekly });
  }

  const days: TimesheetDay<P>[] = [];
  for (let date = input.from; date <= input.to; date = addDays(date, 1)) {
    const a = byDate.get(date);
    const clocked = (a?.presences ?? []).filter((x) => x.inMs !== null).sort((x, y) => x.inMs! - y.inMs!);
    const unclocked = (a?.presences ?? []).filter((x) => x.inMs === null);
    const zone = a?.zone ?? input.zone;
    const shift = a?.shift ?? input.shiftOn(date);
    const s = split.get(date) ?? { regular: 0, daily: 0, weekly: 0 };
    let kind: DayKind;
    let lateMinutes = 0;
    if (clocked.length) {
      kind = "worked";
      if (shift) {
        const after = minutesAfterStart(clocked[0].minute, shift);
        if (after > (shift.grace_minutes ?? 0)) lateMinutes = after;
      }
    } else {
      const isWorkDay = !!shift && workDays.has(isoWeekday(date)) && !daysOff.has(date);
      const status = unclocked.map((x) => x.p.presence_status ?? "");
      if (leave.has(date) || status.some((st) => LEAVE_STATUSES.has(st))) kind = "leave";
      else if (status.includes("absent")) kind = "absent";
      else if (!isWorkDay) kind = "off";
      else kind = shiftEndOn(date, shift, zone) <= input.now ? "absent" : "scheduled";
    }
    days.push({
      date,
      zone,
      kind,
      shift: shift ?? null,
      presences: [...clocked, ...unclocked].map((x) => x.p),
      workedMinutes: a?.worked ?? 0,
      breakMinutes: a?.brk ?? 0,
      regularMinutes: s.regular,
      overtimeMinutes: s.daily + s.weekly,
      dailyOvertimeMinutes: s.daily,
      weeklyOvertimeMinutes: s.weekly,
      late: lateMinutes > 0,
      lateMinutes,
      open: a?.open ?? false,
    });
  }
  return days;
}

/** A person's totals over the listed days. */
export function timesheetTotals(days: readonly TimesheetDay[]): TimesheetTotals {
  const t: TimesheetTotals = {
    workedMinutes: 0,
    breakMinutes: 0,
    regularMinutes: 0,
    overtimeMinutes: 0,
    dailyOvertimeMinutes: 0,
    weeklyOvertimeMinutes: 0,
    daysWorked: 0,
    lateDays: 0,
    lateMinutes: 0,
    absentDays: 0,
    leaveDays: 0,
    openDays: 0,
  };
  for (const d of days) {
    t.workedMinutes += d.workedMinutes;
    t.breakMinutes += d.breakMinutes;
    t.regularMinutes += d.regularMinutes;
    t.overtimeMinutes += d.overtimeMinutes;
    t.dailyOvertimeMinutes += d.dailyOvertimeMinutes;
    t.weeklyOvertimeMinutes += d.weeklyOvertimeMinutes;
    if (d.kind === "worked") t.daysWorked++;
    if (d.late) t.lateDays++;
    t.lateMinutes += d.lateMinutes;
    if (d.kind === "absent") t.absentDays++;
    if (d.kind === "leave") t.leaveDays++;
    if (d.open) t.openDays++;
  }
  return t;
}

// ---- hours as text ----------------------------------------------------------------------------

/**
 * Minutes as hours: "7:30" (clock: hours, a colon, two-digit minutes) or "7.5" (decimal: at most
 * two decimals, trailing zeros dropped, the language's decimal mark: "7,5" in Indonesian).
 */
export function formatHours(minutes: number, format: HoursFormat, lang: "en" | "id" | string = "en"): string {
  const m = Math.round(minutes);
  const sign = m < 0 ? "-" : "";
  const abs = Math.abs(m);
  if (format === "clock") return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, "0")}`;
  const text = new Intl.NumberFormat(lang === "id" ? "id-ID" : "en-US", { maximumFractionDigits: 2, useGrouping: false }).format(abs / 60);
  return `${sign}${text}`;
}

/** "7:30", "7.5" or "7,5" (and "8") → minutes; null when it reads as neither. */
export function parseHours(text: string): number | null {
  const t = text.trim();
  const clock = /^(\d+):([0-5]\d)$/.exec(t);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const dec = /^(\d+)(?:[.,](\d+))?$/.exec(t);
  if (dec) return Math.round(Number(`${dec[1]}.${dec[2] ?? "0"}`) * 60);
  return null;
}

// ---- pay periods ------------------------------------------------------------------------------

export interface PayPeriod {
  kind: PayPeriodKind;
  /** First and last date (YYYY-MM-DD, inclusive) on the zone's clock. */
  start: string;
  end: string;
  /** The instants it spans in the zone: [startMs, endMs). */
  startMs: number;
  endMs: number;
}

/**
 * The pay period holding a date ("YYYY-MM-DD", a date on the zone's clock) or an instant (ISO
 * with an offset, epoch ms, Date: its date on the zone's clock), by rule 6.
 */
export function payPeriodOf(kind: PayPeriodKind, at: string | number | Date, zone: string, anchor: string = DEFAULT_TWO_WEEKLY_ANCHOR): PayPeriod {
  const date = typeof at === "string" && DATE_RE.test(at) ? at : localOf(at, zone).date;
  let start: string;
  let end: string;
  if (kind === "weekly") {
    start = mondayOf(date);
    end = addDays(start, 6);
  } else if (kind === "two_weekly") {
    const index = Math.floor(daysBetween(anchor, date) / 14);
    start = addDays(anchor, index * 14);
    end = addDays(start, 13);
  } else {
    start = cal(date).startOf("month").format(DATE);
    end = cal(date).endOf("month").format(DATE);
  }
  return { kind, start, end, startMs: instantOn(start, "00:00", zone), endMs: instantOn(addDays(end, 1), "00:00", zone) };
}

/** The period `step` periods after (negative: before) the given one. */
export function adjacentPayPeriod(period: PayPeriod, step: number, zone: string, anchor: string = DEFAULT_TWO_WEEKLY_ANCHOR): PayPeriod {
  let p = period;
  for (let i = 0; i < Math.abs(step); i++) p = payPeriodOf(p.kind, step > 0 ? addDays(p.end, 1) : addDays(p.start, -1), zone, anchor);
  return p;
}
