// presence GET attendance-today (the home dashboard's attendance card): the presence rows the
// actor may see (tenancy and the row rule) dated today on their own site's day, the project's
// zone, else the company's, counted by presence_status, and those clocked in outside the work
// area (work_area_in "outside"). One grouped query over the few dates "today" can be anywhere.
import { sql } from "kysely";
import { resourceByName } from "../../declaration";
import type { AttendanceToday } from "../../declaration/answers";
import { inList, whereAll } from "../db/conditions";
import { companyZone, projectZone } from "../field/capture";
import { localParts, zoneOf } from "../field/zones";
import { registerCustom } from "../routes/custom-registry";

const PRESENCE = resourceByName("presence");
const PROJECT = resourceByName("project");
const STATUSES = ["present", "late", "absent", "leave", "sick"] as const;

registerCustom("presence", "attendanceToday", async (ctx) => {
  const now = Date.now();
  const company = ctx.actor.companyId === null ? zoneOf() : await companyZone(ctx.db, ctx.actor.companyId);
  const companyDay = localParts(now, company).date;
  const dayOf = new Map<number, string>();
  for (const p of await ctx.store.rows(PROJECT, [])) dayOf.set(Number(p.id), localParts(now, projectZone(p, company)).date);
  const dates = [...new Set([companyDay, ...dayOf.values()])];
  const groups = await whereAll(
    ctx.db
      .selectFrom(PRESENCE.table!)
      .select((eb) => [
        sql.ref("project_id").as("p"),
        sql.ref("presence_date").as("d"),
        sql.ref("presence_status").as("s"),
        sql.ref("work_area_in").as("w"),
        eb.fn.countAll<number>().as("n"),
      ]),
    [...(await ctx.store.visibility(PRESENCE)).conds, inList("presence_date", dates)],
  )
    .groupBy(["project_id", "presence_date", "presence_status", "work_area_in"])
    .execute();
  const answer: AttendanceToday = { present: 0, late: 0, absent: 0, leave: 0, sick: 0, outside: 0 };
  for (const g of groups) {
    const day = g.p === null ? companyDay : (dayOf.get(Number(g.p)) ?? companyDay);
    if (String(g.d) !== day) continue;
    const n = Number(g.n);
    if ((STATUSES as readonly string[]).includes(String(g.s))) answer[g.s as (typeof STATUSES)[number]] += n;
    if (g.w === "outside") answer.outside += n;
  }
  return answer;
});
