// The timesheet (issue 19; docs/api.md "Timesheet"): GET timesheet/search, PUT correct/{id},
// POST approve and reopen. The arithmetic is declaration/timesheet.ts (site-days, break, late,
// absent, daily-then-weekly overtime); this reads the rows it needs, one query per table over
// the range (at most 62 days), never one per person or day:
// - people: the company's staff the actor may see on the timesheet's menu (its row scope: own =
//   themself, projects = themself and the members of their projects, company = all), active ones
//   and anyone with a presence in the range, filtered by division, person, project (members of it
//   or clocked in there) and shift (assigned to it or clocked in on it), sorted by name;
// - presences from the Monday of the range's first week (the weekly threshold counts the week's
//   earlier days) to a day past its end, their shifts, the people's shift assignments, the
//   corrections of those presences and the approvals overlapping the range.
// A correction changes a presence's clock-in or out (the work duration and, for a clock-in, on
// time or late recomputed by the field capture's rules), keeps each original in
// timesheet_corrections and is audited; it is refused (409 period_locked) inside an approved
// period of the person. An approval locks a person's period (409 already_approved when one
// overlaps); a reopen unlocks it, recorded with who, when and why. Both are audited.
import { sql } from "kysely";
import { resourceByName } from "../../declaration";
import type { TimesheetAnswer, TimesheetApprovalAnswer, TimesheetCorrection, TimesheetDayAnswer, TimesheetPersonAnswer, TimesheetPresenceAnswer } from "../../declaration/answers";
import { addDays, DEFAULT_OVERTIME_RULE, mondayOf, timesheetDays, timesheetTotals, type OvertimeRule, type TimesheetDay, type TimesheetShift } from "../../declaration/timesheet";

import type { Actor } from "../access/actor";
import { COMPANIES, ROLES, USERS } from "../access/identity";
import { audit } from "../audit/log";
import type { Db } from "../db/connection";
import { badRequest, HttpError, notFound, type FieldErrors } from "../http/errors";
import { presenceStatus, workDuration } from "../field/rules";
import { localParts, zoneOf } from "../field/zones";
import type { Row, WireRecord } from "../records/store";
import type { OpContext } from "../routes/context";
import { registerCustom } from "../routes/custom-registry";

const TIMESHEET = resourceByName("timesheet");
const PRESENCE = resourceByName("presence");
const PROJECT = resourceByName("project");
const SHIFT = resourceByName("shift");
const USER_SHIFT = resourceByName("user-to-shift");
const MEMBERS = resourceByName("user-to-proyek");
const DIVISION = resourceByName("divisi");
export const CORRECTIONS = "timesheet_corrections";
export const APPROVALS = "timesheet_approvals";

/** The longest range one search may ask for, in days (both ends counted). */
export const MAX_RANGE_DAYS = 62;
const CHUNK = 400;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const REASON_MAX = 500;

const iso = (ms: number): string => new Date(ms).toISOString();
const num = (v: unknown): number | null => (v === null || v === undefined || v === "" ? null : Number(v));
const isActive = (r: Row) => r.is_active === null || r.is_active === undefined || Number(r.is_active) !== 0 || r.is_active === true;
const truthy = (v: unknown): boolean => v === true || v === 1 || v === "1" || v === "true";

async function chunked<T>(ids: readonly number[], fn: (part: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await fn(ids.slice(i, i + CHUNK))));
  return out;
}

const bodyOf = (raw: unknown): Record<string, unknown> => {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== "object" || Array.isArray(raw)) throw badRequest({ body: { key: "bad_request" } });
  return raw as Record<string, unknown>;
};

const validDate = (v: unknown): v is string =>
  typeof v === "string" && DATE_RE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** `from` and `to` of a query or body: dates, `to` not before `from`, at most 62 days. 400 naming the field. */
export function rangeOf(src: Record<string, unknown>): { from: string; to: string } {
  const errors: FieldErrors = {};
  const from = src.from;
  const to = src.to;
  if (from === undefined || from === null || from === "") errors.from = { key: "required" };
  else if (!validDate(from)) errors.from = { key: "bad_date" };
  if (to === undefined || to === null || to === "") errors.to = { key: "required" };
  else if (!validDate(to)) errors.to = { key: "bad_date" };
  if (Object.keys(errors).length) throw badRequest(errors);
  const f = from as string;
  const t = to as string;
  if (t < f) throw badRequest({ to: { key: "date_before", params: { date: f } } });
  if (addDays(f, MAX_RANGE_DAYS - 1) < t) throw badRequest({ to: { key: "range_too_long", params: { max: MAX_RANGE_DAYS } } });
  return { from: f, to: t };
}

/** An optional id filter: a positive whole number, else 400 naming it. */
function idOf(src: Record<string, unknown>, field: string): number | null {
  const v = src[field];
  if (v === undefined || v === null || v === "") return null;
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d{1,15}$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw badRequest({ [field]: { key: "not_integer" } });
  return n;
}

const companyOf = (actor: Actor): number => {
  if (actor.companyId === null || actor.companyId === undefined) throw notFound();
  return actor.companyId;
};

// ---- the company's settings ---------------------------------------------------------------

interface Settings {
  answer: TimesheetAnswer["settings"];
  rule: OvertimeRule;
}

async function settingsOf(db: Db, companyId: number): Promise<Settings> {
  const c = (await db.selectFrom(COMPANIES.table).selectAll().where("id", "=", companyId).executeTakeFirst()) as Row | undefined;
  const rule: OvertimeRule = {
    dailyMinutes: c && "overtime_daily_minutes" in c ? num(c.overtime_daily_minutes) : DEFAULT_OVERTIME_RULE.dailyMinutes,
    weeklyMinutes: c && "overtime_weekly_minutes" in c ? num(c.overtime_weekly_minutes) : DEFAULT_OVERTIME_RULE.weeklyMinutes,
  };
  const pay = String(c?.pay_period ?? "monthly");
  return {
    rule,
    answer: {
      hours_format: c?.hours_format === "decimal" ? "decimal" : "clock",
      pay_period: pay === "weekly" || pay === "two_weekly" ? pay : "monthly",
      overtime_daily_minutes: rule.dailyMinutes,
      overtime_weekly_minutes: rule.weeklyMinutes,
      time_zone: zoneOf(c?.time_zone),
    },
  };
}

// ---- approvals --------------------------------------------------------------------------------

async function namesOf(db: Db, ids: Iterable<number | null>): Promise<Map<number, string>> {
  const list = [...new Set([...ids].filter((x): x is number => x !== null))];
  const rows = list.length ? await chunked(list, (part) => db.selectFrom(USERS.table).select(["id", "name"]).where("id", "in", part).execute()) : [];
  return new Map(rows.map((r) => [Number(r.id), String(r.name ?? "")]));
}

function approvalAnswer(a: Row, names: Map<number, string>): TimesheetApprovalAnswer {
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

/** The approvals of these people overlapping from..to, newest first. */
async function approvalsOf(db: Db, companyId: number, userIds: readonly number[], from: string, to: string): Promise<Row[]> {
  if (!userIds.length) return [];
  const rows = await chunked(userIds, (part) =>
    db.selectFrom(APPROVALS).selectAll().where("company_id", "=", companyId).where("user_id", "in", part).where("period_from", "<=", to).where("period_to", ">=", from).execute(),
  );
  return (rows as Row[]).sort((a, b) => String(b.approved_at).localeCompare(String(a.approved_at)) || Number(b.id) - Number(a.id));
}

const lockedOn = (approvals: readonly Row[], userId: number, date: string): boolean =>
  approvals.some((a) => Number(a.user_id) === userId && a.status === "approved" && String(a.period_from) <= date && String(a.period_to) >= date);

// ---- the days of people -------------------------------------------------------------------------

interface Sheet {
  settings: Settings;
  /** The days of each person over from..to, in the answer's shape. */
  days: Map<number, TimesheetDayAnswer[]>;
  raw: Map<number, TimesheetDay<PresenceIn>[]>;
  approvals: Row[];
  names: Map<number, string>;
}

interface PresenceIn {
  id: number;
  clock_in: string | null;
  clock_out: string | null;
  zone: string;
  shift: TimesheetShift | null;
  presence_date: string | null;
  presence_status: string | null;
  record: WireRecord;
}

const shiftTimes = (s: Row): TimesheetShift => ({
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

/**
 * The site-days of `userIds` over from..to: one query per table (presences, their projects, the
 * shifts, the assignments, the corrections, the approvals), chunked by 400 people.
 */
async function sheetOf(ctx: OpContext, companyId: number, userIds: readonly number[], from: string, to: string): Promise<Sheet> {
  const db = ctx.db;
  const settings = await settingsOf(db, companyId);
  const companyZone = settings.answer.time_zone;
  const readFrom = addDays(mondayOf(from), -1);
  const readTo = addDays(to, 1);
  const ids = [...userIds];
  const [presenceRows, shiftRows, assignRows, approvals] = await Promise.all([
    ids.length
      ? chunked(ids, (part) =>
          db
            .selectFrom(PRESENCE.table!)
            .selectAll()
            .where("company_id", "=", companyId)
            .where("user_id", "in", part)
            .where("presence_date", ">=", readFrom)
            .where("presence_date", "<=", readTo)
            .orderBy("id")
            .execute(),
        )
      : Promise.resolve([]),
    db.selectFrom(SHIFT.table!).selectAll().where("company_id", "=", companyId).execute(),
    ids.length
      ? chunked(ids, (part) =>
          db
            .selectFrom(USER_SHIFT.table!)
            .selectAll()
            .where("company_id", "=", companyId)
            .where("user_id", "in", part)
            .where("start_date", "<=", readTo)
            .where((eb) => eb.or([eb("end_date", "is", null), eb("end_date", ">=", readFrom)]))
            .execute(),
        )
      : Promise.resolve([]),
    approvalsOf(db, companyId, ids, from, to),
  ]);
  const presences = await ctx.store.present(PRESENCE, presenceRows as Row[]);
  const projectIds = [...new Set(presences.map((p) => num(p.project_id)).filter((x): x is number => x !== null))];
  const presenceIds = presences.map((p) => Number(p.id));
  const [projects, correctionRows] = await Promise.all([
    projectIds.length
      ? chunked(projectIds, (part) => db.selectFrom(PROJECT.table!).select(["id", "time_zone"]).where("company_id", "=", companyId).where("id", "in", part).execute())
      : Promise.resolve([]),
    presenceIds.length
      ? chunked(presenceIds, (part) => db.selectFrom(CORRECTIONS).selectAll().where("company_id", "=", companyId).where("presence_id", "in", part).orderBy("id").execute())
      : Promise.resolve([]),
  ]);
  const names = await namesOf(db, [...(correctionRows as Row[]).map((c) => num(c.corrected_by)), ...approvals.flatMap((a) => [num(a.approved_by), num(a.reopened_by)])]);
  const zoneOfProject = new Map(projects.map((p) => [Number(p.id), zoneOf(p.time_zone, companyZone)]));
  const shifts = new Map((shiftRows as Row[]).map((s) => [Number(s.id), shiftTimes(s)]));
  const correctionsOf = new Map<number, TimesheetCorrection[]>();
  for (const c of correctionRows as Row[]) {
    const list = correctionsOf.get(Number(c.presence_id)) ?? [];
    list.push({
      field: c.field === "clock_out" ? "clock_out" : "clock_in",
      original: (c.original as string | null) ?? null,
      corrected: (c.corrected as string | null) ?? null,
      reason: String(c.reason ?? ""),
      by_name: names.get(Number(c.corrected_by)) ?? "",
      at: String(c.corrected_at),
    });
    correctionsOf.set(Number(c.presence_id), list);
  }
  const assignsOf = new Map<number, Row[]>();
  for (const a of assignRows as Row[]) {
    const list = assignsOf.get(Number(a.user_id)) ?? [];
    list.push(a);
    assignsOf.set(Number(a.user_id), list);
  }
  // The latest-starting assignment covering a date, as the clock-in reads it (server/field/capture.ts shiftOn).
  for (const list of assignsOf.values()) list.sort((a, b) => String(b.start_date).localeCompare(String(a.start_date)) || Number(b.id) - Number(a.id));
  const presencesOf = new Map<number, PresenceIn[]>();
  for (const r of presences) {
    const projectId = num(r.project_id);
    const shiftId = num(r.shift_id);
    const p: PresenceIn = {
      id: Number(r.id),
      clock_in: (r.clock_in as string | null) ?? null,
      clock_out: (r.clock_out as string | null) ?? null,
      zone: projectId !== null ? (zoneOfProject.get(projectId) ?? companyZone) : companyZone,
      shift: shiftId !== null ? (shifts.get(shiftId) ?? null) : null,
      presence_date: (r.presence_date as string | null) ?? null,
      presence_status: (r.presence_status as string | null) ?? null,
      record: r,
    };
    const list = presencesOf.get(Number(r.user_id)) ?? [];
    list.push(p);
    presencesOf.set(Number(r.user_id), list);
  }
  const now = Date.now();
  const days = new Map<number, TimesheetDayAnswer[]>();
  const raw = new Map<number, TimesheetDay<PresenceIn>[]>();
  for (const userId of ids) {
    const assigns = assignsOf.get(userId) ?? [];
    const shiftOn = (date: string): TimesheetShift | null => {
      const a = assigns.find((x) => String(x.start_date) <= date && (x.end_date === null || x.end_date === undefined || String(x.end_date) >= date));
      return a ? (shifts.get(Number(a.shift_id)) ?? null) : null;
    };
    const list = timesheetDays<PresenceIn>({ presences: presencesOf.get(userId) ?? [], shiftOn, zone: companyZone, from, to, now, rule: settings.rule });
    raw.set(userId, list);
    days.set(
      userId,
      list.map((d) => ({
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
        locked: lockedOn(approvals, userId, d.date),
        presences: d.presences.map((p) => presenceAnswer(p, correctionsOf.get(p.id) ?? [])),
      })),
    );
  }
  return { settings, days, raw, approvals, names };
}

// ---- who may be seen --------------------------------------------------------------------------

/** The people the actor may see on the timesheet: null = the whole company. */
const visiblePeople = (ctx: OpContext): Promise<number[] | null> => ctx.store.people(TIMESHEET);

async function assertVisible(ctx: OpContext, companyId: number, userId: number): Promise<Row> {
  const person = (await ctx.db.selectFrom(USERS.table).selectAll().where("id", "=", userId).where("company_id", "=", companyId).executeTakeFirst()) as Row | undefined;
  if (!person) throw notFound();
  const visible = await visiblePeople(ctx);
  if (visible && !visible.includes(userId)) throw notFound();
  return person;
}

// ---- search ---------------------------------------------------------------------------------------

registerCustom("timesheet", "search", async (ctx): Promise<TimesheetAnswer> => {
  const companyId = companyOf(ctx.actor);
  const q = (ctx.query ?? {}) as Record<string, unknown>;
  const { from, to } = rangeOf(q);
  const filters = { project_id: idOf(q, "project_id"), division_id: idOf(q, "division_id"), shift_id: idOf(q, "shift_id"), user_id: idOf(q, "user_id") };
  const db = ctx.db;
  const visible = await visiblePeople(ctx);

  let staffQuery = db
    .selectFrom(`${USERS.table} as u`)
    .leftJoin(`${ROLES.table} as r`, "r.id", "u.role_id")
    .leftJoin(`${DIVISION.table!} as d`, "d.id", "u.division_id")
    .select(["u.id as id", "u.name as name", "u.is_active as is_active", "r.name as role_name", "d.name as division_name"])
    .where("u.company_id", "=", companyId);
  if (filters.division_id !== null) staffQuery = staffQuery.where("u.division_id", "=", filters.division_id);
  if (filters.user_id !== null) staffQuery = staffQuery.where("u.id", "=", filters.user_id);
  if (visible) staffQuery = visible.length ? staffQuery.where("u.id", "in", visible) : staffQuery.where(sql<boolean>`1 = 0`);
  let staff = (await staffQuery.execute()) as Row[];

  const readFrom = addDays(from, -1);
  const readTo = addDays(to, 1);
  // Who clocked in within the range (a disabled person still shows for the days they worked),
  // and, per filter, who is on the project or the shift.
  const staffIds = staff.map((s) => Number(s.id));
  const clocked = staffIds.length
    ? await chunked(staffIds, (part) =>
        db
          .selectFrom(PRESENCE.table!)
          .select(["user_id", "project_id", "shift_id"])
          .distinct()
          .where("company_id", "=", companyId)
          .where("user_id", "in", part)
          .where("presence_date", ">=", readFrom)
          .where("presence_date", "<=", readTo)
          .execute(),
      )
    : [];
  const hasPresence = new Set(clocked.map((c) => Number(c.user_id)));
  staff = staff.filter((s) => isActive(s) || hasPresence.has(Number(s.id)));
  if (filters.project_id !== null) {
    const members = await db.selectFrom(MEMBERS.table!).select(["user_id", "is_active"]).where("company_id", "=", companyId).where("project_id", "=", filters.project_id).execute();
    const onProject = new Set([
      ...(members as Row[]).filter(isActive).map((m) => Number(m.user_id)),
      ...clocked.filter((c) => num(c.project_id) === filters.project_id).map((c) => Number(c.user_id)),
    ]);
    staff = staff.filter((s) => onProject.has(Number(s.id)));
  }
  if (filters.shift_id !== null) {
    const assigned = await db
      .selectFrom(USER_SHIFT.table!)
      .select(["user_id"])
      .where("company_id", "=", companyId)
      .where("shift_id", "=", filters.shift_id)
      .where("start_date", "<=", to)
      .where((eb) => eb.or([eb("end_date", "is", null), eb("end_date", ">=", from)]))
      .execute();
    const onShift = new Set([...assigned.map((a) => Number(a.user_id)), ...clocked.filter((c) => num(c.shift_id) === filters.shift_id).map((c) => Number(c.user_id))]);
    staff = staff.filter((s) => onShift.has(Number(s.id)));
  }
  staff.sort((a, b) => String(a.name ?? "").localeCompare(String(b.name ?? "")) || Number(a.id) - Number(b.id));

  const sheet = await sheetOf(
    ctx,
    companyId,
    staff.map((s) => Number(s.id)),
    from,
    to,
  );
  const people: TimesheetPersonAnswer[] = staff.map((s) => {
    const userId = Number(s.id);
    const totals = timesheetTotals(sheet.raw.get(userId) ?? []);
    return {
      user_id: userId,
      name: String(s.name ?? ""),
      role_name: (s.role_name as string | null) ?? null,
      division_name: (s.division_name as string | null) ?? null,
      days: sheet.days.get(userId) ?? [],
      totals: {
        worked_minutes: totals.workedMinutes,
        break_minutes: totals.breakMinutes,
        regular_minutes: totals.regularMinutes,
        overtime_minutes: totals.overtimeMinutes,
        days_worked: totals.daysWorked,
        late_days: totals.lateDays,
        absent_days: totals.absentDays,
        leave_days: totals.leaveDays,
      },
      approvals: sheet.approvals.filter((a) => Number(a.user_id) === userId).map((a) => approvalAnswer(a, sheet.names)),
    };
  });
  return { settings: sheet.settings.answer, people };
});

// ---- correct --------------------------------------------------------------------------------------

/** An ISO instant or null from a correction body; undefined when the field is not there. */
function instantOf(body: Record<string, unknown>, field: string, errors: FieldErrors): number | null | undefined {
  if (!(field in body)) return undefined;
  const v = body[field];
  if (v === null || v === "") return null;
  if (typeof v !== "string" || !DATETIME_RE.test(v) || Number.isNaN(Date.parse(v))) {
    errors[field] = { key: "bad_datetime" };
    return undefined;
  }
  return Date.parse(v);
}

function reasonOf(body: Record<string, unknown>, errors: FieldErrors): string {
  const v = body.reason;
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

const periodLocked = () => new HttpError(409, "period_locked");

registerCustom(
  "timesheet",
  "correct",
  async (ctx): Promise<TimesheetDayAnswer> => {
    const companyId = companyOf(ctx.actor);
    const id = Number(ctx.params.id);
    if (!Number.isSafeInteger(id) || id < 1) throw notFound();
    const body = bodyOf(ctx.body);
    const errors: FieldErrors = {};
    const newIn = instantOf(body, "clock_in", errors);
    const newOut = instantOf(body, "clock_out", errors);
    const reason = reasonOf(body, errors);
    if (!("clock_in" in body) && !("clock_out" in body)) errors.clock_in = { key: "required" };
    if (Object.keys(errors).length) throw badRequest(errors);
    const db = ctx.db;
    const current = (await db.selectFrom(PRESENCE.table!).selectAll().where("id", "=", id).where("company_id", "=", companyId).executeTakeFirst()) as Row | undefined;
    if (!current) throw notFound();
    const userId = Number(current.user_id);
    await assertVisible(ctx, companyId, userId);
    const oldIn = (current.clock_in as string | null) ?? null;
    const oldOut = (current.clock_out as string | null) ?? null;
    const inMs = newIn === undefined ? (oldIn === null ? null : Date.parse(oldIn)) : newIn;
    const outMs = newOut === undefined ? (oldOut === null ? null : Date.parse(oldOut)) : newOut;
    if (outMs !== null && inMs === null) throw badRequest({ clock_in: { key: "required" } });
    if (outMs !== null && inMs !== null && outMs <= inMs) throw badRequest({ clock_out: { key: "before_clock_in", params: { time: iso(inMs) } } });

    const settings = await settingsOf(db, companyId);
    const project =
      num(current.project_id) !== null ? await db.selectFrom(PROJECT.table!).select(["time_zone"]).where("id", "=", Number(current.project_id)).executeTakeFirst() : undefined;
    const zone = zoneOf(project?.time_zone, settings.answer.time_zone);
    const shiftRow =
      num(current.shift_id) !== null
        ? ((await db.selectFrom(SHIFT.table!).selectAll().where("id", "=", Number(current.shift_id)).executeTakeFirst()) as Row | undefined)
        : undefined;
    const shift = shiftRow ? shiftTimes(shiftRow) : null;

    // Locked: the day it counts on (before and after the change) inside an approved period.
    const dayOf = (ms: number | null): string | null => (ms === null ? null : localParts(ms, zone).date);
    const dates = [String(current.presence_date ?? ""), dayOf(inMs), dayOf(oldIn === null ? null : Date.parse(oldIn))].filter((d): d is string => !!d && DATE_RE.test(d));
    const lo = dates.reduce((a, b) => (a < b ? a : b));
    const hi = dates.reduce((a, b) => (a > b ? a : b));
    const near = await approvalsOf(db, companyId, [userId], addDays(lo, -1), addDays(hi, 1));
    const isLocked = (date: string) => lockedOn(near, userId, date) || (shift && shift.end_time < shift.start_time && lockedOn(near, userId, addDays(date, -1)));
    if (dates.some(isLocked)) throw periodLocked();

    const nextIn = inMs === null ? null : iso(inMs);
    const nextOut = outMs === null ? null : iso(outMs);
    const changes: Array<{ field: "clock_in" | "clock_out"; original: string | null; corrected: string | null }> = [];
    if (newIn !== undefined && nextIn !== oldIn) changes.push({ field: "clock_in", original: oldIn, corrected: nextIn });
    if (newOut !== undefined && nextOut !== oldOut) changes.push({ field: "clock_out", original: oldOut, corrected: nextOut });

    const now = Date.now();
    const values: Record<string, unknown> = {
      clock_in: nextIn,
      clock_out: nextOut,
      work_duration: inMs !== null && outMs !== null ? workDuration(inMs, outMs, shift?.break_minutes ?? 0) : null,
    };
    if (inMs !== null) {
      const local = localParts(inMs, zone);
      values.presence_date = local.date;
      const status = String(current.presence_status ?? "");
      if (status === "present" || status === "late" || status === "") values.presence_status = presenceStatus(local.minute, shift);
    }
    if (changes.length) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable(PRESENCE.table!)
          .set({ ...values, updated_at: iso(now) })
          .where("id", "=", id)
          .execute();
        await trx
          .insertInto(CORRECTIONS)
          .values(
            changes.map((c) => ({
              company_id: companyId,
              presence_id: id,
              user_id: userId,
              field: c.field,
              original: c.original,
              corrected: c.corrected,
              reason,
              corrected_by: ctx.actor.userId,
              corrected_at: iso(now),
            })),
          )
          .execute();
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = { reason };
        for (const c of changes) {
          before[c.field] = c.original;
          after[c.field] = c.corrected;
        }
        if (values.work_duration !== (num(current.work_duration) ?? null)) {
          before.work_duration = num(current.work_duration);
          after.work_duration = values.work_duration;
        }
        await audit(trx, ctx.actor, { kind: "update", resource: "presence", recordId: id, label: String(values.presence_date ?? current.presence_date ?? ""), before, after });
      });
    }
    const date = String(values.presence_date ?? current.presence_date);
    const sheet = await sheetOf(ctx, companyId, [userId], date, date);
    return sheet.days.get(userId)![0];
  },
  { action: "update" },
);

// ---- approve and reopen -------------------------------------------------------------------------

function periodOf(ctx: OpContext, body: Record<string, unknown>): { userId: number; from: string; to: string } {
  const errors: FieldErrors = {};
  let userId: number | null = null;
  try {
    userId = idOf(body, "user_id");
    if (userId === null) errors.user_id = { key: "required" };
  } catch {
    errors.user_id = { key: "not_integer" };
  }
  let range: { from: string; to: string } | null = null;
  try {
    range = rangeOf(body);
  } catch (e) {
    if (e instanceof HttpError && e.errors) Object.assign(errors, e.errors);
    else throw e;
  }
  if (Object.keys(errors).length || userId === null || !range) throw badRequest(errors);
  void ctx;
  return { userId, ...range };
}

registerCustom(
  "timesheet",
  "approve",
  async (ctx): Promise<TimesheetApprovalAnswer> => {
    const companyId = companyOf(ctx.actor);
    const { userId, from, to } = periodOf(ctx, bodyOf(ctx.body));
    const person = await assertVisible(ctx, companyId, userId);
    const now = iso(Date.now());
    const id = await ctx.db.transaction().execute(async (trx) => {
      const overlapping = await approvalsOf(trx, companyId, [userId], from, to);
      if (overlapping.some((a) => a.status === "approved")) throw new HttpError(409, "already_approved");
      const row = await trx
        .insertInto(APPROVALS)
        .values({
          company_id: companyId,
          user_id: userId,
          period_from: from,
          period_to: to,
          status: "approved",
          approved_by: ctx.actor.userId,
          approved_at: now,
          reopened_by: null,
          reopened_at: null,
          reopen_reason: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const newId = Number(row.id);
      await audit(trx, ctx.actor, {
        kind: "create",
        resource: "timesheet",
        recordId: newId,
        label: String(person.name ?? ""),
        after: { user_id: userId, user_id_label: person.name ?? null, from, to, status: "approved" },
      });
      return newId;
    });
    const row = (await ctx.db.selectFrom(APPROVALS).selectAll().where("id", "=", id).executeTakeFirstOrThrow()) as Row;
    return approvalAnswer(row, await namesOf(ctx.db, [ctx.actor.userId]));
  },
  { action: "update" },
);

registerCustom(
  "timesheet",
  "reopen",
  async (ctx): Promise<TimesheetApprovalAnswer[]> => {
    const companyId = companyOf(ctx.actor);
    const body = bodyOf(ctx.body);
    const errors: FieldErrors = {};
    const reason = reasonOf(body, errors);
    let period: { userId: number; from: string; to: string } | null = null;
    try {
      period = periodOf(ctx, body);
    } catch (e) {
      if (e instanceof HttpError && e.errors) Object.assign(errors, e.errors);
      else throw e;
    }
    if (Object.keys(errors).length || !period) throw badRequest(errors);
    const { userId, from, to } = period;
    const person = await assertVisible(ctx, companyId, userId);
    const now = iso(Date.now());
    const ids = await ctx.db.transaction().execute(async (trx) => {
      const approved = (await approvalsOf(trx, companyId, [userId], from, to)).filter((a) => a.status === "approved");
      if (!approved.length) throw notFound();
      const changed = approved.map((a) => Number(a.id));
      await trx
        .updateTable(APPROVALS)
        .set({ status: "reopened", reopened_by: ctx.actor.userId, reopened_at: now, reopen_reason: reason })
        .where("id", "in", changed)
        .where("status", "=", "approved")
        .execute();
      for (const a of approved) {
        await audit(trx, ctx.actor, {
          kind: "update",
          resource: "timesheet",
          recordId: Number(a.id),
          label: String(person.name ?? ""),
          before: { status: "approved" },
          after: { status: "reopened", reopen_reason: reason, from: a.period_from, to: a.period_to },
        });
      }
      return changed;
    });
    const rows = (await ctx.db.selectFrom(APPROVALS).selectAll().where("id", "in", ids).execute()) as Row[];
    const names = await namesOf(
      ctx.db,
      rows.flatMap((r) => [num(r.approved_by), num(r.reopened_by)]),
    );
    return rows.sort((a, b) => String(b.approved_at).localeCompare(String(a.approved_at)) || Number(b.id) - Number(a.id)).map((r) => approvalAnswer(r, names));
  },
  { action: "update" },
);
