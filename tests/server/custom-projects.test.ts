// Project-side custom operations: trees (template-gantt, folder-document-proyek,
// hierarchy-ftths), planning lists (list-assign-activity, issue list-by-*, assign-material
// list-by-activity), kanban-card get-data and the task list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { load, userWithMenus } from "./custom-fixture";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";

let env: TestEnv;
let worker: FixtureUser & { roleId: number }; // W1: task menu only
const ids: Record<string, number> = {};

beforeAll(async () => {
  env = await setupServer();
  const A = env.companyA;
  const B = env.companyB;
  worker = await userWithMenus(env, { company: A, name: "Wawan Worker", email: "wawan@alpha.test", aliases: ["task"] });
  ids.w1 = worker.id;
  const [[typeA, typeB]] = await load(env, [
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
        { company_id: A, name: "Tower One", code: "P1", project_type_id: typeA, start_date: "2026-01-01", end_date: "2026-12-31", status: "in_progress" },
        { company_id: A, name: "Annex", code: "P2", project_type_id: typeA, start_date: "2026-02-01", end_date: "2026-10-31", status: "planning" },
        { company_id: B, name: "Beta Net", code: "PB", project_type_id: typeB, start_date: "2026-01-01", end_date: "2026-12-31", status: "in_progress" },
      ],
    ],
  ]);
  Object.assign(ids, { p1, p2, pb });
  const [[w2, w3, w4, wb]] = await load(env, [
    [
      "human-resource",
      [
        { company_id: A, name: "Bima", email: "bima@alpha.test", employee_type: "daily", role_id: env.roles.viewerA },
        { company_id: A, name: "Citra", email: "citra@alpha.test", employee_type: "daily", role_id: env.roles.viewerA },
        { company_id: A, name: "Dodi", email: "dodi@alpha.test", employee_type: "daily", role_id: env.roles.viewerA },
        { company_id: B, name: "Bona", email: "bona@beta.test", employee_type: "daily", role_id: env.roles.adminB },
      ],
    ],
  ]);
  Object.assign(ids, { w2, w3, w4, wb });
  const [[prole]] = await load(env, [["project-role", [{ company_id: A, name: "Mandor" }]]]);
  await load(env, [
    [
      "user-to-proyek",
      [
        { company_id: A, user_id: ids.w1, project_id: p1, is_active: true },
        { company_id: A, user_id: w2, project_id: p1, is_active: true },
        { company_id: A, user_id: w3, project_id: p1, is_active: false },
        { company_id: A, user_id: ids.w1, project_id: p2, is_active: true },
        { company_id: B, user_id: wb, project_id: pb, is_active: true },
      ],
    ],
    ["project-participants", [{ company_id: A, project_id: p1, user_id: env.adminA.id, project_role_id: prole }]],
  ]);
  const [[v1, vb]] = await load(env, [
    [
      "version-gantt",
      [
        { company_id: A, project_id: p1, name: "Baseline" },
        { company_id: B, project_id: pb, name: "Baseline B" },
      ],
    ],
  ]);
  Object.assign(ids, { v1, vb });
  const [[a1, a2, a3, ab]] = await load(env, [
    [
      "activity",
      [
        { company_id: A, project_id: p1, version_gantt_id: v1, name: "Galian", type: "task", start_date: "2026-03-01", end_date: "2026-03-10", progress: 40, order: 1 },
        { company_id: A, project_id: p1, version_gantt_id: v1, name: "Pondasi", type: "task", start_date: "2026-03-11", end_date: "2026-03-20", progress: 100, order: 2 },
        { company_id: A, project_id: p1, version_gantt_id: v1, name: "Struktur", type: "task", start_date: "2026-04-01", end_date: "2026-05-01", progress: 0, order: 3 },
        { company_id: B, project_id: pb, version_gantt_id: vb, name: "Tarik kabel", type: "task", start_date: "2026-03-01", end_date: "2026-03-10", order: 1 },
      ],
    ],
  ]);
  Object.assign(ids, { a1, a2, a3, ab });
  const [[ua1, , ua3]] = await load(env, [
    [
      "user-to-activity",
      [
        { company_id: A, user_id: ids.w1, activity_id: a1 },
        { company_id: A, user_id: ids.w1, activity_id: a2 },
        // w4 is on the task without being a member of the project
        { company_id: A, user_id: w4, activity_id: a1 },
        { company_id: B, user_id: wb, activity_id: ab },
      ],
    ],
  ]);
  Object.assign(ids, { ua1, ua3 });
  const statuses = await env.db.selectFrom("issue_status").select("id").orderBy("id").execute();
  const [[i1, i2]] = await load(env, [
    [
      "issue",
      [
        { company_id: A, project_id: p1, version_gantt_id: v1, title: "Retak kolom", issue_status_id: Number(statuses[0].id), report_date: "2026-03-02" },
        { company_id: A, project_id: p2, title: "Izin", issue_status_id: Number(statuses[0].id), report_date: "2026-03-03" },
        { company_id: B, project_id: pb, version_gantt_id: vb, title: "Tiang miring", issue_status_id: Number(statuses[0].id), report_date: "2026-03-03" },
      ],
    ],
  ]);
  Object.assign(ids, { i1, i2 });
  const [[sat]] = await load(env, [["satuan", [{ company_id: A, name: "Sak", symbol: "sak" }]]]);
  const [[m1]] = await load(env, [["material-resource", [{ company_id: A, name: "Semen", satuan_id: sat, unit_price: 65000, ownership_status: "owned" }]]]);
  const [[am1]] = await load(env, [
    [
      "assign-material",
      [
        { company_id: A, activity_id: a1, material_resource_id: m1, quantity: 20 },
        { company_id: A, activity_id: a2, material_resource_id: m1, quantity: 5 },
      ],
    ],
  ]);
  ids.am1 = am1;
  const [[kb1, kbb]] = await load(env, [
    [
      "kanban-board",
      [
        { company_id: A, project_id: p1, name: "Lapangan" },
        { company_id: B, project_id: pb, name: "Beta board" },
      ],
    ],
  ]);
  Object.assign(ids, { kb1, kbb });
  const [[c1, c2, c3]] = await load(env, [
    [
      "kanban-card",
      [
        { company_id: A, kanban_board_id: kb1, title: "Pasang bekisting", status: "todo", position: 1 },
        { company_id: A, kanban_board_id: kb1, title: "Cek besi", status: "todo", position: 0, assignee_id: w2 },
        { company_id: A, kanban_board_id: kb1, title: "Cor pelat", status: "done", position: 0, assignee_id: ids.w1, due_date: "2026-03-05", activity_id: a1 },
        { company_id: A, kanban_board_id: kb1, title: "Uji slump", status: "review", position: 0, assignee_id: ids.w1, due_date: "2026-03-04" },
        { company_id: B, kanban_board_id: kbb, title: "Beta card", status: "todo", position: 0, assignee_id: wb },
      ],
    ],
  ]);
  Object.assign(ids, { c1, c2, c3 });
  const [[t1, t2, tb]] = await load(env, [
    [
      "template-gantt",
      [
        {
          company_id: A,
          name: "Template Gedung",
          project_type_id: typeA,
          structure: {
            phases: [
              {
                code: "1",
                name: "Persiapan",
                type: "summary",
                children: [
                  { code: "1.1", name: "Mobilisasi", type: "task", duration_days: 21, link: "e2s" },
                  { code: "1.2", name: "Persiapan selesai", type: "milestone", duration_days: 0 },
                ],
              },
              { code: "2", name: "Struktur", type: "summary", children: [] },
            ],
          },
        },
        { company_id: A, name: "Template list", structure: [{ title: "Survey", tasks: [{ text: "Foto rumah" }] }, "not a node", { name: "ATP" }] },
        { company_id: B, name: "Template B", structure: [] },
      ],
    ],
  ]);
  Object.assign(ids, { t1, t2, tb });
  const [[f1, f2, f3]] = await load(env, [
    [
      "folder-document-proyek",
      [
        { company_id: A, project_id: p1, parent_id: null, name: "Gambar", color: "#faad14" },
        { company_id: A, project_id: p1, parent_id: null, name: "Administrasi" },
        { company_id: A, project_id: p2, parent_id: null, name: "Lain proyek" },
      ],
    ],
  ]);
  const [[f4]] = await load(env, [["folder-document-proyek", [{ company_id: A, project_id: p1, parent_id: f1, name: "Struktur" }]]]);
  Object.assign(ids, { f1, f2, f3, f4 });
  const [[d1, d2, d3]] = await load(env, [
    [
      "document-project",
      [
        { company_id: A, project_id: p1, folder_id: f4, name: "Denah.pdf", file: "aa.pdf", mime: "application/pdf", size: 1000, uploaded_by: env.adminA.id },
        { company_id: A, project_id: p1, folder_id: null, name: "Kontrak.pdf", file: "bb.pdf", mime: "application/pdf", size: 2000, uploaded_by: env.adminA.id },
        { company_id: A, project_id: p1, folder_id: f1, name: "Tampak.pdf", file: "cc.pdf", mime: "application/pdf", size: 3000 },
        { company_id: A, project_id: p2, folder_id: f3, name: "Other.pdf", file: "dd.pdf", mime: "application/pdf", size: 10 },
      ],
    ],
  ]);
  Object.assign(ids, { d1, d2, d3 });
  const node = (over: Record<string, unknown>) => ({ company_id: A, project_id: p1, status: "active", capacity: 16, used_ports: 0, ...over });
  const [[olt]] = await load(env, [["hierarchy-ftths", [node({ level: "olt", code: "OLT-1", name: "OLT STO" })]]]);
  const [[odc1, odc2]] = await load(env, [
    [
      "hierarchy-ftths",
      [node({ level: "odc", code: "ODC-1", name: "ODC Satu", parent_id: olt }), node({ level: "odc", code: "ODC-2", name: "ODC Dua", parent_id: olt, status: "planned" })],
    ],
  ]);
  const [[odp1]] = await load(env, [["hierarchy-ftths", [node({ level: "odp", code: "ODP-1-1", name: "ODP Satu", parent_id: odc1 })]]]);
  const [[ont1, ont2]] = await load(env, [
    [
      "hierarchy-ftths",
      [
        node({ level: "ont", code: "ONT-2", name: "Pelanggan 2", parent_id: odp1, status: "installed" }),
        node({ level: "ont", code: "ONT-1", name: "Pelanggan 1", parent_id: odp1 }),
      ],
    ],
  ]);
  await load(env, [["hierarchy-ftths", [{ company_id: B, project_id: pb, level: "olt", code: "OLT-B", name: "OLT B", status: "active" }]]]);
  Object.assign(ids, { olt, odc1, odc2, odp1, ont1, ont2 });
});
afterAll(async () => {
  await env?.close();
});

describe("template-gantt/get-tree/{id}", () => {
  it("answers the template's structure as [{ id, name, children }] keeping node details", async () => {
    const res = await env.call(env.adminA, "GET", `/api/template-gantt/get-tree/${ids.t1}`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: "1",
        code: "1",
        name: "Persiapan",
        type: "summary",
        children: [
          { id: "1.1", code: "1.1", name: "Mobilisasi", type: "task", duration_days: 21, link: "e2s", children: [] },
          { id: "1.2", code: "1.2", name: "Persiapan selesai", type: "milestone", duration_days: 0, children: [] },
        ],
      },
      { id: "2", code: "2", name: "Struktur", type: "summary", children: [] },
    ]);
  });

  it("reads other shapes (a top list, title/text names, tasks) and ids by position", async () => {
    const res = await env.call(env.adminA, "GET", `/api/template-gantt/get-tree/${ids.t2}`);
    expect(res.body.data).toEqual([
      { id: "1", name: "Survey", title: "Survey", children: [{ id: "1.1", name: "Foto rumah", text: "Foto rumah", children: [] }] },
      { id: "3", name: "ATP", children: [] },
    ]);
  });

  it("is 404 for another company's template; 403 without the version-gantt menu", async () => {
    expect((await env.call(env.adminA, "GET", `/api/template-gantt/get-tree/${ids.tb}`)).status).toBe(404);
    expect((await env.call(env.adminB, "GET", `/api/template-gantt/get-tree/${ids.t1}`)).status).toBe(404);
    expect((await env.call(env.viewerA, "GET", `/api/template-gantt/get-tree/${ids.t1}`)).status).toBe(403);
  });
});

describe("folder-document-proyek/get-tree/{project_id}", () => {
  it("answers the project's folders as a tree, each with its documents; unfiled documents in a root entry", async () => {
    const res = await env.call(env.viewerA, "GET", `/api/folder-document-proyek/get-tree/${ids.p1}`);
    expect(res.status, res.raw).toBe(200);
    const tree = res.body.data;
    expect(tree.map((f: { id: number | null; name: string | null }) => [f.id, f.name])).toEqual([
      [null, null],
      [ids.f2, "Administrasi"],
      [ids.f1, "Gambar"],
    ]);
    expect(tree[0].documents.map((d: { id: number }) => d.id)).toEqual([ids.d2]);
    const gambar = tree[2];
    expect(gambar).toMatchObject({ project_id: ids.p1, parent_id: null, color: "#faad14", project_id_label: "Tower One" });
    expect(gambar.documents).toEqual([expect.objectContaining({ id: ids.d3, name: "Tampak.pdf", folder_id: ids.f1, folder_id_label: "Gambar", size: 3000 })]);
    expect(gambar.children).toEqual([
      expect.objectContaining({ id: ids.f4, name: "Struktur", children: [], documents: [expect.objectContaining({ id: ids.d1, uploaded_by_label: "Ana Admin" })] }),
    ]);
    expect(tree[1].documents).toEqual([]);
  });

  it("is 404 for another company's project", async () => {
    expect((await env.call(env.adminB, "GET", `/api/folder-document-proyek/get-tree/${ids.p1}`)).status).toBe(404);
    expect((await env.call(env.adminA, "GET", `/api/folder-document-proyek/get-tree/${ids.pb}`)).status).toBe(404);
    expect((await env.call(worker, "GET", `/api/folder-document-proyek/get-tree/${ids.p1}`)).status).toBe(403);
  });
});

describe("hierarchy-ftths", () => {
  it("tree/{project_id}: OLT → ODC → ODP → ONT, records with children, siblings by code", async () => {
    const res = await env.call(env.adminA, "GET", `/api/hierarchy-ftths/tree/${ids.p1}`);
    expect(res.status, res.raw).toBe(200);
    const [olt] = res.body.data;
    expect(res.body.data).toHaveLength(1);
    expect(olt).toMatchObject({ id: ids.olt, level: "olt", code: "OLT-1", project_id_label: "Tower One" });
    expect(olt.children.map((n: { code: string }) => n.code)).toEqual(["ODC-1", "ODC-2"]);
    expect(olt.children[0].children[0].children.map((n: { code: string }) => n.code)).toEqual(["ONT-1", "ONT-2"]);
    expect(olt.children[0].children[0].children[0]).toMatchObject({ parent_id: ids.odp1, parent_id_label: "ODP Satu", children: [] });
  });

  it("count-tree/{project_id}: totals per level and status, per node counts below it", async () => {
    const res = await env.call(env.adminA, "GET", `/api/hierarchy-ftths/count-tree/${ids.p1}`);
    expect(res.status, res.raw).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ total: 6, by_level: { olt: 1, odc: 2, odp: 1, ont: 2 }, by_status: { active: 4, planned: 1, installed: 1 } });
    const [olt] = d.tree;
    expect(olt).toMatchObject({ id: ids.olt, name: "OLT STO", level: "olt", count: 5, by_level: { olt: 0, odc: 2, odp: 1, ont: 2 } });
    expect(olt.children.map((n: { code: string; count: number }) => [n.code, n.count])).toEqual([
      ["ODC-1", 3],
      ["ODC-2", 0],
    ]);
    expect(olt.children[0].children[0]).toMatchObject({ code: "ODP-1-1", count: 2, by_level: { ont: 2 } });
  });

  it("the base list (query-string filters) and {id} are served generically", async () => {
    const list = await env.call(env.adminA, "GET", `/api/hierarchy-ftths?project_id=${ids.p1}&level=ont`);
    expect(list.status, list.raw).toBe(200);
    expect(list.body.data.map((n: { id: number }) => n.id).sort()).toEqual([ids.ont1, ids.ont2].sort());
    const one = await env.call(env.adminA, "GET", `/api/hierarchy-ftths/${ids.odc1}`);
    expect(one.body.data).toMatchObject({ id: ids.odc1, parent_id_label: "OLT STO" });
    expect((await env.call(env.adminB, "GET", `/api/hierarchy-ftths/${ids.odc1}`)).status).toBe(404);
  });

  it("is 404 for another company's project, and 403 without the menu", async () => {
    expect((await env.call(env.adminB, "GET", `/api/hierarchy-ftths/tree/${ids.p1}`)).status).toBe(404);
    expect((await env.call(env.adminB, "GET", `/api/hierarchy-ftths/count-tree/${ids.p1}`)).status).toBe(404);
    expect((await env.call(env.viewerA, "GET", `/api/hierarchy-ftths/tree/${ids.p1}`)).status).toBe(403);
  });
});

describe("human-resource/list-assign-activity/{activity_id}", () => {
  it("answers the project's staff and those on the activity, with assigned and the assignment id", async () => {
    const res = await env.call(env.adminA, "GET", `/api/human-resource/list-assign-activity/${ids.a1}`);
    expect(res.status, res.raw).toBe(200);
    const rows = res.body.data.map((u: { id: number; name: string; assigned: boolean; user_to_activity_id: number | null }) => [u.name, u.assigned, u.user_to_activity_id]);
    // Members (Wawan, Bima), the participant (Ana), Dodi who is on the task; Citra's membership is off.
    expect(rows).toEqual([
      ["Ana Admin", false, null],
      ["Bima", false, null],
      ["Dodi", true, ids.ua3],
      ["Wawan Worker", true, ids.ua1],
    ]);
    const user = res.body.data[0];
    expect(user).toMatchObject({ email: "admin@alpha.test", role_id_label: "Admin" });
    expect(user).not.toHaveProperty("password");
  });

  it("is 404 for another company's activity; 403 without the human-resource menu", async () => {
    expect((await env.call(env.adminA, "GET", `/api/human-resource/list-assign-activity/${ids.ab}`)).status).toBe(404);
    expect((await env.call(env.adminB, "GET", `/api/human-resource/list-assign-activity/${ids.a1}`)).status).toBe(404);
    expect((await env.call(env.viewerA, "GET", `/api/human-resource/list-assign-activity/${ids.a1}`)).status).toBe(403);
  });
});

describe("list-by-* with their query parameter", () => {
  it("issue/list-by-project and list-by-gantt: that project's or version's issues", async () => {
    const byProject = await env.call(env.adminA, "GET", `/api/issue/list-by-project?project_id=${ids.p2}`);
    expect(byProject.status, byProject.raw).toBe(200);
    expect(byProject.body.data.map((i: { id: number }) => i.id)).toEqual([ids.i2]);
    const byGantt = await env.call(env.adminA, "GET", `/api/issue/list-by-gantt?version_gantt_id=${ids.v1}`);
    expect(byGantt.body.data).toEqual([expect.objectContaining({ id: ids.i1, version_gantt_id_label: "Baseline", project_id_label: "Tower One" })]);
  });

  it("assign-material/list-by-activity: the activity's materials with labels", async () => {
    const res = await env.call(env.adminA, "GET", `/api/assign-material/list-by-activity?activity_id=${ids.a1}`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ id: ids.am1, quantity: 20, material_resource_id_label: "Semen", activity_id_label: "Galian" })]);
  });

  it("need the parameter (400), of the actor's company (404)", async () => {
    expect((await env.call(env.adminA, "GET", "/api/issue/list-by-project")).status).toBe(400);
    expect((await env.call(env.adminA, "GET", "/api/issue/list-by-gantt")).body.errors).toHaveProperty("version_gantt_id");
    expect((await env.call(env.adminA, "GET", "/api/assign-material/list-by-activity")).status).toBe(400);
    expect((await env.call(env.adminA, "GET", `/api/issue/list-by-project?project_id=${ids.pb}`)).status).toBe(404);
    expect((await env.call(env.adminB, "GET", `/api/issue/list-by-gantt?version_gantt_id=${ids.v1}`)).status).toBe(404);
    expect((await env.call(env.adminB, "GET", `/api/assign-material/list-by-activity?activity_id=${ids.a1}`)).status).toBe(404);
    expect((await env.call(env.viewerA, "GET", `/api/issue/list-by-project?project_id=${ids.p1}`)).status).toBe(403);
  });
});

describe("kanban-card/get-data?kanban_board_id=", () => {
  it("answers a column per status in declared order, cards by position", async () => {
    const res = await env.call(env.adminA, "GET", `/api/kanban-card/get-data?kanban_board_id=${ids.kb1}`);
    expect(res.status, res.raw).toBe(200);
    const cols = res.body.data;
    expect(cols.map((c: { status: string }) => c.status)).toEqual(["todo", "in_progress", "review", "done"]);
    expect(cols[0].cards.map((c: { title: string }) => c.title)).toEqual(["Cek besi", "Pasang bekisting"]);
    expect(cols[1].cards).toEqual([]);
    expect(cols[3].cards[0]).toMatchObject({ id: ids.c3, assignee_id_label: "Wawan Worker", activity_id_label: "Galian", kanban_board_id_label: "Lapangan" });
  });

  it("needs the board (400), of the actor's company (404); 403 without kanban-board", async () => {
    expect((await env.call(env.adminA, "GET", "/api/kanban-card/get-data")).status).toBe(400);
    expect((await env.call(env.adminB, "GET", `/api/kanban-card/get-data?kanban_board_id=${ids.kb1}`)).status).toBe(404);
    expect((await env.call(env.viewerA, "GET", `/api/kanban-card/get-data?kanban_board_id=${ids.kb1}`)).status).toBe(403);
  });
});

describe("task (base)", () => {
  it("answers the actor's activities and cards, open work first", async () => {
    const res = await env.call(worker, "GET", "/api/task");
    expect(res.status, res.raw).toBe(200);
    const rows = res.body.data.map((t: Record<string, unknown>) => [t.kind, t.name, t.status, t.progress, t.end_date]);
    expect(rows).toEqual(
      [
        ["activity", "Galian", "in_progress", 40, "2026-03-10"],
        ["card", "Uji slump", "review", null, "2026-03-04"],
        ["card", "Cor pelat", "done", 100, "2026-03-05"],
        ["activity", "Pondasi", "done", 100, "2026-03-20"],
      ].sort((a, b) => Number(a[2] === "done") - Number(b[2] === "done") || String(a[4]).localeCompare(String(b[4]))),
    );
    const galian = res.body.data.find((t: { name: string }) => t.name === "Galian");
    expect(galian).toMatchObject({
      activity_id: ids.a1,
      activity_id_label: "Galian",
      project_id: ids.p1,
      project_id_label: "Tower One",
      version_gantt_id: ids.v1,
      start_date: "2026-03-01",
    });
    const card = res.body.data.find((t: { name: string }) => t.name === "Cor pelat");
    expect(card).toMatchObject({ kanban_card_id: ids.c3, kanban_board_id: ids.kb1, activity_id: ids.a1, project_id: ids.p1 });
  });

  it("narrows by query string; another user sees their own only", async () => {
    const cards = await env.call(worker, "GET", "/api/task?kind=card&status=done");
    expect(cards.body.data.map((t: { name: string }) => t.name)).toEqual(["Cor pelat"]);
    const other = await env.call(env.adminA, "GET", "/api/task");
    expect(other.body.data).toEqual([]);
    expect((await env.call(env.adminB, "GET", "/api/task")).body.data).toEqual([]);
    expect((await env.call(null, "GET", "/api/task")).status).toBe(401);
  });
});
