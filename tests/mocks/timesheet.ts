// The timesheet as server/custom/timesheet.ts answers it (docs/api.md "Timesheet"): GET search,
// PUT correct/{id}, POST approve and reopen, PUT settings, over the mock's rows with the server's own
// computation (declaration/timesheet-answer.ts). The corrections and approvals, which are no
// declared resource, live beside the mock's db (timesheetTables). The order of the checks is
// the server's: the edit right (403), the body's fields (400, search and approve/reopen), the
// presence or person in the actor's company and row scope (404), the correction's fields (400),
// then the lock (409 period_locked) or an overlapping approval (409 already_approved).
import { resourceByName } from "../../declaration";
import type { TimesheetAnswer, TimesheetApprovalAnswer, TimesheetDayAnswer, TimesheetPersonAnswer, TimesheetSettingsAnswer } from "../../declaration/answers";
import {
  approvalAnswer,
  checkCorrection,
  checkId,
  checkRange,
  checkReason,
  lockedOn,
  newestFirst,
  overlapping,
  readWindow,
  sheetDays,
  timesheetSettings,
  settingsBody,
  shiftTimes,
  type TimesheetErrors,
} from "../../declaration/timesheet-answer";
import { presenceStatus, workDuration } from "../../server/field/rules";
import { localParts, zoneOf } from "../../server/field/zones";
import { badRequest, HttpError, notFound, type FieldErrors } from "../../server/http/errors";
import { validateRecord } from "../../server/validation/record";
import type { MockDb, Row } from "./db";
import { reachOf, rowScopeOf, type RowActor, type RowScopes } from "./rowScope";

const TIMESHEET = resourceByName("timesheet");

/** The mock's timesheet_corrections and timesheet_approvals rows (tests may seed and read them). */
export interface TimesheetTables {
  corrections: Row[];
  approvals: Row[];
}
const tables = new WeakMap<MockDb, TimesheetTables>();
export function timesheetTables(db: MockDb): TimesheetTables {
  let t = tables.get(db);
  if (!t) tables.set(db, (t = { corrections: [], approvals: [] }));
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

/** The people the actor may see (null: the company's), as the server's store.people. */
function visiblePeople(db: MockDb, actor: RowActor, scopes: RowScopes): number[] | null {
  const scope = rowScopeOf(TIMESHEET, actor, scopes);
  if (scope === "company") return null;
  if (scope === "own") return [actor.id];
  return [...new Set([actor.id, ...reachOf(db, actor).people])];
}

const namesOf = (db: MockDb): Map<number, string> => new Map(db.rows("human-resource").map((u) => [Number(u.id), String(u.name ?? "")]));

function sheet(db: MockDb, userIds: number[], from: string, to: string) {
  const settings = settingsOf(db);
  const window = readWindow(from, to);
  const ids = new Set(userIds);
  const t = timesheetTables(db);
  const presences = mine(db, "presence").filter((p) => ids.has(Number(p.user_id)) && String(p.presence_date) >= window.from && String(p.presence_date) <= window.to);
  const approvals = overlapping(
    t.approvals.filter((a) => ids.has(Number(a.user_id)) && Number(a.company_id) === db.companyId),
    from,
    to,
  ).sort(newestFirst);
  const projects = new Map(mine(db, "project").map((p) => [Number(p.id), zoneOf(p.time_zone, settings.answer.time_zone)]));
  const presenceIds = new Set(presences.map((p) => Number(p.id)));
  const names = namesOf(db);
  const people = sheetDays(
    {
      from,
      to,
      now: Date.now(),
      rule: settings.rule,
      companyZone: settings.answer.time_zone,
      projectZone: (id) => projects.get(id) ?? settings.answer.time_zone,
      presences,
      shifts: mine(db, "shift"),
      assignments: mine(db, "user-to-shift").filter((a) => ids.has(Number(a.user_id))),
      corrections: t.corrections.filter((c) => presenceIds.has(Number(c.presence_id))).sort((a, b) => Number(a.id) - Number(b.id)),
      approvals,
      names,
      permits: mine(db, "permit").filter((p) => ids.has(Number(p.user_id))),
    },
    userIds,
  );
  return { settings, people, approvals, names };
}

export function mockTimesheetSearch(db: MockDb, actor: RowActor, query: Record<string, unknown>, scopes: RowScopes = {}): TimesheetAnswer {
  const errors: TimesheetErrors = {};
  const range = checkRange(query, errors);
  const f = {
    project_id: checkId(query, "project_id", errors),
    division_id: checkId(query, "division_id", errors),
    shift_id: checkId(query, "shift_id", errors),
    user_id: checkId(query, "user_id", errors),
  };
  throwIf(errors);
  const { from, to } = range!;
  const visible = visiblePeople(db, actor, scopes);
  const window = { from: addDay(from, -1), to: addDay(to, 1) };
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
  );
  const roles = new Map(db.rows("role").map((r) => [Number(r.id), String(r.name ?? "")]));
  const divisions = new Map(db.rows("divisi").map((d) => [Number(d.id), String(d.name ?? "")]));
  const people: TimesheetPersonAnswer[] = staff.map((u) => {
    const id = Number(u.id);
    const p = s.people.get(id)!;
    return {
      user_id: id,
      name: String(u.name ?? ""),
      role_name: num(u.role_id) === null ? null : (roles.get(Number(u.role_id)) ?? null),
      division_name: num(u.division_id) === null ? null : (divisions.get(Number(u.division_id)) ?? null),
      days: p.days,
      totals: p.totals,
      approvals: s.approvals.filter((a) => Number(a.user_id) === id).map((a) => approvalAnswer(a, s.names)),
    };
  });
  return { settings: s.settings.answer, people };
}

const addDay = (date: string, n: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function assertVisible(db: MockDb, actor: RowActor, userId: number, scopes: RowScopes): Row {
  const person = mine(db, "human-resource").find((u) => Number(u.id) === userId);
  const visible = visiblePeople(db, actor, scopes);
  if (!person || (visible && !visible.includes(userId))) throw notFound();
  return person;
}

export function mockTimesheetCorrect(db: MockDb, actor: RowActor & { name?: string }, id: string, body: unknown, allowed: boolean, scopes: RowScopes = {}): TimesheetDayAnswer {
  if (!allowed) throw new HttpError(403, "forbidden");
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
  const project = mine(db, "project").find((p) => Number(p.id) === num(current.project_id));
  const zone = zoneOf(project?.time_zone, settings.answer.time_zone);
  const shiftRow = mine(db, "shift").find((s) => Number(s.id) === num(current.shift_id));
  const shift = shiftRow ? shiftTimes(shiftRow) : null;
  const t = timesheetTables(db);
  const approvals = t.approvals.filter((a) => Number(a.company_id) === db.companyId);
  const dates = [
    String(current.presence_date ?? ""),
    check.inMs === null ? null : localParts(check.inMs, zone).date,
    oldIn === null ? null : localParts(Date.parse(oldIn), zone).date,
  ].filter((d): d is string => !!d && /^\d{4}-\d{2}-\d{2}$/.test(d));
  const isLocked = (date: string) => lockedOn(approvals, userId, date) || (!!shift && shift.end_time < shift.start_time && lockedOn(approvals, userId, addDay(date, -1)));
  if (dates.some(isLocked)) throw new HttpError(409, "period_locked");
  const nextIn = check.inMs === null ? null : new Date(check.inMs).toISOString();
  const nextOut = check.outMs === null ? null : new Date(check.outMs).toISOString();
  const at = new Date().toISOString();
  const changes: Row[] = [];
  if (check.sentIn && nextIn !== oldIn) changes.push({ field: "clock_in", original: oldIn, corrected: nextIn });
  if (check.sentOut && nextOut !== oldOut) changes.push({ field: "clock_out", original: oldOut, corrected: nextOut });
  if (changes.length) {
    Object.assign(current, {
      clock_in: nextIn,
      clock_out: nextOut,
      work_duration: check.inMs !== null && check.outMs !== null ? workDuration(check.inMs, check.outMs, shift?.break_minutes ?? 0) : null,
      updated_at: at,
    });
    if (check.inMs !== null) {
      const local = localParts(check.inMs, zone);
      current.presence_date = local.date;
      const status = String(current.presence_status ?? "");
      if (status === "present" || status === "late" || status === "") current.presence_status = presenceStatus(local.minute, shift);
    }
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
  const date = String(current.presence_date);
  return sheet(db, [userId], date, date).people.get(userId)!.days[0];
}

function periodOf(body: Row, errors: TimesheetErrors): { userId: number; from: string; to: string } | null {
  const userId = checkId(body, "user_id", errors);
  if (userId === null) errors.user_id = { key: "required" };
  const range = checkRange(body, errors);
  return userId && range ? { userId, ...range } : null;
}

export function mockTimesheetApprove(db: MockDb, actor: RowActor, body: unknown, allowed: boolean, scopes: RowScopes = {}): TimesheetApprovalAnswer {
  if (!allowed) throw new HttpError(403, "forbidden");
  const errors: TimesheetErrors = {};
  const period = periodOf(body && typeof body === "object" && !Array.isArray(body) ? (body as Row) : {}, errors);
  throwIf(errors);
  const { userId, from, to } = period!;
  assertVisible(db, actor, userId, scopes);
  const t = timesheetTables(db);
  const mineApprovals = t.approvals.filter((a) => Number(a.company_id) === db.companyId && Number(a.user_id) === userId);
  if (overlapping(mineApprovals, from, to).some((a) => a.status === "approved")) throw new HttpError(409, "already_approved");
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
  };
  t.approvals.push(row);
  return approvalAnswer(row, namesOf(db));
}

export function mockTimesheetReopen(db: MockDb, actor: RowActor, body: unknown, allowed: boolean, scopes: RowScopes = {}): TimesheetApprovalAnswer[] {
  if (!allowed) throw new HttpError(403, "forbidden");
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
export function mockTimesheetSettings(db: MockDb, body: unknown, allowed: boolean): TimesheetSettingsAnswer {
  if (!allowed) throw new HttpError(403, "forbidden");
  const { values, errors } = validateRecord(resourceByName("company-management"), settingsBody(body), { mode: "update" });
  if (Object.keys(errors).length) throw badRequest(errors);
  const company = db.rows("company-management").find((x) => Number(x.id) === db.companyId);
  if (!company) throw notFound();
  Object.assign(company, values, { updated_at: new Date().toISOString() });
  return settingsOf(db).answer;
}
