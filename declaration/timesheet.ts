// The timesheet's arithmetic, pure (no database, no React), read by the server and the web app
// alike: a person's presences → site-days with worked, break, regular and overtime minutes, late
// and absent marked; totals over a range; hours written as 7:30 or 7.5; pay periods.
// Times come from dayjs's utc and timezone plugins (the runtime's IANA data): no offset is written
// here. Lateness and the work duration are the field capture's own rules
// (declaration/field-capture.ts), which the server applied when it stored the clock-in and out.
//
// THE RULES
// 1. A presence belongs to one shift-day: the day d whose shift window contains its clock-in on
//    the clock of its site's zone (the project's `time_zone`, else the company's). The window of
//    the person's shift on d runs from its start less SHIFT_WINDOW_MINUTES (2 h) to its end plus
//    as much, the end on d + 1 for a shift that crosses midnight (21:00-05:00); d - 1, d and d + 1
//    are tried, and of several windows holding the clock-in the one whose start is nearest wins;
//    none: the calendar date (attributeClockIn). So a night shift's after-midnight clock-in (00:30
//    for 21:00-05:00) counts on the evening it started, late. The server decides this when the
//    clock-in is captured or corrected and stores it (`presence_date`, `shift_id`); a stored date
//    is taken as it is, a presence without one is attributed here. The whole presence counts on
//    that day, never split at midnight, and so in that day's week. A person may clock in several
//    times a day (one site after another): the day's presences add up.
// 2. Worked minutes: each presence's clock-out - clock-in (instants, so a DST change is counted as
//    elapsed time), rounded to the minute, summed over the day; less the day's break, deducted
//    once: the break punched inside the presences (`breaks`), or, when more, the shift's break
//    (the presence's `break_minutes`, else the shift's) when the day's time is longer than 4 hours
//    (BREAK_AFTER_MINUTES), less the time off the clock between its presences (clocking out for
//    lunch is the break). Break = the minutes deducted. Each presence's share (presenceMinutes:
//    its time less its punched breaks, the rest of the deduction taken from the longest first)
//    is what the server stores as its `work_duration`, so the presences add up to the day. A
//    presence without a clock-out is "open": it counts 0 minutes until it is closed.
// 3. Late: the day's first clock-in came more than the shift's grace after its start on that day,
//    to the minute (with 08:00 and 15 minutes' grace, 08:15:59 is on time, 08:16 is late by 16
//    minutes; 00:30 on a 21:00 shift is late by 210). Later clock-ins of the day are never late.
//    Without a shift nobody is late.
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
//      b. then weekly overtime: the week runs Monday to Sunday by shift-day (rule 1), its regular
//         minutes are added day by day in date order, and the regular minutes of a day that take
//         the week's total beyond the weekly threshold become overtime. Daily overtime does not
//         count towards the weekly threshold (no minute is overtime twice).
//      c. a day worked that is not a work day (its ISO weekday not in `workDays`, or its date in
//         `daysOff`: a rest day or a public holiday) is overtime from its first minute: rest-day
//         overtime (restDayOvertimeMinutes, restKind "rest_day" or "holiday"), paid on its own
//         scale (declaration/pay.ts); none of it is regular or counts towards the weekly threshold.
//    A range that starts mid-week counts the week's earlier days towards the weekly threshold
//    when their presences are passed (pass them from the Monday of the range's first week); days
//    outside the range are not listed. A frozen day (`frozen`: an approved day's figures as they
//    were approved) keeps its figures, and its regular minutes count towards its week.
// 6. Pay periods, by the company's `pay_period`: weekly = Monday to Sunday; two_weekly = 14 days
//    from an anchor Monday (default 2024-01-01) and every 14 days before and after it; monthly =
//    the calendar month. An instant falls in the period of its date on the zone's clock.
// 7. Flags for review (DayFlag), over the person's presences as passed: "missing_clock_out" (a
//    presence without a clock-out when a later one began, or when it began more than 12 hours
//    before `now`), "long_presence" (one presence over 12 hours, LONG_PRESENCE_MINUTES),
//    "overlap" (two presences of the person overlap). No presence may be longer than 24 hours
//    (MAX_PRESENCE_MINUTES) or overlap another: the server refuses a capture or a correction that
//    would make one (presenceConflict); the flags find what older data holds.
import dayjs, { type Dayjs } from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { BREAK_AFTER_MINUTES, crossesMidnight, type ShiftTimes } from "./field-capture";

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

// ---- limits of a presence -------------------------------------------------------------------

/** How far before a shift's start and after its end a clock-in still counts for it (rule 1). */
export const SHIFT_WINDOW_MINUTES = 2 * 60;
/** A presence longer than this is flagged for review (rule 7). */
export const LONG_PRESENCE_MINUTES = 12 * 60;
/** No presence may be longer: a capture or correction making one is refused (rule 7). */
export const MAX_PRESENCE_MINUTES = 24 * 60;

// ---- inputs and results ----------------------------------------------------------------------

export interface TimesheetShift extends ShiftTimes {
  id?: number;
  name?: string;
}

/** A break punched within a presence: instants (ISO with an offset, or epoch ms); end null while it runs. */
export interface PunchedBreak {
  start: string | number;
  end: string | number | null;
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
  /** Breaks punched within it (rule 2). */
  breaks?: readonly PunchedBreak[];
  /**
   * The stored shift-day (rule 1): the day of a clocked-in presence as the server decided it, and
   * the date of a presence without a clock-in (leave, sick, absent recorded ahead). Absent: the
   * clock-in is attributed here.
   */
  presence_date?: string | null;
  /** The stored status; `leave`, `sick` and `absent` matter for a presence without a clock-in. */
  presence_status?: string | null;
}

/** An approved day's figures as they were approved (rule 5: kept, whatever the rules say now). */
export interface FrozenDay {
  kind: DayKind;
  workedMinutes: number;
  breakMinutes: number;
  regularMinutes: number;
  dailyOvertimeMinutes: number;
  weeklyOvertimeMinutes: number;
  /** Absent from approvals stored before rest-day overtime: 0. */
  restDayOvertimeMinutes?: number;
  lateMinutes: number;
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
  /** Dates whose figures were approved: answered as they were (rule 5). */
  frozen?: ReadonlyMap<string, FrozenDay>;
}

export type DayKind = "worked" | "absent" | "leave" | "scheduled" | "off";

/** Why a date is not a work day (rule 5c): a weekly rest day or a public holiday. */
export type RestKind = "rest_day" | "holiday";

/** What a reviewer should look at (rule 7). */
export type DayFlag = "missing_clock_out" | "long_presence" | "overlap";
export const DAY_FLAGS: readonly DayFlag[] = ["missing_clock_out", "long_presence", "overlap"];

export interface TimesheetDay<P extends TimesheetPresence = TimesheetPresence> {
  date: string;
  zone: string;
  kind: DayKind;
  shift: TimesheetShift | null;
  /** The presences of the day (rule 1), clock-in order. */
  presences: P[];
  /** Each presence's worked minutes (rule 2), as `presences`; null while open or without a clock-in. */
  presenceMinutes: Array<number | null>;
  workedMinutes: number;
  breakMinutes: number;
  regularMinutes: number;
  overtimeMinutes: number;
  /** Of overtimeMinutes: beyond the daily threshold, beyond the weekly one, and worked on a rest day or holiday (rule 5c). */
  dailyOvertimeMinutes: number;
  weeklyOvertimeMinutes: number;
  restDayOvertimeMinutes: number;
  /** Null on a work day. */
  restKind: RestKind | null;
  late: boolean;
  /** Minutes after the shift's start of the first clock-in when late; 0 otherwise. */
  lateMinutes: number;
  /** A clock-in without its clock-out (its minutes are not counted yet). */
  open: boolean;
  /** The figures are the approved ones (`frozen`), not computed now. */
  frozen: boolean;
  flags: DayFlag[];
}

export interface TimesheetTotals {
  workedMinutes: number;
  breakMinutes: number;
  regularMinutes: number;
  overtimeMinutes: number;
  dailyOvertimeMinutes: number;
  weeklyOvertimeMinutes: number;
  restDayOvertimeMinutes: number;
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
const DAY_MS = 86_400_000;
/** A YYYY-MM-DD date's midnight UTC in ms (plain arithmetic: a year of days per person is read in one pass); NaN for anything else. */
const utcMidnight = (date: string): number =>
  typeof date === "string" && DATE_RE.test(date) ? Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) : NaN;
export const addDays = (date: string, n: number): string => {
  const ms = utcMidnight(date);
  return Number.isFinite(ms) ? new Date(ms + n * DAY_MS).toISOString().slice(0, 10) : cal(date).add(n, "day").format(DATE);
};
/** 1 = Monday … 7 = Sunday. */
export const isoWeekday = (date: string): number => {
  const ms = utcMidnight(date);
  return (((Number.isFinite(ms) ? new Date(ms).getUTCDay() : cal(date).day()) + 6) % 7) + 1;
};
/** The Monday of a date's week. */
export const mondayOf = (date: string): string => addDays(date, 1 - isoWeekday(date));
const daysBetween = (a: string, b: string): number => Math.round(cal(b).diff(cal(a), "day", true));

/** The date and minute of the day of an instant on a zone's clock. */
export function localOf(instant: string | number | Date, zone: string): { date: string; minute: number } {
  const d = dayjs(instant).tz(zone);
  return { date: d.format(DATE), minute: d.hour() * 60 + d.minute() };
}

/** instantOn's answers, by date, time and zone (a shift's start and end recur every day of a range). */
const instants = new Map<string, number>();
const INSTANTS_MAX = 20_000;

/** The instant (epoch ms) of a wall time "HH:mm" on a date in a zone. */
export function instantOn(date: string, hhmm: string, zone: string): number {
  const key = `${date}T${hhmm}|${zone}`;
  let ms = instants.get(key);
  if (ms === undefined) {
    ms = dayjs.tz(`${date}T${hhmm}`, zone).valueOf();
    if (instants.size >= INSTANTS_MAX) instants.clear();
    instants.set(key, ms);
  }
  return ms;
}

/** The instant a day's shift ends (the next day for a shift that crosses midnight). */
export function shiftEndOn(date: string, shift: ShiftTimes, zone: string): number {
  return instantOn(crossesMidnight(shift) ? addDays(date, 1) : date, shift.end_time, zone);
}

const toMs = (v: string | number | null | undefined): number | null => {
  if (v === null || v === undefined || v === "") return null;
  const ms = typeof v === "number" ? v : Date.parse(v);
  return Number.isFinite(ms) ? ms : null;
};
const minutes = (ms: number): number => Math.round(ms / 60_000);

// ---- the shift-day of a clock-in (rule 1) --------------------------------------------------------

export interface Attribution {
  /** The shift-day (YYYY-MM-DD). */
  date: string;
  /** The person's shift of that day, or null. */
  shift: TimesheetShift | null;
}

/** The shift-day of a clock-in at `instant` at a site in `zone`, by the person's shifts (rule 1). */
export function attributeClockIn(instant: number, zone: string, shiftOn: (date: string) => TimesheetShift | null): Attribution {
  const calendar = localOf(instant, zone).date;
  const margin = SHIFT_WINDOW_MINUTES * 60_000;
  let best: { date: string; shift: TimesheetShift; distance: number } | null = null;
  for (const date of [addDays(calendar, -1), calendar, addDays(calendar, 1)]) {
    const shift = shiftOn(date);
    if (!shift) continue;
    const start = instantOn(date, shift.start_time, zone);
    if (instant < start - margin || instant > shiftEndOn(date, shift, zone) + margin) continue;
    const distance = Math.abs(instant - start);
    if (!best || distance < best.distance) best = { date, shift, distance };
  }
  return best ? { date: best.date, shift: best.shift } : { date: calendar, shift: shiftOn(calendar) };
}

/** Whole minutes from the shift's start on `date` to a clock-in (negative: early), rule 3. */
export const minutesAfterShiftStart = (instant: number, date: string, shift: ShiftTimes, zone: string): number =>
  Math.floor((instant - instantOn(date, shift.start_time, zone)) / 60_000);

/** Minutes late of a day's first clock-in (0 when on time or without a shift), rule 3. */
export function lateMinutesOf(instant: number, date: string, shift: ShiftTimes | null | undefined, zone: string): number {
  if (!shift) return 0;
  const after = minutesAfterShiftStart(instant, date, shift, zone);
  return after > (shift.grace_minutes ?? 0) ? after : 0;
}

/** The shift-day a presence counts on and the shift it is measured against; null without a clock-in. */
export function dayOfPresence(p: TimesheetPresence, shiftOn: (date: string) => TimesheetShift | null): Attribution | null {
  const inMs = toMs(p.clock_in);
  if (inMs === null) return null;
  if (p.presence_date && DATE_RE.test(p.presence_date)) return { date: p.presence_date, shift: p.shift ?? shiftOn(p.presence_date) };
  return attributeClockIn(inMs, p.zone, p.shift ? () => p.shift! : shiftOn);
}

// ---- a day's minutes (rule 2) ---------------------------------------------------------------------

export interface SpanIn {
  inMs: number;
  /** Null: open. */
  outMs: number | null;
  breaks?: readonly PunchedBreak[];
}

/**
 * One day's worked and break minutes and each presence's share (rule 2), for its presences
 * (any order; the shares come back in the same order). `due`: the shift's (or the presence's)
 * break in minutes.
 */
export function dayMinutes(spans: readonly SpanIn[], due: number): { worked: number; brk: number; each: Array<number | null> } {
  const closed = spans.map((s, i) => ({ ...s, i })).filter((s): s is SpanIn & { i: number; outMs: number } => s.outMs !== null && s.outMs > s.inMs);
  closed.sort((a, b) => a.inMs - b.inMs);
  const each: Array<number | null> = spans.map((s) => (s.outMs === null ? null : 0));
  let elapsed = 0;
  let gaps = 0;
  let punched = 0;
  const own = new Map<number, number>();
  closed.forEach((s, k) => {
    const length = minutes(s.outMs - s.inMs);
    let breakMs = 0;
    for (const b of s.breaks ?? []) {
      const start = toMs(b.start);
      const end = toMs(b.end);
      if (start === null || end === null) continue;
      breakMs += Math.max(0, Math.min(end, s.outMs) - Math.max(start, s.inMs));
    }
    const taken = Math.min(length, minutes(breakMs));
    elapsed += length;
    punched += taken;
    own.set(s.i, length - taken);
    if (k > 0) gaps += Math.max(0, minutes(s.inMs - closed[k - 1].outMs));
  });
  const byRule = elapsed > BREAK_AFTER_MINUTES ? Math.max(0, due - gaps) : 0;
  const brk = Math.min(elapsed, Math.max(punched, byRule));
  // What the rule deducts beyond the punched breaks, from the longest presence first.
  let rest = brk - punched;
  for (const i of [...own.keys()].sort((a, b) => own.get(b)! - own.get(a)! || a - b)) {
    const take = Math.min(rest, own.get(i)!);
    own.set(i, own.get(i)! - take);
    rest -= take;
  }
  for (const [i, m] of own) each[i] = m;
  return { worked: elapsed - brk, brk, each };
}

// ---- flags (rule 7) --------------------------------------------------------------------------------

/** The flags of each presence (by index in `spans`) over all of one person's presences. */
export function presenceFlags(spans: readonly SpanIn[], now: number): DayFlag[][] {
  const out: DayFlag[][] = spans.map(() => []);
  const order = spans.map((s, i) => ({ ...s, i })).sort((a, b) => a.inMs - b.inMs || a.i - b.i);
  const add = (i: number, f: DayFlag) => {
    if (!out[i].includes(f)) out[i].push(f);
  };
  let reach: { end: number; i: number } | null = null;
  order.forEach((s, k) => {
    const later = k < order.length - 1;
    if (s.outMs === null) {
      if (later || now - s.inMs > LONG_PRESENCE_MINUTES * 60_000) add(s.i, "missing_clock_out");
    } else if (minutes(s.outMs - s.inMs) > LONG_PRESENCE_MINUTES) add(s.i, "long_presence");
    // Overlap: it begins before an earlier one ended (an open one ends where it began).
    if (reach && s.inMs < reach.end) {
      add(s.i, "overlap");
      add(reach.i, "overlap");
    }
    const end = s.outMs ?? s.inMs;
    if (!reach || end > reach.end) reach = { end, i: s.i };
  });
  return out;
}

/**
 * Why a presence [inMs, outMs] cannot be stored beside the person's others (their spans; open
 * ones end where they began): longer than 24 hours, or overlapping one of them (the first, by
 * clock-in). Null when it can.
 */
export function presenceConflict(
  span: { inMs: number; outMs: number | null },
  others: ReadonlyArray<{ inMs: number; outMs: number | null }>,
): { kind: "too_long" } | { kind: "overlap"; with: { inMs: number; outMs: number | null } } | null {
  if (span.outMs !== null && span.outMs - span.inMs > MAX_PRESENCE_MINUTES * 60_000) return { kind: "too_long" };
  const end = span.outMs ?? span.inMs;
  const hit = [...others]
    .sort((a, b) => a.inMs - b.inMs)
    .find((o) => {
      const oEnd = o.outMs ?? o.inMs;
      // Two spans overlap when each begins before the other ends; a point (open) inside a span does too.
      return (span.inMs < oEnd && o.inMs < end) || (o.inMs === span.inMs && (o.outMs === null || span.outMs === null));
    });
  return hit ? { kind: "overlap", with: hit } : null;
}

// ---- the days -----------------------------------------------------------------------------------

const LEAVE_STATUSES = new Set(["leave", "sick"]);

/**
 * The person's shift-days from `from` to `to`, by the rules above. Presences outside the range
 * count only towards the weekly threshold of a listed day's week (and the flags of those in it).
 */
export function timesheetDays<P extends TimesheetPresence>(input: TimesheetInput<P>): TimesheetDay<P>[] {
  const rule = input.rule ?? DEFAULT_OVERTIME_RULE;
  const workDays = new Set(input.workDays ?? DEFAULT_WORK_DAYS);
  const daysOff = new Set(input.daysOff ?? []);
  const leave = new Set(input.leave ?? []);
  const frozen = input.frozen ?? new Map<string, FrozenDay>();

  interface Item {
    p: P;
    inMs: number | null;
    outMs: number | null;
    flags: DayFlag[];
    minutes: number | null;
  }
  interface Acc {
    zone: string;
    shift: TimesheetShift | null;
    items: Item[];
    breakSet: number | null;
    worked: number;
    brk: number;
  }
  const byDate = new Map<string, Acc>();
  const accOf = (date: string, zone: string, shift: TimesheetShift | null): Acc => {
    let a = byDate.get(date);
    if (!a) byDate.set(date, (a = { zone, shift, items: [], breakSet: null, worked: 0, brk: 0 }));
    return a;
  };

  const clocked: Item[] = [];
  for (const p of input.presences) {
    const day = dayOfPresence(p, input.shiftOn);
    if (!day) {
      // A row without a clock-in: leave, sick or an absence recorded for that date.
      if (p.presence_date && DATE_RE.test(p.presence_date)) {
        accOf(p.presence_date, p.zone, input.shiftOn(p.presence_date)).items.push({ p, inMs: null, outMs: null, flags: [], minutes: null });
      }
      continue;
    }
    const a = accOf(day.date, p.zone, day.shift);
    if (!a.shift && day.shift) a.shift = day.shift;
    const item: Item = { p, inMs: toMs(p.clock_in)!, outMs: toMs(p.clock_out), flags: [], minutes: null };
    a.items.push(item);
    clocked.push(item);
    if (a.breakSet === null && p.break_minutes !== undefined && p.break_minutes !== null) a.breakSet = p.break_minutes;
  }
  // Rule 7 over every presence passed.
  presenceFlags(
    clocked.map((x) => ({ inMs: x.inMs!, outMs: x.outMs })),
    input.now,
  ).forEach((f, i) => (clocked[i].flags = f));
  // Rule 2: the day's minutes and each presence's share.
  for (const a of byDate.values()) {
    const withIn = a.items.filter((x) => x.inMs !== null);
    const m = dayMinutes(
      withIn.map((x) => ({ inMs: x.inMs!, outMs: x.outMs, breaks: x.p.breaks })),
      a.breakSet ?? a.shift?.break_minutes ?? 0,
    );
    withIn.forEach((x, i) => (x.minutes = m.each[i]));
    a.worked = m.worked;
    a.brk = m.brk;
  }

  // Rule 5 over every date that has minutes or frozen figures, in date order (earlier days of a week count).
  const restKindOn = (date: string): RestKind | null => (daysOff.has(date) ? "holiday" : workDays.has(isoWeekday(date)) ? null : "rest_day");
  const split = new Map<string, { regular: number; daily: number; weekly: number; rest: number }>();
  const weekRegular = new Map<string, number>();
  for (const date of [...new Set([...byDate.keys(), ...frozen.keys()])].sort()) {
    const week = mondayOf(date);
    const before = weekRegular.get(week) ?? 0;
    const f = frozen.get(date);
    if (f) {
      weekRegular.set(week, before + f.regularMinutes);
      continue;
    }
    const worked = byDate.get(date)!.worked;
    if (restKindOn(date)) {
      split.set(date, { regular: 0, daily: 0, weekly: 0, rest: worked });
      continue;
    }
    const daily = rule.dailyMinutes === null ? 0 : Math.max(0, worked - rule.dailyMinutes);
    let regular = worked - daily;
    let weekly = 0;
    if (rule.weeklyMinutes !== null) {
      weekly = Math.max(0, regular - Math.max(0, rule.weeklyMinutes - before));
      regular -= weekly;
      weekRegular.set(week, before + regular);
    }
    split.set(date, { regular, daily, weekly, rest: 0 });
  }

  const days: TimesheetDay<P>[] = [];
  for (let date = input.from; date <= input.to; date = addDays(date, 1)) {
    const a = byDate.get(date);
    const withIn = (a?.items ?? []).filter((x) => x.inMs !== null).sort((x, y) => x.inMs! - y.inMs!);
    const without = (a?.items ?? []).filter((x) => x.inMs === null);
    const items = [...withIn, ...without];
    const zone = a?.zone ?? input.zone;
    const shift = a?.shift ?? input.shiftOn(date);
    const s = split.get(date) ?? { regular: 0, daily: 0, weekly: 0, rest: 0 };
    let kind: DayKind;
    let lateMinutes = 0;
    if (withIn.length) {
      kind = "worked";
      lateMinutes = lateMinutesOf(withIn[0].inMs!, date, shift, withIn[0].p.zone);
    } else {
      const isWorkDay = !!shift && workDays.has(isoWeekday(date)) && !daysOff.has(date);
      const status = without.map((x) => x.p.presence_status ?? "");
      if (leave.has(date) || status.some((st) => LEAVE_STATUSES.has(st))) kind = "leave";
      else if (status.includes("absent")) kind = "absent";
      else if (!isWorkDay) kind = "off";
      else kind = shiftEndOn(date, shift, zone) <= input.now ? "absent" : "scheduled";
    }
    const flags = DAY_FLAGS.filter((f) => withIn.some((x) => x.flags.includes(f)));
    const f = frozen.get(date);
    const figures = f
      ? {
          kind: f.kind,
          workedMinutes: f.workedMinutes,
          breakMinutes: f.breakMinutes,
          regularMinutes: f.regularMinutes,
          dailyOvertimeMinutes: f.dailyOvertimeMinutes,
          weeklyOvertimeMinutes: f.weeklyOvertimeMinutes,
          restDayOvertimeMinutes: f.restDayOvertimeMinutes ?? 0,
          lateMinutes: f.lateMinutes,
        }
      : {
          kind,
          workedMinutes: a?.worked ?? 0,
          breakMinutes: a?.brk ?? 0,
          regularMinutes: s.regular,
          dailyOvertimeMinutes: s.daily,
          weeklyOvertimeMinutes: s.weekly,
          restDayOvertimeMinutes: s.rest,
          lateMinutes,
        };
    days.push({
      date,
      zone,
      shift: shift ?? null,
      presences: items.map((x) => x.p),
      presenceMinutes: items.map((x) => x.minutes),
      ...figures,
      overtimeMinutes: figures.dailyOvertimeMinutes + figures.weeklyOvertimeMinutes + figures.restDayOvertimeMinutes,
      restKind: restKindOn(date),
      late: figures.lateMinutes > 0,
      open: withIn.some((x) => x.outMs === null),
      frozen: !!f,
      flags,
    });
  }
  return days;
}

/** A day's figures to keep when it is approved (rule 5's frozen days). */
export const frozenOf = (d: TimesheetDay): FrozenDay => ({
  kind: d.kind,
  workedMinutes: d.workedMinutes,
  breakMinutes: d.breakMinutes,
  regularMinutes: d.regularMinutes,
  dailyOvertimeMinutes: d.dailyOvertimeMinutes,
  weeklyOvertimeMinutes: d.weeklyOvertimeMinutes,
  restDayOvertimeMinutes: d.restDayOvertimeMinutes,
  lateMinutes: d.lateMinutes,
});

/** A person's totals over the listed days. */
export function timesheetTotals(days: readonly TimesheetDay[]): TimesheetTotals {
  const t: TimesheetTotals = {
    workedMinutes: 0,
    breakMinutes: 0,
    regularMinutes: 0,
    overtimeMinutes: 0,
    dailyOvertimeMinutes: 0,
    weeklyOvertimeMinutes: 0,
    restDayOvertimeMinutes: 0,
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
    t.restDayOvertimeMinutes += d.restDayOvertimeMinutes;
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
