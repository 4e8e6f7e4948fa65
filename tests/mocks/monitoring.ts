// waypoint-monitoring POST {user_id}/search as server/custom/monitoring-map.ts answers it: the
// person's waypoints by the server's own search body (server/records/user-waypoints.ts) over the
// mock's rows; a person the actor may not see (the row rule) is 404.
import { resourceByName } from "../../declaration";
import { notFound } from "../../server/http/errors";
import { userWaypointOf, userWaypointSearch } from "../../server/records/user-waypoints";
import { MockAnswer, type MockContext } from "./context";
import { answer } from "./generic";
import { peopleInScope } from "./rowScope";
import { searchRows } from "./search";

const HR = resourceByName("human-resource");
const WAYPOINT = resourceByName("waypoint");
const WAYPOINT_MONITORING = resourceByName("waypoint-monitoring");

export function mockUserWaypoints(c: MockContext): MockAnswer {
  const user = c.rowsOf(HR).find((u) => String(u.id) === c.params.user_id);
  const visible = peopleInScope(WAYPOINT_MONITORING, c.db, c.actor, c.rowScopes);
  if (!user || (visible && !visible.includes(Number(user.id)))) throw notFound();
  const found = searchRows(WAYPOINT, c.rowsOf(WAYPOINT), userWaypointSearch(c.payload, Number(user.id)), c.lang);
  return new MockAnswer(
    found.rows.map((w) => userWaypointOf(answer(WAYPOINT, w, c.db))),
    { ...(found.message ? { message: found.message } : {}), recordsTotal: found.recordsTotal, recordsFiltered: found.recordsFiltered },
  );
}
