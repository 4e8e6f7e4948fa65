// The data provider's requests for each Refine call, against the real declaration.
import { beforeEach, describe, expect, it } from "vitest";
import { dataProvider } from "../../src/providers/dataProvider";
import { ok, recordApi } from "./support/apiRecorder";

const dp = dataProvider;

beforeEach(() => {
  localStorage.setItem("token", "tok-1");
  localStorage.setItem("user", JSON.stringify({ id: 3, name: "Budi", email: "pm@demo.test", company_id: 7 }));
});

describe("getList", () => {
  it("searches with paging, columns and the first sorter, total = recordsFiltered", async () => {
    const api = recordApi({ "POST /api/divisi/search": ok([{ id: 1, name: "Civil" }], { recordsTotal: 50, recordsFiltered: 21 }) });
    const res = await dp.getList({
      resource: "divisi",
      pagination: { currentPage: 3, pageSize: 20, mode: "server" },
      sorters: [
        { field: "name", order: "desc" },
        { field: "id", order: "asc" },
      ],
      filters: [
        { field: "name", operator: "contains", value: "civ" },
        { field: "code", operator: "eq", value: "C1" },
        { field: "description", operator: "contains", value: "" }, // cleared search field: left out
      ],
    });
    expect(res).toEqual({ data: [{ id: 1, name: "Civil" }], total: 21 });
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0].method).toBe("POST");
    expect(api.calls[0].path).toBe("/api/divisi/search");
    expect(api.calls[0].body).toEqual({
      paging: { start: 40, length: 20 },
      columns: [
        { data: "name", value: "civ", operator: "like" },
        { data: "code", value: "C1", operator: "=" },
      ],
      orders: { columns: ["name"], ascending: false },
    });
    expect(api.calls[0].headers.get("authorization")).toBe("Bearer tok-1");
    expect(api.calls[0].headers.get("accept-language")).toBe("en");
  });

  it("maps every filter operator of the contract", async () => {
    const api = recordApi({ "POST /api/project/search": ok([], { recordsFiltered: 0 }) });
    await dp.getList({
      resource: "project",
      pagination: { mode: "off" },
      filters: [
        { field: "a", operator: "eq", value: 1 },
        { field: "b", operator: "ne", value: 2 },
        { field: "c", operator: "lt", value: 3 },
        { field: "d", operator: "lte", value: 4 },
        { field: "e", operator: "gt", value: 5 },
        { field: "f", operator: "gte", value: 6 },
        { field: "g", operator: "contains", value: "x" },
        { field: "h", operator: "in", value: [1, 2] },
        { field: "i", operator: "between", value: ["2026-01-01", "2026-02-01"] },
        { field: "j", operator: "null", value: undefined },
        { field: "k", operator: "nnull", value: undefined },
      ],
    });
    expect(api.calls[0].body).toEqual({
      paging: { start: 0, length: -1 },
      columns: [
        { data: "a", value: 1, operator: "=" },
        { data: "b", value: 2, operator: "!=" },
        { data: "c", value: 3, operator: "<" },
        { data: "d", value: 4, operator: "<=" },
        { data: "e", value: 5, operator: ">" },
        { data: "f", value: 6, operator: ">=" },
        { data: "g", value: "x", operator: "like" },
        { data: "h", value: [1, 2], operator: "in" },
        { data: "i", value: "2026-01-01", value1: "2026-02-01", operator: "range" },
        { data: "j", operator: "null" },
        { data: "k", operator: "notnull" },
      ],
    });
  });

  it("flattens 'and' groups and rejects 'or' without sending anything", async () => {
    const api = recordApi({ "POST /api/divisi/search": ok([], { recordsFiltered: 0 }) });
    await dp.getList({
      resource: "divisi",
      filters: [
        {
          operator: "and",
          value: [
            { field: "name", operator: "eq", value: "A" },
            { operator: "and", value: [{ field: "code", operator: "ne", value: "B" }] },
          ],
        },
      ],
    });
    expect(api.calls[0].body).toMatchObject({
      paging: { start: 0, length: 10 },
      columns: [
        { data: "name", value: "A", operator: "=" },
        { data: "code", value: "B", operator: "!=" },
      ],
    });
    await expect(dp.getList({ resource: "divisi", filters: [{ operator: "or", value: [{ field: "name", operator: "eq", value: "A" }] }] })).rejects.toMatchObject({
      message: expect.stringMatching(/"or" filters are not supported/),
      statusCode: 400,
    });
    await expect(dp.getList({ resource: "divisi", filters: [{ field: "name", operator: "startswith", value: "A" }] })).rejects.toMatchObject({
      message: expect.stringMatching(/startswith/),
    });
    expect(api.calls).toHaveLength(1);
  });

  it("client pagination mode asks for everything (Refine slices)", async () => {
    const api = recordApi({ "POST /api/divisi/search": ok([{ id: 1 }], { recordsFiltered: 1 }) });
    await dp.getList({ resource: "divisi", pagination: { currentPage: 2, pageSize: 5, mode: "client" } });
    expect(api.calls[0].body).toEqual({ paging: { start: 0, length: -1 }, columns: [] });
  });

  it("a list-only resource: GET R/list with meta.query, then filters, sorts and pages on the client", async () => {
    const shifts = [
      { id: 1, name: "Night", start_time: "22:00" },
      { id: 2, name: "Morning", start_time: "06:00" },
      { id: 3, name: "Day", start_time: "08:00" },
      { id: 4, name: "Nightcap", start_time: "23:00" },
    ];
    const api = recordApi({ "GET /api/shift/list": ok(shifts) });
    const res = await dp.getList({
      resource: "shift",
      meta: { query: { project_id: 5 } },
      filters: [{ field: "name", operator: "contains", value: "NIGHT" }],
      sorters: [{ field: "start_time", order: "desc" }],
      pagination: { currentPage: 1, pageSize: 1 },
    });
    expect(api.calls[0].method).toBe("GET");
    expect(api.calls[0].path).toBe("/api/shift/list");
    expect(api.calls[0].query.get("project_id")).toBe("5");
    expect(api.calls[0].body).toBeUndefined();
    expect(res).toEqual({ data: [{ id: 4, name: "Nightcap", start_time: "23:00" }], total: 2 });
  });

  it('the base path "" lists with GET R', async () => {
    const api = recordApi({ "GET /api/information-storage-all-company": ok([{ company_id: 1, company_name: "A" }]) });
    const res = await dp.getList({ resource: "information-storage-all-company" });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /api/information-storage-all-company"]);
    expect(res.total).toBe(1);
  });

  it("a named GET operation (list-by-X) as a list, parameters in the query string", async () => {
    const api = recordApi({ "GET /api/issue/list-by-project": ok([{ id: 9 }, { id: 8 }]) });
    const res = await dp.getList({ resource: "issue", meta: { operation: "listByProject", query: { project_id: 2 } }, pagination: { mode: "off" } });
    expect(api.calls[0].path).toBe("/api/issue/list-by-project");
    expect(api.calls[0].query.get("project_id")).toBe("2");
    expect(res.data).toHaveLength(2);
  });

  it("a legacy resource goes to the legacy service", async () => {
    const api = recordApi({ "POST /legacy/alert/search": ok([], { recordsFiltered: 0 }) });
    await dp.getList({ resource: "alert" });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /legacy/alert/search"]);
    expect(api.calls[0].headers.get("authorization")).toBe("Bearer tok-1");
  });

  it("the employee daily report is searched with the role name kept at sign-in (legacy contract)", async () => {
    localStorage.setItem("role", "Field worker");
    const api = recordApi({ "POST /legacy/employee-daily-report/search": ok([], { recordsFiltered: 0 }) });
    await dp.getList({ resource: "employee-daily-report", pagination: { currentPage: 2, pageSize: 20 }, filters: [{ field: "date", operator: "eq", value: "2026-11-23" }] });
    expect(api.calls[0].path).toBe("/legacy/employee-daily-report/search");
    expect(api.calls[0].body).toEqual({ role: "Field worker", paging: { start: 20, length: 20 }, columns: [{ data: "date", value: "2026-11-23", operator: "=" }] });
    // other searches carry no role
    const alerts = recordApi({ "POST /legacy/alert/search": ok([], { recordsFiltered: 0 }) });
    await dp.getList({ resource: "alert" });
    expect(alerts.calls[0].body).not.toHaveProperty("role");
  });

  it("a resource without search or list is never called", async () => {
    const api = recordApi({});
    await expect(dp.getList({ resource: "document-project" })).rejects.toMatchObject({ statusCode: 405, message: expect.stringMatching(/document-project.*search or list/) });
    expect(api.calls).toHaveLength(0);
  });
});

describe("getOne", () => {
  it("reads edit/{id}", async () => {
    const api = recordApi({ "GET /api/project/edit/12": ok({ id: 12, name: "Tower" }) });
    const res = await dp.getOne({ resource: "project", id: 12 });
    expect(res.data).toEqual({ id: 12, name: "Tower" });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /api/project/edit/12"]);
  });

  it("reads get/{id}", async () => {
    const api = recordApi({ "GET /api/product-transaction/get/4": ok({ id: 4 }) });
    await dp.getOne({ resource: "product-transaction", id: 4 });
    expect(api.calls[0].path).toBe("/api/product-transaction/get/4");
  });

  it("reads {project_id}/{id} with the project id from meta (route params)", async () => {
    const api = recordApi({ "GET /api/project-checklists/5/31": ok({ id: 31, project_id: 5 }) });
    await dp.getOne({ resource: "project-checklists", id: 31, meta: { project_id: 5 } });
    expect(api.calls[0].path).toBe("/api/project-checklists/5/31");
  });

  it("reads {id} on the base path", async () => {
    const api = recordApi({ "GET /api/hierarchy-ftths/77": ok({ id: 77 }) });
    await dp.getOne({ resource: "hierarchy-ftths", id: 77 });
    expect(api.calls[0].path).toBe("/api/hierarchy-ftths/77");
  });

  it("without a one-read op, searches id = (length 1)", async () => {
    const api = recordApi({ "POST /api/divisi/search": ok([{ id: 6, name: "HR" }], { recordsFiltered: 1 }) });
    const res = await dp.getOne({ resource: "divisi", id: 6 });
    expect(res.data).toEqual({ id: 6, name: "HR" });
    expect(api.calls[0].body).toEqual({ paging: { start: 0, length: 1 }, columns: [{ data: "id", value: 6, operator: "=" }] });
  });

  it("a search answering no row is a 404", async () => {
    recordApi({ "POST /api/divisi/search": ok([], { recordsFiltered: 0 }) });
    await expect(dp.getOne({ resource: "divisi", id: 6 })).rejects.toMatchObject({ statusCode: 404 });
  });

  it("without one-read or search, lists and picks the id", async () => {
    const api = recordApi({ "GET /api/shift/list": ok([{ id: 1 }, { id: 2, name: "Day" }]) });
    const res = await dp.getOne({ resource: "shift", id: "2" });
    expect(res.data).toEqual({ id: 2, name: "Day" });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /api/shift/list"]);
  });

  it("a resource that cannot read a record is never called", async () => {
    const api = recordApi({});
    await expect(dp.getOne({ resource: "document-project", id: 1 })).rejects.toMatchObject({ statusCode: 405 });
    expect(api.calls).toHaveLength(0);
  });
});

describe("getMany", () => {
  it("searches id in", async () => {
    const api = recordApi({ "POST /api/role/search": ok([{ id: 1 }, { id: 3 }], { recordsFiltered: 2 }) });
    const res = await dp.getMany!({ resource: "role", ids: [1, 3] });
    expect(res.data).toEqual([{ id: 1 }, { id: 3 }]);
    expect(api.calls[0].body).toEqual({ paging: { start: 0, length: 2 }, columns: [{ data: "id", value: [1, 3], operator: "in" }] });
  });

  it("lists and filters when there is no search", async () => {
    const api = recordApi({ "GET /api/currency/list": ok([{ id: 1 }, { id: 2 }, { id: 3 }]) });
    const res = await dp.getMany!({ resource: "currency", ids: [3, 1] });
    expect(res.data.map((r) => r.id)).toEqual([1, 3]);
    expect(api.calls).toHaveLength(1);
  });
});

describe("create", () => {
  it("POSTs R/add with JSON", async () => {
    const api = recordApi({ "POST /api/divisi/add": ok({ id: 10, name: "QA" }) });
    const res = await dp.create({ resource: "divisi", variables: { name: "QA", code: "Q" } });
    expect(res.data).toEqual({ id: 10, name: "QA" });
    expect(api.calls[0].contentType).toContain("application/json");
    expect(api.calls[0].body).toEqual({ name: "QA", code: "Q" });
  });

  it("uploads multipart when the create op is an upload (File values → parts)", async () => {
    const api = recordApi({ "POST /api/document-project/upload": ok({ id: 1, name: "plan.pdf" }) });
    const file = new File(["%PDF-1.4"], "plan.pdf", { type: "application/pdf" });
    await dp.create({ resource: "document-project", variables: { project_id: 5, folder_id: 2, description: null, file } });
    const call = api.calls[0];
    expect(call.path).toBe("/api/document-project/upload");
    expect(call.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = call.body as FormData;
    expect(form.get("project_id")).toBe("5");
    expect(form.get("folder_id")).toBe("2");
    expect(form.has("description")).toBe(false);
    const sent = form.get("file") as File;
    expect(sent.name).toBe("plan.pdf");
    expect(sent.type).toBe("application/pdf");
    expect(await sent.text()).toBe("%PDF-1.4");
  });

  it("a resource without add/upload is never called", async () => {
    const api = recordApi({});
    await expect(dp.create({ resource: "presence", variables: { a: 1 } })).rejects.toMatchObject({ statusCode: 405, message: expect.stringMatching(/presence/) });
    expect(api.calls).toHaveLength(0);
  });

  it("a refusal in a success envelope keeps its key; without a message it reads the app's words", async () => {
    recordApi({ "POST /api/divisi/add": { status: 200, body: { status: false, key: "conflict" } } });
    const e = await dp.create({ resource: "divisi", variables: {} }).catch((x: unknown) => x);
    expect(e).toMatchObject({ statusCode: 400, key: "conflict", message: "Something went wrong. Please try again." });
  });

  it("server validation errors reach Refine as HttpError with field errors", async () => {
    recordApi({ "POST /api/divisi/add": { status: 400, body: { status: false, message: "Invalid input", errors: { name: "Required" } } } });
    await expect(dp.create({ resource: "divisi", variables: {} })).rejects.toEqual({ message: "Invalid input", statusCode: 400, errors: { name: "Required" } });
  });

  it("a 409 unique clash keeps its field error", async () => {
    recordApi({ "POST /api/divisi/add": { status: 409, body: { status: false, message: "Already exists", errors: { code: "Code already used" } } } });
    await expect(dp.create({ resource: "divisi", variables: { code: "X" } })).rejects.toMatchObject({ statusCode: 409, errors: { code: "Code already used" } });
  });
});

describe("update", () => {
  it("PUTs R/update/{id} with the changed fields", async () => {
    const api = recordApi({ "PUT /api/satuan/update/8": ok({ id: 8, name: "Meter" }) });
    await dp.update({ resource: "satuan", id: 8, variables: { name: "Meter" } });
    expect(api.calls[0].method).toBe("PUT");
    expect(api.calls[0].path).toBe("/api/satuan/update/8");
    expect(api.calls[0].body).toEqual({ name: "Meter" });
  });

  it("a resource without update is never called", async () => {
    const api = recordApi({});
    await expect(dp.update({ resource: "presence", id: 1, variables: {} })).rejects.toMatchObject({ statusCode: 405 });
    expect(api.calls).toHaveLength(0);
  });
});

describe("deleteOne", () => {
  it("DELETEs delete/{id}", async () => {
    const api = recordApi({ "DELETE /api/divisi/delete/4": ok(null) });
    await dp.deleteOne({ resource: "divisi", id: 4 });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["DELETE /api/divisi/delete/4"]);
  });

  it("fills project/delete/{company_id}/{id} from the signed-in user's company", async () => {
    const api = recordApi({ "DELETE /api/project/delete/7/12": ok(null) });
    await dp.deleteOne({ resource: "project", id: 12 });
    expect(api.calls[0].path).toBe("/api/project/delete/7/12");
  });

  it("fills user-to-proyek/delete/{user_id}/{project_id} from meta.record", async () => {
    const api = recordApi({ "DELETE /api/user-to-proyek/delete/17/5": ok(null) });
    await dp.deleteOne({ resource: "user-to-proyek", id: 99, meta: { record: { id: 99, user_id: 17, project_id: 5 } } });
    expect(api.calls[0].path).toBe("/api/user-to-proyek/delete/17/5");
  });

  it("a missing path key is an error, not a request", async () => {
    const api = recordApi({});
    await expect(dp.deleteOne({ resource: "user-to-proyek", id: 99 })).rejects.toMatchObject({ message: expect.stringMatching(/user_id/) });
    expect(api.calls).toHaveLength(0);
  });

  it("a resource without delete is never called", async () => {
    const api = recordApi({});
    await expect(dp.deleteOne({ resource: "panic-button", id: 1 })).rejects.toMatchObject({ statusCode: 405 });
    expect(api.calls).toHaveLength(0);
  });
});

describe("custom", () => {
  it("calls a declared custom operation by name: method and path from the declaration", async () => {
    const api = recordApi({ "PUT /legacy/alert/edit-status-view/3": ok({ id: 3, is_viewed: true }) });
    const res = await dp.custom!({ url: "", method: "get", payload: { is_viewed: true }, meta: { resource: "alert", operation: "editStatusView", params: { id: 3 } } });
    expect(res.data).toEqual({ id: 3, is_viewed: true });
    expect(api.calls[0].method).toBe("PUT");
    expect(api.calls[0].path).toBe("/legacy/alert/edit-status-view/3");
    expect(api.calls[0].body).toEqual({ is_viewed: true });
  });

  it("GET custom ops take the query string", async () => {
    const api = recordApi({ "GET /api/human-resource/list-assign-activity/9": ok([{ id: 1, assigned: true }]) });
    await dp.custom!({ url: "", method: "get", query: { q: "a" }, meta: { resource: "human-resource", operation: "listAssignActivity", params: { activity_id: 9 } } });
    expect(api.calls[0].path).toBe("/api/human-resource/list-assign-activity/9");
    expect(api.calls[0].query.get("q")).toBe("a");
  });

  it("add-multiple sends { items }", async () => {
    const api = recordApi({ "POST /api/user-to-proyek/add-multiple": ok([{ id: 1 }, { id: 2 }]) });
    await dp.custom!({
      url: "",
      method: "post",
      payload: {
        items: [
          { user_id: 1, project_id: 2 },
          { user_id: 3, project_id: 2 },
        ],
      },
      meta: { resource: "user-to-proyek", operation: "addMultiple" },
    });
    expect(api.calls[0].body).toEqual({
      items: [
        { user_id: 1, project_id: 2 },
        { user_id: 3, project_id: 2 },
      ],
    });
  });

  it("an undeclared operation name is never called", async () => {
    const api = recordApi({});
    await expect(dp.custom!({ url: "", method: "post", meta: { resource: "divisi", operation: "getTree" } })).rejects.toMatchObject({
      statusCode: 405,
      message: expect.stringMatching(/"getTree"/),
    });
    expect(api.calls).toHaveLength(0);
  });

  it("a raw url on a named service", async () => {
    const api = recordApi({ "GET /map-service/layer/list": [{ id: 1 }] });
    const res = await dp.custom!({ url: "layer/list", method: "get", query: { map_id: 2 }, meta: { service: "map" } });
    expect(api.calls[0].path).toBe("/map-service/layer/list");
    expect(api.calls[0].query.get("map_id")).toBe("2");
    expect(res.data).toEqual([{ id: 1 }]);
  });
});
