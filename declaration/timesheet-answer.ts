// The timesheet's answer (docs/api.md "Timesheet"), pure: stored rows → TimesheetAnswer's days,
// totals and approvals, and the checks of a range and a correction. One computation for the
// server (server/custom/timesheet.ts, which reads the rows) and the web tests' contract mock
// (tests/mocks/timesheet.ts, which holds them in memory). The arithmetic is declaration/timesheet.ts.
import dayjs from "dayjs";
import type {
  TimesheetAnswer,
  TimesheetApprovalAnswer,
  TimesheetCorrection,
  TimesheetDayAnswer,
  TimesheetDayFlag,
  TimesheetPresenceAnswer,
  TimesheetTotalsAnswer,
} from "./answers";
import {
  addDays,
  dayMinutes,
  DEFAULT_OVERTIME_RULE,
  frozenOf,
  lateMinutesOf,
  mondayOf,
  presenceConflict,
  timesheetDays,
  timesheetTotals,
  type FrozenDay,
  type TimesheetTotals,
  type OvertimeRule,
  type PunchedBreak,
  type TimesheetShift,
} from "./timesheet";
import { dayLabourCost, DEFAULT_WORK_WEEK, MULTIPLIER_FIELDS, splitByWeight, STATUTORY_MULTIPLIERS, workDaysOf, type OvertimeMultipliers, type WorkWeek } from "./pay";

type Row = Record<string, unknown>;

/** The longest range one search may ask for, in days (both ends counted). */
export const MAX_RANGE_DAYS = 62;
/** The longest reason of a correction or a reopen. */
export const REASON_MAX = 500;

/** A field's error as the server's messages name it (server/i18n/messages.ts). */
export interface FieldMsg {
  key:
    | "required"
    | "bad_date"
    | "date_before"
    | "range_too_long"
    | "not_integer"
    | "bad_datetime"
    | "not_string"
    | "too_long"
    | "before_clock_in"
    | "bad_enum"
    | "list_required"
    | "presence_too_long"
    | "overlaps_presence";
  params?: Record<string, string | number>;
}
export type TimesheetErrors = Record<string, FieldMsg>;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

const validDate = (v: unknown): v is string =>
  typeof v === "string" && DATE_RE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const num = (v: unknown): number | null => (v === null || v === undefined || v === "" ? null : Number(v));
const truthy = (v: unknown): boolean => v === true || v === 1 || v === "1" || v === "true";

/** The first and last days of the week before `from` and after `to` that a search reads. */
export const readWindow = (from: string, to: string): { from: string; to: string } => ({ from: addDays(mondayOf(from), -1), to: addDays(to, 1) });

/**
 * `from` and `to` (dates, `to` not before `from`, at most 62 days), into `errors` naming the
 * field; or, with neither and `period=current` where `current` is given, the company's current
 * pay period.
 */
export function checkRange(src: Row, errors: TimesheetErrors, current?: () => { from: string; to: string }): { from: string; to: string } | null {
  const { from, to } = src;
  const none = (v: unknown) => v === undefined || v === null || v === "";
  if (current && none(from) && none(to) && !none(src.period)) {
    if (src.period === "current") return current();
    errors.period = { key: "bad_enum", params: { options: "current" } };
    return null;
  }
  const before = Object.keys(errors).length;
  if (from === undefined || from === null || from === "") errors.from = { key: "required" };
  else if (!validDate(from)) errors.from = { key: "bad_date" };
  if (to === undefined || to === null || to === "") errors.to = { key: "required" };
  else if (!validDate(to)) errors.to = { key: "bad_date" };
  if (Object.keys(errors).length > before) return null;
  const f = from as string;
  const t = to as string;
  if (t < f) errors.to = { key: "date_before", params: { date: f } };
  else if (addDays(f, MAX_RANGE_DAYS - 1) < t) errors.to = { key: "range_too_long", params: { max: MAX_RANGE_DAYS } };
  return Object.keys(errors).length > before ? null : { from: f, to: t };
}

/** An optional id (a positive whole number); null when absent, undefined (and the error) when not one. */
export function checkId(src: Row, field: string, errors: TimesheetErrors): number | null | undefined {
  const v = src[field];
  if (v === undefined || v === null || v === "") return null;
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d{1,15}$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) {
    errors[field] = { key: "not_integer" };
    return undefined;
  }
  return n;
}

/** A required reason (1-500 characters, trimmed). */
export function checkReason(src: Row, errors: TimesheetErrors): string {
  const v = src.reason;
  if (v === undefined || v === null || (typeof v === "string" && !v.trim())) {
    errors.reason = { key: "required" };
    return "";
  }
  if (typeof v !== "string") {
    errors.reason = { key: "not_string" };
    return "";
  }
  const text = v.trim();
  if (text.length > REASON_MAX) errors.reason = { key: "too_long", params: { max: REASON_MAX } };
  return text;
}

/** A correction's instant: epoch ms, null (cleared), or undefined when the field is not sent (or is wrong: the error). */
export function checkInstant(src: Row, field: "clock_in" | "clock_out", errors: TimesheetErrors): number | null | undefined {
  if (!(field in src)) return undefined;
  const v = src[field];
  if (v === null || v === "") return null;
  if (typeof v !== "string" || !DATETIME_RE.test(v) || Number.isNaN(Date.parse(v))) {
    errors[field] = { key: "bad_datetime" };
    return undefined;
  }
  return Date.parse(v);
}

/**
 * A correction body against the presence's stored clock-in and out: the new instants, the
 * reason, or the errors (at least one of clock_in / clock_out; a clock-out needs a clock-in and
 * comes after it).
 */
export function checkCorrection(
  body: Row,
  stored: { clock_in: string | null; clock_out: string | null },
): { ok: true; inMs: number | null; outMs: number | null; sentIn: boolean; sentOut: boolean; reason: string } | { ok: false; errors: TimesheetErrors } {
  const errors: TimesheetErrors = {};
  const newIn = checkInstant(body, "clock_in", errors);
  const newOut = checkInstant(body, "clock_out", errors);
  const reason = checkReason(body, errors);
  if (!("clock_in" in body) && !("clock_out" in body)) errors.clock_in = { key: "required" };
  if (Object.keys(errors).length) return { ok: false, errors };
  const inMs = newIn === undefined ? (stored.clock_in === null ? null : Date.parse(stored.clock_in)) : newIn;
  const outMs = newOut === undefined ? (stored.clock_out === null ? null : Date.parse(stored.clock_out)) : newOut;
  if (outMs !== null && inMs === null) return { ok: false, errors: { clock_in: { key: "required" } } };
  if (outMs !== null && inMs !== null && outMs <= inMs) return { ok: false, errors: { clock_out: { key: "before_clock_in", params: { time: new Date(inMs).toISOString() } } } };
  return { ok: true, inMs, outMs, sentIn: "clock_in" in body, sentOut: "clock_out" in body, reason };
}

const wall = (ms: number, zone: string): string => dayjs(ms).tz(zone).format("DD-MM-YYYY HH:mm");
const msOf = (v: unknown): number | null => (v === null || v === undefined || v === "" ? null : Date.parse(String(v)));

/**
 * A corrected presence against the person's other presences (`others`, rows with clock_in and
 * clock_out): over 24 hours, or overlapping one of them, is a 400 naming the field that moved
 * (the clock-out when only it was sent); null when it fits. Times in the message on `zone`'s clock.
 */
export function correctionConflict(
  next: { inMs: number | null; outMs: number | null; sentIn: boolean; sentOut: boolean },
  others: readonly Row[],
  zone: string,
): TimesheetErrors | null {
  if (next.inMs === null) return null;
  const spans = others.filter((o) => msOf(o.clock_in) !== null).map((o) => ({ inMs: msOf(o.clock_in)!, outMs: msOf(o.clock_out) }));
  const c = presenceConflict({ inMs: next.inMs, outMs: next.outMs }, spans);
  if (!c) return null;
  const field = next.sentOut && (c.kind === "too_long" || !next.sentIn) ? "clock_out" : "clock_in";
  if (c.kind === "too_long") return { [field]: { key: "presence_too_long", params: { max: MAX_PRESENCE_HOURS } } };
  return { [field]: { key: "overlaps_presence", params: { from: wall(c.with.inMs, zone), to: c.with.outMs === null ? "…" : wall(c.with.outMs, zone) } } };
}

/** The longest presence in hours (declaration/timesheet.ts MAX_PRESENCE_MINUTES), as messages say it. */
export const MAX_PRESENCE_HOURS = 24;

// ---- shifts and a day's stored figures ---------------------------------------------------------

/**
 * Each person's shift on a date from user-to-shift rows: the covering assignment that starts
 * latest (a rotation over the standing shift), as the clock-in reads it.
 */
export function shiftsOfPeople(assignments: readonly Row[], shiftRows: readonly Row[]): (userId: number) => (date: string) => TimesheetShift | null {
  const shifts = new Map(shiftRows.map((s) => [Number(s.id), shiftTimes(s)]));
  const byUser = new Map<number, Row[]>();
  for (const a of assignments) {
    const list = byUser.get(Number(a.user_id)) ?? [];
    list.push(a);
    byUser.set(Number(a.user_id), list);
  }
  for (const list of byUser.values()) list.sort((a, b) => String(b.start_date).localeCompare(String(a.start_date)) || Number(b.id) - Number(a.id));
  return (userId) => {
    const list = byUser.get(userId) ?? [];
    return (date) => {
      const a = list.find((x) => String(x.start_date) <= date && (x.end_date === null || x.end_date === undefined || String(x.end_date) >= date));
      return a ? (shifts.get(Number(a.shift_id)) ?? null) : null;
    };
  };
}

/** presence_breaks rows → PunchedBreak by presence id. */
export function breaksByPresence(rows: readonly Row[]): Map<number, PunchedBreak[]> {
  const out = new Map<number, PunchedBreak[]>();
  for (const b of rows) {
    const list = out.get(Number(b.presence_id)) ?? [];
    list.push({ start: String(b.break_start), end: (b.break_end as string | null) ?? null });
    out.set(Number(b.presence_id), list);
  }
  return out;
}

/**
 * What to store on a person's presences of one shift-day so that the attendance list says what
 * the timesheet counts (rules 2 and 3): each one's `work_duration` (its share of the day; null
 * while open) and, where the status is present or late, late only for the day's first clock-in.
 * `rows`: the day's presences with a clock-in; the shift is the first one's. Answers the changes.
 */
export function restateDay(
  rows: readonly Row[],
  breaks: readonly Row[],
  shiftOf: (shiftId: number | null) => TimesheetShift | null,
  zoneOf: (row: Row) => string,
): Array<{ id: number; values: Record<string, unknown> }> {
  const list = rows.filter((r) => msOf(r.clock_in) !== null).sort((a, b) => msOf(a.clock_in)! - msOf(b.clock_in)! || Number(a.id) - Number(b.id));
  if (!list.length) return [];
  const date = String(list[0].presence_date);
  const shift = shiftOf(num(list[0].shift_id));
  const punched = breaksByPresence(breaks);
  const m = dayMinutes(
    list.map((r) => ({ inMs: msOf(r.clock_in)!, outMs: msOf(r.clock_out), breaks: punched.get(Number(r.id)) })),
    shift?.break_minutes ?? 0,
  );
  const out: Array<{ id: number; values: Record<string, unknown> }> = [];
  list.forEach((r, i) => {
    const values: Record<string, unknown> = {};
    if ((num(r.work_duration) ?? null) !== m.each[i]) values.work_duration = m.each[i];
    const status = String(r.presence_status ?? "");
    if (status === "present" || status === "late" || status === "") {
      const next = i === 0 && lateMinutesOf(msOf(r.clock_in)!, date, shift, zoneOf(r)) > 0 ? "late" : "present";
      if (next !== status) values.presence_status = next;
    }
    if (Object.keys(values).length) out.push({ id: Number(r.id), values });
  });
  return out;
}

// ---- approvals -----------------------------------------------------------------------------------

/** Newest first: by approved_at, then id. */
export const newestFirst = (a: Row, b: Row): number => String(b.approved_at).localeCompare(String(a.approved_at)) || Number(b.id) - Number(a.id);

/** Approval rows overlapping from..to. */
export const overlapping = (rows: readonly Row[], from: string, to: string): Row[] => rows.filter((a) => String(a.period_from) <= to && String(a.period_to) >= from);

/** A stored JSON column (text on the server, an object in the mock), or null when unreadable. */
export function jsonOf(v: unknown): Record<string, unknown> | null {
  if (v && typeof v === "object" && !Array.isArray(v)) return v as Record<string, unknown>;
  if (typeof v !== "string" || !v) return null;
  try {
    const o: unknown = JSON.parse(v);
    return o && typeof o === "object" && !Array.isArray(o) ? (o as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The rules an approval's figures were computed with: the overtime thresholds and the shifts its days were measured against. */
export interface ApprovalRules {
  overtime_daily_minutes: number | null;
  overtime_weekly_minutes: number | null;
  work_days_per_week: WorkWeek;
  shifts: Record<string, { start_time: string; end_time: string; grace_minutes: number; break_minutes: number }>;
}

const shiftRule = (s: TimesheetShift) => ({ start_time: s.start_time, end_time: s.end_time, grace_minutes: s.grace_minutes ?? 0, break_minutes: s.break_minutes ?? 0 });

/** What an approval keeps (timesheet_approvals.figures and .rules): each day's figures, the totals, and the rules. */
export function approvalSnapshot(sheet: PersonSheet, rule: OvertimeRule, shiftRows: readonly Row[], week: WorkWeek = DEFAULT_WORK_WEEK): { figures: string; rules: string } {
  const used = new Set(sheet.days.map((d) => d.shift?.id).filter((x): x is number => typeof x === "number"));
  const rules: ApprovalRules = {
    overtime_daily_minutes: rule.dailyMinutes,
    overtime_weekly_minutes: rule.weeklyMinutes,
    work_days_per_week: week,
    shifts: Object.fromEntries(shiftRows.filter((s) => used.has(Number(s.id))).map((s) => [String(s.id), shiftRule(shiftTimes(s))])),
  };
  // Hours only: pay is not kept (an approval's totals are answered to whoever sees the timesheet).
  const { labour_cost: _pay, ...hours } = sheet.totals;
  void _pay;
  return { figures: JSON.stringify({ days: Object.fromEntries(sheet.figures), totals: hours }), rules: JSON.stringify(rules) };
}

/**
 * Whether the rules an approval was computed with differ from today's: only what it kept is
 * compared (a rule added to the snapshot later does not mark older approvals changed); a shift it
 * used that is gone has changed.
 */
export function rulesChanged(stored: unknown, rule: OvertimeRule, shiftRows: readonly Row[], week: WorkWeek = DEFAULT_WORK_WEEK): boolean {
  const kept = jsonOf(stored);
  if (!kept) return false;
  if ("work_days_per_week" in kept && kept.work_days_per_week !== week) return true;
  if ("overtime_daily_minutes" in kept && kept.overtime_daily_minutes !== rule.dailyMinutes) return true;
  if ("overtime_weekly_minutes" in kept && kept.overtime_weekly_minutes !== rule.weeklyMinutes) return true;
  const shifts = (kept.shifts && typeof kept.shifts === "object" ? kept.shifts : {}) as ApprovalRules["shifts"];
  const now = new Map(shiftRows.map((s) => [String(s.id), shiftRule(shiftTimes(s))]));
  return Object.entries(shifts).some(([id, was]) => JSON.stringify(now.get(id) ?? null) !== JSON.stringify(shiftRule(was as TimesheetShift)));
}

/** The frozen days an approved approval keeps, by date. */
function frozenDaysOf(a: Row): Map<string, FrozenDay> {
  const figures = jsonOf(a.figures);
  const days = figures?.days && typeof figures.days === "object" ? (figures.days as Record<string, FrozenDay>) : {};
  return new Map(Object.entries(days));
}

export function approvalAnswer(a: Row, names: ReadonlyMap<number, string>, changed = false): TimesheetApprovalAnswer {
  const reopenedBy = num(a.reopened_by);
  const totals = jsonOf(a.figures)?.totals;
  return {
    id: Number(a.id),
    user_id: Number(a.user_id),
    from: String(a.period_from),
    to: String(a.period_to),
    status: a.status === "reopened" ? "reopened" : "approved",
    approved_by_name: names.get(Number(a.approved_by)) ?? "",
    approved_at: String(a.approved_at),
    reopened_by_name: reopenedBy === null ? null : (names.get(reopenedBy) ?? ""),
    reopened_at: (a.reopened_at as string | null) ?? null,
    reopen_reason: (a.reopen_reason as string | null) ?? null,
    totals: totals && typeof totals === "object" ? (totals as TimesheetTotalsAnswer) : null,
    rules_changed: a.status === "approved" && changed,
  };
}

/**
 * The days of a range that keep an approval from being given (timesheet approve): a presence not
 * clocked out, or missing its clock-out, or overlapping another.
 */
export const unresolvedDates = (days: readonly TimesheetDayAnswer[]): string[] =>
  days.filter((d) => d.open || d.flags.includes("missing_clock_out") || d.flags.includes("overlap")).map((d) => d.date);

/** Whether a person's date is inside one of their approved periods. */
export const lockedOn = (approvals: readonly Row[], userId: number, date: string): boolean =>
  approvals.some((a) => Number(a.user_id) === userId && a.status === "approved" && String(a.period_from) <= date && String(a.period_to) >= date);

// ---- the days ------------------------------------------------------------------------------------

export interface SheetRows {
  from: string;
  to: string;
  now: number;
  rule: OvertimeRule;
  companyZone: string;
  /** A project's zone (its own, else the company's). */
  projectZone: (projectId: number) => string;
  /** Presences as wire records (clock_in, clock_out ISO; work_area_in/out; sent_late). */
  presences: readonly Row[];
  shifts: readonly Row[];
  /** user-to-shift rows. */
  assignments: readonly Row[];
  /** timesheet_corrections rows, in id order. */
  corrections: readonly Row[];
  /** timesheet_approvals rows. */
  approvals: readonly Row[];
  /** Names of the people who corrected and approved. */
  names: ReadonlyMap<number, string>;
  /** permit rows: approved leave, sick and permission days (LEAVE_PERMIT_TYPES) overlapping the range. */
  permits?: readonly Row[];
  /** presence_breaks rows of the presences. */
  breaks?: readonly Row[];
  /** timesheet_edit_attempts rows: edits of approved days tried (the flag edit_tried on their `date`). */
  attempts?: readonly Row[];
  /** A project's name (the presence's site). */
  projectName?: (projectId: number) => string | null;
  /** The company's work calendar: its work week and holidays (dates). Default: Monday-Friday, none. */
  calendar?: { week: WorkWeek; holidays: readonly string[] };
  /** Labour cost: the multipliers and each person's hourly wage; absent when the caller may not see pay. */
  pay?: { multipliers: OvertimeMultipliers; hourlyOf: (userId: number) => number | null };
}

/** A person's totals as answered (docs/api.md "Timesheet"); `labourCost` null where pay is not seen or no wage is known. */
export const totalsAnswer = (t: TimesheetTotals, labourCost: number | null = null): TimesheetTotalsAnswer => ({
  worked_minutes: t.workedMinutes,
  break_minutes: t.breakMinutes,
  regular_minutes: t.regularMinutes,
  overtime_minutes: t.overtimeMinutes,
  rest_day_overtime_minutes: t.restDayOvertimeMinutes,
  labour_cost: labourCost,
  days_worked: t.daysWorked,
  late_days: t.lateDays,
  absent_days: t.absentDays,
  leave_days: t.leaveDays,
});

/** A person's sheet: the days answered, the totals, the days with a flag, and the figures an approval of the range would keep. */
export interface PersonSheet {
  days: TimesheetDayAnswer[];
  totals: TimesheetTotalsAnswer;
  flaggedDays: number;
  figures: Map<string, FrozenDay>;
  /** The hourly wage labour cost used; null without pay. */
  hourlyWage: number | null;
}

/** Approved permits of these types make their days (absent_date..end_date) leave, not absence. */
export const LEAVE_PERMIT_TYPES = ["leave", "sick", "permission"] as const;

/** Each person's dates of approved leave over from..to, from their permits. */
function leaveDates(permits: readonly Row[], from: string, to: string): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const p of permits) {
    if (p.status !== "approved" || !(LEAVE_PERMIT_TYPES as readonly unknown[]).includes(p.permit_type)) continue;
    const first = String(p.absent_date).slice(0, 10);
    const last = p.end_date ? String(p.end_date).slice(0, 10) : first;
    const list = out.get(Number(p.user_id)) ?? [];
    // Bounded by the range (at most 62 days), whatever the permit's length.
    for (let d = first < from ? from : first; d <= last && d <= to; d = addDays(d, 1)) list.push(d);
    out.set(Number(p.user_id), list);
  }
  return out;
}

interface PresenceIn {
  id: number;
  clock_in: string | null;
  clock_out: string | null;
  zone: string;
  shift: TimesheetShift | null;
  presence_date: string | null;
  presence_status: string | null;
  breaks: PunchedBreak[];
  record: Row;
}

/** The company fields `PUT timesheet/settings` sets (company-management's declaration checks them). */
export const TIMESHEET_SETTING_FIELDS = [
  "pay_period",
  "overtime_daily_minutes",
  "overtime_weekly_minutes",
  "hours_format",
  "work_days_per_week",
  ...Object.values(MULTIPLIER_FIELDS),
] as const;

/**
 * The settings among them that decide pay (the work week and the overtime multipliers): changed
 * only by who may change pay rates (`pay-rate` update), not by everyone with the timesheet's.
 */
export const PAY_SETTING_FIELDS: readonly string[] = ["work_days_per_week", ...Object.values(MULTIPLIER_FIELDS)];

/** The settings fields a body gives (others are ignored: this is not the company's whole record). */
export function settingsBody(body: unknown): Record<string, unknown> {
  const input = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const k of TIMESHEET_SETTING_FIELDS) if (Object.hasOwn(input, k) && input[k] !== undefined) out[k] = input[k];
  return out;
}

/** The company's timesheet settings from its row (a setting absent from the row: its default; null: no such rule). */
export function timesheetSettings(
  company: Row | undefined,
  timeZone: string,
): { answer: TimesheetAnswer["settings"]; rule: OvertimeRule; week: WorkWeek; multipliers: OvertimeMultipliers } {
  const has = (k: string) => !!company && company[k] !== undefined;
  const rule: OvertimeRule = {
    dailyMinutes: has("overtime_daily_minutes") ? num(company!.overtime_daily_minutes) : DEFAULT_OVERTIME_RULE.dailyMinutes,
    weeklyMinutes: has("overtime_weekly_minutes") ? num(company!.overtime_weekly_minutes) : DEFAULT_OVERTIME_RULE.weeklyMinutes,
  };
  const pay = String(company?.pay_period ?? "monthly");
  const week: WorkWeek = num(company?.work_days_per_week) === 6 ? 6 : 5;
  const multipliers = Object.fromEntries(
    (Object.keys(MULTIPLIER_FIELDS) as Array<keyof OvertimeMultipliers>).map((k) => {
      const v = num(company?.[MULTIPLIER_FIELDS[k]]);
      return [k, v !== null && Number.isFinite(v) && v > 0 ? v : STATUTORY_MULTIPLIERS[k]];
    }),
  ) as unknown as OvertimeMultipliers;
  return {
    rule,
    week,
    multipliers,
    answer: {
      hours_format: company?.hours_format === "decimal" ? "decimal" : "clock",
      pay_period: pay === "weekly" || pay === "two_weekly" ? pay : "monthly",
      overtime_daily_minutes: rule.dailyMinutes,
      overtime_weekly_minutes: rule.weeklyMinutes,
      work_days_per_week: week,
      ot_workday_first: multipliers.workdayFirst,
      ot_workday_later: multipliers.workdayLater,
      ot_restday_first: multipliers.restdayFirst,
      ot_restday_second: multipliers.restdaySecond,
      ot_restday_later: multipliers.restdayLater,
      time_zone: timeZone,
    },
  };
}

export const shiftTimes = (s: Row): TimesheetShift => ({
  id: Number(s.id),
  name: String(s.name ?? ""),
  start_time: String(s.start_time),
  end_time: String(s.end_time),
  grace_minutes: num(s.grace_minutes) ?? 0,
  break_minutes: num(s.break_minutes) ?? 0,
});

const inside = (v: unknown): boolean | null => (v === "inside" ? true : v === "outside" ? false : null);

function presenceAnswer(
  p: PresenceIn,
  corrections: readonly TimesheetCorrection[],
  worked: number | null,
  projectName: (id: number) => string | null,
  share: { regular: number; overtime: number; cost: number | null },
): TimesheetPresenceAnswer {
  const r = p.record;
  const projectId = num(r.project_id);
  return {
    id: p.id,
    project_id: projectId,
    project_name: projectId === null ? null : projectName(projectId),
    clock_in: p.clock_in,
    clock_out: p.clock_out,
    worked_minutes: worked,
    breaks: p.breaks.map((b) => ({ start: String(b.start), end: b.end === null ? null : String(b.end) })),
    clock_in_inside: inside(r.work_area_in),
    clock_out_inside: inside(r.work_area_out),
    clock_in_loc: (r.clock_in_loc as string | null) ?? null,
    clock_out_loc: (r.clock_out_loc as string | null) ?? null,
    image_selfie: (r.image_selfie as string | null) ?? null,
    image_selfie_out: (r.image_selfie_out as string | null) ?? null,
    sent_late: truthy(r.sent_late),
    presence_status: String(r.presence_status ?? ""),
    corrections: [...corrections],
    regular_minutes: share.regular,
    overtime_minutes: share.overtime,
    labour_cost: share.cost,
  };
}

/**
 * Each person's days over from..to (every date, in order), their totals and flags. A day inside
 * an approved period that kept its figures answers those (declaration/timesheet.ts rule 5).
 */
export function sheetDays(rows: SheetRows, userIds: readonly number[]): Map<number, PersonSheet> {
  const shifts = new Map(rows.shifts.map((s) => [Number(s.id), shiftTimes(s)]));
  const correctionsOf = new Map<number, TimesheetCorrection[]>();
  for (const c of rows.corrections) {
    const list = correctionsOf.get(Number(c.presence_id)) ?? [];
    list.push({
      field: c.field === "clock_out" ? "clock_out" : "clock_in",
      original: (c.original as string | null) ?? null,
      corrected: (c.corrected as string | null) ?? null,
      reason: String(c.reason ?? ""),
      by_name: rows.names.get(Number(c.corrected_by)) ?? "",
      at: String(c.corrected_at),
    });
    correctionsOf.set(Number(c.presence_id), list);
  }
  const shiftOfPerson = shiftsOfPeople(rows.assignments, rows.shifts);
  const punched = breaksByPresence(rows.breaks ?? []);
  const presencesOf = new Map<number, PresenceIn[]>();
  for (const r of [...rows.presences].sort((a, b) => Number(a.id) - Number(b.id))) {
    const projectId = num(r.project_id);
    const shiftId = num(r.shift_id);
    const list = presencesOf.get(Number(r.user_id)) ?? [];
    list.push({
      id: Number(r.id),
      clock_in: (r.clock_in as string | null) ?? null,
      clock_out: (r.clock_out as string | null) ?? null,
      zone: projectId !== null ? rows.projectZone(projectId) : rows.companyZone,
      shift: shiftId !== null ? (shifts.get(shiftId) ?? null) : null,
      presence_date: (r.presence_date as string | null) ?? null,
      presence_status: (r.presence_status as string | null) ?? null,
      breaks: punched.get(Number(r.id)) ?? [],
      record: r,
    });
    presencesOf.set(Number(r.user_id), list);
  }
  const tried = new Set((rows.attempts ?? []).map((a) => `${Number(a.user_id)}:${String(a.date)}`));
  const projectName = rows.projectName ?? (() => null);
  const leaveOf = leaveDates(rows.permits ?? [], rows.from, rows.to);
  const week = rows.calendar?.week ?? DEFAULT_WORK_WEEK;
  const out = new Map<number, PersonSheet>();
  for (const userId of userIds) {
    const frozen = new Map<string, FrozenDay>();
    for (const a of rows.approvals) if (Number(a.user_id) === userId && a.status === "approved") for (const [date, f] of frozenDaysOf(a)) frozen.set(date, f);
    const list = timesheetDays<PresenceIn>({
      presences: presencesOf.get(userId) ?? [],
      shiftOn: shiftOfPerson(userId),
      zone: rows.companyZone,
      from: rows.from,
      to: rows.to,
      now: rows.now,
      rule: rows.rule,
      workDays: workDaysOf(week),
      daysOff: rows.calendar?.holidays ?? [],
      leave: leaveOf.get(userId) ?? [],
      frozen,
    });
    const t = timesheetTotals(list);
    const hourly = rows.pay ? rows.pay.hourlyOf(userId) : null;
    let labourTotal = 0;
    const days = list.map((d): TimesheetDayAnswer => {
      const flags: TimesheetDayFlag[] = [...d.flags];
      if (tried.has(`${userId}:${d.date}`)) flags.push("edit_tried");
      const cost =
        rows.pay && hourly !== null
          ? dayLabourCost(
              {
                date: d.date,
                regularMinutes: d.regularMinutes,
                workdayOvertimeMinutes: d.dailyOvertimeMinutes + d.weeklyOvertimeMinutes,
                restDayOvertimeMinutes: d.restDayOvertimeMinutes,
                restKind: d.restKind,
              },
              hourly,
              week,
              rows.pay.multipliers,
            ).total
          : null;
      labourTotal += cost ?? 0;
      // The day's cost, regular and overtime minutes over its presences (its projects) by their worked minutes.
      const weights = d.presenceMinutes.map((m) => m ?? 0);
      const shares = cost === null ? d.presences.map(() => null) : splitByWeight(cost, weights);
      const regular = splitByWeight(d.regularMinutes, weights);
      const overtime = splitByWeight(d.overtimeMinutes, weights);
      return {
        date: d.date,
        zone: d.zone,
        kind: d.kind,
        shift: d.shift ? { id: Number(d.shift.id), name: String(d.shift.name ?? ""), start_time: d.shift.start_time, end_time: d.shift.end_time } : null,
        worked_minutes: d.workedMinutes,
        break_minutes: d.breakMinutes,
        regular_minutes: d.regularMinutes,
        overtime_minutes: d.overtimeMinutes,
        rest_day_overtime_minutes: d.restDayOvertimeMinutes,
        rest_kind: d.restKind,
        labour_cost: cost,
        late: d.late,
        late_minutes: d.lateMinutes,
        open: d.open,
        locked: lockedOn(rows.approvals, userId, d.date),
        flags,
        presences: d.presences.map((p, i) =>
          presenceAnswer(p, correctionsOf.get(p.id) ?? [], d.presenceMinutes[i], projectName, {
            regular: regular[i] ?? 0,
            overtime: overtime[i] ?? 0,
            cost: shares[i] ?? null,
          }),
        ),
      };
    });
    out.set(userId, {
      days,
      totals: totalsAnswer(t, rows.pay && hourly !== null ? labourTotal : null),
      flaggedDays: days.filter((d) => d.flags.length > 0).length,
      hourlyWage: hourly,
      figures: new Map(list.map((d) => [d.date, frozenOf(d)])),
    });
  }
  return out;
}
