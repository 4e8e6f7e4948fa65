// The contract mock itself: search operators, paging and orders, validation, unique clashes,
// two-key paths and ref labels, as docs/api.md "Operations" says.
import { describe, expect, it } from "vitest";
import { createContractMock } from "../../mocks";

async function call(mock: ReturnType<typeof createContractMock>, method: string, path: string, body?: unknown) {
  // handlers: [the event stream, /api, /legacy] (tests/mocks/handlers.ts).
  const handler = mock.handlers[path.startsWith("/legacy") ? 2 : 1];
  const request = new Request(`http://localhost${path}`, {
    method,
    headers: { Authorization: "Bearer t", ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const result = await handler.run({ request, requestId: "1" });
  const res = result!.response!;
  return { status: res.status, json: (await res.json()) as Record<string, unknown> & { data: never } };
}

function seeded() {
  const mock = createContractMock();
  mock.db.seed("project-type", [{ id: 1, name: "Fibre" }]);
  mock.db.seed("project", [
    { id: 1, name: "Alpha", code: "A", project_type_id: 1, start_date: "2026-01-01", end_date: "2026-02-01", status: "planning", budget: 100 },
    { id: 2, name: "Beta", code: "B", project_type_id: 1, start_date: "2026-03-01", end_date: "2026-04-01", status: "completed", budget: 300 },
    { id: 3, name: "Gamma", code: "C", project_type_id: null, start_date: "2026-05-01", end_date: "2026-06-01", status: "planning", budget: null },
  ]);
  return mock;
}

describe("contract mock", () => {
  it("searches with operators, orders, paging and totals, with ref labels", async () => {
    const mock = seeded();
    const r = await call(mock, "POST", "/api/project/search", {
      paging: { start: 0, length: 1 },
      columns: [{ data: "status", value: "planning", operator: "=" }],
      orders: { columns: ["name"], ascending: false },
    });
    expect(r.json).toMatchObject({ status: true, recordsTotal: 3, recordsFiltered: 2 });
    expect(r.json.data).toEqual([expect.objectContaining({ name: "Gamma", project_type_id_label: null })]);
    const like = await call(mock, "POST", "/api/project/search", { paging: { start: 0, length: 10 }, columns: [{ data: "name", value: "ALP", operator: "like" }] });
    expect((like.json.data as { name: string; project_type_id_label: string }[]).map((p) => [p.name, p.project_type_id_label])).toEqual([["Alpha", "Fibre"]]);
    const range = await call(mock, "POST", "/api/project/search", { columns: [{ data: "budget", value: 50, value1: 300, operator: "range" }], paging: { start: 0, length: -1 } });
    expect((range.json.data as { id: number }[]).map((p) => p.id).sort()).toEqual([1, 2]);
    const nul = await call(mock, "POST", "/api/project/search", { columns: [{ data: "budget", operator: "null" }] });
    expect((nul.json.data as { id: number }[]).map((p) => p.id)).toEqual([3]);
    const bad = await call(mock, "POST", "/api/project/search", { columns: [{ data: "nope", value: 1, operator: "=" }] });
    expect(bad.status).toBe(400);
  });

  it("validates adds from the declaration: 400 per field, 409 on a unique clash", async () => {
    const mock = seeded();
    const missing = await call(mock, "POST", "/api/project/add", { name: "", status: "nope", budget: "12" });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.errors as object).sort()).toEqual(["budget", "code", "end_date", "name", "project_type_id", "start_date", "status"]);
    const clash = await call(mock, "POST", "/api/project/add", { name: "Delta", code: "A", project_type_id: 1, start_date: "2026-01-01", end_date: "2026-01-02" });
    expect(clash.status).toBe(409);
    expect(clash.json.errors).toHaveProperty("code");
    const created = await call(mock, "POST", "/api/project/add", {
      name: "Delta",
      code: "D",
      project_type_id: 1,
      start_date: "2026-01-01",
      end_date: "2026-01-02",
      id: 99,
      company_id: 7,
    });
    expect(created.json.data).toMatchObject({ id: 4, name: "Delta", status: "planning", progress: 0, company_id: 1, project_type_id_label: "Fibre" });
  });

  it("reads, updates and deletes through the declared paths, two-key ones included", async () => {
    const mock = seeded();
    expect((await call(mock, "GET", "/api/project/edit/2")).json.data).toMatchObject({ name: "Beta" });
    expect((await call(mock, "GET", "/api/project/edit/9")).status).toBe(404);
    expect((await call(mock, "GET", "/api/project/get/2")).status).toBe(404); // not declared for project
    expect((await call(mock, "PUT", "/api/project/update/2", { name: "Beta 2" })).json.data).toMatchObject({ name: "Beta 2", code: "B" });
    expect((await call(mock, "DELETE", "/api/project/delete/2/2")).status).toBe(404); // another company
    expect((await call(mock, "DELETE", "/api/project/delete/1/2")).status).toBe(200);
    expect(mock.db.rows("project").map((p) => p.id)).toEqual([1, 3]);
    mock.db.seed("project-checklists", [{ id: 5, project_id: 1, title: "Check" }]);
    expect((await call(mock, "GET", "/api/project-checklists/1/5")).json.data).toMatchObject({ title: "Check", project_id_label: "Alpha" });
    expect((await call(mock, "GET", "/api/project-checklists/3/5")).status).toBe(404);
    expect(mock.requests("DELETE", /^project\/delete/).map((r) => r.path)).toEqual(["project/delete/2/2", "project/delete/1/2"]);
  });

  it("answers 401 without a token and logs in the seeded users", async () => {
    const mock = seeded();
    const handler = mock.handlers[1];
    const run = async (req: Request) => (await handler.run({ request: req, requestId: "1" }))!.response!;
    expect((await run(new Request("http://localhost/api/divisi/search", { method: "POST", body: "{}" }))).status).toBe(401);
    const login = await run(
      new Request("http://localhost/api/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "admin@demo.test", password: "demo12345" }),
      }),
    );
    const body = (await login.json()) as { data: { token: string; menus: { alias: string }[] } };
    expect(body.data.token).toBeTruthy();
    expect(body.data.menus.map((m) => m.alias)).toEqual(expect.arrayContaining(["masterData", "divisi"]));
  });
});
