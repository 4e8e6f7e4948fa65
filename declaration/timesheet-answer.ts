// The timesheet's answer (docs/api.md "Timesheet"), pure: stored rows → TimesheetAnswer's days,
// totals and approvals, and the checks of a range and a correction. One computation for the
// server (server/custom/timesheet.ts, which reads the rows) and the web tests' contract mock
// (tests/mocks/timesheet.ts, which holds them in memory). The arithmetic is declaration/timesheet.ts.
import type { TimesheetAnswer, TimesheetApprovalAnswer, TimesheetCorrection, TimesheetDayAnswer, TimesheetPresenceAnswer, TimesheetTotalsAnswer } from "./answers";
import { addDays, DEFAULT_OVERTIME_RULE, mondayOf, timesheetDays, timesheetTotals, type OvertimeRule, type TimesheetShift } from "./timesheet";

type Row = Record<string, unknown>;

/** The longest range one search may ask for, in days (both ends counted). */
export const MAX_RANGE_DAYS = 62;
/** The longest reason of a correction or a reopen. */
export const REASON_MAX = 500;

/** A field's error as the server's messages name it (server/i18n/messages.ts). */
export interface FieldMsg {
  key: "required" | "bad_date" | "date_before" | "range_too_long" | "not_integer" | "bad_datetime" | "not_string" | "too_long" | "before_clock_in";
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

/** `from` and `to` (dates, `to` not before `from`, at most 62 days), into `errors` naming the field. */
export function checkRange(src: Row, errors: TimesheetErrors): { from: string; to: string } | null {
  const { from, to } = src;
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

// ---- approvals -----------------------------------------------------------------------------------

/** Newest first: by approved_at, then id. */
export const newestFirst = (a: Row, b: Row): number => String(b.approved_at).localeCompare(String(a.approved_at)) || Number(b.id) - Number(a.id);

/** Approval rows overlapping from..to. */
export const overlapping = (rows: readonly Row[], from: string, to: string): Row[] => rows.filter((a) => String(a.period_from) <= to && String(a.period_to) >= from);

export function approvalAnswer(a: Row, names: ReadonlyMap<number, string>): TimesheetApprovalAnswer {
  const reopenedBy = num(a.reopened_by);
  return {
    id: Number(a.id),
    from: String(a.period_from),
    to: String(a.period_to),
    status: a.status === "reopened" ? "reopened" : "approved",
    approved_by_name: names.get(Number(a.approved_by)) ?? "",
    approved_at: String(a.approved_at),
    reopened_by_name: reopenedBy === null ? null : (names.get(reopenedBy) ?? ""),
    reopened_at: (a.reopened_at as string | null) ?? null,
    reopen_reason: (a.reopen_reason as string | null) ?? null,
  };
}

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
  record: Row;
}

/** The company fields `PUT timesheet/settings` sets (company-management's declaration checks them). */
export const TIMESHEET_SETTING_FIELDS = ["pay_period", "overtime_daily_minutes", "overtime_weekly_minutes", "hours_format"] as const;

/** The settings fields a body gives (others are ignored: this is not the company's whole record). */
export function settingsBody(body: unknown): Record<string, unknown> {
  const input = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const k of TIMESHEET_SETTING_FIELDS) if (Object.hasOwn(input, k) && input[k] !== undefined) out[k] = input[k];
  return out;
}

/** The company's timesheet settings from its row (a setting absent from the row: its default; null: no such rule). */
export function timesheetSettings(company: Row | undefined, timeZone: string): { answer: TimesheetAnswer["settings"]; rule: OvertimeRule } {
  const has = (k: string) => !!company && company[k] !== undefined;
  const rule: OvertimeRule = {
    dailyMinutes: has("overtime_daily_minutes") ? num(company!.overtime_daily_minutes) : DEFAULT_OVERTIME_RULE.dailyMinutes,
    weeklyMinutes: has("overtime_weekly_minutes") ? num(company!.overtime_weekly_minutes) : DEFAULT_OVERTIME_RULE.weeklyMinutes,
  };
  const pay = String(company?.pay_period ?? "monthly");
  return {
    rule,
    answer: {
      hours_format: company?.hours_format === "decimal" ? "decimal" : "clock",
      pay_period: pay === "weekly" || pay === "two_weekly" ? pay : "monthly",
      overtime_daily_minutes: rule.dailyMinutes,
      overtime_weekly_minutes: rule.weeklyMinutes,
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

function presenceAnswer(p: PresenceIn, corrections: readonly TimesheetCorrection[]): TimesheetPresenceAnswer {
  const r = p.record;
  return {
    id: p.id,
    clock_in: p.clock_in,
    clock_out: p.clock_out,
    clock_in_inside: inside(r.work_area_in),
    clock_out_inside: inside(r.work_area_out),
    clock_in_loc: (r.clock_in_loc as string | null) ?? null,
    clock_out_loc: (r.clock_out_loc as string | null) ?? null,
    image_selfie: (r.image_selfie as string | null) ?? null,
    image_selfie_out: (r.image_selfie_out as string | null) ?? null,
    sent_late: truthy(r.sent_late),
    presence_status: String(r.presence_status ?? ""),
    corrections: [...corrections],
  };
}

/** Each person's days over from..to (every date, in order) and their totals. */
export function sheetDays(rows: SheetRows, userIds: readonly number[]): Map<number, { days: TimesheetDayAnswer[]; totals: TimesheetTotalsAnswer }> {
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
  const assignsOf = new Map<number, Row[]>();
  for (const a of rows.assignments) {
    const list = assignsOf.get(Number(a.user_id)) ?? [];
    list.push(a);
    assignsOf.set(Number(a.user_id), list);
  }
  // The latest-starting assignment covering a date, as the clock-in reads it (server/field/capture.ts shiftOn).
  for (const list of assignsOf.values()) list.sort((a, b) => String(b.start_date).localeCompare(String(a.start_date)) || Number(b.id) - Number(a.id));
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
      record: r,
    });
    presencesOf.set(Number(r.user_id), list);
  }
  const leaveOf = leaveDates(rows.permits ?? [], rows.from, rows.to);
  const out = new Map<number, { days: TimesheetDayAnswer[]; totals: TimesheetTotalsAnswer }>();
  for (const userId of userIds) {
    const assigns = assignsOf.get(userId) ?? [];
    const shiftOn = (date: string): TimesheetShift | null => {
      const a = assigns.find((x) => String(x.start_date) <= date && (x.end_date === null || x.end_date === undefined || String(x.end_date) >= date));
      return a ? (shifts.get(Number(a.shift_id)) ?? null) : null;
    };
    const list = timesheetDays<PresenceIn>({
      presences: presencesOf.get(userId) ?? [],
      shiftOn,
      zone: rows.companyZone,
      from: rows.from,
      to: rows.to,
      now: rows.now,
      rule: rows.rule,
      leave: leaveOf.get(userId) ?? [],
    });
    const t = timesheetTotals(list);
    out.set(userId, {
      days: list.map((d) => ({
        date: d.date,
        zone: d.zone,
        kind: d.kind,
        shift: d.shift ? { id: Number(d.shift.id), name: String(d.shift.name ?? ""), start_time: d.shift.start_time, end_time: d.shift.end_time } : null,
        worked_minutes: d.workedMinutes,
        break_minutes: d.breakMinutes,
        regular_minutes: d.regularMinutes,
        overtime_minutes: d.overtimeMinutes,
        late: d.late,
        late_minutes: d.lateMinutes,
        open: d.open,
        locked: lockedOn(rows.approvals, userId, d.date),
        presences: d.presences.map((p) => presenceAnswer(p, correctionsOf.get(p.id) ?? [])),
      })),
      totals: {
        worked_minutes: t.workedMinutes,
        break_minutes: t.breakMinutes,
        regular_minutes: t.regularMinutes,
        overtime_minutes: t.overtimeMinutes,
        days_worked: t.daysWorked,
        late_days: t.lateDays,
        absent_days: t.absentDays,
        leave_days: t.leaveDays,
      },
    });
  }
  return out;
}
