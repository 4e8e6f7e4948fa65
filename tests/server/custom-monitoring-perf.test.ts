// The monitoring calls on a demo-sized track table: 300k waypoints (60 workers, a week, a point
// every 30 s for six hours a day). Each answers in a few statements whatever the number of
// workers (an N+1 would send one or more per worker); the time each took is printed, not bounded
// (no timings in tests: the suite shares its two cores with the browser suite; bench:api and
// bench:map hold the budgets).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { insertRows } from "../../server/seed/load";
import { load, wibAt, wibDay } from "./custom-fixture";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
const USERS = 60;
const DAYS = 7;
const PER_DAY = 714;
let users: number[] = [];
let project = 0;

beforeAll(async () => {
  env = await setupServer();
  const A = env.companyA;
  const [[type]] = await load(env, [["project-type", [{ company_id: A, name: "Gedung" }]]]);
  [[project]] = await load(env, [["project", [{ company_id: A, name: "Big", code: "BIG", project_type_id: type, start_date: "2026-01-01", end_date: "2026-12-31" }]]]);
  [users] = await load(env, [
    [
      "human-resource",
      Array.from({ length: USERS }, (_, i) => ({
        company_id: A,
        name: `Worker ${String(i).padStart(3, "0")}`,
        email: `w${i}@alpha.test`,
        employee_type: "daily",
        role_id: env.roles.viewerA,
      })),
    ],
  ]);
  await load(env, [
    ["user-to-proyek", users.map((u) => ({ company_id: A, user_id: u, project_id: project }))],
    [
      "presence",
      users
        .flatMap((u, i) =>
          Array.from({ length: DAYS }, (_, d) => ({
            company_id: A,
            user_id: u,
            project_id: project,
            presence_date: wibDay(-d),
            presence_status: "present",
            clock_in: wibAt(wibDay(-d), 8, i % 15),
            clock_in_geo: [106.8 + i / 1000, -6.2],
          })),
        )
        .filter((_, k) => k % 13 !== 0),
    ], // a few days without presence
  ]);
  let rows: Array<Record<string, unknown>> = [];
  const flush = async () => {
    if (rows.length) await env.db.transaction().execute((trx) => insertRows(trx, "waypoint", rows));
    rows = [];
  };
  for (const [i, u] of users.entries()) {
    for (let d = 0; d < DAYS; d++) {
      const start = Date.parse(wibAt(wibDay(-d), 8, 0));
      let lon = 106.8 + i / 1000;
      let lat = -6.2;
      for (let k = 0; k < PER_DAY; k++) {
        lon += (((k * 7919 + i) % 11) - 5) / 200000;
        lat += (((k * 104729 + d) % 11) - 5) / 200000;
        rows.push({ company_id: A, user_id: u, wptime: new Date(start + k * 30_000).toISOString(), lon: Math.round(lon * 1e6) / 1e6, lat: Math.round(lat * 1e6) / 1e6 });
      }
      if (rows.length >= 20_000) await flush();
    }
  }
  await flush();
}, 240_000);
afterAll(async () => {
  await env?.close();
});

/** Fewer statements a call than half its workers (10-12 today, the session's and rights' reads included). */
const FEW = USERS / 2;

/** The call's answer, the statements it sent to the database and its time. */
async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; statements: number; value: T }> {
  const sent = vi.spyOn(env.db.getExecutor(), "executeQuery");
  const t0 = performance.now();
  try {
    const value = await fn();
    return { ms: performance.now() - t0, statements: sent.mock.calls.length, value };
  } finally {
    sent.mockRestore();
  }
}

describe(`monitoring over ${USERS * DAYS * PER_DAY} waypoints`, () => {
  it("control-monitoring: a day for every worker, sorted by distance (figures for all rows)", async () => {
    const {
      ms,
      statements,
      value: res,
    } = await timed(() =>
      env.call(env.adminA, "POST", "/api/control-monitoring/search", { paging: { start: 0, length: 10 }, orders: { columns: ["distance_km"], ascending: false } }),
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.recordsFiltered).toBe(USERS + 2); // + the fixture's admin and viewer of company A
    expect(res.body.data[0].waypoint_count).toBe(PER_DAY);
    expect(res.body.data[0].distance_km).toBeGreaterThan(res.body.data[9].distance_km - 1e-9);
    console.info(`control-monitoring, all figures: ${ms.toFixed(0)} ms, ${statements} statements`);
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThan(FEW);
  });

  it("control-monitoring: a week for every worker, one page (figures for the page only)", async () => {
    const {
      ms,
      statements,
      value: res,
    } = await timed(() =>
      env.call(env.adminA, "POST", "/api/control-monitoring/search", {
        paging: { start: 0, length: 25 },
        columns: [{ data: "date", operator: "range", value: wibDay(-6), value1: wibDay(0) }],
      }),
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.recordsFiltered).toBe((USERS + 2) * DAYS);
    console.info(`control-monitoring, a week, one page: ${ms.toFixed(0)} ms, ${statements} statements`);
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThan(FEW);
  });

  it("map-monitoring and one worker's day of waypoints", async () => {
    const map = await timed(() => env.call(env.adminA, "POST", "/api/map-monitoring/search", { project_id: [project] }));
    expect(map.value.body.data).toHaveLength(USERS);
    console.info(`map-monitoring: ${map.ms.toFixed(0)} ms, ${map.statements} statements`);
    expect(map.statements).toBeGreaterThan(0);
    expect(map.statements).toBeLessThan(FEW);
    const day = wibDay(0);
    const track = await timed(() =>
      env.call(env.adminA, "POST", "/api/waypoint/search", {
        paging: { start: 0, length: -1 },
        columns: [
          { data: "user_id", value: users[7] },
          { data: "wptime", operator: "range", value: `${day}T00:00:00+07:00`, value1: `${day}T23:59:59+07:00` },
        ],
        orders: { columns: ["wptime"], ascending: true },
      }),
    );
    expect(track.value.body.data).toHaveLength(PER_DAY);
    expect(typeof track.value.body.data[0].lon).toBe("string");
    console.info(`waypoint search, one day: ${track.ms.toFixed(0)} ms, ${track.statements} statements`);
    expect(track.statements).toBeGreaterThan(0);
    expect(track.statements).toBeLessThan(FEW);
  });
});
