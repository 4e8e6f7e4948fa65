// presence GET attendance-today (the home dashboard's attendance card): the presence rows the
// actor may see (tenancy and the row rule) dated today on their own site's day, the project's
// zone, else the company's, counted per person (server/field/attendance.ts: a person at several
// sites today counts once, by their first clock-in), and those who clocked in outside a work
// area (work_area_in "outside"). Approved leave, sick and permission permits covering the
// company's today count as the timesheet counts them: a person with such a permit and no
// presence row today is on leave (sick for a sick permit), and an `absent` row of theirs counts
// there instead of absent.
import { resourceByName } from "../../declaration";
import { LEAVE_PERMIT_TYPES } from "../../declaration/timesheet-answer";
import { eq, inList, whereAll } from "../db/conditions";
import { countAttendance } from "../field/attendance";
import { companyZone, projectZone } from "../field/capture";
import { localParts, zoneOf } from "../field/zones";
import { registerCustom } from "../routes/custom-registry";

const PRESENCE = resourceByName("presence");
const PROJECT = resourceByName("project");
const PERMIT = resourceByName("permit");

registerCustom("presence", "attendanceToday", async (ctx) => {
  const now = Date.now();
  const company = ctx.actor.companyId === null ? zoneOf() : await companyZone(ctx.db, ctx.actor.companyId);
  const companyDay = localParts(now, company).date;
  const dayOf = new Map<number, string>();
  for (const p of await ctx.store.rows(PROJECT, [])) dayOf.set(Number(p.id), localParts(now, projectZone(p, company)).date);
  const dates = [...new Set([companyDay, ...dayOf.values()])];
  const rows = await whereAll(ctx.db.selectFrom(PRESENCE.table!).select(["id", "user_id", "project_id", "presence_date", "presence_status", "work_area_in", "clock_in"]), [
    ...(await ctx.store.visibility(PRESENCE)).conds,
    inList("presence_date", dates),
  ]).execute();
  // Approved leave of today (the company's day: leave is not tied to a site): each person's type.
  const permits = await whereAll(ctx.db.selectFrom(PERMIT.table!).select(["user_id", "permit_type", "absent_date", "end_date"]), [
    ...(await ctx.store.visibility(PERMIT)).conds,
    eq("status", "approved"),
    inList("permit_type", [...LEAVE_PERMIT_TYPES]),
  ])
    .where("absent_date", "<=", companyDay)
    .execute();
  const onLeave = new Map<number, "leave" | "sick">();
  for (const p of permits) {
    const end = p.end_date === null || p.end_date === undefined ? String(p.absent_date) : String(p.end_date);
    if (end >= companyDay) onLeave.set(Number(p.user_id), p.permit_type === "sick" ? "sick" : "leave");
  }
  // Each row on its own site's day.
  const today = rows.filter((r) => String(r.presence_date) === (r.project_id === null ? companyDay : (dayOf.get(Number(r.project_id)) ?? companyDay)));
  return countAttendance(today, onLeave);
});
