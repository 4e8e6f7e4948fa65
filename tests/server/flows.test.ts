// Flows declared once (declaration/flows.ts; issue 28 finding 1): the generic update cannot move a
// flow's state (409 step_out_of_order) nor write its steps' fields (400 step_only), a received
// request's quantities and prices are frozen (400 frozen), a request past its deletable states
// stays (409 not_deletable), sending tools beyond what the yard has is refused (409
// not_enough_stock, also for two sends at once), K3 reports, permits and panic alarms move only by
// their declared reviews and actions; a join's pair is stored once and add-multiple says which
// were already there (migration 035 removes the repeated pairs stored before).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { down as down035, up as up035 } from "../../server/db/migrations/035_flows_and_pairs";
import { load } from "./custom-fixture";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";

let env: TestEnv;
const ids: Record<string, number> = {};

beforeAll(async () => {
  env = await setupServer();
  const A = env.companyA;
  const [[type], [unit], [checklist]] = await load(env, [
    ["project-type", [{ company_id: A, name: "Gedung" }]],
    ["satuan", [{ company_id: A, name: "Sak", symbol: "sak" }]],
    ["checklist-k3", [{ company_id: A, name: "Helm", category: "ppe" }]],
  ]);
  const [projects, [cement], [excavator, drill]] = await load(env, [
    [
      "project",
      [
        { company_id: A, name: "Tower", code: "T1", project_type_id: type, start_date: "2026-01-01", end_date: "2026-12-31" },
        { company_id: A, name: "Bridge", code: "B1", project_type_id: type, start_date: "2026-01-01", end_date: "2026-12-31" },
      ],
    ],
    ["material-resource", [{ company_id: A, name: "Semen", code: "SMN", satuan_id: unit, unit_price: 35_000, ownership_status: "owned" }]],
    [
      "tools-resource",
      [
        { company_id: A, name: "Excavator", code: "EXC", quantity: 1, ownership_status: "owned" },
        { company_id: A, name: "Bor", code: "BOR", quantity: 1, ownership_status: "owned" },
      ],
    ],
  ]);
  const [project, bridge] = projects;
  const common = { company_id: A, project_id: project, required_date: "2026-03-01" };
  const [[received, sentMat], [bigAsk, drillA, drillB]] = await load(env, [
    [
      "request-material",
      [
        {
          ...common,
          material_resource_id: cement,
          quantity: 14,
          quantity_received: 14,
          unit_price: 35_000,
          amount: 490_000,
          status: "received",
          delivery_date: "2026-02-20",
          received_date: "2026-02-25",
        },
        {
          ...common,
          material_resource_id: cement,
          quantity: 12.5,
          unit_price: 35_000,
          amount: 437_500,
          status: "sent",
          delivery_date: "2026-02-20",
          delivery_to_site_date: "2026-02-22",
        },
      ],
    ],
    [
      "req-tools",
      [
        { ...common, tools_resource_id: excavator, quantity: 3, status: "approved" },
        { ...common, tools_resource_id: drill, quantity: 1, status: "approved" },
        { ...common, project_id: bridge, tools_resource_id: drill, quantity: 1, status: "approved" },
      ],
    ],
  ]);
  Object.assign(ids, { project, bridge, checklist, cement, excavator, drill, received, sentMat, bigAsk, drillA, drillB });
});
afterAll(async () => {
  await env?.close();
});

const call = (method: string, path: string, body?: unknown, as: FixtureUser = env.adminA) => env.call(as, method, `/api/${path}`, body);

describe("the generic update cannot go around a request's flow", () => {
  it("refuses writing quantity_received (400 step_only naming it); the catalogue's stock does not follow", async () => {
    const res = await call("PUT", `request-material/update/${ids.received}`, { quantity_received: 10013 });
    expect(res.status, res.raw).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["quantity_received"]);
    expect(res.body.errors.quantity_received).toContain("receive");
    const cat = await call("GET", "material-resource/list");
    expect(cat.body.data.find((x: { id: number }) => x.id === ids.cement)).toMatchObject({ stock: 14, stock_in: 14 });
  });

  it("keeps a received request's quantity, prices, item and project (400 frozen naming each); its note may change", async () => {
    let res = await call("PUT", `request-material/update/${ids.received}`, { quantity: 20, unit_price: 50_000 });
    expect(res.status, res.raw).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(["quantity", "unit_price"]);
    expect(res.body.errors.quantity).toBe("Cannot be changed any more: it is received.");
    res = await call("PUT", `request-material/update/${ids.received}`, { project_id: ids.bridge });
    expect(res.status, res.raw).toBe(400);
    // The same value sent back (a whole form saved) is no change.
    res = await call("PUT", `request-material/update/${ids.received}`, { quantity: 14, unit_price: 35_000, note: "Gudang B" });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ quantity: 14, amount: 490_000, note: "Gudang B", status: "received" });
  });

  it("refuses a status, or a step's date, through update; and deleting a request once sent (409 not_deletable)", async () => {
    let res = await call("PUT", `request-material/update/${ids.sentMat}`, { status: "received" });
    expect(res.status, res.raw).toBe(409);
    expect(res.body.key).toBe("step_out_of_order");
    res = await call("PUT", `request-material/update/${ids.sentMat}`, { received_date: "2026-02-23" });
    expect(res.status, res.raw).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["received_date"]);
    res = await call("DELETE", `request-material/delete/${ids.sentMat}`);
    expect(res.status, res.raw).toBe(409);
    expect(res.body.key).toBe("not_deletable");
  });

  it("refuses a new request with a step's field (400 step_only)", async () => {
    const res = await call("POST", "request-material/add", {
      project_id: ids.project,
      material_resource_id: ids.cement,
      quantity: 1,
      required_date: "2026-03-01",
      quantity_received: 1,
    });
    expect(res.status, res.raw).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["quantity_received"]);
  });
});

describe("partial receipts and the stock they move", () => {
  it("12 of 12.5 leaves the request partially received (0.5 open); the rest closes it; the stock per site follows each step", async () => {
    let res = await call("PUT", `request-material/receive/${ids.sentMat}`, { quantity_received: 12, received_date: "2026-02-23" });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ status: "partially_received", quantity_received: 12 });
    res = await call("GET", `material-resource/stock/${ids.cement}`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual([{ project_id: ids.project, project_id_label: "Tower", stock: 26, stock_in: 26, stock_out: 0 }]);
    res = await call("PUT", `request-material/receive/${ids.sentMat}`, { quantity_received: 0.5, received_date: "2026-02-24" });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ status: "received", quantity_received: 12.5 });
    res = await call("GET", "material-resource/list");
    expect(res.body.data.find((x: { id: number }) => x.id === ids.cement)).toMatchObject({ stock: 26.5, stock_in: 26.5, stock_out: 0 });
  });

  it("answers stock/{id} of another company's item 404", async () => {
    const res = await call("GET", `material-resource/stock/${ids.cement}`, undefined, env.adminB);
    expect(res.status, res.raw).toBe(404);
  });
});

describe("sending tools takes them from the yard", () => {
  it("refuses 3 excavators against a fleet of 1 (409 not_enough_stock, with a clear message)", async () => {
    const res = await call("PUT", `req-tools/send/${ids.bigAsk}`, { send_date: "2026-02-20" });
    expect(res.status, res.raw).toBe(409);
    expect(res.body.key).toBe("not_enough_stock");
    expect(res.body.message).toBe("Only 1 on hand: 3 cannot be sent.");
    expect((await call("GET", `req-tools/show/${ids.bigAsk}`)).body.data?.status ?? "approved").toBe("approved");
  });

  it("of two sends of the last drill at once, one is sent and the other refused; the drill comes back to the yard when returned", async () => {
    const [a, b] = await Promise.all([
      call("PUT", `req-tools/send/${ids.drillA}`, { send_date: "2026-02-20" }),
      call("PUT", `req-tools/send/${ids.drillB}`, { send_date: "2026-02-20" }),
    ]);
    expect([a.status, b.status].sort(), a.raw + b.raw).toEqual([200, 409]);
    const [sent, refused] = a.status === 200 ? [ids.drillA, ids.drillB] : [ids.drillB, ids.drillA];
    let res = await call("GET", "tools-resource/list");
    expect(res.body.data.find((x: { id: number }) => x.id === ids.drill)).toMatchObject({ stock: 0, stock_out: 1, stock_in: 0 });
    expect((await call("PUT", `req-tools/receive/${sent}`, { quantity_received: 1, received_date: "2026-02-21" })).status).toBe(200);
    expect((await call("PUT", `req-tools/return/${sent}`, {})).status).toBe(200);
    res = await call("PUT", `req-tools/send/${refused}`, { send_date: "2026-02-22" });
    expect(res.status, res.raw).toBe(200);
  });
});

describe("K3 reports, permits and panic alarms move only as their flows say", () => {
  it("a K3 report goes open → in review → closed, never skipping or going back (409)", async () => {
    const add = await call("POST", "report-k3/add", { project_id: ids.project, title: "Railing", report_type: "inspection", severity: "low", report_date: "2026-02-20" });
    expect(add.status, add.raw).toBe(200);
    const id = add.body.data.id;
    const move = (status: string) => call("PUT", `report-k3/update/${id}`, { status });
    expect((await move("closed")).status).toBe(409);
    expect((await move("in_review")).status).toBe(200);
    expect((await move("open")).status).toBe(409);
    expect((await move("closed")).status).toBe(200);
    const reopen = await move("open");
    expect(reopen.status).toBe(409);
    expect(reopen.body.key).toBe("step_out_of_order");
    // Its other fields stay the reporter's to edit.
    expect((await call("PUT", `report-k3/update/${id}`, { location: "Lantai 3" })).status).toBe(200);
  });

  it("a permit is decided once: pending → approved (a reviewer may record it decided), then never rejected", async () => {
    const body = { user_id: env.adminA.id, permit_type: "leave", absent_date: "2026-03-02", reason: "Keluarga" };
    let res = await call("POST", "permit/add", body);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.status).toBe("pending");
    const id = res.body.data.id;
    expect((await call("PUT", `permit/update/${id}`, { status: "approved" })).status).toBe(200);
    expect((await call("PUT", `permit/update/${id}`, { status: "rejected" })).status).toBe(409);
    expect((await call("PUT", `permit/update/${id}`, { status: "pending" })).status).toBe(409);
    res = await call("POST", "permit/add", { ...body, status: "approved" });
    expect(res.status, res.raw).toBe(200);
    expect((await call("PUT", `permit/update/${res.body.data.id}`, { status: "rejected" })).status).toBe(409);
  });

  it("a new K3 report starts open or, from a reviewer, in review; never closed (400 naming status)", async () => {
    const body = { project_id: ids.project, title: "Scaffold", report_type: "inspection", severity: "low", report_date: "2026-02-21" };
    const res = await call("POST", "report-k3/add", { ...body, status: "closed" });
    expect(res.status, res.raw).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["status"]);
  });

  it("a panic alarm is resolved only once acknowledged; what the phone sent stays (400 frozen)", async () => {
    const [[id]] = await load(env, [
      ["panic-button", [{ company_id: env.companyA, user_id: env.adminA.id, alert_time: "2026-02-20T01:00:00.000Z", status: "open", message: "Tolong" }]],
    ]);
    expect((await call("PUT", `panic-button/update/${id}`, { status: "resolved" })).status).toBe(409);
    expect((await call("PUT", `panic-button/acknowledge/${id}`, {})).status).toBe(200);
    const frozen = await call("PUT", `panic-button/update/${id}`, { message: "Aman" });
    expect(frozen.status, frozen.raw).toBe(400);
    expect(Object.keys(frozen.body.errors)).toEqual(["message"]);
    const done = await call("PUT", `panic-button/update/${id}`, { status: "resolved", note: "Sudah aman" });
    expect(done.status, done.raw).toBe(200);
    expect((await call("PUT", `panic-button/update/${id}`, { status: "open" })).status).toBe(409);
  });
});

describe("join adds store each pair once", () => {
  it("assigning a checklist to a project again stores nothing and says it was there", async () => {
    let res = await call("POST", "project-to-checklist-k3/add-multiple", { items: [{ project_id: ids.project, checklist_k3_id: ids.checklist }] });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.map((x: { existing: boolean }) => x.existing)).toEqual([false]);
    expect(res.body.message).toBeUndefined();
    const first = res.body.data[0].id;
    res = await call("POST", "project-to-checklist-k3/add-multiple", {
      items: [
        { project_id: ids.project, checklist_k3_id: ids.checklist },
        { project_id: ids.bridge, checklist_k3_id: ids.checklist },
        { project_id: ids.bridge, checklist_k3_id: ids.checklist },
      ],
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.map((x: { id: number; existing: boolean }) => [x.id === first, x.existing])).toEqual([
      [true, true],
      [false, false],
      [false, true],
    ]);
    expect(res.body.message).toBe("1 added; 2 already there.");
    const rows = await env.db.selectFrom("project_to_checklist_k3").select(["project_id"]).where("checklist_k3_id", "=", ids.checklist).execute();
    expect(rows.map((r) => Number(r.project_id)).sort()).toEqual([ids.project, ids.bridge].sort());
  });

  it("adding people to a project twice at once stores each person once", async () => {
    const items = [{ user_id: env.viewerA.id, project_id: ids.project }];
    const answers = await Promise.all([1, 2, 3].map(() => call("POST", "user-to-proyek/add-multiple", { items })));
    for (const a of answers) expect(a.status, a.raw).toBe(200);
    expect(answers.filter((a) => a.body.data[0].existing === false)).toHaveLength(1);
    const rows = await env.db.selectFrom("user_to_proyek").select("id").where("user_id", "=", env.viewerA.id).where("project_id", "=", ids.project).execute();
    expect(rows).toHaveLength(1);
  });

  it("migration 035 removes the pairs stored twice before it (keeping the oldest), then refuses them", async () => {
    await down035(env.db);
    const [[, again, other]] = await load(env, [
      [
        "project-to-checklist-k3",
        [
          { company_id: env.companyA, project_id: ids.project, checklist_k3_id: ids.checklist },
          { company_id: env.companyA, project_id: ids.project, checklist_k3_id: ids.checklist },
          { company_id: env.companyA, project_id: ids.bridge, checklist_k3_id: ids.checklist },
        ],
      ],
    ]);
    await up035(env.db);
    const rows = await env.db.selectFrom("project_to_checklist_k3").select(["id", "project_id"]).where("checklist_k3_id", "=", ids.checklist).orderBy("id").execute();
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => Number(r.id))).not.toContain(again);
    expect(rows.map((r) => Number(r.id))).not.toContain(other);
    await expect(load(env, [["project-to-checklist-k3", [{ company_id: env.companyA, project_id: ids.project, checklist_k3_id: ids.checklist }]]])).rejects.toThrow();
  });
});
