// Today's attendance counted per person (presence attendance-today, the home dashboard's card)
// from the timesheet's days (declaration/timesheet-answer.ts sheetDays, the engine GET
// timesheet/search answers with), pure so the contract mock (tests/mocks/field.ts) counts the
// same way. A person's "today" is each of their days whose date is today on that day's own clock
// (its site's zone, else the company's): a person at a site east of the date line may have two.
// - worked (a clock-in): late when the timesheet says the day was late, else present; the day
//   with the earliest clock-in decides for a person with two; outside when any of those clock-ins
//   was outside its work area;
// - else leave (an approved leave, sick or permission permit, or a presence saying leave or
//   sick): sick for a sick permit or a presence saying sick, else leave;
// - else absent: the timesheet's absent (the shift ended without a clock-in, or a presence saying
//   absent), and scheduled once the shift has begun (the person is due and not in);
// - else not counted (a day off, or a shift still to begin).
import type { AttendanceToday, TimesheetDayAnswer } from "../../declaration/answers";
import { instantOn } from "../../declaration/timesheet";
import { localParts } from "./zones";

/** The instant a day's first clock-in was made; +Infinity without one. */
const firstIn = (d: TimesheetDayAnswer): number => Math.min(...d.presences.map((p) => (p.clock_in ? Date.parse(p.clock_in) : Number.POSITIVE_INFINITY)), Number.POSITIVE_INFINITY);

/** Whether the day's shift has begun at `now` (on the day's clock). */
const shiftBegun = (d: TimesheetDayAnswer, now: number): boolean => !!d.shift && instantOn(d.date, d.shift.start_time, d.zone) <= now;

/**
 * Counts each person's days that are today at `now` (their days around today, from the timesheet
 * engine); `sick`: the people with an approved sick permit covering today.
 */
export function countAttendance(people: Iterable<{ userId: number; days: readonly TimesheetDayAnswer[] }>, now: number, sick: ReadonlySet<number>): AttendanceToday {
  const answer: AttendanceToday = { present: 0, late: 0, absent: 0, leave: 0, sick: 0, outside: 0 };
  for (const { userId, days } of people) {
    const today = days.filter((d) => d.date === localParts(now, d.zone).date);
    const worked = today.filter((d) => d.kind === "worked").sort((a, b) => firstIn(a) - firstIn(b));
    if (worked.length) {
      answer[worked[0].late ? "late" : "present"] += 1;
      if (worked.some((d) => d.presences.some((p) => p.clock_in !== null && p.clock_in_inside === false))) answer.outside += 1;
    } else if (today.some((d) => d.kind === "leave")) {
      const saysSick = today.some((d) => d.presences.some((p) => p.presence_status === "sick"));
      answer[sick.has(userId) || saysSick ? "sick" : "leave"] += 1;
    } else if (today.some((d) => d.kind === "absent" || (d.kind === "scheduled" && shiftBegun(d, now)))) answer.absent += 1;
  }
  return answer;
}
