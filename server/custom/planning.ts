// Planning lists:
// - human-resource GET list-assign-activity/{activity_id}: the staff of the activity's project
//   (user-to-proyek, active, and project-participants), plus anyone already on the activity,
//   each with `assigned` and the user-to-activity row id (`user_to_activity_id`, what
//   user-to-activity/delete/{id} takes);
// - issue GET list-by-project?project_id= and list-by-gantt?version_gantt_id=, assign-material
//   GET list-by-activity?activity_id=: the generic query-string list, but the parameter is
//   required (400 without it: a list of everything is not what these screens ask) and must be
//   a record of the actor's company (404 otherwise, as a path parameter would be).
import { resourceByName, type ResolvedResource, type ResourceName } from "../../declaration";
import { activityStaffAnswer, activityStaffIds } from "../../declaration/activity-staff";
import type { AnswerRecord } from "../../declaration/answers";
import { eq, inList } from "../db/conditions";
import { ok, type Answer } from "../http/envelope";
import { badRequest, notFound } from "../http/errors";
import type { RecordStore } from "../records/store";
import { registerCustom } from "../routes/custom-registry";
import type { OpContext } from "../routes/context";

const HR = resourceByName("human-resource");
const ACTIVITY = resourceByName("activity");
const MEMBERS = resourceByName("user-to-proyek");
const PARTICIPANTS = resourceByName("project-participants");
const ASSIGNED = resourceByName("user-to-activity");

const CHUNK = 500;

/** Users by id (present, with labels), in chunks. */
async function usersByIds(store: RecordStore, ids: number[]) {
  const rows = [];
  for (let i = 0; i < ids.length; i += CHUNK) rows.push(...(await store.rows(HR, [inList("id", ids.slice(i, i + CHUNK))])));
  return store.present(HR, rows);
}

registerCustom("human-resource", "listAssignActivity", async (ctx) => {
  await ctx.authorize("read", ACTIVITY);
  const activity = await ctx.store.findOne(ACTIVITY, ctx.store.matchParams(ACTIVITY, { id: ctx.params.activity_id }));
  if (!activity) throw notFound();
  const projectId = Number(activity.project_id);
  const members = await ctx.store.rows(MEMBERS, [eq("project_id", projectId)]);
  const participants = await ctx.store.rows(PARTICIPANTS, [eq("project_id", projectId)]);
  const assigned = await ctx.store.rows(ASSIGNED, [eq("activity_id", Number(activity.id))]);
  const { ids, assignment } = activityStaffIds(members, participants, assigned);
  return activityStaffAnswer(await usersByIds(ctx.store, ids), assignment);
});

/** A generic list filtered by one required query parameter naming a record of the company. */
function listByParent(resource: ResourceName, op: string, param: string, parent: ResolvedResource) {
  const r = resourceByName(resource);
  // The list-by-X answers of declaration/answers.ts (records).
  registerCustom(resource, op, async (ctx: OpContext): Promise<Answer<AnswerRecord[]>> => {
    const raw = ctx.query[param];
    if (raw === undefined || raw === "" || Array.isArray(raw)) throw badRequest({ [param]: { key: "required" } });
    const found = await ctx.store.findOne(parent, ctx.store.matchParams(parent, { id: raw }));
    if (!found) throw notFound();
    const res = await ctx.store.list(r, ctx.query);
    return ok(res.data, res.message ? { message: res.message } : {});
  });
}

listByParent("issue", "listByProject", "project_id", resourceByName("project"));
listByParent("issue", "listByGantt", "version_gantt_id", resourceByName("version-gantt"));
listByParent("assign-material", "listByActivity", "activity_id", ACTIVITY);
