// Row-level visibility (docs/api.md "Access rules"): a worker sees their own attendance,
// tracks, permits and files; a supervisor those of the projects they are an active member of
// (user-to-proyek); a company admin the company's; another company's admin none of them. For
// each read (search, show, export), each computed read over those rows, each write and each
// file. The fixture (company A):
//   P1: supervisor (active), w1, w2 (active)   P2: w3 (active), supervisor (inactive)   P3: nobody
// Worker roles hold presence, permit, panic-button, report-k3, map-monitoring and
// control-monitoring with every right, and no row scope (their role type decides: own); the
// supervisor's role the same menus (projects).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Migrator } from "kysely/migration";
import { openDatabase } from "../../server/db/connection";
import { migrate, migrationProvider } from "../../server/db/migrate";
import { MENUS } from "../../server/access/identity";
import { load, userWithMenus, wibAt, wibDay } from "./custom-fixture";
import { freshDatabase, setupServer, type FixtureUser, type TestEnv } from "./helpers";
import { png } from "./files-multipart";

type User = FixtureUser & { roleId: number };
let env: TestEnv;
let w1: User;
let w2: User;
let w3: User;
let sup: User;
const ids: Record<string, number> = {};
const today = wibDay(0);
const yesterday = wibDay(-1);
const MENUS_HELD = ["presence", "permit", "panic-button", "report-k3", "map-monitoring", "control-monitoring"];

/** A stored image name (32 hex digits), distinct per n. */
const fileName = (n: number) => `${n.toString(16).padStart(32, "0")}.png`;
const F = {
  s1: fileName(1), // selfie of w1's presence in P1 (yesterday)
  s2: fileName(2), // selfie of w1's presence in P2 (today)
  s3: fileName(3), // selfie of w2's presence in P1
  s4: fileName(4), // selfie of w3's presence in P2
  orphan: fileName(5), // a selfie w3 uploaded that no presence names yet
  a1: fileName(6), // attachment of w1's permit (the "profile" folder, as the web app uploads it)
  a3: fileName(7), // attachment of w3's permit
  photo: fileName(8), // a profile photo: no private record names it
  k1: fileName(9), // photo of w1's K3 report in P1
  k3: fileName(10), // photo of w3's K3 report in P2
  sB: fileName(11), // a selfie of company B
};

beforeAll(async () => {
  env = await setupServer();
  const A = env.companyA;
  const B = env.companyB;
  const worker = (name: string) => userWithMenus(env, { company: A, name, email: `${name.toLowerCase()}@alpha.test`, roleType: "worker", aliases: MENUS_HELD });
  w1 = await worker("Wati");
  w2 = await worker("Wira");
  w3 = await worker("Wulan");
  sup = await userWithMenus(env, { company: A, name: "Surya", email: "surya@alpha.test", roleType: "supervisor", aliases: MENUS_HELD });
  Object.assign(ids, { w1: w1.id, w2: w2.id, w3: w3.id, sup: sup.id });
  const [[type, typeB]] = await load(env, [
    [
      "project-type",
      [
        { company_id: A, name: "Gedung" },
        { company_id: B, name: "FTTH" },
      ],
    ],
  ]);
  const project = (company: number, t: number, name: string) => ({
    company_id: company,
    name,
    code: name,
    project_type_id: t,
    start_date: "2026-01-01",
    end_date: "2026-12-31",
    status: "in_progress",
  });
  const [[p1, p2, p3, pb]] = await load(env, [["project", [project(A, type, "P1"), project(A, type, "P2"), project(A, type, "P3"), project(B, typeB, "PB")]]]);
  Object.assign(ids, { p1, p2, p3, pb });
  const member = (user: number, projectId: number, active = true) => ({ company_id: A, user_id: user, project_id: projectId, join_date: "2026-01-01", is_active: active });
  await load(env, [["user-to-proyek", [member(sup.id, p1), member(w1.id, p1), member(w2.id, p1), member(w3.id, p2), member(sup.id, p2, false)]]]);

  const presence = (user: number, projectId: number | null, date: string, selfie: string | null, lon: number, company = A) => ({
    company_id: company,
    user_id: user,
    project_id: projectId,
    presence_date: date,
    clock_in: wibAt(date, 8),
    clock_in_geo: [lon, -6.2],
    image_selfie: selfie,
    presence_status: "present",
  });
  const [[prW1P1, prW1P2, prW2P1, prW3P2, prW2None, prW3None, prSupP3, prB]] = await load(env, [
    [
      "presence",
      [
        presence(w1.id, p1, yesterday, F.s1, 106.1),
        presence(w1.id, p2, today, F.s2, 106.2),
        presence(w2.id, p1, today, F.s3, 106.3),
        presence(w3.id, p2, today, F.s4, 106.4),
        presence(w2.id, null, yesterday, null, 106.5),
        presence(w3.id, null, yesterday, null, 106.6),
        presence(sup.id, p3, today, null, 106.7),
        presence(env.adminB.id, pb, today, F.sB, 107.6, B),
      ],
    ],
  ]);
  Object.assign(ids, { prW1P1, prW1P2, prW2P1, prW3P2, prW2None, prW3None, prSupP3, prB });

  const waypoint = (user: number, hh: number, company = A) => ({ company_id: company, user_id: user, wptime: wibAt(today, hh), lon: 106.8, lat: -6.2 });
  await load(env, [
    ["waypoint", [waypoint(w1.id, 9), waypoint(w1.id, 10), waypoint(w2.id, 9), waypoint(w3.id, 9), waypoint(w3.id, 10), waypoint(sup.id, 9), waypoint(env.adminB.id, 9, B)]],
  ]);

  const permit = (user: number, attachment: string | null, company = A) => ({
    company_id: company,
    user_id: user,
    permit_type: "sick",
    absent_date: today,
    reason: "Demam",
    attachment,
    status: "pending",
  });
  const [[pmW1, pmW2, pmW3, pmSup, pmB]] = await load(env, [
    ["permit", [permit(w1.id, F.a1), permit(w2.id, null), permit(w3.id, F.a3), permit(sup.id, null), permit(env.adminB.id, null, B)]],
  ]);
  Object.assign(ids, { pmW1, pmW2, pmW3, pmSup, pmB });

  const panic = (user: number, projectId: number) => ({ company_id: A, user_id: user, project_id: projectId, alert_time: wibAt(today, 11), status: "open", message: "Tolong" });
  const [[pbW1, pbW3]] = await load(env, [["panic-button", [panic(w1.id, p1), panic(w3.id, p2)]]]);
  Object.assign(ids, { pbW1, pbW3 });

  const report = (user: number, projectId: number, image: string | null, title: string) => ({
    company_id: A,
    project_id: projectId,
    title,
    report_type: "inspection",
    severity: "low",
    report_date: today,
    image,
    status: "open",
    reporter_id: user,
  });
  const [[k3W1, k3W3, k3W2P2]] = await load(env, [["report-k3", [report(w1.id, p1, F.k1, "APD lengkap"), report(w3.id, p2, F.k3, "Galian"), report(w2.id, p2, null, "Tangga")]]]);
  Object.assign(ids, { k3W1, k3W3, k3W2P2 });

  const alert = (user: number | null, projectId: number | null, title: string) => ({
    company_id: A,
    title,
    alert_type: "panic_button",
    severity: "high",
    user_id: user,
    project_id: projectId,
    alert_time: wibAt(today, 11),
  });
  const [[alW1, alW3]] = await load(env, [["alert", [alert(w1.id, p1, "Panic Wati"), alert(w3.id, p2, "Panic Wulan")]]]);
  Object.assign(ids, { alW1, alW3 });
  const [[inboxW1, inboxW3]] = await load(env, [
    [
      "alert-to-user",
      [
        { company_id: A, alert_id: alW3, user_id: w1.id },
        { company_id: A, alert_id: alW1, user_id: w3.id },
      ],
    ],
  ]);
  Object.assign(ids, { inboxW1, inboxW3 });

  const image = (folder: string, name: string, uploadedBy: number | null, company = A) => ({
    company_id: company,
    folder,
    owner_id: 0,
    file_name: name,
    original_name: `${folder}.png`,
    mime: "image/png",
    size: 8,
    uploaded_by: uploadedBy,
  });
  await load(env, [
    [
      "image",
      [
        image("selfie", F.s1, null),
        image("selfie", F.s2, null),
        image("selfie", F.s3, null),
        image("selfie", F.s4, null),
        image("selfie", F.orphan, w3.id),
        image("profile", F.a1, w1.id),
        image("profile", F.a3, w3.id),
        image("profile", F.photo, env.adminA.id),
        image("k3", F.k1, w1.id),
        image("k3", F.k3, w3.id),
        image("selfie", F.sB, null, B),
      ],
    ],
  ]);
  const bytes = png(2, 2);
  for (const [folder, names] of [
    ["selfie", [F.s1, F.s2, F.s3, F.s4, F.orphan, F.sB]],
    ["profile", [F.a1, F.a3, F.photo]],
    ["k3", [F.k1, F.k3]],
  ] as const)
    for (const n of names) await env.app.services.files.write(folder, n, bytes);
}, 60_000);

afterAll(async () => {
  await env?.close();
});

type Row = Record<string, unknown>;
const search = async (as: FixtureUser, url: string, body: unknown = { paging: { start: 0, length: -1 } }) => {
  const res = await env.call(as, "POST", url, body);
  expect(res.status, res.raw).toBe(200);
  return res.body as { data: Row[]; recordsTotal: number; recordsFiltered: number };
};
const idsOf = (rows: Row[]) => rows.map((r) => Number(r.id)).sort((a, b) => a - b);
const sorted = (...xs: number[]) => [...xs].sort((a, b) => a - b);
const usersOf = (rows: Row[]) => [...new Set(rows.map((r) => Number(r.user_id)))].sort((a, b) => a - b);

describe("presence", () => {
  it("search: a worker their own rows, a supervisor their projects' (and their people's rows without a project), an admin the company's", async () => {
    expect(idsOf((await search(w1, "/api/presence/search")).data)).toEqual(sorted(ids.prW1P1, ids.prW1P2));
    expect(idsOf((await search(w2, "/api/presence/search")).data)).toEqual(sorted(ids.prW2P1, ids.prW2None));
    expect(idsOf((await search(sup, "/api/presence/search")).data)).toEqual(sorted(ids.prW1P1, ids.prW2P1, ids.prW2None, ids.prSupP3));
    expect(idsOf((await search(env.adminA, "/api/presence/search")).data)).toEqual(sorted(ids.prW1P1, ids.prW1P2, ids.prW2P1, ids.prW3P2, ids.prW2None, ids.prW3None, ids.prSupP3));
    expect(idsOf((await search(env.adminB, "/api/presence/search")).data)).toEqual([ids.prB]);
  });

  it("counts and pages only those rows (recordsTotal, recordsFiltered, an export page by page)", async () => {
    const page = await search(sup, "/api/presence/search", { paging: { start: 0, length: 1 } });
    expect(page).toMatchObject({ recordsTotal: 4, recordsFiltered: 4 });
    const exported: Row[] = [];
    for (let start = 0; start < page.recordsFiltered; start += 1) exported.push(...(await search(sup, "/api/presence/search", { paging: { start, length: 1 } })).data);
    expect(idsOf(exported)).toEqual(sorted(ids.prW1P1, ids.prW2P1, ids.prW2None, ids.prSupP3));
    // A filter naming someone else's rows finds nothing.
    const filtered = await search(w1, "/api/presence/search", { columns: [{ data: "user_id", value: w2.id }] });
    expect(filtered).toMatchObject({ data: [], recordsTotal: 2, recordsFiltered: 0 });
  });

  it("the same body answers each actor their own rows (the search plan and count caches key on the scope)", async () => {
    const body = { paging: { start: 0, length: 1 }, orders: { columns: ["presence_date"] } };
    const runs = [env.adminA, w1, sup, w2, env.adminA, w1];
    const totals = [];
    for (const as of runs) totals.push((await search(as, "/api/presence/search", body)).recordsFiltered);
    expect(totals).toEqual([7, 2, 4, 2, 7, 2]);
  });

  it("a supervisor's reach follows the memberships at once (a count cached before a membership change is not served after)", async () => {
    const body = { paging: { start: 0, length: 1 } };
    expect((await search(sup, "/api/presence/search", body)).recordsFiltered).toBe(4);
    const added = await env.call(env.adminA, "POST", "/api/user-to-proyek/add", { user_id: w3.id, project_id: ids.p1, join_date: today });
    expect(added.status, added.raw).toBe(200);
    try {
      // w3's row without a project: now a member's; w3's row in P2 stays out (not the supervisor's project).
      expect(idsOf((await search(sup, "/api/presence/search")).data)).toEqual(sorted(ids.prW1P1, ids.prW2P1, ids.prW2None, ids.prW3None, ids.prSupP3));
      expect((await search(sup, "/api/presence/search", body)).recordsFiltered).toBe(5);
    } finally {
      expect((await env.call(env.adminA, "DELETE", `/api/user-to-proyek/delete/${w3.id}/${ids.p1}`)).status).toBe(200);
    }
    expect((await search(sup, "/api/presence/search", body)).recordsFiltered).toBe(4);
  });

  it("a role-menu's row_scope is the role's right on that menu, whatever its role type", async () => {
    const menu = await env.db.selectFrom(MENUS.table).select("id").where("alias", "=", "presence").executeTakeFirstOrThrow();
    const setScope = (scope: string | null) => env.db.updateTable("role_menu").set({ row_scope: scope }).where("role_id", "=", w2.roleId).where("menu_id", "=", menu.id).execute();
    await setScope("company");
    try {
      expect((await search(w2, "/api/presence/search")).recordsFiltered).toBe(7);
      // Only that menu: permits stay w2's own.
      expect(idsOf((await search(w2, "/api/permit/search")).data)).toEqual([ids.pmW2]);
      await setScope("projects");
      expect(idsOf((await search(w2, "/api/presence/search")).data)).toEqual(sorted(ids.prW1P1, ids.prW2P1, ids.prW2None));
    } finally {
      await setScope(null);
    }
    expect((await search(w2, "/api/presence/search")).recordsFiltered).toBe(2);
  });
});

describe("waypoints", () => {
  it("search: a worker their own track, a supervisor their projects' people's and their own, an admin everyone's", async () => {
    expect(usersOf((await search(w1, "/api/waypoint/search")).data)).toEqual([w1.id]);
    expect(usersOf((await search(sup, "/api/waypoint/search")).data)).toEqual(sorted(w1.id, w2.id, sup.id));
    expect(usersOf((await search(env.adminA, "/api/waypoint/search")).data)).toEqual(sorted(w1.id, w2.id, w3.id, sup.id));
    expect(usersOf((await search(env.adminB, "/api/waypoint/search")).data)).toEqual([env.adminB.id]);
  });

  it("the map's history call for someone outside the scope answers no points", async () => {
    const body = { paging: { start: 0, length: -1 }, columns: [{ data: "user_id", value: w3.id, operator: "=" }], orders: { columns: ["wptime"], ascending: true } };
    expect((await search(sup, "/api/waypoint/search", body)).data).toEqual([]);
    expect((await search(w1, "/api/waypoint/search", { ...body, columns: [{ data: "user_id", value: w2.id }] })).data).toEqual([]);
    expect((await search(env.adminA, "/api/waypoint/search", body)).data).toHaveLength(2);
    // The map's columnar answer (format: columns) by the same rule.
    const columns = { ...body, format: "columns" };
    const times = async (as: FixtureUser, b: object) => ((await search(as, "/api/waypoint/search", b)).data as unknown as { wptime: string[] }).wptime;
    expect(await times(sup, columns)).toEqual([]);
    expect(await times(w1, { ...columns, columns: [{ data: "user_id", value: w2.id }] })).toEqual([]);
    expect(await times(env.adminA, columns)).toHaveLength(2);
  });

  it("legacy waypoint-monitoring/{user_id}: 404 for someone the actor may not see", async () => {
    expect((await env.call(sup, "POST", `/legacy/waypoint-monitoring/${w3.id}/search`, {})).status).toBe(404);
    expect((await env.call(w1, "POST", `/legacy/waypoint-monitoring/${w2.id}/search`, {})).status).toBe(404);
    expect((await env.call(env.adminB, "POST", `/legacy/waypoint-monitoring/${w1.id}/search`, {})).status).toBe(404);
    const mine = await env.call(w1, "POST", `/legacy/waypoint-monitoring/${w1.id}/search`, {});
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.data).toHaveLength(2);
    expect((await env.call(sup, "POST", `/legacy/waypoint-monitoring/${w2.id}/search`, {})).body.data).toHaveLength(1);
  });

  it("map-monitoring: the points of the people in scope, each from a presence record the actor may see", async () => {
    const points = async (as: FixtureUser) => ((await env.call(as, "POST", "/api/map-monitoring/search", {})).body.data as Row[]).map((p) => [p.user_id, p.image_selfie]);
    // The members of P1 and P2 (w1, w2, w3, supervisor): w1's latest visible row differs per actor.
    expect(await points(w1)).toEqual([[w1.id, F.s2]]);
    expect(await points(sup)).toEqual([
      [sup.id, null],
      [w1.id, F.s1],
      [w2.id, F.s3],
    ]);
    expect((await points(env.adminA)).sort()).toEqual(
      [
        [sup.id, null],
        [w1.id, F.s2],
        [w2.id, F.s3],
        [w3.id, F.s4],
      ].sort(),
    );
  });

  it("control-monitoring and the employee daily report: rows of the people in scope only", async () => {
    const day = { columns: [{ data: "date", value: today }], paging: { start: 0, length: -1 } };
    expect(usersOf((await search(w1, "/api/control-monitoring/search", day)).data)).toEqual([w1.id]);
    expect(usersOf((await search(sup, "/api/control-monitoring/search", day)).data)).toEqual(sorted(w1.id, w2.id, sup.id));
    const tracks = (await search(sup, "/api/control-monitoring/search", day)).data.map((r) => [r.user_id, r.waypoint_count]);
    expect(tracks).toContainEqual([w1.id, 2]);
    expect(usersOf((await search(env.adminA, "/api/control-monitoring/search", day)).data)).toEqual(expect.arrayContaining([w1.id, w2.id, w3.id, sup.id, env.adminA.id]));
    expect(usersOf((await search(sup, "/legacy/employee-daily-report/search", { role: "Supervisor", ...day })).data)).toEqual(sorted(w1.id, w2.id, sup.id));
  });

  it("dashboard-status counts only the presence rows the actor may see", async () => {
    const counts = async (as: FixtureUser) => {
      const res = await search(as, "/legacy/dashboard-status/search", {
        columns: [
          { data: "kind", value: "presence" },
          { data: "date", operator: "range", value: yesterday, value1: today },
        ],
      });
      return res.data.find((r) => r.status === "present")?.total;
    };
    expect(await counts(w1)).toBe(2);
    expect(await counts(sup)).toBe(4);
    expect(await counts(env.adminA)).toBe(7);
  });
});

describe("permits", () => {
  it("search and show: a worker their own, a supervisor their projects' people's and their own, an admin all", async () => {
    expect(idsOf((await search(w1, "/api/permit/search")).data)).toEqual([ids.pmW1]);
    expect(idsOf((await search(sup, "/api/permit/search")).data)).toEqual(sorted(ids.pmW1, ids.pmW2, ids.pmSup));
    expect(idsOf((await search(env.adminA, "/api/permit/search")).data)).toEqual(sorted(ids.pmW1, ids.pmW2, ids.pmW3, ids.pmSup));
    expect(idsOf((await search(env.adminB, "/api/permit/search")).data)).toEqual([ids.pmB]);
    expect((await env.call(w1, "GET", `/api/permit/edit/${ids.pmW1}`)).status).toBe(200);
    expect((await env.call(w1, "GET", `/api/permit/edit/${ids.pmW2}`)).status).toBe(404);
    expect((await env.call(sup, "GET", `/api/permit/edit/${ids.pmW2}`)).status).toBe(200);
    expect((await env.call(sup, "GET", `/api/permit/edit/${ids.pmW3}`)).status).toBe(404);
    expect((await env.call(env.adminA, "GET", `/api/permit/edit/${ids.pmW3}`)).status).toBe(200);
    expect((await env.call(env.adminB, "GET", `/api/permit/edit/${ids.pmW3}`)).status).toBe(404);
  });

  it("add: a worker files a permit for themselves only (400 naming user_id); a supervisor for the people of their projects", async () => {
    const body = (user: number) => ({ user_id: user, permit_type: "leave", absent_date: today, reason: "Keluarga" });
    const other = await env.call(w1, "POST", "/api/permit/add", body(w2.id));
    expect(other.status, other.raw).toBe(400);
    expect(other.body).toMatchObject({ key: "validation_failed", errors: { user_id: "You can only choose yourself." } });
    const outside = await env.call(sup, "POST", "/api/permit/add", body(w3.id), { "accept-language": "id" });
    expect(outside.status).toBe(400);
    expect(outside.body.errors).toEqual({ user_id: "Anda hanya dapat memilih proyek Anda atau orang di dalamnya." });
    const count = async () =>
      Number(
        (
          await env.db
            .selectFrom("permit")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const own = await env.call(w1, "POST", "/api/permit/add", body(w1.id));
    expect(own.status, own.raw).toBe(200);
    const forCrew = await env.call(sup, "POST", "/api/permit/add", body(w2.id));
    expect(forCrew.status, forCrew.raw).toBe(200);
    const byAdmin = await env.call(env.adminA, "POST", "/api/permit/add", body(w3.id));
    expect(byAdmin.status, byAdmin.raw).toBe(200);
    expect(await count()).toBe(before + 3);
    for (const id of [own.body.data.id, forCrew.body.data.id, byAdmin.body.data.id]) expect((await env.call(env.adminA, "DELETE", `/api/permit/delete/${id}`)).status).toBe(200);
  });

  it("delete: a row outside the scope is 404 and stays", async () => {
    expect((await env.call(w1, "DELETE", `/api/permit/delete/${ids.pmW2}`)).status).toBe(404);
    expect((await env.call(sup, "DELETE", `/api/permit/delete/${ids.pmW3}`)).status).toBe(404);
    expect((await env.call(env.adminB, "DELETE", `/api/permit/delete/${ids.pmW3}`)).status).toBe(404);
    const left = await env.db.selectFrom("permit").select("id").where("id", "in", [ids.pmW2, ids.pmW3]).execute();
    expect(left).toHaveLength(2);
  });
});

describe("panic-button and K3 reports", () => {
  it("search: by the row's project; update outside the scope is 404, and a row may not be moved out of it (400)", async () => {
    expect(idsOf((await search(w1, "/api/panic-button/search")).data)).toEqual([ids.pbW1]);
    expect(idsOf((await search(sup, "/api/panic-button/search")).data)).toEqual([ids.pbW1]);
    expect(idsOf((await search(env.adminA, "/api/panic-button/search")).data)).toEqual(sorted(ids.pbW1, ids.pbW3));
    expect((await env.call(sup, "PUT", `/api/panic-button/update/${ids.pbW3}`, { status: "acknowledged" })).status).toBe(404);
    expect((await env.call(w3, "PUT", `/api/panic-button/update/${ids.pbW1}`, { status: "acknowledged" })).status).toBe(404);
    const moved = await env.call(sup, "PUT", `/api/panic-button/update/${ids.pbW1}`, { project_id: ids.p2 });
    expect(moved.status, moved.raw).toBe(400);
    expect(moved.body.errors).toHaveProperty("project_id");
    // Acknowledged by its action (the alarm's flow), within the scope.
    const ok = await env.call(sup, "PUT", `/api/panic-button/acknowledge/${ids.pbW1}`, {});
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.data).toMatchObject({ status: "acknowledged", project_id: ids.p1 });
  });

  it("report-k3: the reporter is the person; a supervisor sees the reports of their projects", async () => {
    expect(idsOf((await search(w1, "/api/report-k3/search")).data)).toEqual([ids.k3W1]);
    expect(idsOf((await search(w2, "/api/report-k3/search")).data)).toEqual([ids.k3W2P2]);
    expect(idsOf((await search(sup, "/api/report-k3/search")).data)).toEqual([ids.k3W1]);
    expect(idsOf((await search(env.adminA, "/api/report-k3/search")).data)).toEqual(sorted(ids.k3W1, ids.k3W3, ids.k3W2P2));
  });

  it("alerts: the inbox is the recipient's own; the option view of alerts keeps to the alerts about the worker", async () => {
    expect(idsOf((await search(w1, "/legacy/alert-to-user/search")).data)).toEqual([ids.inboxW1]);
    expect(idsOf((await search(env.adminA, "/legacy/alert-to-user/search")).data)).toEqual(sorted(ids.inboxW1, ids.inboxW3));
    // w1 holds no alert menu: alert-to-user refers to alerts, so w1 reads their options (id and title).
    const options = await search(w1, "/legacy/alert/search");
    expect(options.data).toEqual([{ id: ids.alW1, title: "Panic Wati" }]);
  });
});

describe("files", () => {
  const get = (as: FixtureUser, folder: string, name: string) =>
    env.app.inject({ method: "GET", url: `/api/image/${folder}/${name}`, headers: { authorization: `Bearer ${as.token}` } });
  const served = async (as: FixtureUser, files: Array<[folder: string, name: string]>) => {
    const out: string[] = [];
    for (const [folder, name] of files) {
      const res = await get(as, folder, name);
      expect([200, 404], `${folder}/${name}`).toContain(res.statusCode);
      if (res.statusCode === 200) out.push(name);
    }
    return out.sort();
  };
  const ALL: Array<[string, string]> = [
    ["selfie", F.s1],
    ["selfie", F.s2],
    ["selfie", F.s3],
    ["selfie", F.s4],
    ["selfie", F.orphan],
    ["profile", F.a1],
    ["profile", F.a3],
    ["profile", F.photo],
    ["k3", F.k1],
    ["k3", F.k3],
    ["selfie", F.sB],
  ];

  it("GET image/{folder}/{file}: selfies, permit attachments and K3 photos of the records the actor may see; 404 for the others", async () => {
    expect(await served(w1, ALL)).toEqual([F.s1, F.s2, F.a1, F.photo, F.k1].sort());
    expect(await served(w3, ALL)).toEqual([F.s4, F.orphan, F.a3, F.photo, F.k3].sort());
    expect(await served(sup, ALL)).toEqual([F.s1, F.s3, F.a1, F.photo, F.k1].sort());
    expect(await served(env.adminA, ALL)).toEqual([F.s1, F.s2, F.s3, F.s4, F.orphan, F.a1, F.a3, F.photo, F.k1, F.k3].sort());
    expect(await served(env.adminB, ALL)).toEqual([F.sB]);
  });

  it("image/search lists only those images", async () => {
    const names = async (as: FixtureUser) => (await search(as, "/api/image/search")).data.map((r) => String(r.file_name)).sort();
    expect(await names(w1)).toEqual([F.s1, F.s2, F.a1, F.photo, F.k1].sort());
    expect(await names(sup)).toEqual([F.s1, F.s3, F.a1, F.photo, F.k1].sort());
    expect(await names(env.adminA)).toHaveLength(10);
  });

  it("deleting another's selfie is 404 and keeps it, though the worker may edit attendance", async () => {
    expect((await env.call(w1, "DELETE", `/api/image/delete/selfie/0/${F.s3}`)).status).toBe(404);
    expect((await env.call(sup, "DELETE", `/api/image/multiple-delete/selfie/0/${F.s1},${F.s4}`)).status).toBe(404);
    expect((await get(env.adminA, "selfie", F.s3)).statusCode).toBe(200);
    expect((await get(env.adminA, "selfie", F.s4)).statusCode).toBe(200);
  });
});

describe("migration 009", () => {
  it("gives existing role-menu rows their role's scope: worker own, supervisor projects, others company", async () => {
    const fresh = await freshDatabase();
    const h = openDatabase({ databaseUrl: fresh.options.databaseUrl ?? "", dataDir: fresh.options.dataDir!, pgSchema: fresh.options.pgSchema });
    try {
      const migrator = new Migrator({ db: h.db, provider: migrationProvider, allowUnorderedMigrations: true, ...(h.schema ? { migrationTableSchema: h.schema } : {}) });
      const before = await migrator.migrateTo("008_version_gantt_revision");
      expect(before.error).toBeUndefined();
      const kinds = ["worker", "supervisor", "manager", "admin", "owner"];
      await h.db
        .insertInto("role")
        .values(kinds.map((k, i) => ({ id: i + 1, company_id: 1, name: k, role_type: k })))
        .execute();
      await h.db
        .insertInto("role_menu")
        .values([...kinds.map((_, i) => ({ id: i + 1, company_id: 1, role_id: i + 1, menu_id: 1 })), { id: 99, company_id: 1, role_id: 42, menu_id: 1 }])
        .execute();
      expect(await migrate(h)).toContain("009_row_scope");
      const rows = await h.db.selectFrom("role_menu").select(["id", "row_scope"]).orderBy("id").execute();
      expect(rows.map((r) => [Number(r.id), r.row_scope])).toEqual([
        [1, "own"],
        [2, "projects"],
        [3, "company"],
        [4, "company"],
        [5, "company"],
        [99, null],
      ]);
    } finally {
      await h.close();
      await fresh.cleanup();
    }
  });
});
