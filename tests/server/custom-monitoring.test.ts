// Field monitoring: control-monitoring/search, map-monitoring/search, waypoint/search (lon/lat
// strings) and the generic presence/search (server/custom/monitoring*.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { load, wibAt, wibDay } from "./custom-fixture";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
const ids: Record<string, number> = {};
const today = wibDay(0);
const yesterday = wibDay(-1);

beforeAll(async () => {
  env = await setupServer();
  const A = env.companyA;
  const B = env.companyB;
  const [[type, typeB]] = await load(env, [
    [
      "project-type",
      [
        { company_id: A, name: "Gedung" },
        { company_id: B, name: "FTTH" },
      ],
    ],
  ]);
  const [[p1, p2, pb]] = await load(env, [
    [
      "project",
      [
        { company_id: A, name: "Tower One", code: "P1", project_type_id: type, start_date: "2026-01-01", end_date: "2026-12-31", status: "in_progress" },
        { company_id: A, name: "Annex", code: "P2", project_type_id: type, start_date: "2026-01-01", end_date: "2026-12-31", status: "in_progress" },
        { company_id: B, name: "Beta Net", code: "PB", project_type_id: typeB, start_date: "2026-01-01", end_date: "2026-12-31", status: "in_progress" },
      ],
    ],
  ]);
  Object.assign(ids, { p1, p2, pb });
  const worker = { employee_type: "daily", role_id: env.roles.viewerA, company_id: A };
  const [[w1, w2, w3, w4, w5, wb]] = await load(env, [
    [
      "human-resource",
      [
        { ...worker, name: "Wawan", email: "w1@alpha.test" },
        { ...worker, name: "Bima", email: "w2@alpha.test" },
        { ...worker, name: "Citra", email: "w3@alpha.test" },
        { ...worker, name: "Dodi", email: "w4@alpha.test" },
        { ...worker, name: "Eko (left)", email: "w5@alpha.test", is_active: false },
        { company_id: B, name: "Bona", email: "wb@beta.test", employee_type: "daily", role_id: env.roles.adminB },
      ],
    ],
  ]);
  Object.assign(ids, { w1, w2, w3, w4, w5, wb });
  await load(env, [
    [
      "user-to-proyek",
      [
        { company_id: A, user_id: w1, project_id: p1 },
        { company_id: A, user_id: w1, project_id: p2 },
        { company_id: A, user_id: w2, project_id: p1 },
        { company_id: A, user_id: w3, project_id: p2 },
        { company_id: A, user_id: w4, project_id: p2, is_active: false },
        { company_id: A, user_id: w5, project_id: p1 },
        { company_id: B, user_id: wb, project_id: pb },
      ],
    ],
    [
      "presence",
      [
        {
          company_id: A,
          user_id: w1,
          project_id: p1,
          presence_date: today,
          presence_status: "present",
          clock_in: wibAt(today, 8, 5),
          clock_in_loc: "Gerbang A",
          clock_in_geo: [106.8, -6.2],
          image_selfie: "s1.png",
          clock_out: null,
        },
        {
          company_id: A,
          user_id: w1,
          project_id: p1,
          presence_date: yesterday,
          presence_status: "late",
          clock_in: wibAt(yesterday, 9, 0),
          clock_in_geo: [106.7, -6.1],
          clock_out: wibAt(yesterday, 17, 0),
          clock_out_loc: "Gerbang B",
        },
        { company_id: A, user_id: w2, project_id: p1, presence_date: yesterday, presence_status: "present", clock_in: wibAt(yesterday, 7, 55), clock_in_geo: [106.9, -6.3] },
        { company_id: A, user_id: w2, project_id: p1, presence_date: today, presence_status: "sick" },
        { company_id: A, user_id: w4, project_id: p2, presence_date: today, presence_status: "late", clock_in: wibAt(today, 9, 0), clock_in_geo: [106.85, -6.25] },
        { company_id: B, user_id: wb, project_id: pb, presence_date: today, presence_status: "present", clock_in: wibAt(today, 8, 0), clock_in_geo: [107.6, -6.9] },
      ],
    ],
    [
      "waypoint",
      [
        // Wawan today: two steps of 0.001° of latitude (111.2 m each) → 0.22 km.
        { company_id: A, user_id: w1, wptime: wibAt(today, 8, 5), lon: 106.8, lat: -6.2 },
        { company_id: A, user_id: w1, wptime: wibAt(today, 8, 6), lon: 106.8, lat: -6.199 },
        { company_id: A, user_id: w1, wptime: wibAt(today, 8, 7), lon: 106.8, lat: -6.198 },
        // Wawan yesterday: one far point, not part of today's distance.
        { company_id: A, user_id: w1, wptime: wibAt(yesterday, 16, 0), lon: 106.0, lat: -6.0 },
        // Bima: yesterday only; his last known place.
        { company_id: A, user_id: w2, wptime: wibAt(yesterday, 15, 0), lon: 106.9, lat: -6.3 },
        { company_id: A, user_id: w2, wptime: wibAt(yesterday, 16, 0), lon: 106.91, lat: -6.31 },
        // Just after midnight WIB of today counts for today (23:59 yesterday does not).
        { company_id: A, user_id: w4, wptime: wibAt(yesterday, 23, 59), lon: 106.85, lat: -6.25 },
        { company_id: A, user_id: w4, wptime: wibAt(today, 0, 1), lon: 106.85, lat: -6.25 },
        { company_id: B, user_id: wb, wptime: wibAt(today, 8, 0), lon: 107.6, lat: -6.9 },
      ],
    ],
  ]);
});
afterAll(async () => {
  await env?.close();
});

describe("control-monitoring/search", () => {
  const search = (body: unknown, as = env.adminA) => env.call(as, "POST", "/api/control-monitoring/search", body);

  it("answers a row per active staff member for today (WIB): presence, clock in/out, track figures", async () => {
    const res = await search({ paging: { start: 0, length: -1 } });
    expect(res.status, res.raw).toBe(200);
    const rows = res.body.data;
    expect(rows.map((r: { name: string }) => r.name)).toEqual(["Ana Admin", "Bima", "Citra", "Dodi", "Vino Viewer", "Wawan"]);
    expect(res.body).toMatchObject({ recordsTotal: 6, recordsFiltered: 6 });
    const wawan = rows.find((r: { user_id: number }) => r.user_id === ids.w1);
    expect(wawan).toEqual({
      user_id: ids.w1,
      user_id_label: "Wawan",
      name: "Wawan",
      date: today,
      presence_status: "present",
      clock_in: wibAt(today, 8, 5),
      clock_out: null,
      last_seen: wibAt(today, 8, 7),
      waypoint_count: 3,
      distance_km: 0.22,
      project_id: ids.p1,
      role_id: env.roles.viewerA,
      division_id: null,
    });
    expect(rows.find((r: { user_id: number }) => r.user_id === ids.w2)).toMatchObject({
      presence_status: "sick",
      clock_in: null,
      waypoint_count: 0,
      distance_km: 0,
      last_seen: null,
    });
    expect(rows.find((r: { user_id: number }) => r.user_id === ids.w4)).toMatchObject({ presence_status: "late", waypoint_count: 1, last_seen: wibAt(today, 0, 1) });
    expect(rows.find((r: { user_id: number }) => r.user_id === ids.w3)).toMatchObject({ presence_status: null, waypoint_count: 0 });
  });

  it("takes the date column, filters and sorts on the declared fields (track figures too)", async () => {
    const y = await search({
      columns: [
        { data: "date", value: yesterday },
        { data: "presence_status", operator: "notnull" },
      ],
    });
    expect(y.body.data.map((r: { name: string; presence_status: string; distance_km: number }) => [r.name, r.presence_status])).toEqual([
      ["Bima", "present"],
      ["Wawan", "late"],
    ]);
    const bima = y.body.data[0];
    expect(bima.distance_km).toBeCloseTo(1.57, 1); // 0.01° of lon and lat at 6° S
    const byDistance = await search({ columns: [{ data: "distance_km", operator: ">", value: 0 }], orders: { columns: ["distance_km"], ascending: false } });
    expect(byDistance.body.data.map((r: { name: string }) => r.name)).toEqual(["Wawan"]);
    const sorted = await search({ paging: { start: 0, length: 2 }, orders: { columns: ["waypoint_count"], ascending: false } });
    expect(sorted.body.data.map((r: { name: string }) => r.name)).toEqual(["Wawan", "Dodi"]);
    expect(sorted.body.recordsFiltered).toBe(6);
    const like = await search({ columns: [{ data: "name", operator: "like", value: "WA" }] });
    expect(like.body.data.map((r: { name: string }) => r.name)).toEqual(["Wawan"]);
    const range = await search({
      paging: { start: 0, length: 50 },
      columns: [
        { data: "date", operator: "range", value: yesterday, value1: today },
        { data: "user_id", value: ids.w1 },
      ],
    });
    expect(range.body.data.map((r: { date: string; waypoint_count: number }) => [r.date, r.waypoint_count])).toEqual([
      [today, 3],
      [yesterday, 1],
    ]);
    const clockIn = await search({ columns: [{ data: "clock_in", operator: "range", value: `${today}T08:00:00+07:00`, value1: `${today}T08:30:00+07:00` }] });
    expect(clockIn.body.data.map((r: { name: string }) => r.name)).toEqual(["Wawan"]);
  });

  it("refuses unknown columns, operators, orders and bad dates (400)", async () => {
    expect((await search({ columns: [{ data: "salary", value: 1 }] })).status).toBe(400);
    expect((await search({ columns: [{ data: "name", operator: "~", value: "x" }] })).status).toBe(400);
    expect((await search({ orders: { columns: ["salary"] } })).status).toBe(400);
    expect((await search({ columns: [{ data: "date", value: "2026-02-30" }] })).status).toBe(400);
    expect((await search({ columns: [{ data: "date", operator: "range", value: "2026-01-01", value1: "2026-03-01" }] })).status).toBe(400);
    expect((await search({ paging: { start: -1 } })).status).toBe(400);
  });

  it("keeps to the actor's company; 403 without the menu", async () => {
    const b = await search({}, env.adminB);
    expect(b.body.data.map((r: { name: string; distance_km: number }) => r.name)).toEqual(["Beni Admin", "Bona"]);
    expect((await search({}, env.viewerA)).status).toBe(403);
  });
});

describe("map-monitoring/search", () => {
  const search = (body: unknown, as = env.adminA) => env.call(as, "POST", "/api/map-monitoring/search", body);

  it("answers the latest attendance point of each member of the projects", async () => {
    const res = await search({ project_id: [ids.p1] });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual([
      {
        user_id: ids.w2,
        name: "Bima",
        clock_in: null,
        clock_in_loc: null,
        clock_out: null,
        clock_out_loc: null,
        image_selfie: null,
        projects: "Tower One",
        presence_status: "sick",
        project_id: ids.p1,
        wp_lon: 106.91,
        wp_lat: -6.31,
        presence_date: today,
        wp_time: wibAt(yesterday, 16, 0),
        wp_source: "waypoint",
        clock_in_lon: null,
        clock_in_lat: null,
      },
      {
        user_id: ids.w1,
        name: "Wawan",
        clock_in: wibAt(today, 8, 5),
        clock_in_loc: "Gerbang A",
        clock_out: null,
        clock_out_loc: null,
        image_selfie: "s1.png",
        projects: "Annex, Tower One",
        presence_status: "present",
        project_id: ids.p1,
        // Positions sent after the clock-in: the point is the newest (8:07), the clock-in place apart.
        wp_lon: 106.8,
        wp_lat: -6.198,
        presence_date: today,
        wp_time: wibAt(today, 8, 7),
        wp_source: "waypoint",
        clock_in_lon: 106.8,
        clock_in_lat: -6.2,
      },
    ]);
  });

  it("takes no list, an empty one or the 'all' marker as every project; leaves out members with no place", async () => {
    for (const body of [{}, { project_id: [] }, { project_id: ["all"] }, null]) {
      const res = await search(body);
      expect(res.status, res.raw).toBe(200);
      // Citra has neither presence nor waypoints; Dodi's membership is off; Eko is inactive.
      expect(res.body.data.map((p: { name: string }) => p.name)).toEqual(["Bima", "Wawan"]);
    }
    const p2 = await search({ project_id: ["all", String(ids.p2)] });
    expect(p2.body.data.map((p: { name: string }) => p.name)).toEqual(["Wawan"]);
  });

  it("ignores other companies' projects; 400 for a non-id; 403 without the menu", async () => {
    expect((await search({ project_id: [ids.pb] })).body.data).toEqual([]);
    const b = await search({ project_id: [ids.pb, ids.p1] }, env.adminB);
    expect(b.body.data.map((p: { name: string; wp_lon: number }) => [p.name, p.wp_lon])).toEqual([["Bona", 107.6]]);
    expect((await search({ project_id: ["x"] })).status).toBe(400);
    expect((await search({ project_id: [1.5] })).status).toBe(400);
    expect((await search({}, env.viewerA)).status).toBe(403);
  });
});

describe("waypoint/search", () => {
  const body = (user: number) => ({
    paging: { start: 0, length: -1 },
    columns: [
      { data: "user_id", operator: "=", value: user },
      { data: "wptime", operator: "range", value: `${today}T00:00:00+07:00`, value1: `${today}T23:59:59+07:00` },
    ],
    orders: { columns: ["wptime"], ascending: true },
  });

  it("answers the contract's user history: lon and lat as numeric strings, in time order", async () => {
    const res = await env.call(env.adminA, "POST", "/api/waypoint/search", body(ids.w1));
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.map((w: { lon: string; lat: string; wptime: string }) => [w.lon, w.lat, w.wptime])).toEqual([
      ["106.8", "-6.2", wibAt(today, 8, 5)],
      ["106.8", "-6.199", wibAt(today, 8, 6)],
      ["106.8", "-6.198", wibAt(today, 8, 7)],
    ]);
    expect(res.body.data[0]).toMatchObject({ user_id: ids.w1, user_id_label: "Wawan" });
    expect(res.body).toMatchObject({ recordsFiltered: 3 });
    // A history point's own fields only: no tenancy or bookkeeping columns (a day is ~1,000 points).
    expect(Object.keys(res.body.data[0]).sort()).toEqual(["accuracy", "battery", "id", "lat", "lon", "speed", "user_id", "user_id_label", "wptime"]);
  });

  it("keeps the generic validation, paging and tenancy", async () => {
    expect((await env.call(env.adminA, "POST", "/api/waypoint/search", { columns: [{ data: "nope", value: 1 }] })).status).toBe(400);
    expect((await env.call(env.adminA, "POST", "/api/waypoint/search", { orders: { columns: ["nope"] } })).status).toBe(400);
    const page = await env.call(env.adminA, "POST", "/api/waypoint/search", { ...body(ids.w1), paging: { start: 1, length: 1 } });
    expect(page.body.data.map((w: { lat: string }) => w.lat)).toEqual(["-6.199"]);
    expect((await env.call(env.adminB, "POST", "/api/waypoint/search", body(ids.w1))).body.data).toEqual([]);
    expect((await env.call(env.viewerA, "POST", "/api/waypoint/search", body(ids.w1))).status).toBe(403);
  });
});

describe("waypoint/search in columns (format: columns, the map's route)", () => {
  const body = (user: number, extra: Record<string, unknown> = {}) => ({
    paging: { start: 0, length: -1 },
    columns: [
      { data: "user_id", operator: "=", value: user },
      { data: "wptime", operator: "range", value: `${today}T00:00:00+07:00`, value1: `${today}T23:59:59+07:00` },
    ],
    orders: { columns: ["wptime"], ascending: true },
    format: "columns",
    ...extra,
  });

  it("answers the same points as lists of time, lon and lat (numbers), with the same counts", async () => {
    const res = await env.call(env.adminA, "POST", "/api/waypoint/search", body(ids.w1));
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual({
      wptime: [wibAt(today, 8, 5), wibAt(today, 8, 6), wibAt(today, 8, 7)],
      lon: [106.8, 106.8, 106.8],
      lat: [-6.2, -6.199, -6.198],
    });
    expect(res.body).toMatchObject({ recordsFiltered: 3, recordsTotal: 3 });
    const rows = await env.call(env.adminA, "POST", "/api/waypoint/search", { ...body(ids.w1), format: "rows" });
    expect(rows.body.data.map((w: { wptime: string }) => w.wptime)).toEqual(res.body.data.wptime);
  });

  it("pages, counts, validates and keeps tenancy and rights as the rows do", async () => {
    const page = await env.call(env.adminA, "POST", "/api/waypoint/search", body(ids.w1, { paging: { start: 1, length: 1 } }));
    expect(page.body.data).toEqual({ wptime: [wibAt(today, 8, 6)], lon: [106.8], lat: [-6.199] });
    expect(page.body.recordsFiltered).toBe(3);
    expect((await env.call(env.adminB, "POST", "/api/waypoint/search", body(ids.w1))).body.data).toEqual({ wptime: [], lon: [], lat: [] });
    expect((await env.call(env.viewerA, "POST", "/api/waypoint/search", body(ids.w1))).status).toBe(403);
    expect((await env.call(env.adminA, "POST", "/api/waypoint/search", body(ids.w1, { columns: [{ data: "nope", value: 1 }] }))).status).toBe(400);
    const bad = await env.call(env.adminA, "POST", "/api/waypoint/search", body(ids.w1, { format: "csv" }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(["format"]);
  });
});

describe("presence/search (generic)", () => {
  it("answers the declared fields with labels", async () => {
    const res = await env.call(env.adminA, "POST", "/api/presence/search", {
      columns: [
        { data: "presence_date", value: today },
        { data: "user_id", value: ids.w1 },
      ],
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      user_id: ids.w1,
      user_id_label: "Wawan",
      project_id_label: "Tower One",
      presence_date: today,
      presence_status: "present",
      clock_in: wibAt(today, 8, 5),
      clock_in_loc: "Gerbang A",
      clock_in_geo: [106.8, -6.2],
      image_selfie: "s1.png",
      clock_out: null,
    });
  });
});

describe("map-monitoring/search: the latest place wins", () => {
  it("a clock-in newer than the latest position is the point; a position after it moves the point, never back", async () => {
    const B = env.companyB;
    const [[walker]] = await load(env, [["human-resource", [{ employee_type: "daily", role_id: env.roles.adminB, company_id: B, name: "Zaki", email: "zaki@beta.test" }]]]);
    await load(env, [
      ["user-to-proyek", [{ company_id: B, user_id: walker, project_id: ids.pb }]],
      ["waypoint", [{ company_id: B, user_id: walker, wptime: wibAt(yesterday, 17, 0), lon: 107.5, lat: -6.8 }]],
      [
        "presence",
        [{ company_id: B, user_id: walker, project_id: ids.pb, presence_date: today, presence_status: "present", clock_in: wibAt(today, 7, 0), clock_in_geo: [107.6, -6.9] }],
      ],
    ]);
    const point = async () =>
      ((await env.call(env.adminB, "POST", "/api/map-monitoring/search", {})).body.data as Array<Record<string, unknown>>).find((p) => p.user_id === walker);
    expect(await point()).toMatchObject({ wp_lon: 107.6, wp_lat: -6.9, wp_time: wibAt(today, 7, 0), wp_source: "clock_in", clock_in_lon: 107.6, clock_in_lat: -6.9 });

    // 300 m, then 600 m away: the point follows, and a later read (the minute's refresh) keeps the newest.
    await load(env, [["waypoint", [{ company_id: B, user_id: walker, wptime: wibAt(today, 7, 10), lon: 107.6027, lat: -6.9 }]]]);
    expect(await point()).toMatchObject({ wp_lon: 107.6027, wp_source: "waypoint", clock_in_lon: 107.6 });
    await load(env, [["waypoint", [{ company_id: B, user_id: walker, wptime: wibAt(today, 7, 20), lon: 107.6054, lat: -6.9 }]]]);
    expect(await point()).toMatchObject({ wp_lon: 107.6054, wp_lat: -6.9, wp_time: wibAt(today, 7, 20), wp_source: "waypoint", clock_in_lon: 107.6, clock_in_lat: -6.9 });
    expect(await point()).toMatchObject({ wp_lon: 107.6054, wp_source: "waypoint" });

    // The clock-out after it: the point is where they clocked out, labelled so; a later position moves it again.
    await env.db
      .updateTable("presence")
      .set({ clock_out: wibAt(today, 7, 30), clock_out_geo: JSON.stringify([107.61, -6.91]) })
      .where("user_id", "=", walker)
      .execute();
    expect(await point()).toMatchObject({ wp_lon: 107.61, wp_lat: -6.91, wp_time: wibAt(today, 7, 30), wp_source: "clock_out", clock_in_lon: 107.6 });
    await load(env, [["waypoint", [{ company_id: B, user_id: walker, wptime: wibAt(today, 7, 40), lon: 107.62, lat: -6.92 }]]]);
    expect(await point()).toMatchObject({ wp_lon: 107.62, wp_source: "waypoint" });
  });
});
