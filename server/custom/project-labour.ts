// GET project/labour-cost/{id} (docs/api.md "Labour cost of a project"): a project's field labour
// from its first presence to today, by the timesheet's own engine, rules and rates (sheetOf in
// ./timesheet, the days GET timesheet/search answers), a presence's share of its person-day going
// to the presence's project (declaration/project-labour.ts). Declared with the pay-rate read right
// too (declaration/resources/projects.ts). Reads: the project (company-scoped, else 404), one
// grouped query for the people who clocked in there and their first day, their names, then the
// timesheet's one query per table over the range for those people (their presences at other
// sites too: a day's overtime and cost depend on the whole day and week).
import { sql } from "kysely";
import { resourceByName } from "../../declaration";
import type { ProjectLabourAnswer } from "../../declaration/answers";
import { projectLabour } from "../../declaration/project-labour";
import { USERS } from "../access/identity";
import { notFound } from "../http/errors";
import { dayjs } from "../field/zones";
import { registerCustom } from "../routes/custom-registry";
import { settingsOf, sheetOf } from "./timesheet";

const PROJECT = resourceByName("project");
const PRESENCE = resourceByName("presence");

registerCustom("project", "labourCost", async (ctx): Promise<ProjectLabourAnswer> => {
  const companyId = ctx.actor.companyId;
  if (companyId === null || companyId === undefined) throw notFound();
  const project = await ctx.store.findOne(PROJECT, ctx.store.matchParams(PROJECT, ctx.params));
  if (!project) throw notFound();
  const projectId = Number(project.id);
  const firsts = await ctx.db
    .selectFrom(PRESENCE.table)
    .select(["user_id", sql<string>`min(presence_date)`.as("first")])
    .where("company_id", "=", companyId)
    .where("project_id", "=", projectId)
    .where("clock_in", "is not", null)
    .where("presence_date", "is not", null)
    .groupBy("user_id")
    .execute();
  const ids = firsts.map((r) => Number(r.user_id));
  const today = dayjs()
    .tz((await settingsOf(ctx.db, companyId)).answer.time_zone)
    .format("YYYY-MM-DD");
  if (!ids.length) return projectLabour(projectId, null, today, []);
  const from = firsts.map((r) => String(r.first).slice(0, 10)).sort()[0];
  // A presence dated ahead of today (a night shift's, a zone ahead) is counted too.
  const to = today < from ? from : today;
  const [sheet, names] = await Promise.all([
    sheetOf(ctx, companyId, ids, from, to),
    ctx.db.selectFrom(USERS.table).select(["id", "name"]).where("company_id", "=", companyId).where("id", "in", ids).execute(),
  ]);
  const nameOf = new Map(names.map((u) => [Number(u.id), String(u.name ?? "")]));
  return projectLabour(
    projectId,
    from,
    to,
    ids.map((id) => {
      const person = sheet.people.get(id)!;
      return { userId: id, name: nameOf.get(id) ?? "", priced: person.hourlyWage !== null, days: person.days };
    }),
  );
});
