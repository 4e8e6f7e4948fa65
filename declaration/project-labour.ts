// A project's field labour (docs/api.md "Labour cost of a project"), pure: the timesheet's days of
// the people who worked at the project (declaration/timesheet-answer.ts sheetDays, the same
// engine, rules and rates as GET timesheet/search) → the project's days, people and totals. Each
// presence carries its share of its person-day's regular and overtime minutes and labour cost (by
// worked minutes): the shares of the presences at the project are the project's. Read by the
// server (server/custom/project-labour.ts) and the web tests' mock (tests/mocks/projectLabour.ts).
import type { ProjectLabourAnswer, ProjectLabourDayAnswer, ProjectLabourPersonAnswer, TimesheetDayAnswer } from "./answers";

export interface LabourPerson {
  userId: number;
  name: string;
  /** Whether the person has a pay rate (null labour_cost on their days means no rate). */
  priced: boolean;
  days: readonly TimesheetDayAnswer[];
}

/** The project's labour over from..to from its people's timesheet days (in one pass over them). */
export function projectLabour(projectId: number, from: string | null, to: string, people: readonly LabourPerson[]): ProjectLabourAnswer {
  const byDate = new Map<string, ProjectLabourDayAnswer>();
  const answerPeople: ProjectLabourPersonAnswer[] = [];
  for (const person of people) {
    const mine: ProjectLabourPersonAnswer = {
      user_id: person.userId,
      name: person.name,
      days_worked: 0,
      worked_minutes: 0,
      regular_minutes: 0,
      overtime_minutes: 0,
      labour_cost: person.priced ? 0 : null,
    };
    for (const d of person.days) {
      let here = false;
      for (const p of d.presences) {
        if (p.project_id !== projectId || p.clock_in === null) continue;
        here = true;
        const day = byDate.get(d.date) ?? { date: d.date, worked_minutes: 0, regular_minutes: 0, overtime_minutes: 0, labour_cost: 0 };
        byDate.set(d.date, day);
        const worked = p.worked_minutes ?? 0;
        const cost = p.labour_cost ?? 0;
        day.worked_minutes += worked;
        day.regular_minutes += p.regular_minutes;
        day.overtime_minutes += p.overtime_minutes;
        day.labour_cost += cost;
        mine.worked_minutes += worked;
        mine.regular_minutes += p.regular_minutes;
        mine.overtime_minutes += p.overtime_minutes;
        if (mine.labour_cost !== null) mine.labour_cost += cost;
      }
      if (here) mine.days_worked++;
    }
    if (mine.days_worked) answerPeople.push(mine);
  }
  const days = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
  const sum = (k: "worked_minutes" | "regular_minutes" | "overtime_minutes" | "labour_cost") => days.reduce((a, d) => a + d[k], 0);
  return {
    project_id: projectId,
    from,
    to,
    worked_minutes: sum("worked_minutes"),
    regular_minutes: sum("regular_minutes"),
    overtime_minutes: sum("overtime_minutes"),
    labour_cost: sum("labour_cost"),
    days,
    people: answerPeople.sort((a, b) => a.name.localeCompare(b.name) || a.user_id - b.user_id),
    unpriced_people: answerPeople.filter((p) => p.labour_cost === null).length,
  };
}
