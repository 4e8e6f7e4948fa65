// The timesheet (issues 19 and 30; docs/api.md "Timesheet"): GET timesheet/search, PUT
// correct/{id}, POST approve, approve-many and reopen, PUT settings. The arithmetic is
// declaration/timesheet.ts (shift-days, several presences a day, breaks, late, absent,
// daily-then-weekly overtime, the review's flags); this reads the rows it needs, one query per
// table over the range (at most 62 days), never one per person or day:
// - people: the company's staff the actor may see on the timesheet's menu (its row scope: own =
//   themself, projects = themself and the members of their projects, company = all), active ones
//   and anyone with a presence in the range, filtered by division, person, project (members of it
//   or clocked in there) and shift (assigned to it or clocked in on it), sorted by name;
// - presences from the Monday of the range's first week (the weekly threshold counts the week's
//   earlier days) to a day past its end, their breaks, shifts, the people's shift assignments, the
//   corrections of those presences, the edits of approved days tried and the approvals.
// A correction changes a presence's clock-in or out: refused when the presence would be over 24
// hours or overlap another of the person's (400 naming the field), its shift-day decided again
// from a corrected clock-in (the shift window), the day's stored figures restated, each original
// kept in timesheet_corrections, audited; refused (409 period_locked, and recorded as an edit
// tried) inside an approved period of the person. An approval keeps the period's figures and the
// rules they were computed with (its days answer those until it is reopened; a rules change since
// is said, rules_changed), and is refused while a day has a presence open, missing its clock-out
// or overlapping another (409 unresolved_exceptions); a reopen recomputes, recorded with who,
// when and why. All of it is audited.
import { sql } from "kysely";
import { resourceByName } from "../../declaration";
import type { TimesheetAnswer, TimesheetApprovalAnswer, TimesheetDayAnswer, TimesheetPersonAnswer, TimesheetSettingsAnswer } from "../../declaration/answers";
import type { TimesheetApproveManyAnswer } from "../../declaration/answers";
import type { TimesheetMyPeriodAnswer } from "../../declaration/resources/field";
import type { HolidaysMyPeriodAnswer } from "../../declaration/resources/staff";
import { addDays, attributeClockIn, payPeriodOf, type OvertimeRule } from "../../declaration/timesheet";
import {
  approvalAnswer,
  approvalSnapshot,
  checkCorrection,
  checkId,
  checkRange,
  checkReason,
  correctionConflict,
  lockedOn,
  newestFirst,
  overlapping,
  readWindow,
  rulesChanged,
  sheetDays,
  timesheetSettings,
  settingsBody,
  PAY_SETTING_FIELDS,
  unresolvedDates,
  LEAVE_PERMIT_TYPES,
  shiftsOfPeople,
  type PersonSheet,
  type TimesheetErrors,
} from "../../declaration/timesheet-answer";
import type { Actor } from "../access/actor";
import { isAllowed } from "../access/operation-access";
import { COMPANIES, ROLES, USERS } from "../access/identity";
import { audit } from "../audit/log";
import type { Db } from "../db/connection";
import { badRequest, forbidden, HttpError, notFound, type FieldErrors } from "../http/errors";
import { APPROVALS, BREAKS, CORRECTIONS, EDIT_ATTEMPTS, lockPerson, recordEditAttempt, restateDays } from "../field/presence-day";
import { zoneOf } from "../field/zones";
import type { Row } from "../records/store";
import { encodeRecord } from "../db/codec";
import { validateRecord } from "../validation/record";
import type { OpContext } from "../routes/context";
import { registerCustom } from "../routes/custom-registry";
import { hourlyWageOf, type OvertimeMultipliers, type WorkWeek } from "../../declaration/pay";

const TIMESHEET = resourceByName("timesheet");
const COMPANY = resourceByName("company-management");
const PRESENCE = resourceByName("presence");
const PROJECT = resourceByName("project");
const STAFF = resourceByName("human-resource");
const SHIFT = resourceByName("shift");
const USER_SHIFT = resourceByName("user-to-shift");
const MEMBERS = resourceByName("user-to-proyek");
const DIVISION = resourceByName("divisi");
const PERMIT = resourceByName("permit");
const HOLIDAY = resourceByName("holiday");
const PAY_RATE = resourceByName("pay-rate");
export { APPROVALS, CORRECTIONS };

const CHUNK = 400;
/** The most people one approve-many takes. */
export const APPROVE_MANY_MAX = 200;

const iso = (ms: number): string => new Date(ms).toISOString();
const num = (v: unknown): number | null => (v === null || v === undefined || v === "" ? null : Number(v));
const isActive = (r: Row) => r.is_active === null || r.is_active === undefined || r.is_active === true || Number(r.is_active) !== 0;

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

const throwIf = (errors: TimesheetErrors): void => {
  if (Object.keys(errors).length) throw badRequest(errors as FieldErrors);
};

const companyOf = (actor: Actor): number => {
  if (actor.companyId === null || actor.companyId === undefined) throw notFound();
  return actor.companyId;
};

// ---- the company's settings ---------------------------------------------------------------

interface Settings {
  answer: TimesheetAnswer["settings"];
  rule: OvertimeRule;
  week: WorkWeek;
  multipliers: OvertimeMultipliers;
}

export async function settingsOf(db: Db, companyId: number): Promise<Settings> {
  const c = await db.selectFrom(COMPANIES.table).selectAll().where("id", "=", companyId).executeTakeFirst();
  return timesheetSettings(c, zoneOf(c?.time_zone));
}

/** The company's current pay period, dates on its clock. */
function currentPeriod(settings: Settings): { from: string; to: string } {
  const p = payPeriodOf(settings.answer.pay_period, Date.now(), settings.answer.time_zone);
  return { from: p.start, to: p.end };
}

/** The company's holidays from..to, by date. */
const holidaysIn = (db: Db, companyId: number, from: string, to: string) =>
  db.selectFrom(HOLIDAY.table).select(["date", "name"]).where("company_id", "=", companyId).where("date", ">=", from).where("date", "<=", to).orderBy("date").execute();

// PUT timesheet/settings: the rules of the actor's company, checked as company-management's fields
// (400 names the field); only the given ones change; audited as an update of the company.
registerCustom("timesheet", "settings", async (ctx): Promise<TimesheetSettingsAnswer> => {
  const companyId = companyOf(ctx.actor);
  const { values, errors } = validateRecord(COMPANY, settingsBody(ctx.body), { mode: "update" });
  if (Object.keys(errors).length) throw badRequest(errors);
  const before = (await ctx.db.selectFrom(COMPANIES.table).selectAll().where("id", "=", companyId).executeTakeFirst()) as Row | undefined;
  if (!before) throw notFound();
  const stored = encodeRecord(COMPANY, values);
  const changed = Object.keys(stored).filter((k) => before[k] !== stored[k]);
  // The pay rules (work week, multipliers) move only with the right to change pay rates; the same
  // values sent back change nothing and pass.
  if (changed.some((k) => PAY_SETTING_FIELDS.includes(k)) && !(await isAllowed(ctx.db, ctx.actor, PAY_RATE, "update"))) throw forbidden();
  if (changed.length) {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable(COMPANIES.table)
        .set({ ...stored, updated_at: iso(Date.now()) })
        .where("id", "=", companyId)
        .execute();
      await audit(trx, ctx.actor, {
        kind: "update",
        resource: "company-management",
        recordId: companyId,
        label: String(before.name ?? ""),
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, values[k]])),
      });
    });
  }
  return (await settingsOf(ctx.db, companyId)).answer;
});

// ---- approvals --------------------------------------------------------------------------------

async function namesOf(db: Db, ids: Iterable<number | null>): Promise<Map<number, string>> {
  const list = [...new Set([...ids].filter((x): x is number => x !== null))];
  const rows = list.length ? await chunked(list, (part) => db.selectFrom(USERS.table).select(["id", "name"]).where("id", "in", part).execute()) : [];
  return new Map(rows.map((r) => [Number(r.id), String(r.name ?? "")]));
}

/** The approvals of these people overlapping from..to, newest first. */
async function approvalsOf(db: Db, companyId: number, userIds: readonly number[], from: string, to: string): Promise<Row[]> {
  if (!userIds.length) return [];
  const rows = await chunked(userIds, (part) =>
    db.selectFrom(APPROVALS).selectAll().where("company_id", "=", companyId).where("user_id", "in", part).where("period_from", "<=", to).where("period_to", ">=", from).execute(),
  );
  return rows.sort(newestFirst);
}

// ---- the days of people -------------------------------------------------------------------------

export interface Sheet {
  settings: Settings;
  people: Map<number, PersonSheet>;
  /** Approvals overlapping the range, newest first. */
  approvals: Row[];
  names: Map<number, string>;
  shifts: Row[];
}

/**
 * The shift-days of `userIds` over from..to: one query per table (presences, their breaks and
 * projects, the shifts, the assignments, the corrections, the edits tried, the approvals),
 * chunked by 400 people.
 */
export async function sheetOf(ctx: OpContext, companyId: number, userIds: readonly number[], from: string, to: string, db: Db = ctx.db): Promise<Sheet> {
  const settings = await settingsOf(db, companyId);
  const companyZone = settings.answer.time_zone;
  const window = readWindow(from, to);
  const ids = [...userIds];
  const byPeople = <T>(fn: (part: number[]) => Promise<T[]>): Promise<T[]> => (ids.length ? chunked(ids, fn) : Promise.resolve([]));
  // Wages and labour cost only for who may read pay rates (declaration/resources/company.ts pay-rate).
  const seesPay = await isAllowed(db, ctx.actor, PAY_RATE, "read");
  const [presenceRows, shiftRows, assignRows, approvals, permits, attempts, holidays, rates] = await Promise.all([
    byPeople((part) =>
      db
        .selectFrom(PRESENCE.table)
        .selectAll()
        .where("company_id", "=", companyId)
        .where("user_id", "in", part)
        .where("presence_date", ">=", window.from)
        .where("presence_date", "<=", window.to)
        .execute(),
    ),
    db.selectFrom(SHIFT.table).selectAll().where("company_id", "=", companyId).execute(),
    byPeople((part) =>
      db
        .selectFrom(USER_SHIFT.table)
        .selectAll()
        .where("company_id", "=", companyId)
        .where("user_id", "in", part)
        .where("start_date", "<=", window.to)
        .where((eb) => eb.or([eb("end_date", "is", null), eb("end_date", ">=", window.from)]))
        .execute(),
    ),
    // The week before `from` too: an approved day there keeps its regular minutes for the week's threshold.
    approvalsOf(db, companyId, ids, window.from, to),
    byPeople((part) =>
      db
        .selectFrom(PERMIT.table)
        .select(["user_id", "permit_type", "absent_date", "end_date", "status"])
        .where("company_id", "=", companyId)
        .where("user_id", "in", part)
        .where("status", "=", "approved")
        .where("permit_type", "in", [...LEAVE_PERMIT_TYPES])
        .where("absent_date", "<=", to)
        .where((eb) => eb.or([eb("end_date", ">=", from), eb.and([eb("end_date", "is", null), eb("absent_date", ">=", from)])]))
        .execute(),
    ),
    byPeople((part) =>
      db
        .selectFrom(EDIT_ATTEMPTS)
        .select(["user_id", "date"])
        .where("company_id", "=", companyId)
        .where("user_id", "in", part)
        .where("date", ">=", from)
        .where("date", "<=", to)
        .execute(),
    ),
    holidaysIn(db, companyId, window.from, window.to),
    seesPay
      ? byPeople((part) =>
          db.selectFrom(PAY_RATE.table).select(["user_id", "monthly_wage", "hourly_rate"]).where("company_id", "=", companyId).where("user_id", "in", part).execute(),
        )
      : Promise.resolve([]),
  ]);
  const hourly = new Map(rates.map((r) => [Number(r.user_id), hourlyWageOf(r)]));
  const presences = await ctx.store.withDb(db).present(PRESENCE, presenceRows);
  const projectIds = [...new Set(presences.map((p) => num(p.project_id)).filter((x): x is number => x !== null))];
  const presenceIds = presences.map((p) => Number(p.id));
  const byPresence = <T>(fn: (part: number[]) => Promise<T[]>): Promise<T[]> => (presenceIds.length ? chunked(presenceIds, fn) : Promise.resolve([]));
  const [projects, corrections, breaks] = await Promise.all([
    projectIds.length
      ? chunked(projectIds, (part) => db.selectFrom(PROJECT.table).select(["id", "name", "time_zone"]).where("company_id", "=", companyId).where("id", "in", part).execute())
      : Promise.resolve([]),
    byPresence((part) => db.selectFrom(CORRECTIONS).selectAll().where("company_id", "=", companyId).where("presence_id", "in", part).orderBy("id").execute()),
    byPresence((part) => db.selectFrom(BREAKS).selectAll().where("company_id", "=", companyId).where("presence_id", "in", part).orderBy("id").execute()),
  ]);
  const names = await namesOf(db, [...corrections.map((c) => num(c.corrected_by)), ...approvals.flatMap((a) => [num(a.approved_by), num(a.reopened_by)])]);
  const zones = new Map(projects.map((p) => [Number(p.id), zoneOf(p.time_zone, companyZone)]));
  const projectNames = new Map(projects.map((p) => [Number(p.id), String(p.name ?? "")]));
  const people = sheetDays(
    {
      from,
      to,
      now: Date.now(),
      rule: settings.rule,
      companyZone,
      projectZone: (id) => zones.get(id) ?? companyZone,
      projectName: (id) => projectNames.get(id) ?? null,
      presences,
      shifts: shiftRows,
      assignments: assignRows,
      corrections: corrections,
      approvals,
      names,
      permits: permits,
      breaks: breaks,
      attempts: attempts,
      calendar: { week: settings.week, holidays: holidays.map((h) => String(h.date).slice(0, 10)) },
      pay: seesPay ? { multipliers: settings.multipliers, hourlyOf: (id) => hourly.get(id) ?? null } : undefined,
    },
    ids,
  );
  return { settings, people, approvals: overlapping(approvals, from, to), names, shifts: shiftRows };
}

/** The timesheet's days of these people over from..to, as GET timesheet/search answers them (the home dashboard's attendance counts them). */
export async function timesheetDaysOf(ctx: OpContext, companyId: number, userIds: readonly number[], from: string, to: string): Promise<Map<number, TimesheetDayAnswer[]>> {
  const sheet = await sheetOf(ctx, companyId, userIds, from, to);
  return new Map([...sheet.people].map(([id, p]) => [id, p.days]));
}

/** A person's approvals as answered: rules_changed against the company's rules and shifts now. */
const approvalsAnswer = (sheet: Sheet, userId: number) =>
  sheet.approvals
    .filter((a) => Number(a.user_id) === userId)
    .map((a) => approvalAnswer(a, sheet.names, rulesChanged(a.rules, sheet.settings.rule, sheet.shifts, sheet.settings.week)));

// ---- who may be seen --------------------------------------------------------------------------

/** The people the actor may see on the timesheet: null = the whole company. */
const visiblePeople = (ctx: OpContext): Promise<number[] | null> => ctx.store.people(TIMESHEET);

async function personOf(ctx: OpContext, companyId: number, userId: number, visible: number[] | null): Promise<Row | null> {
  const person = await ctx.db.selectFrom(USERS.table).selectAll().where("id", "=", userId).where("company_id", "=", companyId).executeTakeFirst();
  if (!person || (visible && !visible.includes(userId))) return null;
  return person;
}

async function assertVisible(ctx: OpContext, companyId: number, userId: number): Promise<Row> {
  const person = await personOf(ctx, companyId, userId, await visiblePeople(ctx));
  if (!person) throw notFound();
  return person;
}

// ---- search ---------------------------------------------------------------------------------------

registerCustom("timesheet", "search", async (ctx): Promise<TimesheetAnswer> => {
  const companyId = companyOf(ctx.actor);
  const q = (ctx.query ?? {}) as Record<string, unknown>;
  const errors: TimesheetErrors = {};
  const settings = await settingsOf(ctx.db, companyId);
  const range = checkRange(q, errors, () => currentPeriod(settings));
  const ids = {
    project_id: checkId(q, "project_id", errors),
    division_id: checkId(q, "division_id", errors),
    shift_id: checkId(q, "shift_id", errors),
    user_id: checkId(q, "user_id", errors),
  };
  throwIf(errors);
  const { from, to } = range!;
  const filters = { project_id: ids.project_id ?? null, division_id: ids.division_id ?? null, shift_id: ids.shift_id ?? null, user_id: ids.user_id ?? null };
  const db = ctx.db;
  const visible = await visiblePeople(ctx);

  let staffQuery = db
    .selectFrom(`${USERS.table} as u`)
    .leftJoin(`${ROLES.table} as r`, "r.id", "u.role_id")
    .leftJoin(`${DIVISION.table} as d`, "d.id", "u.division_id")
    .select(["u.id as id", "u.name as name", "u.code as code", "u.nik as nik", "u.is_active as is_active", "r.name as role_name", "d.name as division_name"])
    .where("u.company_id", "=", companyId);
  if (filters.division_id !== null) staffQuery = staffQuery.where("u.division_id", "=", filters.division_id);
  if (filters.user_id !== null) staffQuery = staffQuery.where("u.id", "=", filters.user_id);
  if (visible) staffQuery = visible.length ? staffQuery.where("u.id", "in", visible) : staffQuery.where(sql<boolean>`1 = 0`);
  let staff = await staffQuery.execute();

  const readFrom = addDays(from, -1);
  const readTo = addDays(to, 1);
  // Who clocked in within the range (a disabled person still shows for the days they worked),
  // and, per filter, who is on the project or the shift.
  const staffIds = staff.map((s) => Number(s.id));
  const clocked = staffIds.length
    ? await chunked(staffIds, (part) =>
        db
          .selectFrom(PRESENCE.table)
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
    const members = await db.selectFrom(MEMBERS.table).select(["user_id", "is_active"]).where("company_id", "=", companyId).where("project_id", "=", filters.project_id).execute();
    const onProject = new Set([
      ...members.filter(isActive).map((m) => Number(m.user_id)),
      ...clocked.filter((c) => num(c.project_id) === filters.project_id).map((c) => Number(c.user_id)),
    ]);
    staff = staff.filter((s) => onProject.has(Number(s.id)));
  }
  if (filters.shift_id !== null) {
    const assigned = await db
      .selectFrom(USER_SHIFT.table)
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
  // The NIK is a staff record's detail: shown to who may read staff records, and to each their own.
  const mayReadStaff = await isAllowed(db, ctx.actor, STAFF, "read");
  const people: TimesheetPersonAnswer[] = staff.map((s) => {
    const userId = Number(s.id);
    const p = sheet.people.get(userId)!;
    return {
      user_id: userId,
      name: String(s.name ?? ""),
      code: (s.code as string | null) || null,
      nik: mayReadStaff || userId === ctx.actor.userId ? (s.nik as string | null) || null : null,
      role_name: (s.role_name as string | null) ?? null,
      division_name: (s.division_name as string | null) ?? null,
      days: p.days,
      totals: p.totals,
      approvals: approvalsAnswer(sheet, userId),
      flagged_days: p.flaggedDays,
      hourly_wage: p.hourlyWage === null ? null : Math.round(p.hourlyWage),
    };
  });
  return { from, to, settings: sheet.settings.answer, people };
});

// ---- the caller's own period ------------------------------------------------------------------

registerCustom("timesheet", "myPeriod", async (ctx): Promise<TimesheetMyPeriodAnswer> => {
  const companyId = companyOf(ctx.actor);
  const userId = ctx.actor.userId;
  const settings = await settingsOf(ctx.db, companyId);
  const { from, to } = currentPeriod(settings);
  const sheet = await sheetOf(ctx, companyId, [userId], from, to);
  const approved = approvalsAnswer(sheet, userId).some((a) => a.status === "approved" && a.from <= from && a.to >= to);
  return { from, to, hours_format: settings.answer.hours_format, totals: sheet.people.get(userId)!.totals, approved };
});

// The company's holidays in that period (the same period, on the company's clock).
registerCustom("holiday", "myPeriod", async (ctx): Promise<HolidaysMyPeriodAnswer> => {
  const companyId = companyOf(ctx.actor);
  const { from, to } = currentPeriod(await settingsOf(ctx.db, companyId));
  const rows = await holidaysIn(ctx.db, companyId, from, to);
  return { from, to, holidays: rows.map((h) => ({ date: String(h.date).slice(0, 10), name: h.name ?? "" })) };
});

// ---- correct --------------------------------------------------------------------------------------

const periodLocked = () => new HttpError(409, "period_locked");

registerCustom("timesheet", "correct", async (ctx): Promise<TimesheetDayAnswer> => {
  const companyId = companyOf(ctx.actor);
  const id = Number(ctx.params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound();
  const body = bodyOf(ctx.body);
  const db = ctx.db;
  const current = await db.selectFrom(PRESENCE.table).selectAll().where("id", "=", id).where("company_id", "=", companyId).executeTakeFirst();
  if (!current) throw notFound();
  const userId = Number(current.user_id);
  await assertVisible(ctx, companyId, userId);
  const oldIn = (current.clock_in as string | null) ?? null;
  const oldOut = (current.clock_out as string | null) ?? null;
  const check = checkCorrection(body, { clock_in: oldIn, clock_out: oldOut });
  if (!check.ok) throw badRequest(check.errors as FieldErrors);
  const { inMs, outMs, reason } = check;

  const settings = await settingsOf(db, companyId);
  const project =
    num(current.project_id) !== null ? await db.selectFrom(PROJECT.table).select(["time_zone"]).where("id", "=", Number(current.project_id)).executeTakeFirst() : undefined;
  const zone = zoneOf(project?.time_zone, settings.answer.time_zone);
  const [assignments, shiftRows] = await Promise.all([
    db.selectFrom(USER_SHIFT.table).selectAll().where("company_id", "=", companyId).where("user_id", "=", userId).execute(),
    db.selectFrom(SHIFT.table).selectAll().where("company_id", "=", companyId).execute(),
  ]);
  const shiftOn = shiftsOfPeople(assignments, shiftRows)(userId);
  const oldDate = String(current.presence_date ?? "");
  // The shift-day it counts on after the change: decided again from a corrected clock-in.
  const clockInMoved = check.sentIn && inMs !== null && inMs !== (oldIn === null ? null : Date.parse(oldIn));
  const attribution = clockInMoved ? attributeClockIn(inMs, zone, shiftOn) : null;
  const newDate = attribution?.date ?? oldDate;
  const dates = [...new Set([oldDate, newDate])];

  /** The person's other presences around it (no presence is longer than 24 hours). */
  const neighbours = (on: Db) =>
    on
      .selectFrom(PRESENCE.table)
      .select(["id", "clock_in", "clock_out"])
      .where("company_id", "=", companyId)
      .where("user_id", "=", userId)
      .where("id", "!=", id)
      .where(
        "presence_date",
        ">=",
        addDays(
          dates.reduce((a, b) => (a < b ? a : b)),
          -2,
        ),
      )
      .where(
        "presence_date",
        "<=",
        addDays(
          dates.reduce((a, b) => (a > b ? a : b)),
          2,
        ),
      )
      .execute() as Promise<Row[]>;
  const fits = (others: Row[]) => {
    const e = correctionConflict(check, others, zone);
    if (e) throw badRequest(e as FieldErrors);
  };
  fits(await neighbours(db));
  const lockedIn = (approvals: Row[]) => dates.some((date) => lockedOn(approvals, userId, date));
  const nearApprovals = (on: Db) =>
    approvalsOf(
      on,
      companyId,
      [userId],
      dates.reduce((a, b) => (a < b ? a : b)),
      dates.reduce((a, b) => (a > b ? a : b)),
    );
  const refuseLocked = async (): Promise<never> => {
    await recordEditAttempt(db, { companyId, userId, presenceId: id, date: oldDate, kind: "correction", by: ctx.actor.userId });
    throw periodLocked();
  };
  if (lockedIn(await nearApprovals(db))) await refuseLocked();

  const nextIn = inMs === null ? null : iso(inMs);
  const nextOut = outMs === null ? null : iso(outMs);
  const changes: Array<{ field: "clock_in" | "clock_out"; original: string | null; corrected: string | null }> = [];
  if (check.sentIn && nextIn !== oldIn) changes.push({ field: "clock_in", original: oldIn, corrected: nextIn });
  if (check.sentOut && nextOut !== oldOut) changes.push({ field: "clock_out", original: oldOut, corrected: nextOut });

  const now = Date.now();
  const values: Record<string, unknown> = { clock_in: nextIn, clock_out: nextOut };
  if (attribution) Object.assign(values, { presence_date: attribution.date, shift_id: attribution.shift?.id ?? null });
  if (inMs === null) values.work_duration = null;
  if (changes.length) {
    let locked = false;
    await db.transaction().execute(async (trx) => {
      // Again under the person's lock: an approval or a correction committed since the checks above wins.
      await lockPerson(trx, userId);
      if (lockedIn(await nearApprovals(trx))) {
        locked = true;
        return;
      }
      fits(await neighbours(trx));
      await trx
        .updateTable(PRESENCE.table)
        .set({ ...values, updated_at: iso(now) })
        .where("id", "=", id)
        .execute();
      // Both days' stored figures as the timesheet counts them (work durations, on time / late).
      await restateDays(trx, companyId, userId, dates, now);
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
      const after = await trx.selectFrom(PRESENCE.table).select(["work_duration", "presence_date"]).where("id", "=", id).executeTakeFirstOrThrow();
      const before: Record<string, unknown> = {};
      const afterValues: Record<string, unknown> = { reason };
      for (const c of changes) {
        before[c.field] = c.original;
        afterValues[c.field] = c.corrected;
      }
      for (const k of ["work_duration", "presence_date"] as const) {
        if (String(after[k] ?? "") !== String(current[k] ?? "")) {
          before[k] = current[k] ?? null;
          afterValues[k] = after[k] ?? null;
        }
      }
      await audit(trx, ctx.actor, { kind: "update", resource: "presence", recordId: id, label: String(after.presence_date ?? ""), before, after: afterValues });
    });
    if (locked) await refuseLocked();
  }
  const sheet = await sheetOf(ctx, companyId, [userId], newDate, newDate);
  return sheet.people.get(userId)!.days[0];
});

// ---- approve and reopen -------------------------------------------------------------------------

/** A person's period from a body (user_id, from, to), into `errors` naming the field. */
function periodOf(body: Record<string, unknown>, errors: TimesheetErrors): { userId: number; from: string; to: string } | null {
  const userId = checkId(body, "user_id", errors);
  if (userId === null) errors.user_id = { key: "required" };
  const range = checkRange(body, errors);
  return userId && range ? { userId, ...range } : null;
}

type Approval = { ok: true; answer: TimesheetApprovalAnswer } | { ok: false; key: "already_approved" | "unresolved_exceptions"; dates?: string[] };

/**
 * Approves one person's period in a transaction under their lock: refused when an approved
 * period overlaps it or a day has a presence open, missing its clock-out or overlapping another;
 * else stored with the figures and rules it keeps, audited.
 */
async function approveOne(ctx: OpContext, companyId: number, person: Row, from: string, to: string): Promise<Approval> {
  const userId = Number(person.id);
  const now = iso(Date.now());
  const result = await ctx.db.transaction().execute(async (trx): Promise<Approval> => {
    await lockPerson(trx, userId);
    const overlappingRows = await approvalsOf(trx, companyId, [userId], from, to);
    if (overlappingRows.some((a) => a.status === "approved")) return { ok: false, key: "already_approved" };
    const sheet = await sheetOf(ctx, companyId, [userId], from, to, trx);
    const mine = sheet.people.get(userId)!;
    const unresolved = unresolvedDates(mine.days);
    if (unresolved.length) return { ok: false, key: "unresolved_exceptions", dates: unresolved };
    const kept = approvalSnapshot(mine, sheet.settings.rule, sheet.shifts, sheet.settings.week);
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
        figures: kept.figures,
        rules: kept.rules,
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
    const stored = await trx.selectFrom(APPROVALS).selectAll().where("id", "=", newId).executeTakeFirstOrThrow();
    return { ok: true, answer: approvalAnswer(stored, await namesOf(trx, [ctx.actor.userId])) };
  });
  return result;
}

const refusal = (r: Exclude<Approval, { ok: true }>): HttpError =>
  r.key === "already_approved"
    ? new HttpError(409, "already_approved")
    : new HttpError(409, "unresolved_exceptions", { dates: (r.dates ?? []).join(", ") }, undefined, { dates: r.dates });

registerCustom("timesheet", "approve", async (ctx): Promise<TimesheetApprovalAnswer> => {
  const companyId = companyOf(ctx.actor);
  const errors: TimesheetErrors = {};
  const period = periodOf(bodyOf(ctx.body), errors);
  throwIf(errors);
  const { userId, from, to } = period!;
  const person = await assertVisible(ctx, companyId, userId);
  const r = await approveOne(ctx, companyId, person, from, to);
  if (!r.ok) throw refusal(r);
  return r.answer;
});

// POST timesheet/approve-many { user_ids, from, to }: each person as approve does, one after
// another (each in its own transaction); who could not be approved is answered with why.
registerCustom("timesheet", "approveMany", async (ctx): Promise<TimesheetApproveManyAnswer> => {
  const companyId = companyOf(ctx.actor);
  const body = bodyOf(ctx.body);
  const errors: TimesheetErrors = {};
  const raw = body.user_ids;
  const list = Array.isArray(raw) ? raw : [];
  if (!Array.isArray(raw) || !raw.length || raw.length > APPROVE_MANY_MAX) errors.user_ids = { key: "list_required", params: { max: APPROVE_MANY_MAX } };
  const userIds: number[] = [];
  list.forEach((v, i) => {
    const n = checkId({ v }, "v", errors);
    if (n === undefined) {
      delete errors.v;
      errors[`user_ids.${i}`] = { key: "not_integer" };
    } else if (n !== null && !userIds.includes(n)) userIds.push(n);
  });
  const range = checkRange(body, errors);
  throwIf(errors);
  const { from, to } = range!;
  const visible = await visiblePeople(ctx);
  const answer: TimesheetApproveManyAnswer = { approved: [], skipped: [] };
  for (const userId of userIds) {
    const person = await personOf(ctx, companyId, userId, visible);
    if (!person) {
      answer.skipped.push({ user_id: userId, key: "not_found" });
      continue;
    }
    const r = await approveOne(ctx, companyId, person, from, to);
    if (r.ok) answer.approved.push(r.answer);
    else answer.skipped.push({ user_id: userId, key: r.key, ...(r.dates ? { dates: r.dates } : {}) });
  }
  return answer;
});

registerCustom("timesheet", "reopen", async (ctx): Promise<TimesheetApprovalAnswer[]> => {
  const companyId = companyOf(ctx.actor);
  const body = bodyOf(ctx.body);
  const errors: TimesheetErrors = {};
  const period = periodOf(body, errors);
  const reason = checkReason(body, errors);
  throwIf(errors);
  if (!period) throw badRequest();
  const { userId, from, to } = period;
  const person = await assertVisible(ctx, companyId, userId);
  const now = iso(Date.now());
  const ids = await ctx.db.transaction().execute(async (trx) => {
    await lockPerson(trx, userId);
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
  const rows = await ctx.db.selectFrom(APPROVALS).selectAll().where("id", "in", ids).execute();
  const names = await namesOf(
    ctx.db,
    rows.flatMap((r) => [num(r.approved_by), num(r.reopened_by)]),
  );
  return rows.sort(newestFirst).map((r) => approvalAnswer(r, names));
});
