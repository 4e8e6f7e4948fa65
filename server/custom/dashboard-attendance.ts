// presence GET attendance-today (the home dashboard's attendance card): the presence rows the
// actor may see (tenancy and the row rule) dated today on their own site's day, the project's
// zone, else the company's, counted by presence_status, and those clocked in outside the work
// area (work_area_in "outside"). Approved leave, sick and permission permits covering the
// company's today count as the timesheet counts them: a person with such a permit and no
// presence row today is on leave (sick for a sick permit), and an `absent` row of theirs counts
// there instead of absent.
import { resourceByName } from "../../declaration";
import type { AttendanceToday } from "../../declaration/answers";
import { LEAVE_PERMIT_TYPES } from "../../declaration/timesheet-answer";
import { eq, inList, whereAll } from "../db/conditions";
import { companyZone, projectZone } from "../field/capture";
import { localParts, zoneOf } from "../field/zones";
import { registerCustom } from "../routes/custom-registry";

const PRESENCE = resourceByName("presence");
const PROJECT = resourceByName("project");
const PERMIT = resourceByName("permit");
const STATUSES = ["present", "late", "absent", "leave", "sick"] as const;

registerCustom("presence", "attendanceToday", async (ctx) => {
  const now = Date.now();
  const company = ctx.actor.companyId === null ? zoneOf() : await companyZone(ctx.db, ctx.actor.companyId);
  const companyDay = localParts(now, company).date;
  const dayOf = new Map<number, string>();
  for (const p of await ctx.store.rows(PROJECT, [])) dayOf.set(Number(p.id), localParts(now, projectZone(p, company)).date);
  const dates = [...new Set([companyDay, ...dayOf.values()])];
  const rows = await whereAll(ctx.db.selectFrom(PRESENCE.table!).select(["user_id", "project_id", "presence_date", "presence_status", "work_area_in"]), [
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
  const answer: AttendanceToday = { present: 0, late: 0, absent: 0, leave: 0, sick: 0, outside: 0 };
  const seen = new Set<number>();
  for (const r of rows) {
    const day = r.project_id === null ? companyDay : (dayOf.get(Number(r.project_id)) ?? companyDay);
    if (String(r.presence_date) !== day) continue;
    const user = Number(r.user_id);
    seen.add(user);
    const status = String(r.presence_status);
    const counted = status === "absent" ? (onLeave.get(user) ?? status) : status;
    if ((STATUSES as readonly string[]).includes(counted)) answer[counted as (typeof STATUSES)[number]] += 1;
    if (r.work_area_in === "outside") answer.outside += 1;
  }
  for (const [user, type] of onLeave) if (!seen.has(user)) answer[type] += 1;
  return answer;
});
