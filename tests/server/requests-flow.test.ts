// request-material and req-tools steps (server/custom/requests.ts, docs/api.md "Material and tool
// requests"): each step moves the status and stores its fields, a step out of order answers 409
// step_out_of_order, a missing field 400 naming it, a step without its right 403, another
// company's request 404; the amount is the server's (quantity × unit price).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceNamed } from "../../declaration";
import { decodeRow } from "../../server/db/codec";
import { HttpError } from "../../server/http/errors";
import { createDb, type Row } from "../mocks/db";
import { mockFlowAction } from "../mocks/requests";
import { up as migrate017 } from "../../server/db/migrations/017_request_statuses";
import { load, userWithMenus } from "./custom-fixture";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";
import { dynamicDb } from "../../server/db/dynamic";

let env: TestEnv;
let site: FixtureUser;
const ids: Record<string, number> = {};

beforeAll(async () => {
  env = await setupServer();
  const A = env.companyA;
  const [[type], [unit]] = await load(env, [
    ["project-type", [{ company_id: A, name: "Gedung" }]],
    ["satuan", [{ company_id: A, name: "Sak", symbol: "sak" }]],
  ]);
  const [[project], [cement], [drill]] = await load(env, [
    ["project", [{ company_id: A, name: "Tower", code: "T1", project_type_id: type, start_date: "2026-01-01", end_date: "2026-12-31" }]],
    ["material-resource", [{ company_id: A, name: "Semen", code: "SMN", satuan_id: unit, unit_price: 65_000, ownership_status: "owned" }]],
    ["tools-resource", [{ company_id: A, name: "Bor", code: "BOR", quantity: 3, ownership_status: "owned" }]],
  ]);
  const [mats, [tool]] = await load(env, [
    [
      "request-material",
      [
        { company_id: A, project_id: project, material_resource_id: cement, quantity: 10, unit_price: 65_000, required_date: "2026-03-01", status: "requested" },
        { company_id: A, project_id: project, material_resource_id: cement, quantity: 5, unit_price: 65_000, required_date: "2026-03-02", status: "ordered" },
        { company_id: A, project_id: project, material_resource_id: cement, quantity: 4, unit_price: 1_250, required_date: "2026-03-02", status: "requested" },
      ],
    ],
    ["req-tools", [{ company_id: A, project_id: project, tools_resource_id: drill, quantity: 2, required_date: "2026-03-01", status: "requested" }]],
  ]);
  Object.assign(ids, { mat: mats[0], legacy: mats[1], parity: mats[2], tool, project, cement, drill });
  // The site team: may file requests (add) but not approve or send (edit).
  site = await userWithMenus(env, {
    company: A,
    name: "Sita Site",
    email: "site@alpha.test",
    aliases: ["request-material", "req-tools", "project"],
    grant: { can_add: true, can_edit: false, can_delete: false },
  });
});
afterAll(async () => {
  await env?.close();
});

const step = (resource: string, action: string, id: number, body: unknown, as: FixtureUser = env.adminA) => env.call(as, "PUT", `/api/${resource}/${action}/${id}`, body);

describe("a material request's steps", () => {
  it("is refused out of order: receiving a requested one answers 409 step_out_of_order", async () => {
    const res = await step("request-material", "receive", ids.mat, { quantity_received: 10, received_date: "2026-03-05" });
    expect(res.status, res.raw).toBe(409);
    expect(res.body.message).toContain("requested");
    expect(res.body.details).toEqual({ status: "requested" });
  });

  it("is refused without its right: the site team cannot approve (403)", async () => {
    const res = await step("request-material", "approve", ids.mat, {}, site);
    expect(res.status, res.raw).toBe(403);
  });

  it("is not found in another company (404)", async () => {
    const res = await step("request-material", "approve", ids.mat, {}, env.adminB);
    expect(res.status, res.raw).toBe(404);
  });

  it("moves requested → approved → sent → partially received → received, storing each step's fields and the amount", async () => {
    let res = await step("request-material", "approve", ids.mat, { note: "OK" });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ status: "approved", note: "OK", amount: 650_000 });

    res = await step("request-material", "send", ids.mat, { delivery_date: "2026-03-01" });
    expect(res.status, res.raw).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["delivery_to_site_date"]);

    res = await step("request-material", "send", ids.mat, { delivery_date: "2026-03-03", delivery_to_site_date: "2026-03-02" });
    expect(res.status, res.raw).toBe(400);
    expect(res.body.errors).toEqual({ delivery_to_site_date: "Must not be before 2026-03-03." });

    res = await step("request-material", "send", ids.mat, { delivery_date: "2026-03-01", delivery_to_site_date: "2026-03-03", status: "received", quantity: 99 });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ status: "sent", delivery_date: "2026-03-01", delivery_to_site_date: "2026-03-03", quantity: 10 });

    res = await step("request-material", "receive", ids.mat, { quantity_received: 11, received_date: "2026-03-03" }, site);
    expect(res.status, res.raw).toBe(400);
    expect(res.body.errors).toEqual({ quantity_received: "Must be at most 10." });

    // A partial receipt leaves the rest open; a later one adds to it, at most what is still to come.
    res = await step("request-material", "receive", ids.mat, { quantity_received: 9.5, received_date: "2026-03-03" }, site);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ status: "partially_received", quantity_received: 9.5, received_date: "2026-03-03" });

    res = await step("request-material", "receive", ids.mat, { quantity_received: 0.6, received_date: "2026-03-04" }, site);
    expect(res.status, res.raw).toBe(400);
    expect(res.body.errors).toEqual({ quantity_received: "Must be at most 0.5." });

    res = await step("request-material", "receive", ids.mat, { quantity_received: 0.5, received_date: "2026-03-04" }, site);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ status: "received", quantity_received: 10, received_date: "2026-03-04" });

    res = await step("request-material", "approve", ids.mat, {});
    expect(res.status, res.raw).toBe(409);
    expect(res.body.message).toContain("received");
  });

  it("reads an earlier 'ordered' request as approved: it may be sent", async () => {
    const res = await step("request-material", "send", ids.legacy, { delivery_date: "2026-03-01", delivery_to_site_date: "2026-03-02" });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.status).toBe("sent");
  });

  it("answers the 409 in Indonesian", async () => {
    const res = await env.call(env.adminA, "PUT", `/api/request-material/approve/${ids.legacy}`, {}, { "accept-language": "id" });
    expect(res.status, res.raw).toBe(409);
    expect(res.body.message).toMatch(/^Langkah ini tidak dapat dilakukan/);
  });
});

describe("a tool request's steps", () => {
  it("needs a reason to reject, then is rejected and goes no further", async () => {
    let res = await step("req-tools", "reject", ids.tool, {});
    expect(res.status, res.raw).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["note"]);
    res = await step("req-tools", "reject", ids.tool, { note: "Pakai bor proyek lain" });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ status: "rejected", note: "Pakai bor proyek lain" });
    res = await step("req-tools", "send", ids.tool, { send_date: "2026-03-01" });
    expect(res.status, res.raw).toBe(409);
  });

  it("has no return step for materials (404 route)", async () => {
    const res = await step("request-material", "return", ids.mat, {});
    expect(res.status).toBe(404);
  });
});

describe("the contract mock (tests/mocks/requests.ts)", () => {
  it("answers one script of steps as the server does: statuses, field errors, stored values, amount", async () => {
    const r = resourceNamed("request-material");
    const mock = createDb(env.companyA);
    for (const name of ["project", "material-resource", "satuan", "request-material"]) {
      const rr = resourceNamed(name);
      const rows = await dynamicDb(env.db).selectFrom(rr.table!).selectAll().execute();
      mock.seed(
        name,
        rows.map((row) => decodeRow(rr, row) as Row).filter((row) => row.company_id === env.companyA),
      );
    }
    const actor = { id: env.adminA.id, role: { role_type: "admin" } };
    const script: Array<[string, Record<string, unknown>]> = [
      ["send", { delivery_date: "2026-03-01", delivery_to_site_date: "2026-03-02" }],
      ["reject", {}],
      ["approve", { note: "ok" }],
      ["send", { delivery_date: "2026-03-01" }],
      ["send", { delivery_date: "2026-03-04", delivery_to_site_date: "2026-03-02" }],
      ["send", { delivery_date: "2026-03-01", delivery_to_site_date: "2026-03-02" }],
      ["receive", { quantity_received: 0, received_date: "2026-03-02" }],
      ["receive", { quantity_received: 4, received_date: "2026-03-02" }],
    ];
    for (const [action, body] of script) {
      const server = await step("request-material", action, ids.parity, body);
      let mocked: { status: number; errors?: string[]; data?: Row };
      try {
        mocked = { status: 200, data: mockFlowAction(mock, actor, r, action, String(ids.parity), body) };
      } catch (e) {
        if (!(e instanceof HttpError)) throw e;
        mocked = { status: e.statusCode, errors: e.errors ? Object.keys(e.errors) : undefined };
      }
      expect(mocked.status, `${action} ${JSON.stringify(body)}: ${server.raw}`).toBe(server.status);
      if (server.status === 400) expect(mocked.errors).toEqual(Object.keys(server.body.errors));
      if (server.status === 200) {
        for (const k of ["status", "note", "delivery_date", "delivery_to_site_date", "quantity_received", "received_date", "amount"])
          expect(mocked.data?.[k] ?? null, k).toEqual(server.body.data[k] ?? null);
      }
    }
    expect((await step("request-material", "approve", ids.parity, {})).body.details).toEqual({ status: "received" });
  });
});

describe("add and update: the status is the steps', the amount the server's", () => {
  const call = (method: string, path: string, body: unknown, as: FixtureUser = env.adminA) => env.call(as, method, `/api/${path}`, body);
  const base = () => ({ project_id: ids.project, material_resource_id: ids.cement, required_date: "2026-04-01" });

  it("adds a material request as requested, with quantity × unit price − discount; another status sent is refused (400 naming status)", async () => {
    let res = await call("POST", "request-material/add", { ...base(), quantity: 12, unit_price: 65_000, discount: 30_000, status: "received" });
    expect(res.status, res.raw).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["status"]);
    res = await call("POST", "request-material/add", { ...base(), quantity: 12, unit_price: 65_000, discount: 30_000, status: "requested", amount: 1 });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ status: "requested", quantity: 12, unit_price: 65_000, discount: 30_000, amount: 750_000 });
    const row = await env.db.selectFrom("request_material").select(["status", "amount", "discount"]).where("id", "=", res.body.data.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "requested", amount: 750_000, discount: 30_000 });
    ids.added = res.body.data.id;
  });

  it("refuses a status on update (409 step_out_of_order: only the steps move it) and recomputes the amount from the values after the write", async () => {
    let res = await call("PUT", `request-material/update/${ids.added}`, { status: "received" });
    expect(res.status, res.raw).toBe(409);
    expect(res.body.key).toBe("step_out_of_order");
    res = await call("PUT", `request-material/update/${ids.added}`, { quantity: 10 });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ status: "requested", quantity: 10, amount: 620_000 });
    res = await call("PUT", `request-material/update/${ids.added}`, { discount: null });
    expect(res.body.data.amount).toBe(650_000);
  });

  it("refuses a discount above quantity × unit price (400 naming discount), on add and on update", async () => {
    let res = await call("POST", "request-material/add", { ...base(), quantity: 1, unit_price: 10_000, discount: 10_001 });
    expect(res.status, res.raw).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["discount"]);
    res = await call("PUT", `request-material/update/${ids.added}`, { quantity: 0.1, discount: 10_000 });
    expect(res.status, res.raw).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["discount"]);
    // The fields' own errors come first.
    res = await call("POST", "request-material/add", { ...base(), quantity: -1, unit_price: 10_000, discount: 20_000 });
    expect(res.status, res.raw).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["quantity"]);
  });

  it("gives tool requests a unit price, a discount and the server's amount; no price, no amount", async () => {
    let res = await call("POST", "req-tools/add", {
      project_id: ids.project,
      tools_resource_id: ids.drill,
      quantity: 2,
      required_date: "2026-04-01",
      unit_price: 150_000,
      discount: 25_000,
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ status: "requested", unit_price: 150_000, discount: 25_000, amount: 275_000 });
    res = await call("PUT", `req-tools/update/${res.body.data.id}`, { unit_price: null });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.amount).toBeNull();
  });
});

describe("the catalogues' stock: on hand, in and out, from the requests' steps", () => {
  it("answers a material's receipts (partial ones too) as stock in and on hand; planned activity materials move nothing", async () => {
    await load(env, [["assign-material", [{ company_id: env.companyA, activity_id: 1, material_resource_id: ids.cement, quantity: 3 }]]]);
    const res = await env.call(env.adminA, "POST", "/api/material-resource/search", { columns: [{ data: "id", search: { value: String(ids.cement) } }] });
    expect(res.status, res.raw).toBe(200);
    const arrived = await env.db
      .selectFrom("request_material")
      .select("quantity_received")
      .where("material_resource_id", "=", ids.cement)
      .where("status", "in", ["received", "partially_received"])
      .execute();
    const total = arrived.reduce((s, r) => s + Number(r.quantity_received), 0);
    expect(total).toBeGreaterThan(0);
    expect(res.body.data[0]).toMatchObject({ id: ids.cement, stock: total, stock_in: total, stock_out: 0 });
    const list = await env.call(env.adminA, "GET", "/api/material-resource/list");
    expect(list.body.data.find((x: Row) => x.id === ids.cement)).toMatchObject({ stock: total, stock_out: 0 });
  });

  it("answers a tool's quantities sent out as stock out, returned ones as stock in, the fleet less those out as on hand", async () => {
    const [[out, back]] = await load(env, [
      [
        "req-tools",
        [
          { company_id: env.companyA, project_id: ids.project, tools_resource_id: ids.drill, quantity: 2, quantity_received: 2, required_date: "2026-03-01", status: "received" },
          { company_id: env.companyA, project_id: ids.project, tools_resource_id: ids.drill, quantity: 1, quantity_received: 1, required_date: "2026-03-01", status: "returned" },
        ],
      ],
    ]);
    expect(out && back).toBeTruthy();
    const res = await env.call(env.adminA, "GET", "/api/tools-resource/list");
    // A fleet of 3: 2 + 1 sent, 1 back: 1 in the yard.
    expect(res.body.data.find((x: Row) => x.id === ids.drill)).toMatchObject({ stock: 1, stock_in: 1, stock_out: 3 });
  });
});

describe("a permit to work: type, area, validity, approval", () => {
  it("refuses an end date before the first day (400 naming end_date), on add and on update", async () => {
    const body = { user_id: env.adminA.id, permit_type: "work_permit", project_id: ids.project, absent_date: "2026-05-10", end_date: "2026-05-09", reason: "Kerja di ketinggian" };
    let res = await env.call(env.adminA, "POST", "/api/permit/add", body);
    expect(res.status, res.raw).toBe(400);
    expect(res.body.errors).toEqual({ end_date: "Must not be before 2026-05-10." });
    res = await env.call(env.adminA, "POST", "/api/permit/add", { ...body, end_date: "2026-05-10" });
    expect(res.status, res.raw).toBe(200);
    const id = res.body.data.id;
    res = await env.call(env.adminA, "PUT", `/api/permit/update/${id}`, { absent_date: "2026-05-11" });
    expect(res.status, res.raw).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["end_date"]);
    res = await env.call(env.adminA, "PUT", `/api/permit/update/${id}`, { end_date: "2026-05-12" });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      permit_type: "work_permit",
      project_id: ids.project,
      project_id_label: "Tower",
      absent_date: "2026-05-10",
      end_date: "2026-05-12",
      status: "pending",
    });
  });
});

describe("migration 017", () => {
  it("moves the earlier statuses: ordered → approved, delivered → sent", async () => {
    const [[ordered, delivered]] = await load(env, [
      [
        "request-material",
        [
          { company_id: env.companyA, project_id: ids.project, material_resource_id: ids.cement, quantity: 1, required_date: "2026-03-01", status: "ordered" },
          { company_id: env.companyA, project_id: ids.project, material_resource_id: ids.cement, quantity: 1, required_date: "2026-03-01", status: "delivered" },
        ],
      ],
    ]);
    await migrate017(env.db);
    const rows = await env.db.selectFrom("request_material").select(["id", "status"]).where("id", "in", [ordered, delivered]).orderBy("id").execute();
    expect(rows.map((r) => r.status)).toEqual(["approved", "sent"]);
  });
});
