// request-material and req-tools steps (server/custom/requests.ts, docs/api.md "Material and tool
// requests"): each step moves the status and stores its fields, a step out of order answers 409
// step_out_of_order, a missing field 400 naming it, a step without its right 403, another
// company's request 404; the amount is the server's (quantity × unit price).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceNamed } from "../../declaration";
import { decodeRow } from "../../server/db/codec";
import { HttpError } from "../../server/http/errors";
import { createDb, type Row } from "../mocks/db";
import { mockRequestStep } from "../mocks/requests";
import { up as migrate017 } from "../../server/db/migrations/017_request_statuses";
import { load, userWithMenus } from "./custom-fixture";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";

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
  Object.assign(ids, { mat: mats[0], legacy: mats[1], parity: mats[2], tool, project, cement });
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

  it("moves requested → approved → sent → received, storing each step's fields and the amount", async () => {
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

    res = await step("request-material", "receive", ids.mat, { quantity_received: 9.5, received_date: "2026-03-03" }, site);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ status: "received", quantity_received: 9.5, received_date: "2026-03-03" });

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
      const rows = await env.db.selectFrom(rr.table!).selectAll().execute();
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
        mocked = { status: 200, data: mockRequestStep(mock, actor, r, action, String(ids.parity), body, true) };
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
