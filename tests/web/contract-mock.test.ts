// The contract mock answers every declared operation as the server does, from the declaration:
// the right each operation declares (403, or the option view of a refused read), the read-only
// sessions (409) and sign-offs (403 own_records) (tests/mocks/README.md).
import { describe, expect, it } from "vitest";
import { ALL_RESOURCES, resourceByName } from "../../declaration";
import { defaultMenus, installContractMock, OWNER_USER, type ContractMockOptions } from "../mocks";
import { bespokeMockHandler } from "../mocks/bespoke";
import { exampleMockHandler, genericMockHandler } from "../mocks/generic";
import { server } from "./msw";

const call = async (method: string, path: string, body?: unknown, token = "mock-token") => {
  const res = await fetch(`http://mock.test/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { status: boolean; message?: string; data?: unknown; details?: Record<string, unknown> } };
};

const mock = (opts: ContractMockOptions = {}) => {
  const api = installContractMock(server, opts);
  api.db.seed("project", [{ id: 1, name: "Tower", code: "T1", start_date: "2026-01-01", end_date: "2026-12-31" }]);
  return api;
};

describe("contract mock: every declared operation", () => {
  it("has a handler, generic from the declaration, bespoke, or its declared example answer (none answers 501)", () => {
    const missing = ALL_RESOURCES.flatMap((r) =>
      r.operations.filter((op) => !bespokeMockHandler(r, op.name) && !genericMockHandler({ r, op }) && !exampleMockHandler(op)).map((op) => `${r.name} ${op.name}`),
    );
    expect(missing).toEqual([]);
  });

  it("answers a custom operation without a bespoke handler with its declared example, after its declared right", async () => {
    const declared = resourceByName("holiday").operations.find((op) => op.name === "myPeriod")!;
    expect(bespokeMockHandler(resourceByName("holiday"), "myPeriod")).toBeUndefined();
    mock();
    const answered = await call("GET", "holiday/my-period");
    expect([answered.status, answered.body.data]).toEqual([200, declared.example]);
    // Its right (whoever may read their own attendance): refused without the presence menu.
    mock({ menus: defaultMenus({ presence: false }) });
    expect((await call("GET", "holiday/my-period")).status).toBe(403);
  });

  it("answers a tree as the server builds it: a project's folders with their documents, another company's project 404", async () => {
    const api = mock();
    api.db.seed("project", [{ id: 2, company_id: 99, name: "Other", code: "O1", start_date: "2026-01-01", end_date: "2026-12-31" }]);
    api.db.seed("folder-document-proyek", [
      { id: 1, project_id: 1, parent_id: null, name: "Gambar" },
      { id: 2, project_id: 1, parent_id: 1, name: "Struktur" },
    ]);
    api.db.seed("document-project", [
      { id: 10, project_id: 1, folder_id: 2, name: "Denah.pdf", file: "aa.pdf", mime: "application/pdf", size: 1 },
      { id: 11, project_id: 1, folder_id: null, name: "Kontrak.pdf", file: "bb.pdf", mime: "application/pdf", size: 1 },
    ]);
    const tree = await call("GET", "folder-document-proyek/get-tree/1");
    expect(tree.status).toBe(200);
    const nodes = tree.body.data as Array<{
      id: number | null;
      name: string | null;
      documents: Array<{ name: string }>;
      children: Array<{ name: string; documents: Array<{ name: string }> }>;
    }>;
    expect(nodes.map((n) => [n.id, n.name, n.documents.map((d) => d.name)])).toEqual([
      [null, null, ["Kontrak.pdf"]],
      [1, "Gambar", []],
    ]);
    expect(nodes[1]!.children.map((c) => [c.name, c.documents.map((d) => d.name)])).toEqual([["Struktur", ["Denah.pdf"]]]);
    expect((await call("GET", "folder-document-proyek/get-tree/2")).status).toBe(404);
  });
});

describe("contract mock: the declared rights", () => {
  it("refuses a write the role's menu does not grant with 403, and stores nothing", async () => {
    const api = mock({ menus: defaultMenus({ project: { can_add: false } }) });
    const res = await call("POST", "project/add", { name: "Depot", code: "D1", start_date: "2026-01-01", end_date: "2026-12-31" });
    expect(res.status).toBe(403);
    expect(api.db.rows("project")).toHaveLength(1);
  });

  it("answers a refused read as options (id and label) when a menu the role holds refers to it, else 403", async () => {
    mock({ menus: defaultMenus({ project: false }) });
    const res = await call("POST", "project/search", {});
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: 1, name: "Tower" }]);
    // Filtering by a field the options do not show is refused.
    expect((await call("POST", "project/search", { columns: [{ data: "code", search: { value: "T1" } }] })).status).toBe(403);
    // Holidays: nothing refers to them.
    mock({ menus: defaultMenus({ holiday: false }) });
    expect((await call("POST", "holiday/search", {})).status).toBe(403);
  });

  it("refuses the platform's data to a company admin (owner_only) and lets the platform owner write it", async () => {
    mock();
    const refused = await call("POST", "package-management/add", { name: "Pro", code: "PRO", price: 1000, duration_months: 1 });
    expect([refused.status, refused.body.message]).toEqual([403, expect.any(String)]);
    const api = mock({ users: [OWNER_USER] });
    const login = await call("POST", "login", { email: OWNER_USER.email, password: OWNER_USER.password });
    const token = (login.body.data as { token: string }).token;
    expect((await call("POST", "package-management/add", { name: "Pro", code: "PRO", price: 1000, duration_months: 1 }, token)).status).toBe(200);
    expect(api.db.rows("package-management")).toHaveLength(1);
  });

  it("nobody signs off their own records: the person named in the body, or on the record the path names", async () => {
    const api = mock();
    api.db.seed("presence", [{ id: 5, user_id: 1, project_id: 1, presence_date: "2026-11-02", clock_in: "2026-11-02T01:00:00Z" }]);
    const approve = await call("POST", "timesheet/approve", { user_id: 1, from: "2026-11-02", to: "2026-11-08" });
    expect([approve.status, approve.body.message]).toEqual([403, expect.stringMatching(/own/i)]);
    const correct = await call("PUT", "timesheet/correct/5", { clock_in: "2026-11-02T01:05:00Z", reason: "Gate" });
    expect(correct.status).toBe(403);
  });

  it("a view-as session writes nothing (409 read_only) but searches", async () => {
    const api = mock();
    api.db.seed("role", [{ id: 3, name: "Worker", role_type: "worker" }]);
    const viewAs = await call("POST", "role/view-as/3");
    const token = (viewAs.body.data as { token: string }).token;
    expect((await call("POST", "project/search", {}, token)).status).toBe(200);
    const write = await call("POST", "project/add", { name: "Depot", code: "D1", start_date: "2026-01-01", end_date: "2026-12-31" }, token);
    expect([write.status, write.body.details]).toEqual([409, { reason: "view_as" }]);
  });
});
