// Labour cost benchmark: a project's labour (GET project/labour-cost/{id}) over a year for 50
// people computes every person's timesheet days from the project's first presence to today
// (declaration/timesheet-answer.ts sheetDays, the timesheet's own engine) and sums the presences
// at the project (declaration/project-labour.ts). This times that computation, the part that grows
// with the range (the reads are one query per table): 50 people × 365 days, one presence a work
// day (every seventh at another site), a shift with a break, daily and weekly overtime, pay rates.
// Prints the CPU time of each run and its median against the budget; exit code 1 on a FAIL.
// Usage: npm run bench:labour [-- --runs 5]
import { addDays } from "../declaration/timesheet";
import { sheetDays } from "../declaration/timesheet-answer";
import { projectLabour } from "../declaration/project-labour";
import { STATUTORY_MULTIPLIERS } from "../declaration/pay";

const PEOPLE = 50;
const DAYS = 365;
const BUDGET_MS = 1000;
const RUNS = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 5;
const TOWER = 1;
const DEPOT = 2;

const today = new Date().toISOString().slice(0, 10);
const from = addDays(today, -DAYS);
/** 08:00 + h on a date in Jakarta (UTC+7), as an instant. */
const wib = (date: string, h: number) => new Date(Date.parse(`${date}T00:00:00Z`) + (h - 7) * 3_600_000).toISOString();
const presences: Record<string, unknown>[] = [];
for (let u = 1; u <= PEOPLE; u++)
  for (let k = DAYS; k >= 1; k--) {
    const date = addDays(today, -k);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday === 0) continue;
    presences.push({
      id: presences.length + 1,
      user_id: u,
      project_id: k % 7 === 0 ? DEPOT : TOWER,
      shift_id: 1,
      presence_date: date,
      clock_in: wib(date, 8),
      clock_out: wib(date, 18 + (u % 3)),
      presence_status: "present",
    });
  }
const ids = Array.from({ length: PEOPLE }, (_, i) => i + 1);

function run() {
  const people = sheetDays(
    {
      from,
      to: today,
      now: Date.now(),
      rule: { dailyMinutes: 480, weeklyMinutes: 2400 },
      companyZone: "Asia/Jakarta",
      projectZone: () => "Asia/Jakarta",
      presences,
      shifts: [{ id: 1, name: "Pagi", start_time: "08:00", end_time: "17:00", grace_minutes: 15, break_minutes: 60 }],
      assignments: ids.map((u) => ({ id: u, user_id: u, shift_id: 1, start_date: from, end_date: null })),
      corrections: [],
      approvals: [],
      names: new Map(),
      pay: { multipliers: STATUTORY_MULTIPLIERS, hourlyOf: (u) => (u % 10 === 0 ? null : 30_000) },
    },
    ids,
  );
  return projectLabour(
    TOWER,
    from,
    today,
    ids.map((u) => ({ userId: u, name: `W${u}`, priced: people.get(u)!.hourlyWage !== null, days: people.get(u)!.days })),
  );
}

const times: number[] = [];
let answer = run();
for (let i = 0; i < RUNS; i++) {
  const before = process.cpuUsage();
  answer = run();
  const used = process.cpuUsage(before);
  times.push((used.user + used.system) / 1000);
}
const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
console.log(`${PEOPLE} people × ${DAYS} days, ${presences.length} presences; project days ${answer.days.length}, labour ${answer.labour_cost}, unpriced ${answer.unpriced_people}`);
console.log(`CPU per run (ms): ${times.map((t) => Math.round(t)).join(", ")}; median ${Math.round(median)} (budget ${BUDGET_MS})`);
console.log(median <= BUDGET_MS ? "PASS" : "FAIL");
process.exit(median <= BUDGET_MS ? 0 : 1);
