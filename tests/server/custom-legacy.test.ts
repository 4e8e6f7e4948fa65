// The legacy service's operations (/legacy): user-to-proyek search, alert views,
// waypoint-monitoring, the dashboards and the employee daily report.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { load, userWithMenus, wibAt, wibDay } from "./custom-fixture";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";

let env: TestEnv;
let worker: FixtureUser & { roleId: number }; // W1: a worker holding presence only
const ids: Record<string, number> = {};
const today = wibDay(0);
const yesterday = wibDay(-1);

beforeAll(async () => {
  env = await setupServer();
  const A = env.companyA;
  const B = env.companyB;
  worker = await userWithMenus(env, {
    company: A,
    name: "Wawan",
    email: "wawan@alpha.test",
    roleType: "worker",
    aliases: ["presence"],
    grant: { can_add: false, can_edit: false, can_delete: false },
  });
  ids.w1 = worker.id;
  const [[type, typeB]] = await load(env, [
    [
      "project-type",
      [
        { company_id: A, name: "Gedung" },
        { company_id: B, name: "FTTH" },
      ],
    ],
  ]);
  const project = (company: number, t: number, name: string, code: string, status: string, progress: number) => ({
    company_id: company,
    name,
    code,
    project_type_id: t,
    start_date: "2026-01-01",
    end_date: "2026-12-31",
    status,
    progress,
  });
  const [[p1, p2, p3, pb]] = await load(env, [
    [
      "project",
      [
        project(A, type, "Tower One", "P1", "in_progress", 42.5),
        project(A, type, "Annex", "P2", "planning", 0),
        project(A, type, "Gudang", "P3", "completed", 100),
        project(B, typeB, "Beta Net", "PB", "in_progress", 10),
      ],
    ],
  ]);
  Object.assign(ids, { p1, p2, p3, pb });
  const [[w2, w3, wb]] = await load(env, [
    [
      "human-resource",
      [
        { company_id: A, name: "Bima", email: "bima@alpha.test", employee_type: "daily", role_id: env.roles.viewerA },
        { company_id: A, name: "Citra", email: "citra@alpha.test", employee_type: "daily", role_id: env.roles.viewerA },
        { company_id: B, name: "Bona", email: "bona@beta.test", employee_type: "daily", role_id: env.roles.adminB },
      ],
    ],
  ]);
  Object.assign(ids, { w2, w3, wb });
  const [[m1]] = await load(env, [
    [
      "user-to-proyek",
      [
        { company_id: A, user_id: ids.w1, project_id: p1, join_date: "2026-01-05" },
        { company_id: A, user_id: w2, project_id: p1 },
        { company_id: A, user_id: w2, project_id: p2 },
        { company_id: A, user_id: w3, project_id: p2, is_active: false },
        { company_id: B, user_id: wb, project_id: pb },
      ],
    ],
  ]);
  ids.m1 = m1;
  await load(env, [
    [
      "presence",
      [
        { company_id: A, user_id: ids.w1, project_id: p1, presence_date: today, presence_status: "present", clock_in: wibAt(today, 8, 0), clock_out: wibAt(today, 16, 0) },
        { company_id: A, user_id: w2, project_id: p1, presence_date: today, presence_status: "late", clock_in: wibAt(today, 9, 0) },
        { company_id: A, user_id: w3, project_id: p2, presence_date: today, presence_status: "absent" },
        { company_id: A, user_id: ids.w1, project_id: p1, presence_date: yesterday, presence_status: "sick" },
        { company_id: B, user_id: wb, project_id: pb, presence_date: today, presence_status: "present", clock_in: wibAt(today, 8, 0) },
      ],
    ],
    [
      "waypoint",
      [
        { company_id: A, user_id: ids.w1, wptime: wibAt(today, 8, 0), lon: 106.8, lat: -6.2, accuracy: 5 },
        { company_id: A, user_id: ids.w1, wptime: wibAt(today, 8, 1), lon: 106.8, lat: -6.199, accuracy: 5 },
        { company_id: A, user_id: ids.w1, wptime: wibAt(today, 8, 2), lon: 106.8, lat: -6.198, accuracy: 5 },
        { company_id: B, user_id: wb, wptime: wibAt(today, 8, 0), lon: 107.6, lat: -6.9 },
      ],
    ],
  ]);
  const statuses = await env.db.selectFrom("issue_status").select(["id", "is_closed"]).orderBy("id").execute();
  const openStatus = Number(statuses.find((s) => Number(s.is_closed) === 0)!.id);
  const closedStatus = Number(statuses.find((s) => Number(s.is_closed) === 1)!.id);
  const issue = (company: number, p: number, title: string, status: number) => ({ company_id: company, project_id: p, title, issue_status_id: status, report_date: "2026-03-01" });
  await load(env, [
    [
      "issue",
      [
        issue(A, p1, "Retak", openStatus),
        issue(A, p1, "Bocor", openStatus),
        issue(A, p1, "Selesai", closedStatus),
        issue(A, p2, "Izin", openStatus),
        issue(B, pb, "Tiang", openStatus),
      ],
    ],
    [
      "panic-button",
      [
        { company_id: A, user_id: ids.w1, alert_time: wibAt(today, 10, 0), status: "open" },
        { company_id: A, user_id: w2, alert_time: wibAt(today, 11, 0), status: "open" },
        { company_id: A, user_id: w2, alert_time: wibAt(yesterday, 11, 0), status: "resolved" },
        { company_id: B, user_id: wb, alert_time: wibAt(today, 11, 0), status: "open" },
      ],
    ],
  ]);
  const [[al1, alb]] = await load(env, [
    [
      "alert",
      [
        {
          company_id: A,
          title: "Tombol darurat",
          alert_type: "panic_button",
          severity: "critical",
          user_id: ids.w1,
          project_id: p1,
          alert_time: wibAt(today, 10, 0),
          is_viewed: false,
        },
        { company_id: B, title: "Beta alert", alert_type: "low_battery", severity: "medium", alert_time: wibAt(today, 10, 0), is_viewed: false },
      ],
    ],
  ]);
  Object.assign(ids, { al1, alb });
  const [[inboxW1, inboxAdmin]] = await load(env, [
    [
      "alert-to-user",
      [
        { company_id: A, alert_id: al1, user_id: ids.w1, is_viewed: false },
        { company_id: A, alert_id: al1, user_id: env.adminA.id, is_viewed: false },
      ],
    ],
  ]);
  Object.assign(ids, { inboxW1, inboxAdmin });
});
afterAll(async () => {
  await env?.close();
});

describe("user-to-proyek/search (legacy)", () => {
  it("answers memberships with user and project names, searchable by them", async () => {
    const res = await env.call(env.adminA, "POST", "/legacy/user-to-proyek/search", { paging: { start: 0, length: -1 } });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.map((m: { project_name: string; user_name: string }) => [m.project_name, m.user_name])).toEqual([
      ["Annex", "Bima"],
      ["Annex", "Citra"],
      ["Tower One", "Bima"],
      ["Tower One", "Wawan"],
    ]);
    expect(res.body.data[3]).toMatchObject({
      id: ids.m1,
      user_id: ids.w1,
      user_id_label: "Wawan",
      project_id: ids.p1,
      project_id_label: "Tower One",
      join_date: "2026-01-05",
      is_active: true,
    });
    const like = await env.call(env.adminA, "POST", "/legacy/user-to-proyek/search", {
      columns: [
        { data: "project_name", operator: "like", value: "tower" },
        { data: "user_id", value: ids.w2 },
      ],
    });
    expect(like.body).toMatchObject({ recordsTotal: 4, recordsFiltered: 1 });
    expect((await env.call(env.adminA, "POST", "/legacy/user-to-proyek/search", { columns: [{ data: "is_active", value: true }] })).status).toBe(400);
  });

  it("keeps to the company; 403 without the user-to-proyek menu", async () => {
    const b = await env.call(env.adminB, "POST", "/legacy/user-to-proyek/search", {});
    expect(b.body.data.map((m: { user_name: string }) => m.user_name)).toEqual(["Bona"]);
    expect((await env.call(env.viewerA, "POST", "/legacy/user-to-proyek/search", {})).status).toBe(403);
  });
});

describe("edit-status-view", () => {
  it("alert: marks it viewed once, keeping the first time; 404 for another company's; 403 without the menu", async () => {
    expect((await env.call(env.adminB, "PUT", `/legacy/alert/edit-status-view/${ids.al1}`)).status).toBe(404);
    expect((await env.call(env.viewerA, "PUT", `/legacy/alert/edit-status-view/${ids.al1}`)).status).toBe(403);
    const first = await env.call(env.adminA, "PUT", `/legacy/alert/edit-status-view/${ids.al1}`);
    expect(first.status, first.raw).toBe(200);
    expect(first.body.data).toMatchObject({ id: ids.al1, is_viewed: true, viewed_at: expect.any(String) });
    const again = await env.call(env.adminA, "PUT", `/legacy/alert/edit-status-view/${ids.al1}`);
    expect(again.body.data.viewed_at).toBe(first.body.data.viewed_at);
  });

  it("alert-to-user: the actor's own inbox row only (404 for another user's or company's)", async () => {
    expect((await env.call(worker, "PUT", `/legacy/alert-to-user/edit-status-view/${ids.inboxAdmin}`)).status).toBe(404);
    expect((await env.call(env.adminB, "PUT", `/legacy/alert-to-user/edit-status-view/${ids.inboxW1}`)).status).toBe(404);
    const res = await env.call(worker, "PUT", `/legacy/alert-to-user/edit-status-view/${ids.inboxW1}`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ id: ids.inboxW1, user_id: ids.w1, alert_id: ids.al1, is_viewed: true, viewed_at: expect.any(String) });
    const inbox = await env.call(env.adminA, "POST", "/legacy/alert-to-user/search", { columns: [{ data: "alert_id", value: ids.al1 }], orders: { columns: ["id"] } });
    expect(inbox.body.data.map((r: { is_viewed: boolean }) => r.is_viewed)).toEqual([true, false]);
  });
});

describe("waypoint-monitoring/{user_id}/search", () => {
  it("answers that user's waypoints with lon/lat strings", async () => {
    const res = await env.call(env.adminA, "POST", `/legacy/waypoint-monitoring/${ids.w1}/search`, {
      paging: { start: 0, length: -1 },
      columns: [{ data: "wptime", operator: "range", value: `${today}T00:00:00+07:00`, value1: `${today}T23:59:59+07:00` }],
      orders: { columns: ["wptime"], ascending: false },
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual([
      { user_id: ids.w1, user_id_label: "Wawan", wptime: wibAt(today, 8, 2), lon: "106.8", lat: "-6.198" },
      { user_id: ids.w1, user_id_label: "Wawan", wptime: wibAt(today, 8, 1), lon: "106.8", lat: "-6.199" },
      { user_id: ids.w1, user_id_label: "Wawan", wptime: wibAt(today, 8, 0), lon: "106.8", lat: "-6.2" },
    ]);
    // The path's user wins over a user_id column.
    const other = await env.call(env.adminA, "POST", `/legacy/waypoint-monitoring/${ids.w1}/search`, { columns: [{ data: "user_id", value: ids.w2 }] });
    expect(other.body.data).toHaveLength(3);
  });

  it("is 404 for another company's user; 400 for other columns; 403 without the map menu", async () => {
    expect((await env.call(env.adminA, "POST", `/legacy/waypoint-monitoring/${ids.wb}/search`, {})).status).toBe(404);
    expect((await env.call(env.adminA, "POST", `/legacy/waypoint-monitoring/${ids.w1}/search`, { columns: [{ data: "accuracy", value: 5 }] })).status).toBe(400);
    expect((await env.call(env.adminA, "POST", `/legacy/waypoint-monitoring/${ids.w1}/search`, { orders: { columns: ["battery"] } })).status).toBe(400);
    expect((await env.call(env.viewerA, "POST", `/legacy/waypoint-monitoring/${ids.w1}/search`, {})).status).toBe(403);
  });
});

describe("dashboard-status/search", () => {
  const total = (rows: Array<{ kind: string; status: string; total: number }>, kind: string, status: string) => rows.find((r) => r.kind === kind && r.status === status)?.total;

  it("counts projects, today's presence, panic presses and issues per status", async () => {
    const res = await env.call(env.adminA, "POST", "/legacy/dashboard-status/search", {});
    expect(res.status, res.raw).toBe(200);
    const rows = res.body.data;
    expect(rows.filter((r: { kind: string }) => r.kind === "project").map((r: { status: string; total: number }) => [r.status, r.total])).toEqual([
      ["planning", 1],
      ["in_progress", 1],
      ["on_hold", 0],
      ["completed", 1],
      ["cancelled", 0],
    ]);
    expect([total(rows, "presence", "present"), total(rows, "presence", "late"), total(rows, "presence", "absent"), total(rows, "presence", "sick")]).toEqual([1, 1, 1, 0]);
    expect([total(rows, "panic_button", "open"), total(rows, "panic_button", "resolved")]).toEqual([2, 1]);
    expect([total(rows, "issue", "open"), total(rows, "issue", "closed")]).toEqual([3, 1]);
  });

  it("takes kind and date columns and filters on status/total", async () => {
    const res = await env.call(env.adminA, "POST", "/legacy/dashboard-status/search", {
      columns: [
        { data: "kind", operator: "in", value: ["presence"] },
        { data: "date", value: yesterday },
        { data: "total", operator: ">", value: 0 },
      ],
    });
    expect(res.body.data).toEqual([{ kind: "presence", status: "sick", total: 1 }]);
    expect((await env.call(env.adminA, "POST", "/legacy/dashboard-status/search", { columns: [{ data: "kind", value: "money" }] })).status).toBe(400);
    const b = await env.call(env.adminB, "POST", "/legacy/dashboard-status/search", {
      columns: [
        { data: "kind", value: "panic_button" },
        { data: "status", value: "open" },
      ],
    });
    expect(b.body.data).toEqual([{ kind: "panic_button", status: "open", total: 1 }]);
  });

  it("leaves out what the actor may not read", async () => {
    const res = await env.call(worker, "POST", "/legacy/dashboard-status/search", {});
    expect(res.status, res.raw).toBe(200);
    expect([...new Set(res.body.data.map((r: { kind: string }) => r.kind))]).toEqual(["presence"]);
  });
});

describe("dashboard-proyek", () => {
  it("list: one row per project with workers, present today and open issues", async () => {
    const res = await env.call(env.adminA, "GET", "/legacy/dashboard-proyek/list");
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.map((p: Record<string, unknown>) => [p.name, p.status, p.progress, p.worker_count, p.present_today, p.open_issues])).toEqual([
      ["Annex", "planning", 0, 1, 0, 1],
      ["Gudang", "completed", 100, 0, 0, 0],
      ["Tower One", "in_progress", 42.5, 2, 2, 2],
    ]);
  });

  it("counts only the presence rows the actor may see: a worker role holding the project menu, its own (none today)", async () => {
    const res = await env.call(env.viewerA, "GET", "/legacy/dashboard-proyek/list");
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.map((p: Record<string, unknown>) => [p.name, p.worker_count, p.present_today])).toEqual([
      ["Annex", 1, 0],
      ["Gudang", 0, 0],
      ["Tower One", 2, 0],
    ]);
  });

  it("search: filters, orders and pages; keeps to the company; 403 without the project menu", async () => {
    const res = await env.call(env.adminA, "POST", "/legacy/dashboard-proyek/search", {
      columns: [{ data: "open_issues", operator: ">=", value: 1 }],
      orders: { columns: ["progress"], ascending: false },
    });
    expect(res.body.data.map((p: { name: string }) => p.name)).toEqual(["Tower One", "Annex"]);
    expect(res.body.data[0]).toMatchObject({ project_id: ids.p1, project_id_label: "Tower One" });
    expect(res.body).toMatchObject({ recordsTotal: 3, recordsFiltered: 2 });
    const b = await env.call(env.adminB, "GET", "/legacy/dashboard-proyek/list");
    expect(b.body.data.map((p: { name: string; present_today: number }) => [p.name, p.present_today])).toEqual([["Beta Net", 1]]);
    expect((await env.call(worker, "GET", "/legacy/dashboard-proyek/list")).status).toBe(403);
  });
});

describe("employee-daily-report/search", () => {
  const report = (as: FixtureUser, body: Record<string, unknown>) => env.call(as, "POST", "/legacy/employee-daily-report/search", { paging: { start: 0, length: -1 }, ...body });

  it("answers a row per employee per day with presence and distance", async () => {
    const res = await report(env.adminA, { role: "Admin" });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.map((r: { name: string; presence_status: string | null }) => [r.name, r.presence_status])).toEqual([
      ["Ana Admin", null],
      ["Bima", "late"],
      ["Citra", "absent"],
      ["Vino Viewer", null],
      ["Wawan", "present"],
    ]);
    expect(res.body.data[4]).toMatchObject({
      user_id: ids.w1,
      user_id_label: "Wawan",
      date: today,
      clock_in: wibAt(today, 8, 0),
      clock_out: wibAt(today, 16, 0),
      distance_km: 0.22,
      waypoint_count: 3,
    });
    const week = await report(env.adminA, {
      columns: [
        { data: "date", operator: "range", value: yesterday, value1: today },
        { data: "presence_status", operator: "notnull" },
      ],
    });
    expect(week.body.data.map((r: { date: string; name: string; presence_status: string }) => [r.date, r.name, r.presence_status])).toEqual([
      [today, "Bima", "late"],
      [today, "Citra", "absent"],
      [today, "Wawan", "present"],
      [yesterday, "Wawan", "sick"],
    ]);
  });

  it("shows a worker only themselves (by the token, or a worker role named in the body)", async () => {
    const self = await report(worker, { role: "Admin" });
    expect(self.status, self.raw).toBe(200);
    expect(self.body.data.map((r: { name: string }) => r.name)).toEqual(["Wawan"]);
    const narrowed = await report(env.adminA, { role: "Viewer" });
    expect(narrowed.body.data.map((r: { name: string }) => r.name)).toEqual(["Ana Admin"]);
    const b = await report(env.adminB, {});
    expect(b.body.data.map((r: { name: string }) => r.name)).toEqual(["Beni Admin", "Bona"]);
  });

  it("validates the search body", async () => {
    expect((await report(env.adminA, { columns: [{ data: "salary", value: 1 }] })).status).toBe(400);
    expect((await report(env.adminA, { columns: [{ data: "date", value: "yesterday" }] })).status).toBe(400);
  });
});
