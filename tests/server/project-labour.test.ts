// A project's field labour on the real server (GET project/labour-cost/{id}, docs/api.md "Labour
// cost of a project"): from the project's first presence to today, by the timesheet's engine and
// rates; a day at two sites splits its cost by worked minutes (the tower gets only its share); a
// person without a pay rate counts 0 and is said so; the figure equals the timesheet's labour at
// the project for the same days; only who may read the project and pay rates gets it (a
// supervisor with projects and timesheets but no pay-rate menu is refused), another company's
// project is 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProjectLabourAnswer, TimesheetPersonAnswer } from "../../declaration/answers";
import { load, wibAt } from "./custom-fixture";
import { person } from "./field-fixture";
import type { FixtureUser, TestEnv } from "./helpers";
import { setupServer } from "./helpers";

const READ = { can_add: false, can_edit: false, can_delete: false };
/** Monday 10 and Tuesday 11 August 2026; and a Wednesday in March, over 62 days before. */
const MONDAY = "2026-08-10";
const TUESDAY = "2026-08-11";
const MARCH = "2026-03-04";

let env: TestEnv;
let wati: FixtureUser;
let budi: FixtureUser;
let sari: FixtureUser;
let pm: FixtureUser;
const ids: Record<string, number> = {};

beforeAll(async () => {
  env = await setupServer();
  const A = env.companyA;
  const B = env.companyB;
  const [[typeA, typeB]] = await load(env, [
    [
      "project-type",
      [
        { company_id: A, name: "Gedung" },
        { company_id: B, name: "FTTH" },
      ],
    ],
  ]);
  const project = (company: number, type: number, name: string, code: string) => ({
    company_id: company,
    name,
    code,
    project_type_id: type,
    start_date: "2026-01-01",
    end_date: "2026-12-31",
    time_zone: "Asia/Jakarta",
  });
  const [[tower, depot, empty, beta], [shift]] = await load(env, [
    ["project", [project(A, typeA, "Tower", "T1"), project(A, typeA, "Depot", "D1"), project(A, typeA, "Empty", "E1"), project(B, typeB, "Beta site", "B1")]],
    ["shift", [{ company_id: A, name: "Pagi", start_time: "08:00", end_time: "17:00", break_minutes: 60, grace_minutes: 15 }]],
  ]);
  Object.assign(ids, { tower, depot, empty, beta, shift });
  wati = await person(env, A, "Wati Worker", "wati@alpha.test", "worker", {});
  budi = await person(env, A, "Budi Worker", "budi@alpha.test", "worker", {});
  // Projects and the company's timesheets, no pay-rate menu.
  sari = await person(env, A, "Sari Supervisor", "sari@alpha.test", "supervisor", { project: READ, timesheet: { ...READ, row_scope: "company" } });
  // Projects and pay rates (view), as the demo's project managers.
  pm = await person(env, A, "Putu Manager", "putu@alpha.test", "manager", { project: READ, "pay-rate": READ, timesheet: { ...READ, row_scope: "company" } });
  const at = (who: FixtureUser, project: number, date: string, from: [number, number], to: [number, number]) => ({
    company_id: A,
    user_id: who.id,
    project_id: project,
    shift_id: shift,
    presence_date: date,
    clock_in: wibAt(date, ...from),
    clock_out: wibAt(date, ...to),
    presence_status: "present",
  });
  await load(env, [
    [
      "user-to-shift",
      [
        { company_id: A, user_id: wati.id, shift_id: shift, start_date: "2026-01-01" },
        { company_id: A, user_id: budi.id, shift_id: shift, start_date: "2026-01-01" },
      ],
    ],
    [
      "presence",
      [
        // March: 8 h at the tower (9 h less the shift's hour of break).
        at(wati, tower, MARCH, [8, 0], [17, 0]),
        // Monday: 10 h at the tower (11 h less the break): 8 regular, 2 overtime.
        at(wati, tower, MONDAY, [7, 0], [18, 0]),
        // Tuesday: 5 h at the tower, then 5 h at the depot (the hour between is the break): 10 h.
        at(wati, tower, TUESDAY, [7, 0], [12, 0]),
        at(wati, depot, TUESDAY, [13, 0], [18, 0]),
        // Budi has no pay rate.
        at(budi, tower, MONDAY, [8, 0], [17, 0]),
      ],
    ],
  ]);
  // 5,190,000 a month: 30,000 an hour (1/173).
  const rate = await env.call(env.adminA, "POST", "/api/pay-rate/add", { user_id: wati.id, monthly_wage: 5_190_000 });
  expect(rate.status, rate.raw).toBe(200);
});
afterAll(async () => {
  await env?.close();
});

const labour = (as: FixtureUser, project: number | string) => env.call(as, "GET", `/api/project/labour-cost/${project}`);

describe("project labour-cost/{id}", () => {
  it("counts the project's labour from its first presence to today, a shared day's cost by worked minutes, a person without a pay rate at 0 and said so", async () => {
    const res = await labour(pm, ids.tower);
    expect(res.status, res.raw).toBe(200);
    const a = res.body.data as ProjectLabourAnswer;
    expect(a.project_id).toBe(ids.tower);
    expect(a.from).toBe(MARCH);
    expect(a.to >= TUESDAY).toBe(true);
    // March 8 h: 240,000. Monday 8 + 1.5 + 2 = 11.5 h: 345,000. Tuesday 11.5 h over 300 + 300
    // worked minutes: half at the tower, 172,500.
    expect(a.days.map((d) => [d.date, d.worked_minutes, d.regular_minutes, d.overtime_minutes, d.labour_cost])).toEqual([
      [MARCH, 480, 480, 0, 240_000],
      [MONDAY, 600 + 480, 480 + 480, 120, 345_000],
      [TUESDAY, 300, 240, 60, 172_500],
    ]);
    expect(a.labour_cost).toBe(240_000 + 345_000 + 172_500);
    expect([a.worked_minutes, a.regular_minutes, a.overtime_minutes]).toEqual([1860, 1680, 180]);
    expect(a.people.map((p) => [p.name, p.days_worked, p.worked_minutes, p.labour_cost])).toEqual([
      ["Budi Worker", 1, 480, null],
      ["Wati Worker", 3, 1380, 757_500],
    ]);
    expect(a.unpriced_people).toBe(1);
  });

  it("equals the timesheet's labour cost of the presences at the project, for the same days", async () => {
    const a = (await labour(env.adminA, ids.tower)).body.data as ProjectLabourAnswer;
    const sheet = await env.call(env.adminA, "GET", `/api/timesheet/search?from=${MONDAY}&to=${TUESDAY}`);
    expect(sheet.status, sheet.raw).toBe(200);
    const byDay = new Map<string, number>();
    for (const p of sheet.body.data.people as TimesheetPersonAnswer[])
      for (const d of p.days) for (const x of d.presences) if (x.project_id === ids.tower) byDay.set(d.date, (byDay.get(d.date) ?? 0) + (x.labour_cost ?? 0));
    expect(a.days.filter((d) => d.date >= MONDAY).map((d) => [d.date, d.labour_cost])).toEqual([...byDay].sort());
    // The depot has Tuesday's other half.
    const depot = (await labour(env.adminA, ids.depot)).body.data as ProjectLabourAnswer;
    expect(depot.days.map((d) => [d.date, d.labour_cost])).toEqual([[TUESDAY, 172_500]]);
    expect(depot.from).toBe(TUESDAY);
  });

  it("answers a project nobody has clocked in at with no days", async () => {
    const res = await labour(pm, ids.empty);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ from: null, labour_cost: 0, worked_minutes: 0, days: [], people: [], unpriced_people: 0 });
  });

  it("refuses who may not read pay rates (403), another company's project and an unknown id (404)", async () => {
    expect((await labour(sari, ids.tower)).status).toBe(403);
    expect((await labour(wati, ids.tower)).status).toBe(403);
    expect((await labour(env.adminB, ids.tower)).status).toBe(404);
    expect((await labour(env.adminA, ids.beta)).status).toBe(404);
    expect((await labour(env.adminA, 999_999)).status).toBe(404);
    expect((await labour(env.adminA, "x")).status).toBe(404);
  });
});
