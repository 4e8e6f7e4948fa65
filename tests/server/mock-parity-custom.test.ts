// The contract mock (tests/mocks) answers custom operations as the server does: the trees
// (template-gantt get-tree, folder-document-proyek get-tree, hierarchy-ftths tree and count-tree),
// human-resource list-assign-activity, waypoint-monitoring {user_id}/search, document-project
// download, and the image store's multiple-upload and multiple-delete. The same requests go to the
// real server and, over the same rows, to the mock's own HTTP handlers (msw); statuses and whole
// answers must agree (but for what the server makes anew: stored names, ids, instants).
import { setupServer as setupMsw } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceNamed } from "../../declaration";
import { decodeRow } from "../../server/db/codec";
import { dynamicDb } from "../../server/db/dynamic";
import { createContractMock, defaultMenus } from "../mocks";
import { createDb, type Row } from "../mocks/db";
import { load, wibAt } from "./custom-fixture";
import { multipart, png } from "./files-multipart";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
const msw = setupMsw();
const ids: Record<string, number> = {};

const COPIED = [
  "company-management",
  "role",
  "human-resource",
  "project-type",
  "project",
  "project-role",
  "user-to-proyek",
  "project-participants",
  "version-gantt",
  "activity",
  "user-to-activity",
  "template-gantt",
  "folder-document-proyek",
  "document-project",
  "hierarchy-ftths",
  "waypoint",
  "image",
];

beforeAll(async () => {
  env = await setupServer();
  const A = env.companyA;
  const B = env.companyB;
  const [[type]] = await load(env, [["project-type", [{ company_id: A, name: "Gedung" }]]]);
  const [[p1, p2, pb]] = await load(env, [
    [
      "project",
      [
        { company_id: A, name: "Tower", code: "P1", project_type_id: type, start_date: "2026-01-01", end_date: "2026-12-31" },
        { company_id: A, name: "Annex", code: "P2", project_type_id: type, start_date: "2026-01-01", end_date: "2026-12-31" },
        { company_id: B, name: "Beta", code: "PB", start_date: "2026-01-01", end_date: "2026-12-31" },
      ],
    ],
  ]);
  const [[w1, w2, w3, w4, wb]] = await load(env, [
    [
      "human-resource",
      [
        { company_id: A, name: "Wawan", email: "wawan@alpha.test", employee_type: "daily", role_id: env.roles.viewerA },
        { company_id: A, name: "Bima", email: "bima@alpha.test", employee_type: "daily", role_id: env.roles.viewerA },
        { company_id: A, name: "citra", email: "citra@alpha.test", employee_type: "daily", role_id: env.roles.viewerA },
        { company_id: A, name: "Dodi", email: "dodi@alpha.test", employee_type: "daily", role_id: env.roles.viewerA },
        { company_id: B, name: "Bona", email: "bona@beta.test", employee_type: "daily", role_id: env.roles.adminB },
      ],
    ],
  ]);
  const [[prole]] = await load(env, [["project-role", [{ company_id: A, name: "Mandor" }]]]);
  await load(env, [
    [
      "user-to-proyek",
      [
        { company_id: A, user_id: w1, project_id: p1, is_active: true },
        { company_id: A, user_id: w2, project_id: p1, is_active: true },
        { company_id: A, user_id: w3, project_id: p1, is_active: false },
        { company_id: B, user_id: wb, project_id: pb, is_active: true },
      ],
    ],
    ["project-participants", [{ company_id: A, project_id: p1, user_id: env.adminA.id, project_role_id: prole }]],
  ]);
  const [[v1]] = await load(env, [["version-gantt", [{ company_id: A, project_id: p1, name: "Baseline" }]]]);
  const [[a1, a2]] = await load(env, [
    [
      "activity",
      [
        { company_id: A, project_id: p1, version_gantt_id: v1, name: "Galian", type: "task", start_date: "2026-03-01", end_date: "2026-03-10", order: 1 },
        { company_id: A, project_id: p1, version_gantt_id: v1, name: "Pondasi", type: "task", start_date: "2026-03-11", end_date: "2026-03-20", order: 2 },
      ],
    ],
  ]);
  await load(env, [
    [
      "user-to-activity",
      [
        { company_id: A, user_id: w1, activity_id: a1 },
        // Dodi is on the task without being a member of the project.
        { company_id: A, user_id: w4, activity_id: a1 },
      ],
    ],
  ]);
  const [[t1, t2, tb]] = await load(env, [
    [
      "template-gantt",
      [
        {
          company_id: A,
          name: "Template Gedung",
          structure: { phases: [{ code: "1", name: "Persiapan", type: "summary", children: [{ code: "1.1", name: "Mobilisasi", type: "task", duration_days: 21 }] }] },
        },
        { company_id: A, name: "Template list", structure: [{ title: "Survey", tasks: [{ text: "Foto rumah" }] }, "not a node", { name: "ATP" }] },
        { company_id: B, name: "Template B", structure: [] },
      ],
    ],
  ]);
  const [[f1, , f3]] = await load(env, [
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
  const [[d1, d2]] = await load(env, [
    [
      "document-project",
      [
        { company_id: A, project_id: p1, folder_id: f4, name: "Denah.pdf", file: "aa.pdf", mime: "application/pdf", size: 1000, uploaded_by: env.adminA.id },
        { company_id: A, project_id: p1, folder_id: null, name: "Kontrak.pdf", file: "bb.pdf", mime: "application/pdf", size: 2000, uploaded_by: env.adminA.id },
        { company_id: A, project_id: p2, folder_id: f3, name: "Other.pdf", file: "dd.pdf", mime: "application/pdf", size: 10 },
      ],
    ],
  ]);
  const node = (over: Record<string, unknown>) => ({ company_id: A, project_id: p1, status: "active", capacity: 16, used_ports: 0, ...over });
  const [[olt]] = await load(env, [["hierarchy-ftths", [node({ level: "olt", code: "OLT-1", name: "OLT STO" })]]]);
  const [[odc1]] = await load(env, [
    [
      "hierarchy-ftths",
      [node({ level: "odc", code: "ODC-1", name: "ODC Satu", parent_id: olt }), node({ level: "odc", code: "ODC-2", name: "ODC Dua", parent_id: olt, status: "planned" })],
    ],
  ]);
  await load(env, [
    [
      "hierarchy-ftths",
      [
        node({ level: "ont", code: "ONT-2", name: "Pelanggan 2", parent_id: odc1, status: "installed" }),
        node({ level: "ont", code: "ONT-1", name: "Pelanggan 1", parent_id: odc1 }),
      ],
    ],
    ["hierarchy-ftths", [{ company_id: B, project_id: pb, level: "olt", code: "OLT-B", name: "OLT B", status: "active" }]],
    [
      "waypoint",
      [
        { company_id: A, user_id: w1, wptime: wibAt("2026-03-02", 8, 0), lon: 106.8, lat: -6.2, accuracy: 5 },
        { company_id: A, user_id: w1, wptime: wibAt("2026-03-02", 8, 1), lon: 106.8, lat: -6.199, accuracy: 5 },
        { company_id: A, user_id: w2, wptime: wibAt("2026-03-02", 8, 0), lon: 106.81, lat: -6.21 },
        { company_id: B, user_id: wb, wptime: wibAt("2026-03-02", 8, 0), lon: 107.6, lat: -6.9 },
      ],
    ],
  ]);
  Object.assign(ids, { p1, p2, pb, w1, w2, wb, a1, a2, t1, t2, tb, d1, d2 });
  const image = (file_name: string, over: Record<string, unknown> = {}) => ({
    company_id: A,
    folder: "tools",
    owner_id: 9,
    file_name,
    original_name: file_name,
    mime: "image/png",
    size: 10,
    ...over,
  });
  await load(env, [["image", [image("x1.png"), image("x2.png"), image("x3.png"), image("b1.png", { company_id: B })]]]);

  const db = createDb(A);
  for (const name of COPIED) {
    const r = resourceNamed(name);
    const rows = await dynamicDb(env.db).selectFrom(r.table!).selectAll().orderBy("id").execute();
    db.seed(
      name,
      rows.map((row) => decodeRow(r, row) as Row),
    );
  }
  const admin = {
    id: env.adminA.id,
    name: "Admin A",
    email: env.adminA.email,
    password: "x",
    company_id: A,
    company_name: null,
    role: { id: env.roles.adminA, name: "Admin", role_type: "admin" },
  };
  msw.use(...createContractMock({ db, users: [admin], menus: defaultMenus() }).handlers);
  msw.listen({ onUnhandledRequest: "error" });
}, 60_000);
afterAll(async () => {
  msw.close();
  await env?.close();
});

/** The server's answer and the mock's to one request: the status, then the JSON envelope, or the type of the bytes. */
async function both(method: string, url: string, body?: unknown) {
  const server = await env.app.inject({
    method: method as "GET",
    url,
    headers: { authorization: `Bearer ${env.adminA.token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  const res = await fetch(`http://mock.test${url}`, {
    method,
    headers: { authorization: "Bearer mock-token", ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = (t: string | null | undefined) => String(t ?? "").split(";")[0];
  const serverType = type(server.headers["content-type"] as string | undefined);
  const mockType = type(res.headers.get("content-type"));
  return {
    server: { status: server.statusCode, type: serverType, body: serverType === "application/json" ? server.json() : null },
    mock: { status: res.status, type: mockType, body: mockType === "application/json" ? await res.json() : null },
  };
}

describe("custom operations: the mock answers as the server does", () => {
  it("trees: a template's structure, a project's folders with documents, the FTTH network and its counts; another company's is 404", async () => {
    const urls = [
      `/api/template-gantt/get-tree/${ids.t1}`,
      `/api/template-gantt/get-tree/${ids.t2}`,
      `/api/template-gantt/get-tree/${ids.tb}`,
      `/api/folder-document-proyek/get-tree/${ids.p1}`,
      `/api/folder-document-proyek/get-tree/${ids.p2}`,
      `/api/folder-document-proyek/get-tree/${ids.pb}`,
      `/api/hierarchy-ftths/tree/${ids.p1}`,
      `/api/hierarchy-ftths/tree/${ids.pb}`,
      `/api/hierarchy-ftths/count-tree/${ids.p1}`,
      `/api/hierarchy-ftths/count-tree/x`,
    ];
    const statuses = new Set<number>();
    for (const url of urls) {
      const { server, mock } = await both("GET", url);
      expect(mock, url).toEqual(server);
      statuses.add(server.status);
    }
    expect([...statuses].sort()).toEqual([200, 404]);
  });

  it("list-assign-activity: the project's staff and who is on the task, in name order", async () => {
    for (const url of [
      `/api/human-resource/list-assign-activity/${ids.a1}`,
      `/api/human-resource/list-assign-activity/${ids.a2}`,
      "/api/human-resource/list-assign-activity/999999",
    ]) {
      const { server, mock } = await both("GET", url);
      expect(mock, url).toEqual(server);
    }
    const staff = (await both("GET", `/api/human-resource/list-assign-activity/${ids.a1}`)).mock.body.data as Array<{ name: string; assigned: boolean }>;
    expect(staff.map((u) => [u.name, u.assigned])).toContainEqual(["Dodi", true]);
  });

  it("waypoint-monitoring {user_id}/search: one person's points, filtered by the resource's fields only", async () => {
    const cases: Array<[number, unknown]> = [
      [ids.w1, {}],
      [ids.w1, { orders: { columns: ["wptime"], dir: ["desc"] } }],
      [ids.w1, { columns: [{ data: "user_id", value: ids.w2 }] }],
      [ids.w1, { columns: [{ data: "accuracy", value: 5 }] }],
      [ids.w1, { orders: { columns: ["accuracy"] } }],
      [ids.wb, {}],
    ];
    const statuses = new Set<number>();
    for (const [user, body] of cases) {
      const url = `/legacy/waypoint-monitoring/${user}/search`;
      const { server, mock } = await both("POST", url, body);
      expect(mock, `${url} ${JSON.stringify(body)}`).toEqual(server);
      statuses.add(server.status);
    }
    expect([...statuses].sort()).toEqual([200, 400, 404]);
  });

  it("document-project download: bytes of the stored type, or 404", async () => {
    await env.app.services.files.write("documents", "aa.pdf", Buffer.from("%PDF-1.4 Denah"));
    const answers = [];
    for (const url of [`/api/document-project/download/${ids.p1}/${ids.d1}`, `/api/document-project/download/${ids.p2}/${ids.d1}`]) {
      const { server, mock } = await both("GET", url);
      expect(mock, url).toEqual(server);
      answers.push([server.status, server.type]);
    }
    expect(answers).toEqual([
      [200, "application/pdf"],
      [404, "application/json"],
    ]);
  });

  it("image multiple-delete: all or nothing, another company's is not found; multiple-upload: a row per file, in order", async () => {
    const cases = ["tools/9/x1.png,unknown.png", "tools/9/x1.png,b1.png", "tools/8/x1.png", "tools/9/x1.png,x2.png,x1.png", "tools/9/x1.png"];
    const statuses = [];
    for (const c of cases) {
      const url = `/api/image/multiple-delete/${c}`;
      const { server, mock } = await both("DELETE", url);
      expect(mock, url).toEqual(server);
      statuses.push(server.status);
    }
    expect(statuses).toEqual([404, 404, 404, 200, 404]);

    const files = [
      { name: "file", value: png(), filename: "a.png", contentType: "image/png" },
      { name: "file", value: png(3, 3), filename: "c.png", contentType: "image/png" },
    ];
    const upload = async (fields: Record<string, string>) => {
      const parts = [...Object.entries(fields).map(([name, value]) => ({ name, value })), ...files];
      const { payload, headers } = multipart(parts);
      const server = await env.app.inject({ method: "POST", url: "/api/image/multiple-upload", payload, headers: { ...headers, authorization: `Bearer ${env.adminA.token}` } });
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (const f of files) form.append(f.name, new Blob([new Uint8Array(f.value)], { type: f.contentType }), f.filename);
      const mock = await fetch("http://mock.test/api/image/multiple-upload", { method: "POST", headers: { authorization: "Bearer mock-token" }, body: form });
      // What the server makes anew (the stored name, the row id, the instants) is not compared.
      const stable = (body: { data?: unknown }) => ({
        ...body,
        data: Array.isArray(body.data) ? body.data.map(({ id: _i, file_name: _f, created_at: _c, updated_at: _u, ...rest }: Record<string, unknown>) => rest) : body.data,
      });
      return { server: { status: server.statusCode, body: stable(server.json()) }, mock: { status: mock.status, body: stable(await mock.json()) } };
    };
    const stored = await upload({ folder: "issue", owner_id: "11" });
    expect(stored.mock).toEqual(stored.server);
    expect((stored.server.body.data as Array<{ original_name: string }>).map((i) => i.original_name)).toEqual(["a.png", "c.png"]);
    const refused = await upload({ folder: "nowhere", owner_id: "11" });
    expect(refused.mock).toEqual(refused.server);
    expect(refused.server.status).toBe(400);
  });
});
