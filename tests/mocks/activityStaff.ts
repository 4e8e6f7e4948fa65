// human-resource list-assign-activity/{activity_id} as server/custom/planning.ts answers it: the
// same computation (declaration/activity-staff.ts) over the mock's rows the actor sees; the
// activity is the actor's to read (403) and to see (404).
import { resourceByName } from "../../declaration";
import { activityStaffAnswer, activityStaffIds } from "../../declaration/activity-staff";
import { HttpError, notFound } from "../../server/http/errors";
import type { MockContext } from "./context";
import { answer } from "./generic";

const HR = resourceByName("human-resource");
const ACTIVITY = resourceByName("activity");
const MEMBERS = resourceByName("user-to-proyek");
const PARTICIPANTS = resourceByName("project-participants");
const ASSIGNED = resourceByName("user-to-activity");

export function mockActivityStaff(c: MockContext) {
  if (!c.holds({ menu: ACTIVITY.access, action: "read" })) throw new HttpError(403, "forbidden");
  const activity = c.rowsOf(ACTIVITY).find((a) => String(a.id) === c.params.activity_id);
  if (!activity) throw notFound();
  const ofProject = (r: typeof MEMBERS | typeof PARTICIPANTS) => c.rowsOf(r).filter((x) => Number(x.project_id) === Number(activity.project_id));
  const { ids, assignment } = activityStaffIds(
    ofProject(MEMBERS),
    ofProject(PARTICIPANTS),
    c.rowsOf(ASSIGNED).filter((a) => Number(a.activity_id) === Number(activity.id)),
  );
  const wanted = new Set(ids);
  return activityStaffAnswer(
    c
      .rowsOf(HR)
      .filter((u) => wanted.has(Number(u.id)))
      .map((u) => answer(HR, u, c.db)),
    assignment,
  );
}
