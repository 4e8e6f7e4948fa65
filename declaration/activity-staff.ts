// human-resource list-assign-activity/{activity_id} (docs/api.md), pure: the staff of the
// activity's project (active memberships and participants) plus anyone already on the activity,
// each with `assigned` and the user-to-activity row id. One computation for the server
// (server/custom/planning.ts, which reads the rows) and the web tests' contract mock
// (tests/mocks/activityStaff.ts).
import type { AnswerRecord, AssignableUser } from "./answers";

type Row = Readonly<Record<string, unknown>>;

/** Who may work on the activity: the ids of the users to read, and each assigned one's user-to-activity row id. */
export function activityStaffIds(members: readonly Row[], participants: readonly Row[], assigned: readonly Row[]): { ids: number[]; assignment: Map<number, number> } {
  const assignment = new Map<number, number>(assigned.map((a) => [Number(a.user_id), Number(a.id)]));
  const ids = new Set<number>();
  // A membership switched off no longer offers the user, unless they are already on the task.
  for (const m of members) if (m.is_active === null || m.is_active === undefined || Number(m.is_active) !== 0) ids.add(Number(m.user_id));
  for (const p of participants) ids.add(Number(p.user_id));
  for (const id of assignment.keys()) ids.add(id);
  return { ids: [...ids], assignment };
}

/** The users (answered records) in name order, then id, each with whether and by which row they are on the activity. */
export const activityStaffAnswer = (users: readonly AnswerRecord[], assignment: ReadonlyMap<number, number>): AssignableUser[] =>
  [...users]
    .sort((a, b) => String(a.name).localeCompare(String(b.name)) || Number(a.id) - Number(b.id))
    .map((u) => {
      const row = assignment.get(Number(u.id));
      return { ...u, assigned: row !== undefined, user_to_activity_id: row ?? null };
    });
