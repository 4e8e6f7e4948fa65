// Tenancy, permissions and input handling, one concern per test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerRoutes } from "../../server/routes/custom-registry";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
let projectA: Record<string, unknown>;
let typeA: number;

// A route failing with internals in its message (the 500 test); test-only, outside the declaration.
registerRoutes((app) => {
  app.get("/api/test-only/boom", async () => {
    throw new Error("SQLITE_ERROR: no such table: secret_table at /srv/app/server/x.ts:12");
  });
});

beforeAll(async () => {
  env = await setupServer();
  const t = await env.call(env.adminA, "POST", "/api/project-type/add", { name: "Fibre", code: "FTTH" });
  typeA = t.body.data.id;
  const p = await env.call(env.adminA, "POST", "/api/project/add", {
    name: "Alpha tower",
    code: "AT-1",
    project_type_id: typeA,
    start_date: "2026-01-01",
    end_date: "2026-12-31",
    status: "planning",
  });
  expect(p.status, p.raw).toBe(200);
  projectA = p.body.data;
});
afterAll(async () => {
  await env?.close();
});

describe("tenancy", () => {
  it("hides another company's record: 404 on one-reads, update and delete; absent from search, list, total", async () => {
    const id = projectA.id as number;
    const b = env.adminB;
    expect((await env.call(b, "GET", `/api/project/edit/${id}`)).status).toBe(404);
    expect((await env.call(b, "PUT", `/api/project/update/${id}`, { name: "Taken" })).status).toBe(404);
    expect((await env.call(b, "DELETE", `/api/project/delete/${env.companyA}/${id}`)).status).toBe(404);
    expect((await env.call(b, "DELETE", `/api/project/delete/${env.companyB}/${id}`)).status).toBe(404);
    const search = await env.call(b, "POST", "/api/project/search", { paging: { start: 0, length: -1 }, columns: [{ data: "id", operator: "=", value: id }] });
    expect(search.body).toMatchObject({ status: true, recordsTotal: 0, recordsFiltered: 0, data: [] });
    expect((await env.call(b, "GET", "/api/project/list-select")).body.data).toEqual([]);
    expect((await env.call(b, "POST", "/api/project/total", {})).body.data).toEqual({ total: 0 });
    // get/{id} and {project_id}/{id} reads of other resources
    const tx = await env.call(env.adminA, "POST", "/api/product-transaction/add", { package_id: await packageId(), payment_method: "bank_transfer" });
    expect(tx.status, tx.raw).toBe(200);
    expect((await env.call(b, "GET", `/api/product-transaction/get/${tx.body.data.id}`)).status).toBe(404);
    const risk = await env.call(env.adminA, "POST", "/api/project-risks/add", { project_id: id, title: "Rain", probability: "low", impact: "high" });
    expect((await env.call(b, "GET", `/api/project-risks/${id}/${risk.body.data.id}`)).status).toBe(404);
    expect((await env.call(b, "GET", "/api/human-resource/list")).body.data.map((u: { email: string }) => u.email)).toEqual(["admin@beta.test"]);
    // The record is untouched.
    const mine = await env.call(env.adminA, "GET", `/api/project/edit/${id}`);
    expect(mine.body.data.name).toBe("Alpha tower");
  });

  it("refuses refs to another company's records (400)", async () => {
    const res = await env.call(env.adminB, "POST", "/api/project-risks/add", { project_id: projectA.id, title: "Steal", probability: "low", impact: "low" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["project_id"]);
  });

  it("ignores company_id, id and server-owned fields in bodies; sets the owner field", async () => {
    const res = await env.call(env.adminA, "POST", "/api/issue/add", {
      id: 4242,
      company_id: env.companyB,
      created_at: "2000-01-01T00:00:00Z",
      reporter_id: env.adminB.id,
      project_id: projectA.id,
      title: "Crack",
      issue_status_id: 1,
      report_date: "2026-11-21",
      unknown_field: "x",
    });
    expect(res.status, res.raw).toBe(200);
    const issue = res.body.data;
    expect(issue.id).not.toBe(4242);
    expect(issue.company_id).toBe(env.companyA);
    expect(issue.reporter_id).toBe(env.adminA.id);
    expect(issue.created_at.startsWith("2000")).toBe(false);
    expect(issue).not.toHaveProperty("unknown_field");
    expect(issue.project_id_label).toBe("Alpha tower");
    expect(issue.issue_status_id_label).toBe("Open");
  });

  it("keeps one email per user across companies (sign-in is by email): 409 naming the field", async () => {
    const res = await env.call(env.adminB, "POST", "/api/human-resource/add", { name: "Copy", email: "ADMIN@alpha.test", employee_type: "daily", role_id: env.roles.adminB });
    expect(res.status, res.raw).toBe(409);
    expect(Object.keys(res.body.errors)).toEqual(["email"]);
  });

  it("shows the platform owner no company's records through company resources", async () => {
    const res = await env.call(env.owner, "POST", "/api/project/search", { paging: { start: 0, length: -1 } });
    expect(res.body.recordsFiltered).toBe(0);
  });

  it("lets non-owners see only their own company among platform records with a tenant field", async () => {
    const res = await env.call(env.adminA, "POST", "/api/company-management/search", { paging: { start: 0, length: -1 } });
    expect(res.body.data.map((c: { id: number }) => c.id)).toEqual([env.companyA]);
    const owner = await env.call(env.owner, "POST", "/api/company-management/search", { paging: { start: 0, length: -1 } });
    expect(owner.body.recordsFiltered).toBe(2);
  });
});

async function packageId(): Promise<number> {
  const got = await env.call(env.owner, "POST", "/api/package-management/search", {});
  if (got.body.data.length) return got.body.data[0].id;
  const res = await env.call(env.owner, "POST", "/api/package-management/add", { name: "Basic", code: "BASIC", price: 100000, duration_months: 12 });
  return res.body.data.id;
}

describe("permissions", () => {
  it("answers 403 to a role without the resource's menu", async () => {
    const res = await env.call(env.viewerA, "POST", "/api/divisi/search", {});
    expect(res.status).toBe(403);
    expect(res.body.status).toBe(false);
    expect((await env.call(env.viewerA, "POST", "/api/project/search", {})).status).toBe(200);
  });

  it("lets a role read the options (id and label only) of what its resources refer to", async () => {
    // The viewer holds only the Projects menu; a project names its type and manager.
    const search = await env.call(env.viewerA, "POST", "/api/project-type/search", {
      paging: { start: 0, length: 20 },
      columns: [{ data: "name", operator: "like", value: "fib" }],
      orders: { columns: ["name"], ascending: true },
    });
    expect(search.status, search.raw).toBe(200);
    expect(search.body.data).toEqual([{ id: typeA, name: "Fibre" }]);
    expect(search.body.recordsFiltered).toBe(1);
    const byId = await env.call(env.viewerA, "POST", "/api/project-type/search", { columns: [{ data: "id", operator: "in", value: [typeA] }] });
    expect(byId.body.data).toEqual([{ id: typeA, name: "Fibre" }]);
    const people = await env.call(env.viewerA, "POST", "/api/human-resource/search", { paging: { start: 0, length: -1 } });
    expect(people.status).toBe(200);
    // Own company only, and no email, phone or role: just who they are.
    expect(people.body.data.map((u: Record<string, unknown>) => Object.keys(u).sort())).toEqual([
      ["id", "name"],
      ["id", "name"],
    ]);
    expect(people.body.data.map((u: { name: string }) => u.name).sort()).toEqual(["Ana Admin", "Vino Viewer"]);
    // Filtering or ordering by a field the options do not show could read it out: 403.
    const probe = await env.call(env.viewerA, "POST", "/api/human-resource/search", { columns: [{ data: "email", operator: "like", value: "admin" }] });
    expect(probe.status).toBe(403);
    const sorted = await env.call(env.viewerA, "POST", "/api/human-resource/search", { orders: { columns: ["email"] } });
    expect(sorted.status).toBe(403);
    // Writes stay refused, and so does a resource none of the role's resources refers to.
    expect((await env.call(env.viewerA, "POST", "/api/project-type/add", { name: "Gas", code: "GAS" })).status).toBe(403);
    expect((await env.call(env.viewerA, "PUT", `/api/project-type/update/${typeA}`, { name: "Gas" })).status).toBe(403);
    expect((await env.call(env.viewerA, "POST", "/api/divisi/search", {})).status).toBe(403);
    // Another company's role sees none of these options.
    const other = await env.call(env.adminB, "POST", "/api/project-type/search", { columns: [{ data: "id", operator: "=", value: typeA }] });
    expect(other.body.data).toEqual([]);
  });

  it("an option view is never answered from a kept full answer, nor keeps its own for others", async () => {
    const body = { paging: { start: 0, length: -1 }, orders: { columns: ["name"], ascending: true } };
    const keysOf = (res: { body: { data: Array<Record<string, unknown>> } }) => res.body.data.map((u) => Object.keys(u).sort());
    // The admin's answer (every field) is kept; the viewer asks the same search: options only.
    for (let i = 0; i < 2; i++) expect(keysOf(await env.call(env.adminA, "POST", "/api/human-resource/search", body))[0]).toContain("email");
    const viewer = await env.call(env.viewerA, "POST", "/api/human-resource/search", body);
    expect(keysOf(viewer)).toEqual([
      ["id", "name"],
      ["id", "name"],
    ]);
    // And the viewer's projection is not what the admin gets next.
    expect(keysOf(await env.call(env.adminA, "POST", "/api/human-resource/search", body))[0]).toContain("email");
  });

  it("answers 403 to add, update and delete when can_add/can_edit/can_delete are false", async () => {
    const add = await env.call(env.viewerA, "POST", "/api/project/add", {
      name: "X",
      code: "X-1",
      project_type_id: typeA,
      start_date: "2026-01-01",
      end_date: "2026-02-01",
      status: "planning",
    });
    expect(add.status).toBe(403);
    expect((await env.call(env.viewerA, "PUT", `/api/project/update/${projectA.id}`, { name: "Y" })).status).toBe(403);
    expect((await env.call(env.viewerA, "DELETE", `/api/project/delete/${env.companyA}/${projectA.id}`)).status).toBe(403);
  });

  it("lets only the platform owner write platform resources", async () => {
    const body = { name: "Pro", code: "PRO", price: 500000, duration_months: 12 };
    const res = await env.call(env.adminA, "POST", "/api/package-management/add", body);
    expect(res.status).toBe(403);
    expect((await env.call(env.owner, "POST", "/api/package-management/add", body)).status).toBe(200);
    expect((await env.call(env.adminA, "POST", "/api/package-management/search", {})).status).toBe(200);
  });

  it("does not let a company make itself a platform owner", async () => {
    const role = await env.call(env.adminA, "POST", "/api/role/add", { name: "Boss", role_type: "owner" });
    expect(role.status).toBe(200);
    await env.call(env.adminA, "PUT", `/api/human-resource/update/${env.viewerA.id}`, { role_id: role.body.data.id });
    expect((await env.call(env.viewerA, "POST", "/api/package-management/add", { name: "Free", code: "FREE", price: 0, duration_months: 1 })).status).toBe(403);
    expect((await env.call(env.viewerA, "POST", "/api/divisi/search", {})).status).toBe(403);
    await env.call(env.adminA, "PUT", `/api/human-resource/update/${env.viewerA.id}`, { role_id: env.roles.viewerA });
  });
});

describe("input", () => {
  it("answers wrong types and missing required fields with 400 and a message per field", async () => {
    const res = await env.call(env.adminA, "POST", "/api/project/add", {
      name: 12,
      code: "",
      project_type_id: "abc",
      start_date: "2026-13-01",
      budget: -5,
      progress: 101,
      status: "done",
      location: [200, 0],
      color: "red",
    });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(false);
    expect(Object.keys(res.body.errors).sort()).toEqual(["budget", "code", "color", "end_date", "location", "name", "progress", "project_type_id", "start_date", "status"].sort());
    expect(res.body.errors.end_date).toBe("Required.");
    const id = await env.call(env.adminA, "POST", "/api/project/add", { name: "x" }, { "accept-language": "id" });
    expect(id.body.errors.code).toBe("Wajib diisi.");
  });

  it("checks updates only for the fields present", async () => {
    const ok = await env.call(env.adminA, "PUT", `/api/project/update/${projectA.id}`, { progress: 30 });
    expect(ok.status, ok.raw).toBe(200);
    const bad = await env.call(env.adminA, "PUT", `/api/project/update/${projectA.id}`, { name: null, end_date: "tomorrow" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["end_date", "name"]);
  });

  it("answers unknown search columns, operators and order columns with 400", async () => {
    const s = (body: unknown) => env.call(env.adminA, "POST", "/api/project/search", body);
    const col = await s({ columns: [{ data: "secret", value: 1, operator: "=" }] });
    expect(col.status).toBe(400);
    expect(Object.keys(col.body.errors)).toEqual(["columns"]);
    expect((await s({ columns: [{ data: "name", value: 1, operator: "~" }] })).status).toBe(400);
    expect((await s({ columns: [{ data: "budget", value: "1", operator: "like" }] })).status).toBe(400);
    const ord = await s({ orders: { columns: ["name; drop table project"], ascending: true } });
    expect(ord.status).toBe(400);
    expect(Object.keys(ord.body.errors)).toEqual(["orders"]);
    expect((await env.call(env.adminA, "POST", "/api/human-resource/search", { columns: [{ data: "password", operator: "notnull" }] })).status).toBe(400);
    expect((await s({ paging: { start: -1, length: 5 } })).status).toBe(400);
  });

  it("filters and sorts with every operator", async () => {
    const s = async (columns: unknown[], orders?: unknown) =>
      (await env.call(env.adminA, "POST", "/api/project/search", { paging: { start: 0, length: -1 }, columns, orders })).body;
    for (const [code, start, budget] of [
      ["OP-1", "2026-03-01", 10],
      ["OP-2", "2026-04-01", 20],
      ["OP-3", "2026-05-01", null],
    ] as const) {
      const r = await env.call(env.adminA, "POST", "/api/project/add", {
        name: `Op ${code}`,
        code,
        project_type_id: typeA,
        start_date: start,
        end_date: "2026-12-31",
        status: "planning",
        budget,
      });
      expect(r.status, r.raw).toBe(200);
    }
    const codes = (b: { data: Array<{ code: string }> }) => b.data.map((x) => x.code).filter((c) => c.startsWith("OP-"));
    expect(codes(await s([{ data: "name", value: "op op-", operator: "like" }]))).toHaveLength(3);
    expect(codes(await s([{ data: "budget", value: 10, operator: ">" }]))).toEqual(["OP-2"]);
    expect(codes(await s([{ data: "budget", value: 10, operator: "<=" }]))).toEqual(["OP-1"]);
    expect(codes(await s([{ data: "budget", value: 10, operator: "!=" }]))).toEqual(["OP-2"]);
    expect(codes(await s([{ data: "budget", operator: "null" }]))).toEqual(["OP-3"]);
    expect(codes(await s([{ data: "code", value: ["OP-1", "OP-3"], operator: "in" }], { columns: ["code"], ascending: false }))).toEqual(["OP-3", "OP-1"]);
    expect(codes(await s([{ data: "start_date", value: "2026-03-15", value1: "2026-05-01", operator: "range" }], { columns: ["start_date"], ascending: true }))).toEqual([
      "OP-2",
      "OP-3",
    ]);
    expect(
      codes(
        await s(
          [
            { data: "name", value: "Op", operator: "like" },
            { data: "budget", operator: "notnull" },
          ],
          { columns: ["code"] },
        ),
      ),
    ).toEqual(["OP-1", "OP-2"]);
    // Default order: the declaration's defaultSort (start_date desc).
    expect(codes(await s([{ data: "code", value: "OP-", operator: "like" }]))).toEqual(["OP-3", "OP-2", "OP-1"]);
    const paged = await env.call(env.adminA, "POST", "/api/project/search", {
      paging: { start: 1, length: 1 },
      columns: [{ data: "code", value: "OP-", operator: "like" }],
      orders: { columns: ["code"], ascending: true },
    });
    expect(paged.body).toMatchObject({ recordsFiltered: 3, data: [{ code: "OP-2" }] });
  });

  it("binds SQL-looking values: they come back as data", async () => {
    const evil = "x'); DROP TABLE project; --";
    const res = await env.call(env.adminA, "POST", "/api/divisi/add", { name: evil, code: '" OR 1=1 --', description: "%_\\" });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.name).toBe(evil);
    const found = await env.call(env.adminA, "POST", "/api/divisi/search", { columns: [{ data: "name", value: "'); DROP", operator: "like" }] });
    expect(found.body.data.map((d: { name: string }) => d.name)).toEqual([evil]);
    const pct = await env.call(env.adminA, "POST", "/api/divisi/search", { columns: [{ data: "description", value: "%_", operator: "like" }] });
    expect(pct.body.recordsFiltered).toBe(1);
    const none = await env.call(env.adminA, "POST", "/api/divisi/search", { columns: [{ data: "name", value: "1' OR '1'='1", operator: "=" }] });
    expect(none.body.recordsFiltered).toBe(0);
    expect((await env.call(env.adminA, "GET", "/api/project/edit/1%20OR%201=1")).status).toBe(404);
    expect((await env.call(env.adminA, "POST", "/api/project/search", {})).status).toBe(200);
  });

  it("answers an oversized body with 413", async () => {
    const res = await env.call(env.adminA, "POST", "/api/divisi/add", { name: "big", description: "x".repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ status: false });
  });

  it("answers bad JSON and unsupported content types in the envelope", async () => {
    const bad = await env.app.inject({
      method: "POST",
      url: "/api/divisi/add",
      headers: { authorization: `Bearer ${env.adminA.token}`, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe(false);
    const xml = await env.app.inject({
      method: "POST",
      url: "/api/divisi/add",
      headers: { authorization: `Bearer ${env.adminA.token}`, "content-type": "application/xml" },
      payload: "<a/>",
    });
    expect(xml.statusCode).toBe(415);
    expect((await env.call(env.adminA, "GET", "/api/nothing-here")).status).toBe(404);
    // An empty JSON body is no body (DELETE from clients that always send the header).
    const empty = await env.app.inject({
      method: "POST",
      url: "/api/project/search",
      headers: { authorization: `Bearer ${env.adminA.token}`, "content-type": "application/json" },
      payload: "",
    });
    expect(empty.statusCode).toBe(200);
  });

  it("keeps internals out of 500 answers", async () => {
    const res = await env.call(env.adminA, "GET", "/api/test-only/boom");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ status: false, key: "server_error", message: "Something went wrong on the server. Please try again." });
    expect(res.raw).not.toMatch(/SQLITE|secret_table|\/srv\//);
  });
});

describe("security headers (@fastify/helmet)", () => {
  it("an API answer is not sniffed, framed or given a referrer, and says so on errors too", async () => {
    for (const [as, url] of [
      [env.adminA, "/api/session"],
      [null, "/api/session"],
    ] as const) {
      const res = await env.app.inject({
        method: "GET",
        url,
        headers: as ? { authorization: `Bearer ${as.token}` } : {},
      });
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
      expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
    }
  });
});
