// A person's shift-days as the capture operations (server/custom/field-presence.ts) and the
// timesheet (server/custom/timesheet.ts) both write them: the person's shifts by date (for the
// shift window of a clock-in, declaration/timesheet.ts rule 1), a day's stored figures kept in
// line with the timesheet after every write (restateDay: each presence's work_duration and on
// time / late), the approved periods that lock a day, and the record of an edit tried on one.
import { resourceByName } from "../../declaration";
import { restateDay, shiftTimes, shiftsOfPeople } from "../../declaration/timesheet-answer";
import type { TimesheetShift } from "../../declaration/timesheet";
import { USERS } from "../access/identity";
import { dialectOf, type Db } from "../db/connection";
import { companyZone } from "./capture";
import { zoneOf } from "./zones";

const PRESENCE = resourceByName("presence");
const SHIFT = resourceByName("shift");
const USER_SHIFT = resourceByName("user-to-shift");
const PROJECT = resourceByName("project");

export const BREAKS = "presence_breaks";
export const CORRECTIONS = "timesheet_corrections";
export const APPROVALS = "timesheet_approvals";
export const EDIT_ATTEMPTS = "timesheet_edit_attempts";

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * Inside a transaction: waits for any other write of this person's presences, corrections,
 * approvals or reopenings to end (PostgreSQL: their users row locked FOR UPDATE), so the overlap
 * and lock checks that follow see what those wrote. SQLite runs one write transaction at a time.
 */
/** The advisory lock that takes one user's clock actions one at a time (PostgreSQL, within the schema: lockInSchema; SQLite writers queue anyway). */
export const clockLockOf = (userId: number) => `clock:${userId}`;

export async function lockPerson(trx: Db, userId: number): Promise<void> {
  if (dialectOf(trx) === "postgres") await trx.selectFrom(USERS.table).select("id").where("id", "=", userId).forUpdate().execute();
}

/** The person's shift on any date (their user-to-shift rows, the company's shifts). */
export async function shiftsOfPerson(db: Db, companyId: number, userId: number): Promise<(date: string) => TimesheetShift | null> {
  const [assignments, shifts] = await Promise.all([
    db.selectFrom(USER_SHIFT.table).selectAll().where("company_id", "=", companyId).where("user_id", "=", userId).execute(),
    db.selectFrom(SHIFT.table).selectAll().where("company_id", "=", companyId).execute(),
  ]);
  return shiftsOfPeople(assignments, shifts)(userId);
}

/**
 * After a write: each listed shift-day of the person stored as the timesheet counts it (every
 * presence's work_duration, the day's first clock-in on time or late). Inside the write's
 * transaction.
 */
export async function restateDays(trx: Db, companyId: number, userId: number, dates: Iterable<string>, now: number = Date.now()): Promise<void> {
  const list = [...new Set(dates)].filter(Boolean);
  if (!list.length) return;
  const rows = await trx
    .selectFrom(PRESENCE.table)
    .selectAll()
    .where("company_id", "=", companyId)
    .where("user_id", "=", userId)
    .where("presence_date", "in", list)
    .where("clock_in", "is not", null)
    .execute();
  if (!rows.length) return;
  const ids = rows.map((r) => Number(r.id));
  const projectIds = [
    ...new Set(
      rows
        .map((r) => r.project_id)
        .filter((x) => x !== null && x !== undefined)
        .map(Number),
    ),
  ];
  const [breaks, shifts, projects, company] = await Promise.all([
    trx.selectFrom(BREAKS).selectAll().where("company_id", "=", companyId).where("presence_id", "in", ids).execute(),
    trx.selectFrom(SHIFT.table).selectAll().where("company_id", "=", companyId).execute(),
    projectIds.length ? trx.selectFrom(PROJECT.table).select(["id", "time_zone"]).where("id", "in", projectIds).execute() : Promise.resolve([]),
    companyZone(trx, companyId),
  ]);
  const shiftById = new Map(shifts.map((s) => [Number(s.id), shiftTimes(s)]));
  const zones = new Map(projects.map((p) => [Number(p.id), zoneOf(p.time_zone, company)]));
  for (const date of list) {
    const day = rows.filter((r) => String(r.presence_date) === date);
    const changes = restateDay(
      day,
      breaks,
      (id) => (id === null ? null : (shiftById.get(id) ?? null)),
      (r) => (r.project_id === null || r.project_id === undefined ? company : (zones.get(Number(r.project_id)) ?? company)),
    );
    for (const c of changes) {
      await trx
        .updateTable(PRESENCE.table)
        .set({ ...c.values, updated_at: iso(now) })
        .where("id", "=", c.id)
        .execute();
    }
  }
}

/** Whether a person's date is inside one of their approved periods. */
export async function approvedOn(db: Db, companyId: number, userId: number, date: string): Promise<boolean> {
  const row = await db
    .selectFrom(APPROVALS)
    .select("id")
    .where("company_id", "=", companyId)
    .where("user_id", "=", userId)
    .where("status", "=", "approved")
    .where("period_from", "<=", date)
    .where("period_to", ">=", date)
    .executeTakeFirst();
  return !!row;
}

/**
 * An edit of an approved day tried (a correction refused, a capture that came in after the
 * approval): one row per presence, kind and person, its count and latest time; the timesheet
 * flags the day (edit_tried). Bounded: a repeat only counts.
 */
export async function recordEditAttempt(
  db: Db,
  a: { companyId: number; userId: number; presenceId: number; date: string; kind: "correction" | "capture"; by: number },
  now: number = Date.now(),
): Promise<void> {
  const at = iso(now);
  await db
    .insertInto(EDIT_ATTEMPTS)
    .values({ company_id: a.companyId, user_id: a.userId, presence_id: a.presenceId, date: a.date, kind: a.kind, attempted_by: a.by, attempted_at: at, attempts: 1 })
    .onConflict((oc) =>
      oc.columns(["presence_id", "kind", "attempted_by"]).doUpdateSet((eb) => ({ attempted_at: at, date: a.date, attempts: eb("timesheet_edit_attempts.attempts", "+", 1) })),
    )
    .execute();
}
