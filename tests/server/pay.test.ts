// The work calendar and labour cost on the real server (declaration/pay.ts, docs/api.md
// "Timesheet"): a holiday added to the company's list makes a day worked on it holiday overtime
// (another company's list changes nothing), the pay rate and the company's multipliers give each
// day, presence and person a labour cost, answered only to who holds the pay-rate menu (a
// supervisor correcting timesheets sees hours, never wages), and the settings refuse a bad work
// week or multiplier naming the field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { load, wibAt } from "./custom-fixture";
import { person } from "./field-fixture";
import type { FixtureUser, TestEnv } from "./helpers";
import { setupServer } from "./helpers";

const READ = { can_add: false, can_edit: false, can_delete: false };
const EDIT = { can_add: false, can_edit: true, can_delete: false };
/** Monday 17 August 2026 (Independence Day) and Tuesday 18 August. */
const HOLIDAY = "2026-08-17";
const TUESDAY = "2026-08-18";

let env: TestEnv;
let wati: FixtureUser;
let sari: FixtureUser;
const ids: Record<string, number> = {};

beforeAll(async () => {
  env = await setupServer();
  const A = env.companyA;
  const [[typeA]] = await load(env, [["project-type", [{ company_id: A, name: "Gedung" }]]]);
  const [[tower, depot], [shift]] = await load(env, [
    [
      "project",
      [
        { company_id: A, name: "Tower", code: "T1", project_type_id: typeA, start_date: "2026-01-01", end_date: "2026-12-31", time_zone: "Asia/Jakarta" },
        { company_id: A, name: "Depot", code: "D1", project_type_id: typeA, start_date: "2026-01-01", end_date: "2026-12-31", time_zone: "Asia/Jakarta" },
      ],
    ],
    ["shift", [{ company_id: A, name: "Pagi", start_time: "08:00", end_time: "17:00", break_minutes: 60, grace_minutes: 15 }]],
  ]);
  Object.assign(ids, { tower, depot, shift });
  wati = await person(env, A, "Wati Worker", "wati@alpha.test", "worker", { timesheet: READ });
  // The company's timesheets, all of them (row scope company), without the pay-rate menu.
  sari = await person(env, A, "Sari Supervisor", "sari@alpha.test", "supervisor", { timesheet: { ...EDIT, row_scope: "company" } });
  const at = (project: number, date: string, from: [number, number], to: [number, number]) => ({
    company_id: A,
    user_id: wati.id,
    project_id: project,
    shift_id: shift,
    presence_date: date,
    clock_in: wibAt(date, ...from),
    clock_out: wibAt(date, ...to),
    presence_status: "present",
  });
  await load(env, [
    ["user-to-shift", [{ company_id: A, user_id: wati.id, shift_id: shift, start_date: "2026-01-01" }]],
    // The holiday: 8 h at the tower (9 h less the shift's hour of break). Tuesday: 5 h at the tower, then 6 h at the depot (the hour between is the break): 10 h.
    ["presence", [at(tower, HOLIDAY, [8, 0], [17, 0]), at(tower, TUESDAY, [7, 0], [12, 0]), at(depot, TUESDAY, [13, 0], [18, 0])]],
  ]);
});
afterAll(async () => {
  await env?.close();
});

const search = (as: FixtureUser) => env.call(as, "GET", `/api/timesheet/search?from=${HOLIDAY}&to=${TUESDAY}&user_id=${wati.id}`);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const watiOf = (res: { body: any }) => res.body.data.people.find((p: { user_id: number }) => p.user_id === wati.id);

describe("the work calendar", () => {
  it("a holiday in the company's list makes the hours worked on it holiday overtime; another company's list does not", async () => {
    const before = watiOf(await search(env.adminA));
    expect(before.days.map((d: Record<string, unknown>) => [d.date, d.rest_kind, d.regular_minutes, d.overtime_minutes])).toEqual([
      [HOLIDAY, null, 480, 0],
      [TUESDAY, null, 480, 120],
    ]);
    const other = await env.call(env.adminB, "POST", "/api/holiday/add", { date: HOLIDAY, name: "Hari Kemerdekaan" });
    expect(other.status, other.raw).toBe(200);
    expect(watiOf(await search(env.adminA)).days[0].rest_kind).toBeNull();
    const mine = await env.call(env.adminA, "POST", "/api/holiday/add", { date: HOLIDAY, name: "Hari Kemerdekaan" });
    expect(mine.status, mine.raw).toBe(200);
    // The same date twice in one company: refused, naming the field.
    const twice = await env.call(env.adminA, "POST", "/api/holiday/add", { date: HOLIDAY, name: "Again" });
    expect(twice.status).toBe(409);
    expect(Object.keys(twice.body.errors ?? {})).toEqual(["date"]);
    const after = watiOf(await search(env.adminA));
    expect(after.days[0]).toMatchObject({ date: HOLIDAY, rest_kind: "holiday", regular_minutes: 0, overtime_minutes: 480, rest_day_overtime_minutes: 480 });
    expect(after.totals).toMatchObject({ regular_minutes: 480, overtime_minutes: 600, rest_day_overtime_minutes: 480 });
  });

  it("refuses a work week other than 5 or 6 days and a multiplier below 1, naming the field; nothing changes", async () => {
    const bad = await env.call(env.adminA, "PUT", "/api/timesheet/settings", { work_days_per_week: 7, ot_workday_first: 0.5 });
    expect(bad.status, bad.raw).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["ot_workday_first", "work_days_per_week"]);
    expect(watiOf(await search(env.adminA)).days[1].rest_kind).toBeNull();
    expect((await env.call(env.adminA, "GET", `/api/timesheet/search?from=${HOLIDAY}&to=${HOLIDAY}`)).body.data.settings).toMatchObject({
      work_days_per_week: 5,
      ot_workday_first: 1.5,
    });
  });

  it("moves the work week and multipliers only with the pay-rate edit right: a supervisor with the timesheet's may set the thresholds, not pay", async () => {
    const settings = async () => (await env.call(env.adminA, "GET", `/api/timesheet/search?from=${HOLIDAY}&to=${HOLIDAY}`)).body.data.settings;
    const before = await settings();
    for (const body of [{ ot_workday_first: 3 }, { work_days_per_week: 6 }, { overtime_daily_minutes: 420, ot_restday_later: 5 }]) {
      const refused = await env.call(sari, "PUT", "/api/timesheet/settings", body);
      expect(refused.status, refused.raw).toBe(403);
    }
    expect(await settings()).toEqual(before);
    // The same values sent back (a form's whole body) change nothing and pass.
    const same = await env.call(sari, "PUT", "/api/timesheet/settings", { overtime_daily_minutes: before.overtime_daily_minutes, ot_workday_first: before.ot_workday_first });
    expect(same.status, same.raw).toBe(200);
    expect((await env.call(env.adminA, "PUT", "/api/timesheet/settings", { ot_workday_first: 1.5, work_days_per_week: 5 })).status).toBe(200);
  });
});

describe("labour cost", () => {
  it("without a pay rate there is no cost; with one, each day, presence and the person's total, by the statutory multipliers", async () => {
    expect(watiOf(await search(env.adminA)).totals.labour_cost).toBeNull();
    // 5,190,000 a month: 30,000 an hour (1/173).
    const rate = await env.call(env.adminA, "POST", "/api/pay-rate/add", { user_id: wati.id, monthly_wage: 5_190_000 });
    expect(rate.status, rate.raw).toBe(200);
    const p = watiOf(await search(env.adminA));
    expect(p.hourly_wage).toBe(30_000);
    // The holiday's 8 h: 8 x 2 = 16 hours' wage. Tuesday: 8 regular + 1.5 + 2 = 11.5 hours' wage.
    expect(p.days.map((d: { labour_cost: number }) => d.labour_cost)).toEqual([480_000, 345_000]);
    // Tuesday's cost over its two sites by their worked minutes.
    const tuesday = p.days[1].presences.map((x: { project_id: number; worked_minutes: number; labour_cost: number }) => [x.project_id, x.worked_minutes, x.labour_cost]);
    expect(tuesday.map((x: number[]) => x[0])).toEqual([ids.tower, ids.depot]);
    expect(tuesday.reduce((a: number, x: number[]) => a + x[2], 0)).toBe(345_000);
    expect(tuesday.map((x: number[]) => x[2])).toEqual(tuesday.map((x: number[]) => Math.round((345_000 * x[1]) / 600)));
    expect(p.totals.labour_cost).toBe(825_000);
  });

  it("follows the company's multipliers: a first overtime hour at 2x makes Tuesday cost 12 hours' wage", async () => {
    expect((await env.call(env.adminA, "PUT", "/api/timesheet/settings", { ot_workday_first: 2 })).status).toBe(200);
    try {
      expect(watiOf(await search(env.adminA)).days[1].labour_cost).toBe(360_000);
    } finally {
      expect((await env.call(env.adminA, "PUT", "/api/timesheet/settings", { ot_workday_first: 1.5 })).status).toBe(200);
    }
  });

  it("is answered only to who holds the pay-rate menu: a supervisor correcting timesheets sees hours, not wages, and may not read pay rates", async () => {
    const s = await search(sari);
    expect(s.status, s.raw).toBe(200);
    const p = watiOf(s);
    expect(p.days[1].overtime_minutes).toBe(120);
    expect([p.hourly_wage, p.totals.labour_cost, p.days[1].labour_cost, p.days[1].presences[0].labour_cost]).toEqual([null, null, null, null]);
    expect(JSON.stringify(s.body)).not.toContain("345000");
    expect((await env.call(sari, "POST", "/api/pay-rate/search", {})).status).toBe(403);
    // A worker reading their own timesheet: no pay either.
    expect(watiOf(await search(wati)).totals.labour_cost).toBeNull();
  });
});
