// Today's attendance counted per person (presence attendance-today, the home dashboard's card),
// pure so the contract mock (tests/mocks/field.ts) counts the same way: a person who clocked in
// at several sites today counts once, by their day's first presence (late or present), and once
// in `outside` when any of today's clock-ins was outside its work area. A person with approved
// leave and no presence today counts in leave (sick for a sick permit), and their `absent` row
// there instead of absent.
import type { AttendanceToday } from "../../declaration/answers";

const STATUSES = ["present", "late", "absent", "leave", "sick"] as const;

export interface AttendanceRow {
  user_id: unknown;
  presence_status: unknown;
  work_area_in: unknown;
  clock_in: unknown;
  id?: unknown;
}

/** Counts `rows` (today's presence rows on each one's own site's day) with each person's approved leave of today. */
export function countAttendance(rows: readonly AttendanceRow[], onLeave: ReadonlyMap<number, "leave" | "sick">): AttendanceToday {
  const answer: AttendanceToday = { present: 0, late: 0, absent: 0, leave: 0, sick: 0, outside: 0 };
  const byPerson = new Map<number, AttendanceRow[]>();
  for (const r of rows) {
    const list = byPerson.get(Number(r.user_id)) ?? [];
    list.push(r);
    byPerson.set(Number(r.user_id), list);
  }
  const at = (r: AttendanceRow) => (r.clock_in === null || r.clock_in === undefined ? Number.POSITIVE_INFINITY : Date.parse(String(r.clock_in)));
  for (const [user, list] of byPerson) {
    // The day's first clock-in decides (a row without one, e.g. an absence recorded ahead, last).
    const first = [...list].sort((a, b) => at(a) - at(b) || Number(a.id ?? 0) - Number(b.id ?? 0))[0];
    const status = String(first.presence_status);
    const counted = status === "absent" ? (onLeave.get(user) ?? status) : status;
    if ((STATUSES as readonly string[]).includes(counted)) answer[counted as (typeof STATUSES)[number]] += 1;
    if (list.some((r) => r.work_area_in === "outside")) answer.outside += 1;
  }
  for (const [user, type] of onLeave) if (!byPerson.has(user)) answer[type] += 1;
  return answer;
}
