// The timesheet as server/custom/timesheet.ts answers it (docs/api.md "Timesheet"): GET search,
// PUT correct/{id}, POST approve, approve-many and reopen, PUT settings, GET my-period, over the mock's rows with
// the server's own computation (declaration/timesheet-answer.ts). The corrections, approvals,
// breaks and edits tried, which are no declared resource, live beside the mock's db
// (timesheetTables). The rights and the sign-off (403) are checked before, for every operation
// (tests/mocks/access.ts); then, in the server's order: the body's fields (400, search and approve/reopen), the presence or person in the actor's company and row
// scope (404), the correction's fields (400), then the lock (409 period_locked, recorded as an
// edit tried), an overlapping approval (409 already_approved) or a day to resolve first (409
// unresolved_exceptions).
import { resourceByName } from "../../declaration";
import type {
  ProjectLabourAnswer,
  TimesheetAnswer,
  TimesheetApprovalAnswer,
  TimesheetApproveManyAnswer,
  TimesheetDayAnswer,
  TimesheetPersonAnswer,
  TimesheetSettingsAnswer,
} from "../../declaration/answers";
import type { TimesheetMyPeriodAnswer } from "../../declaration/resources/field";
import { addDays, attributeClockIn, payPeriodOf } from "../../declaration/timesheet";
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
  restateDay,
  rulesChanged,
  sheetDays,
  shiftsOfPeople,
  shiftTimes,
  timesheetSettings,
  settingsBody,
  PAY_SETTING_FIELDS,
  unresolvedDates,
  type TimesheetErrors,
} from "../../declaration/timesheet-answer";
import { hourlyWageOf } from "../../declaration/pay";
import { projectLabour } from "../../declaration/project-labour";
import dayjs from "dayjs";
import { zoneOf } from "../../server/field/zones";
import { badRequest, HttpError, notFound, type FieldErrors } from "../../server/http/errors";
import { validateRecord } from "../../server/validation/record";
import type { MockDb, Row } from "./db";
import { peopleInScope, type RowActor, type RowScopes } from "./rowScope";

const TIMESHEET = resourceByName("timesheet");

/** The mock's timesheet_corrections, timesheet_approvals, presence_breaks and timesheet_edit_attempts rows (tests may seed and read them). */
export interface TimesheetTables {
  corrections: Row[];
  approvals: Row[];
  breaks: Row[];
  attempts: Row[];
}
const tables = new WeakMap<MockDb, TimesheetTables>();
export function timesheetTables(db: MockDb): TimesheetTables {
  let t = tables.get(db);
  if (!t) tables.set(db, (t = { corrections: [], approvals: [], breaks: [], attempts: [] }));
  return t;
}

const mine = (db: MockDb, name: string): Row[] => db.rows(name).filter((x) => x.company_id === undefined || x.company_id === db.companyId);
const num = (v: unknown): number | null => (v === null || v === undefined || v === "" ? null : Number(v));
const active = (r: Row) => r.is_active !== false && r.is_active !== 0;
const throwIf = (errors: TimesheetErrors): void => {
  if (Object.keys(errors).length) throw badRequest(errors as FieldErrors);
};

function settingsOf(db: MockDb): ReturnType<typeof timesheetSettings> {
  const c = db.rows("company-management").find((x) => Number(x.id) === db.companyId);
  return timesheetSettings(c, zoneOf(c?.time_zone));
}

const namesOf = (db: MockDb): Map<number, string> => new Map(db.rows("human-resource").map((u) => [Number(u.id), String(u.name ?? "")]));
const projectZoneOf = (db: MockDb, companyZone: string) => {
  const zones = new Map(mine(db, "project").map((p) => [Number(p.id), zoneOf(p.time_zone, companyZone)]));
  return (row: Row) => (num(row.project_id) === null ? companyZone : (zones.get(Number(row.project_id)) ?? companyZone));
};

/** sheet's pay: labour cost for an actor holding the pay-rate menu (the server's isAllowed read), else none. */
function payOf(db: MockDb, seesPay: boolean, settings: ReturnType<typeof timesheetSettings>) {
  if (!seesPay) return undefined;
  const hourly = new Map(mine(db, "pay-rate").map((r) => [Number(r.user_id), hourlyWageOf(r)]));
  return { multipliers: settings.multipliers, hourlyOf: (id: number) => hourly.get(id) ?? null };
}

function sheet(db: MockDb, userIds: number[], from: string, to: string, seesPay = false, now = Date.now()) {
  const settings = settingsOf(db);
  const window = readWindow(from, to);
  const ids = new Set(userIds);
  const t = timesheetTables(db);
  const presences = mine(db, "presence").filter((p) => ids.has(Number(p.user_id)) && String(p.presence_date) >= window.from && String(p.presence_date) <= window.to);
  const approvals = overlapping(
    t.approvals.filter((a) => ids.has(Number(a.user_id)) && Number(a.company_id) === db.companyId),
    window.from,
    to,
  ).sort(newestFirst);
  const projects = new Map(mine(db, "project").map((p) => [Number(p.id), p]));
  const presenceIds = new Set(presences.map((p) => Number(p.id)));
  const names = namesOf(db);
  const shifts = mine(db, "shift");
  const people = sheetDays(
    {
      from,
      to,
      now,
      rule: settings.rule,
      companyZone: settings.answer.time_zone,
      projectZone: (id) => zoneOf(projects.get(id)?.time_zone, settings.answer.time_zone),
      projectName: (id) => (projects.has(id) ? String(projects.get(id)!.name ?? "") : null),
      presences,
      shifts,
      assignments: mine(db, "user-to-shift").filter((a) => ids.has(Number(a.user_id))),
      corrections: t.corrections.filter((c) => presenceIds.has(Number(c.presence_id))).sort((a, b) => Number(a.id) - Number(b.id)),
      approvals,
      names,
      permits: mine(db, "permit").filter((p) => ids.has(Number(p.user_id))),
      breaks: t.breaks.filter((b) => presenceIds.has(Number(b.presence_id))),
      attempts: t.attempts.filter((a) => Number(a.company_id) === db.companyId && ids.has(Number(a.user_id)) && String(a.date) >= from && String(a.date) <= to),
      calendar: { week: settings.week, holidays: mine(db, "holiday").map((h) => String(h.date).slice(0, 10)) },
      pay: payOf(db, seesPay, settings),
    },
    userIds,
  );
  const inRange = overlapping(approvals, from, to);
  const approvalsOf = (userId: number) =>
    inRange.filter((a) => Number(a.user_id) === userId).map((a) => approvalAnswer(a, names, rulesChanged(a.rules, settings.rule, shifts, settings.week)));
  return { settings, people, approvalsOf, shifts };
}

/**
 * project labour-cost/{id} (server/custom/project-labour.ts): the project's labour from its first
 * presence to today over the timesheet's days of the people who clocked in there. The caller holds
 * the pay-rate menu (the handler's 403 before); a project of another company is 404.
 */
export function mockProjectLabour(db: MockDb, id: string, now = Date.now()): ProjectLabourAnswer {
  const projectId = Number(id);
  if (!mine(db, "project").some((p) => Number(p.id) === projectId)) throw notFound();
  const firsts = new Map<number, string>();
  for (const p of mine(db, "presence")) {
    if (num(p.project_id) !== projectId || !p.clock_in || !p.presence_date) continue;
    const date = String(p.presence_date).slice(0, 10);
    const was = firsts.get(Number(p.user_id));
    if (!was || date < was) firsts.set(Number(p.user_id), date);
  }
  const today = dayjs(now).tz(settingsOf(db).answer.time_zone).format("YYYY-MM-DD");
  const ids = [...firsts.keys()];
  if (!ids.length) return projectLabour(projectId, null, today, []);
  const from = [...firsts.values()].sort()[0];
  const to = today < from ? from : today;
  const { people } = sheet(db, ids, from, to, true, now);
  const names = namesOf(db);
  return projectLabour(
    projectId,
    from,
    to,
    ids.map((userId) => ({ userId, name: names.get(userId) ?? "", priced: people.get(userId)!.hourlyWage !== null, days: people.get(userId)!.days })),
  );
}

/** The timesheet's days of these people over from..to (server/custom/timesheet.ts timesheetDaysOf). */
export function mockTimesheetDaysOf(db: MockDb, userIds: number[], from: string, to: string, now = Date.now()): Map<number, TimesheetDayAnswer[]> {
  return new Map([...sheet(db, userIds, from, to, false, now).people].map(([id, p]) => [id, p.days]));
}

/** The company's people, active or with a presence from..to (as the timesheet lists them). */
export const mockStaffAround = (db: MockDb, from: string, to: string): Row[] => {
  const clocked = new Set(
    mine(db, "presence")
      .filter((p) => String(p.presence_date) >= from && String(p.presence_date) <= to)
      .map((p) => Number(p.user_id)),
  );
  return mine(db, "human-resource").filter((u) => active(u) || clocked.has(Number(u.id)));
};

/** After a write: the person's shift-days stored as the timesheet counts them (server/field/presence-day.ts restateDays). */
export function restateMockDays(db: MockDb, userId: number, dates: Iterable<string>): void {
  const companyZone = settingsOf(db).answer.time_zone;
  const shifts = new Map(mine(db, "shift").map((s) => [Number(s.id), shiftTimes(s)]));
  const zoneOfRow = projectZoneOf(db, companyZone);
  for (const date of new Set(dates)) {
    const rows = mine(db, "presence").filter((p) => Number(p.user_id) === userId && p.presence_date === date && p.clock_in != null);
    const ids = new Set(rows.map((r) => Number(r.id)));
    const changes = restateDay(
      rows,
      timesheetTables(db).breaks.filter((b) => ids.has(Number(b.presence_id))),
      (id) => (id === null ? null : (shifts.get(id) ?? null)),
      zoneOfRow,
    );
    for (const c of changes)
      Object.assign(
        rows.find((r) => Number(r.id) === c.id)!,
        c.values,
      );
  }
}

/** Whether a person's date is inside one of their approved periods (server/field/presence-day.ts approvedOn). */
export const mockApprovedOn = (db: MockDb, userId: number, date: string): boolean =>
  lockedOn(
    timesheetTables(db).approvals.filter((a) => Number(a.company_id) === db.companyId),
    userId,
    date,
  );

/** An edit of an approved day tried: one row per presence, kind and person, counted (server/field/presence-day.ts recordEditAttempt). */
export function mockRecordEditAttempt(db: MockDb, a: { userId: number; presenceId: number; date: string; kind: "correction" | "capture"; by: number }): void {
  const t = timesheetTables(db);
  const at = new Date().toISOString();
  const row = t.attempts.find((x) => Number(x.presence_id) === a.presenceId && x.kind === a.kind && Number(x.attempted_by) === a.by);
  if (row) Object.assign(row, { attempted_at: at, date: a.date, attempts: Number(row.attempts) + 1 });
  else
    t.attempts.push({
      id: t.attempts.length + 1,
      company_id: db.companyId,
      user_id: a.userId,
      presence_id: a.presenceId,
      date: a.date,
      kind: a.kind,
      attempted_by: a.by,
      attempted_at: at,
      attempts: 1,
    });
}

/**
 * `seesPay`: the caller holds the pay-rate menu (labour cost answered); `mayReadStaff`: the caller
 * may read staff records (the NIK is shown to them, and to each their own).
 */
export function mockTimesheetSearch(db: MockDb, actor: RowActor, query: Record<string, unknown>, scopes: RowScopes = {}, seesPay = false, mayReadStaff = true): TimesheetAnswer {
  const errors: TimesheetErrors = {};
  const settings = settingsOf(db);
  const range = checkRange(query, errors, () => {
    const p = payPeriodOf(settings.answer.pay_period, Date.now(), settings.answer.time_zone);
    return { from: p.start, to: p.end };
  });
  const f = {
    project_id: checkId(query, "project_id", errors),
    division_id: checkId(query, "division_id", errors),
    shift_id: checkId(query, "shift_id", errors),
    user_id: checkId(query, "user_id", errors),
  };
  throwIf(errors);
  const { from, to } = range!;
  const visible = peopleInScope(TIMESHEET, db, actor, scopes);
  const window = { from: addDays(from, -1), to: addDays(to, 1) };
  const clocked = mine(db, "presence").filter((p) => String(p.presence_date) >= window.from && String(p.presence_date) <= window.to);
  let staff = mine(db, "human-resource").filter(
    (u) =>
      (visible === null || visible.includes(Number(u.id))) &&
      (f.division_id == null || num(u.division_id) === f.division_id) &&
      (f.user_id == null || Number(u.id) === f.user_id) &&
      (active(u) || clocked.some((p) => Number(p.user_id) === Number(u.id))),
  );
  if (f.project_id != null) {
    const on = new Set([
      ...mine(db, "user-to-proyek")
        .filter((m) => num(m.project_id) === f.project_id && active(m))
        .map((m) => Number(m.user_id)),
      ...clocked.filter((p) => num(p.project_id) === f.project_id).map((p) => Number(p.user_id)),
    ]);
    staff = staff.filter((u) => on.has(Number(u.id)));
  }
  if (f.shift_id != null) {
    const on = new Set([
      ...mine(db, "user-to-shift")
        .filter((a) => num(a.shift_id) === f.shift_id && String(a.start_date) <= to && (a.end_date === null || a.end_date === undefined || String(a.end_date) >= from))
        .map((a) => Number(a.user_id)),
      ...clocked.filter((p) => num(p.shift_id) === f.shift_id).map((p) => Number(p.user_id)),
    ]);
    staff = staff.filter((u) => on.has(Number(u.id)));
  }
  staff.sort((a, b) => String(a.name ?? "").localeCompare(String(b.name ?? "")) || Number(a.id) - Number(b.id));
  const s = sheet(
    db,
    staff.map((u) => Number(u.id)),
    from,
    to,
    seesPay,
  );
  const roles = new Map(db.rows("role").map((r) => [Number(r.id), String(r.name ?? "")]));
  const divisions = new Map(db.rows("divisi").map((d) => [Number(d.id), String(d.name ?? "")]));
  const people: TimesheetPersonAnswer[] = staff.map((u) => {
    const id = Number(u.id);
    const p = s.people.get(id)!;
    return {
      user_id: id,
      name: String(u.name ?? ""),
      code: (u.code as string | null | undefined) || null,
      nik: mayReadStaff || id === actor.id ? (u.nik as string | null | undefined) || null : null,
      role_name: num(u.role_id) === null ? null : (roles.get(Number(u.role_id)) ?? null),
      division_name: num(u.division_id) === null ? null : (divisions.get(Number(u.division_id)) ?? null),
      days: p.days,
      totals: p.totals,
      approvals: s.approvalsOf(id),
      flagged_days: p.flaggedDays,
      hourly_wage: p.hourlyWage === null ? null : Math.round(p.hourlyWage),
    };
  });
  return { from, to, settings: s.settings.answer, people };
}

function personOf(db: MockDb, actor: RowActor, userId: number, scopes: RowScopes): Row | null {
  const person = mine(db, "human-resource").find((u) => Number(u.id) === userId);
  const visible = peopleInScope(TIMESHEET, db, actor, scopes);
  return !person || (visible && !visible.includes(userId)) ? null : person;
}

function assertVisible(db: MockDb, actor: RowActor, userId: number, scopes: RowScopes): Row {
  const person = personOf(db, actor, userId, scopes);
  if (!person) throw notFound();
  return person;
}

export function mockTimesheetCorrect(db: MockDb, actor: RowActor & { name?: string }, id: string, body: unknown, scopes: RowScopes = {}): TimesheetDayAnswer {
  const values = body && typeof body === "object" && !Array.isArray(body) ? (body as Row) : {};
  const current = mine(db, "presence").find((p) => String(p.id) === id);
  if (!current) throw notFound();
  const userId = Number(current.user_id);
  assertVisible(db, actor, userId, scopes);
  const oldIn = (current.clock_in as string | null) ?? null;
  const oldOut = (current.clock_out as string | null) ?? null;
  const check = checkCorrection(values, { clock_in: oldIn, clock_out: oldOut });
  if (!check.ok) throw badRequest(check.errors as FieldErrors);
  const settings = settingsOf(db);
  const zone = projectZoneOf(db, settings.answer.time_zone)(current);
  const shiftOn = shiftsOfPeople(mine(db, "user-to-shift"), mine(db, "shift"))(userId);
  const oldDate = String(current.presence_date ?? "");
  const moved = check.sentIn && check.inMs !== null && check.inMs !== (oldIn === null ? null : Date.parse(oldIn));
  const attribution = moved ? attributeClockIn(check.inMs!, zone, shiftOn) : null;
  const newDate = attribution?.date ?? oldDate;
  const dates = [...new Set([oldDate, newDate])];
  const others = mine(db, "presence").filter(
    (p) => Number(p.user_id) === userId && p !== current && String(p.presence_date) >= addDays(dates.sort()[0], -2) && String(p.presence_date) <= addDays(dates.sort().at(-1)!, 2),
  );
  const conflictErrors = correctionConflict(check, others, zone);
  if (conflictErrors) throw badRequest(conflictErrors as FieldErrors);
  if (dates.some((d) => mockApprovedOn(db, userId, d))) {
    mockRecordEditAttempt(db, { userId, presenceId: Number(current.id), date: oldDate, kind: "correction", by: actor.id });
    throw new HttpError(409, "period_locked");
  }
  const nextIn = check.inMs === null ? null : new Date(check.inMs).toISOString();
  const nextOut = check.outMs === null ? null : new Date(check.outMs).toISOString();
  const at = new Date().toISOString();
  const changes: Row[] = [];
  if (check.sentIn && nextIn !== oldIn) changes.push({ field: "clock_in", original: oldIn, corrected: nextIn });
  if (check.sentOut && nextOut !== oldOut) changes.push({ field: "clock_out", original: oldOut, corrected: nextOut });
  if (changes.length) {
    Object.assign(current, { clock_in: nextIn, clock_out: nextOut, updated_at: at });
    if (attribution) Object.assign(current, { presence_date: attribution.date, shift_id: attribution.shift?.id ?? null });
    if (check.inMs === null) current.work_duration = null;
    restateMockDays(db, userId, dates);
    const t = timesheetTables(db);
    for (const c of changes) {
      t.corrections.push({
        id: t.corrections.length + 1,
        company_id: db.companyId,
        presence_id: Number(current.id),
        user_id: userId,
        ...c,
        reason: check.reason,
        corrected_by: actor.id,
        corrected_at: at,
      });
    }
  }
  return sheet(db, [userId], newDate, newDate).people.get(userId)!.days[0];
}

function periodOf(body: Row, errors: TimesheetErrors): { userId: number; from: string; to: string } | null {
  const userId = checkId(body, "user_id", errors);
  if (userId === null) errors.user_id = { key: "required" };
  const range = checkRange(body, errors);
  return userId && range ? { userId, ...range } : null;
}

type Approval = { ok: true; answer: TimesheetApprovalAnswer } | { ok: false; key: "already_approved" | "unresolved_exceptions"; dates?: string[] };

function approveOne(db: MockDb, actor: RowActor, userId: number, from: string, to: string): Approval {
  const t = timesheetTables(db);
  const mineApprovals = t.approvals.filter((a) => Number(a.company_id) === db.companyId && Number(a.user_id) === userId);
  if (overlapping(mineApprovals, from, to).some((a) => a.status === "approved")) return { ok: false, key: "already_approved" };
  const s = sheet(db, [userId], from, to);
  const person = s.people.get(userId)!;
  const unresolved = unresolvedDates(person.days);
  if (unresolved.length) return { ok: false, key: "unresolved_exceptions", dates: unresolved };
  const kept = approvalSnapshot(person, s.settings.rule, s.shifts, s.settings.week);
  const row: Row = {
    id: t.approvals.length + 1,
    company_id: db.companyId,
    user_id: userId,
    period_from: from,
    period_to: to,
    status: "approved",
    approved_by: actor.id,
    approved_at: new Date().toISOString(),
    reopened_by: null,
    reopened_at: null,
    reopen_reason: null,
    figures: kept.figures,
    rules: kept.rules,
  };
  t.approvals.push(row);
  return { ok: true, answer: approvalAnswer(row, namesOf(db)) };
}

export function mockTimesheetApprove(db: MockDb, actor: RowActor, body: unknown, scopes: RowScopes = {}): TimesheetApprovalAnswer {
  const errors: TimesheetErrors = {};
  const period = periodOf(body && typeof body === "object" && !Array.isArray(body) ? (body as Row) : {}, errors);
  throwIf(errors);
  const { userId, from, to } = period!;
  assertVisible(db, actor, userId, scopes);
  const r = approveOne(db, actor, userId, from, to);
  if (r.ok) return r.answer;
  if (r.key === "already_approved") throw new HttpError(409, "already_approved");
  throw new HttpError(409, "unresolved_exceptions", { dates: (r.dates ?? []).join(", ") }, undefined, { dates: r.dates });
}

/** POST timesheet/approve-many (the server's APPROVE_MANY_MAX: 200 people). */
export function mockTimesheetApproveMany(db: MockDb, actor: RowActor, body: unknown, scopes: RowScopes = {}): TimesheetApproveManyAnswer {
  const values = body && typeof body === "object" && !Array.isArray(body) ? (body as Row) : {};
  const errors: TimesheetErrors = {};
  const raw = values.user_ids;
  if (!Array.isArray(raw) || !raw.length || raw.length > 200) errors.user_ids = { key: "list_required", params: { max: 200 } };
  const userIds: number[] = [];
  (Array.isArray(raw) ? raw : []).forEach((v, i) => {
    const n = checkId({ v }, "v", errors);
    if (n === undefined) {
      delete errors.v;
      errors[`user_ids.${i}`] = { key: "not_integer" };
    } else if (n !== null && !userIds.includes(n)) userIds.push(n);
  });
  const range = checkRange(values, errors);
  throwIf(errors);
  const { from, to } = range!;
  const answer: TimesheetApproveManyAnswer = { approved: [], skipped: [] };
  for (const userId of userIds) {
    if (!personOf(db, actor, userId, scopes)) {
      answer.skipped.push({ user_id: userId, key: "not_found" });
      continue;
    }
    const r = approveOne(db, actor, userId, from, to);
    if (r.ok) answer.approved.push(r.answer);
    else answer.skipped.push({ user_id: userId, key: r.key, ...(r.dates ? { dates: r.dates } : {}) });
  }
  return answer;
}

export function mockTimesheetReopen(db: MockDb, actor: RowActor, body: unknown, scopes: RowScopes = {}): TimesheetApprovalAnswer[] {
  const values = body && typeof body === "object" && !Array.isArray(body) ? (body as Row) : {};
  const errors: TimesheetErrors = {};
  const period = periodOf(values, errors);
  const reason = checkReason(values, errors);
  throwIf(errors);
  const { userId, from, to } = period!;
  assertVisible(db, actor, userId, scopes);
  const t = timesheetTables(db);
  const approved = overlapping(
    t.approvals.filter((a) => Number(a.company_id) === db.companyId && Number(a.user_id) === userId),
    from,
    to,
  ).filter((a) => a.status === "approved");
  if (!approved.length) throw notFound();
  const at = new Date().toISOString();
  for (const a of approved) Object.assign(a, { status: "reopened", reopened_by: actor.id, reopened_at: at, reopen_reason: reason });
  const names = namesOf(db);
  return [...approved].sort(newestFirst).map((a) => approvalAnswer(a, names));
}

/** PUT timesheet/settings: the company's rules, checked as company-management's fields (the server's order: 403, then 400). */
export function mockTimesheetSettings(db: MockDb, body: unknown, mayChangePay = true): TimesheetSettingsAnswer {
  const { values, errors } = validateRecord(resourceByName("company-management"), settingsBody(body), { mode: "update" });
  if (Object.keys(errors).length) throw badRequest(errors);
  const company = db.rows("company-management").find((x) => Number(x.id) === db.companyId);
  if (!company) throw notFound();
  // The pay rules move only with the pay-rate edit right (unchanged values pass).
  if (!mayChangePay && Object.keys(values).some((k) => PAY_SETTING_FIELDS.includes(k) && String(company[k] ?? "") !== String(values[k] ?? "")))
    throw new HttpError(403, "forbidden");
  Object.assign(company, values, { updated_at: new Date().toISOString() });
  return settingsOf(db).answer;
}

/** The caller's own current pay period (timesheet my-period), counted as the server counts it: whoever the caller is. */
export function mockMyPeriod(db: MockDb, actor: RowActor, mayPay: boolean): TimesheetMyPeriodAnswer {
  const settings = settingsOf(db).answer;
  const { start: from, end: to } = payPeriodOf(settings.pay_period, Date.now(), settings.time_zone);
  const s = sheet(db, [actor.id], from, to, mayPay);
  const approved = s.approvalsOf(actor.id).some((a) => a.status === "approved" && a.from <= from && a.to >= to);
  return { from, to, hours_format: settings.hours_format, totals: s.people.get(actor.id)!.totals, approved };
}
