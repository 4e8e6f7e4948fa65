// presence GET attendance-today (the home dashboard's attendance card): the company's people the
// actor may see on presence (its row scope: own, their projects' people, or all), active ones and
// anyone with a presence around today, counted from the timesheet's days (server/custom/timesheet.ts
// timesheetDaysOf, the engine of GET timesheet/search) by server/field/attendance.ts: present,
// late, on leave or sick, absent (the timesheet's absent, and scheduled once the shift has begun)
// and clocked in outside a work area, each day on its own site's clock. The days read are the
// company's yesterday to tomorrow: a site in another zone may be a day ahead or behind.
import { resourceByName } from "../../declaration";
import { addDays } from "../../declaration/timesheet";
import { USERS } from "../access/identity";
import { countAttendance } from "../field/attendance";
import { companyZone } from "../field/capture";
import { localParts } from "../field/zones";
import { registerCustom } from "../routes/custom-registry";
import { timesheetDaysOf } from "./timesheet";

const PRESENCE = resourceByName("presence");
const PERMIT = resourceByName("permit");

const isActive = (v: unknown) => v === null || v === undefined || v === true || Number(v) !== 0;

registerCustom("presence", "attendanceToday", async (ctx) => {
  const none = { present: 0, late: 0, absent: 0, leave: 0, sick: 0, outside: 0 };
  const companyId = ctx.actor.companyId;
  if (companyId === null) return none;
  const now = Date.now();
  const companyDay = localParts(now, await companyZone(ctx.db, companyId)).date;
  const from = addDays(companyDay, -1);
  const to = addDays(companyDay, 1);
  const visible = await ctx.store.people(PRESENCE);
  if (visible && !visible.length) return none;
  let staffQuery = ctx.db.selectFrom(USERS.table).select(["id", "is_active"]).where("company_id", "=", companyId);
  if (visible) staffQuery = staffQuery.where("id", "in", visible);
  const staff = await staffQuery.execute();
  const withPresence = new Set(
    (
      await ctx.db
        .selectFrom(PRESENCE.table)
        .select("user_id")
        .distinct()
        .where("company_id", "=", companyId)
        .where("presence_date", ">=", from)
        .where("presence_date", "<=", to)
        .execute()
    ).map((r) => Number(r.user_id)),
  );
  const ids = staff.filter((s) => isActive(s.is_active) || withPresence.has(Number(s.id))).map((s) => Number(s.id));
  const days = await timesheetDaysOf(ctx, companyId, ids, from, to);
  // Approved sick permits covering the company's today: a leave day of theirs is a sick day.
  const sickRows = ids.length
    ? await ctx.db
        .selectFrom(PERMIT.table)
        .select(["user_id", "absent_date", "end_date"])
        .where("company_id", "=", companyId)
        .where("status", "=", "approved")
        .where("permit_type", "=", "sick")
        .where("absent_date", "<=", companyDay)
        .execute()
    : [];
  const sick = new Set(sickRows.filter((p) => String(p.end_date ?? p.absent_date) >= companyDay).map((p) => Number(p.user_id)));
  return countAttendance(
    ids.map((userId) => ({ userId, days: days.get(userId) ?? [] })),
    now,
    sick,
  );
});
