// Material and tool requests (declaration/requests.ts, REQUEST_FLOWS in
// declaration/resources/materials.ts): the amount with a discount, rounded to the currency's minor
// unit; every step that may follow each status and every one that may not; the fields a step needs.
import { describe, expect, it } from "vitest";
import { resourceByName } from "../../declaration";
import {
  canFollow,
  checkStep,
  flowStatus,
  nextActions,
  REQUEST_FLOWS,
  requestAmount,
  requestWrite,
  stockOf,
  roundMoney,
  toMinorUnits,
  type RequestAction,
  type RequestResource,
} from "../../declaration/requests";

describe("amount = quantity × unit price − discount", () => {
  it("takes the discount as money off the line (IDR: whole rupiah)", () => {
    expect(requestAmount({ quantity: 120, unitPrice: 65_000, discount: 150_000 })).toEqual({ ok: true, gross: 7_800_000, discount: 150_000, amount: 7_650_000 });
    expect(requestAmount({ quantity: 3, unitPrice: 10_000 })).toEqual({ ok: true, gross: 30_000, discount: 0, amount: 30_000 });
  });

  it("rounds the gross and the discount to the currency's minor unit, half away from zero", () => {
    // 2.5 m³ at Rp 1,234,567.5 = 3,086,418.75 → Rp 3,086,419; the discount 0.5 → 1.
    expect(requestAmount({ quantity: 2.5, unitPrice: 1_234_567.5, discount: 0.5 }, 0)).toEqual({ ok: true, gross: 3_086_419, discount: 1, amount: 3_086_418 });
    // USD, 2 decimals: 3 × 19.99 = 59.97 (not 59.970000000000006); 1.005 rounds up to 1.01.
    expect(requestAmount({ quantity: 3, unitPrice: 19.99, discount: 1.005 }, 2)).toEqual({ ok: true, gross: 59.97, discount: 1.01, amount: 58.96 });
    expect(requestAmount({ quantity: 0.1, unitPrice: 0.2 }, 2)).toEqual({ ok: true, gross: 0.02, discount: 0, amount: 0.02 });
    expect([toMinorUnits(1.005, 2), roundMoney(2.675, 2), roundMoney(1_499.5, 0), roundMoney(1_499.49, 0)]).toEqual([101, 2.68, 1_500, 1_499]);
  });

  it("refuses a negative or non-numeric value and a discount above the gross", () => {
    expect(requestAmount({ quantity: -1, unitPrice: 1000 })).toEqual({ ok: false, field: "quantity", key: "too_small" });
    expect(requestAmount({ quantity: 1, unitPrice: Number.NaN })).toEqual({ ok: false, field: "unit_price", key: "not_number" });
    expect(requestAmount({ quantity: 2, unitPrice: 1000, discount: 2001 })).toEqual({ ok: false, field: "discount", key: "discount_over_gross" });
    expect(requestAmount({ quantity: 2, unitPrice: 1000, discount: 2000 })).toEqual({ ok: true, gross: 2000, discount: 2000, amount: 0 });
  });
});

const STATUSES: Record<RequestResource, string[]> = {
  "request-material": ["requested", "approved", "rejected", "sent", "received"],
  "req-tools": ["requested", "approved", "rejected", "sent", "received", "returned"],
};
/** Every legal (status, action) pair; all others are out of order. */
const LEGAL: Record<RequestResource, Array<[string, RequestAction]>> = {
  "request-material": [
    ["requested", "approve"],
    ["requested", "reject"],
    ["approved", "reject"],
    ["approved", "send"],
    ["sent", "receive"],
  ],
  "req-tools": [
    ["requested", "approve"],
    ["requested", "reject"],
    ["approved", "reject"],
    ["approved", "send"],
    ["sent", "receive"],
    ["received", "return"],
  ],
};
const ACTIONS: RequestAction[] = ["approve", "reject", "send", "receive", "return"];

describe("the steps requested → approved → sent → received", () => {
  it("declares only statuses the resource's status field allows, starting from its default", () => {
    for (const name of Object.keys(REQUEST_FLOWS) as RequestResource[]) {
      const status = resourceByName(name).fields.find((f) => f.name === "status")!;
      const flow = REQUEST_FLOWS[name];
      expect(status.default).toBe(flow.initial);
      for (const step of Object.values(flow.steps)) for (const s of [step.to, ...step.from]) expect(status.options, `${name} ${s}`).toContain(s);
      for (const [stored, read] of Object.entries(flow.legacy ?? {})) expect(status.options).toEqual(expect.arrayContaining([stored, read]));
      const fields = new Set(resourceByName(name).fields.map((f) => f.name));
      for (const step of Object.values(flow.steps)) for (const f of step.fields) expect(fields, `${name} ${f.name}`).toContain(f.name);
    }
  });

  for (const name of Object.keys(LEGAL) as RequestResource[]) {
    it(`${name}: each legal step may follow, every other is out of order`, () => {
      for (const status of STATUSES[name]) {
        for (const action of ACTIONS) {
          const legal = LEGAL[name].some(([s, a]) => s === status && a === action);
          expect(canFollow(name, status, action), `${status} → ${action}`).toBe(legal);
        }
        expect(nextActions(name, status)).toEqual(LEGAL[name].filter(([s]) => s === status).map(([, a]) => a));
      }
    });
  }

  it("materials are never returned; received, rejected and returned are final", () => {
    expect(canFollow("request-material", "received", "return")).toBe(false);
    expect(nextActions("request-material", "received")).toEqual([]);
    expect(nextActions("request-material", "rejected")).toEqual([]);
    expect(nextActions("req-tools", "returned")).toEqual([]);
  });

  it("reads the earlier statuses: ordered as approved, delivered as sent", () => {
    expect([flowStatus("request-material", "ordered"), flowStatus("request-material", "delivered"), flowStatus("req-tools", "sent")]).toEqual(["approved", "sent", "sent"]);
    expect(nextActions("request-material", "ordered")).toEqual(["reject", "send"]);
    expect(nextActions("request-material", "delivered")).toEqual(["receive"]);
  });
});

describe("checkStep: order (409), then the fields a step needs (400)", () => {
  const material = { status: "approved", quantity: 100, delivery_date: null };

  it("answers a step out of order as a conflict, naming the action and the status", () => {
    expect(checkStep("request-material", { status: "requested" }, "receive", { quantity_received: 5, received_date: "2026-11-20" })).toEqual({
      ok: false,
      conflict: { key: "step_out_of_order", params: { action: "receive", status: "requested" } },
    });
    expect(checkStep("request-material", { status: "received" }, "return", {})).toMatchObject({ ok: false, conflict: { key: "step_out_of_order" } });
  });

  it("send needs the delivery date and the date due on site, not before it", () => {
    expect(checkStep("request-material", material, "send", {})).toEqual({ ok: false, errors: { delivery_date: { key: "required" }, delivery_to_site_date: { key: "required" } } });
    expect(checkStep("request-material", material, "send", { delivery_date: "2026-11-20", delivery_to_site_date: "2026-11-19" })).toEqual({
      ok: false,
      errors: { delivery_to_site_date: { key: "date_before", params: { date: "2026-11-20" } } },
    });
    // Only the step's own fields come back: a status or a quantity sent along is not the step's to change.
    expect(checkStep("request-material", material, "send", { delivery_date: "2026-11-20", delivery_to_site_date: "2026-11-21", status: "received", quantity: 1 })).toEqual({
      ok: true,
      status: "sent",
      values: { delivery_date: "2026-11-20", delivery_to_site_date: "2026-11-21" },
    });
  });

  it("receive needs a quantity above 0 and at most the one requested, and the date received", () => {
    const sent = { status: "sent", quantity: 100, delivery_date: "2026-11-20" };
    expect(checkStep("request-material", sent, "receive", { quantity_received: 0, received_date: "2026-11-21" })).toEqual({
      ok: false,
      errors: { quantity_received: { key: "not_positive" } },
    });
    expect(checkStep("request-material", sent, "receive", { quantity_received: 101, received_date: "2026-11-21" })).toEqual({
      ok: false,
      errors: { quantity_received: { key: "too_big", params: { max: 100 } } },
    });
    expect(checkStep("request-material", sent, "receive", { quantity_received: 95 })).toEqual({ ok: false, errors: { received_date: { key: "required" } } });
    expect(checkStep("request-material", sent, "receive", { quantity_received: 95, received_date: "2026-11-19" })).toMatchObject({
      ok: false,
      errors: { received_date: { key: "date_before" } },
    });
    expect(checkStep("request-material", sent, "receive", { quantity_received: 95, received_date: "2026-11-22", received_to_warehouse_date: "2026-11-21" })).toEqual({
      ok: true,
      status: "received",
      values: { quantity_received: 95, received_date: "2026-11-22", received_to_warehouse_date: "2026-11-21" },
    });
  });

  it("reject needs a reason; approve and return need nothing; tools are sent with a send date", () => {
    expect(checkStep("req-tools", { status: "approved" }, "reject", {})).toEqual({ ok: false, errors: { note: { key: "required" } } });
    expect(checkStep("req-tools", { status: "approved" }, "reject", { note: "Dipakai proyek lain" })).toEqual({
      ok: true,
      status: "rejected",
      values: { note: "Dipakai proyek lain" },
    });
    expect(checkStep("req-tools", { status: "requested" }, "approve", {})).toEqual({ ok: true, status: "approved", values: {} });
    expect(checkStep("req-tools", { status: "approved" }, "send", { send_date: "2026-11-20" })).toEqual({ ok: true, status: "sent", values: { send_date: "2026-11-20" } });
    expect(checkStep("req-tools", { status: "received", quantity: 2 }, "return", {})).toEqual({ ok: true, status: "returned", values: {} });
  });

  it("declares the right each step needs: the office approves, rejects and sends; the site team receives and returns", () => {
    const rights = (name: RequestResource) => Object.fromEntries(Object.entries(REQUEST_FLOWS[name].steps).map(([a, s]) => [a, s.right]));
    expect(rights("request-material")).toEqual({ approve: "update", reject: "update", send: "update", receive: "create" });
    expect(rights("req-tools")).toEqual({ approve: "update", reject: "update", send: "update", receive: "create", return: "create" });
  });
});

describe("requestWrite: what the server sets on add and update", () => {
  it("starts a new request as requested and computes the amount from what is sent", () => {
    expect(requestWrite("request-material", null, { quantity: 12, unit_price: 65_000, discount: 30_000, status: "received" })).toEqual({
      ok: true,
      values: { status: "requested", amount: 750_000 },
    });
    expect(requestWrite("req-tools", null, { quantity: 2, unit_price: 150_000 })).toEqual({ ok: true, values: { status: "requested", amount: 300_000 } });
  });

  it("on update: never the status; the values sent over the stored ones", () => {
    const stored = { status: "approved", quantity: 10, unit_price: 65_000, discount: 50_000 };
    expect(requestWrite("request-material", stored, { quantity: 2 })).toEqual({ ok: true, values: { amount: 80_000 } });
    expect(requestWrite("request-material", stored, { discount: null })).toEqual({ ok: true, values: { amount: 650_000 } });
    expect(requestWrite("request-material", stored, { unit_price: null })).toEqual({ ok: true, values: { amount: null } });
  });

  it("refuses a discount above the gross, naming discount; leaves values that are not numbers to the fields' checks", () => {
    expect(requestWrite("request-material", null, { quantity: 1, unit_price: 10_000, discount: 10_001 })).toEqual({
      ok: false,
      errors: { discount: { key: "discount_over_gross" } },
    });
    expect(requestWrite("request-material", null, { quantity: "x", unit_price: 10_000 })).toEqual({ ok: true, values: { status: "requested" } });
  });
});

describe("stockOf: a catalogue's stock in and out", () => {
  it("materials: received quantities of received requests in (earlier statuses read as the flow's), assigned quantities out", () => {
    const requests = [
      { status: "received", quantity: 10, quantity_received: 9.5 },
      { status: "sent", quantity: 5, quantity_received: 0 },
      { status: "delivered", quantity: 5, quantity_received: 0 },
      { status: "received", quantity: 4, quantity_received: 4 },
    ];
    expect(stockOf("material-resource", { requests, assigned: [{ quantity: 3 }, { quantity: 2.5 }] })).toEqual({ stock_in: 13.5, stock_out: 5.5 });
  });

  it("tools: quantities sent or received (on sites) out, returned ones in", () => {
    const requests = [
      { status: "requested", quantity: 1, quantity_received: 0 },
      { status: "sent", quantity: 2, quantity_received: 0 },
      { status: "received", quantity: 3, quantity_received: 3 },
      { status: "returned", quantity: 4, quantity_received: 4 },
    ];
    expect(stockOf("tools-resource", { requests })).toEqual({ stock_in: 4, stock_out: 5 });
  });
});
