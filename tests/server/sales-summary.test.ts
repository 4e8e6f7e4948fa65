// sales-summary GET summary (server/custom/sales-summary.ts) on the fixture's two companies: paid
// and pending totals, paid by month of payment (WIB), by package and by company, the pending
// transactions, each referral code's use; the platform owner's alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetSequences, insertRows } from "../../server/seed/load";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
beforeAll(async () => {
  env = await setupServer();
  await insertRows(env.db, "package-management", [
    { id: 501, name: "Standard", code: "STD", price: 1_000_000, duration_months: 1 },
    { id: 502, name: "Business", code: "BIZ", price: 3_000_000, duration_months: 3 },
  ]);
  await insertRows(env.db, "refferal-code", [
    { id: 601, code: "MITRA10", title: "Partner", discount: 10, quota: 5, used_count: 2, is_active: true },
    { id: 602, code: "IDLE", title: "Never used", discount: 5, quota: null, used_count: 0, is_active: false },
  ]);
  const tx = (id: number, company: number, pkg: number, status: string, total: number, extra: Record<string, unknown> = {}) => ({
    id,
    invoice_number: `INV/2026/${id}`,
    company_id: company,
    package_id: pkg,
    amount: total,
    discount: 0,
    total,
    payment_method: "bank_transfer",
    status,
    ...extra,
  });
  await insertRows(env.db, "product-transaction", [
    // 31 Oct 20:00 UTC is 1 Nov 03:00 in Jakarta: a November sale.
    tx(701, env.companyA, 501, "paid", 1_000_000, { paid_at: "2026-10-31T20:00:00.000Z" }),
    tx(702, env.companyA, 502, "paid", 2_700_000, { paid_at: "2026-11-05T03:00:00.000Z", refferal_code_id: 601, amount: 3_000_000, discount: 300_000 }),
    tx(703, env.companyB, 501, "paid", 900_000, { paid_at: "2026-10-10T03:00:00.000Z", refferal_code_id: 601, discount: 100_000 }),
    tx(704, env.companyB, 502, "pending", 3_000_000, { created_at: "2026-11-20T01:00:00.000Z" }),
    tx(705, env.companyA, 501, "pending", 900_000, { created_at: "2026-11-18T01:00:00.000Z", refferal_code_id: 601 }),
    tx(706, env.companyA, 501, "cancelled", 1_000_000),
  ]);
  await resetSequences(env.db);
});
afterAll(async () => {
  await env?.close();
});

const summary = (as = env.owner) => env.call(as, "GET", "/api/sales-summary/summary");

describe("the owner's sales summary", () => {
  it("totals paid and pending sales across companies", async () => {
    const res = await summary();
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s.paid).toEqual({ transaction_count: 3, total: 4_600_000 });
    expect(s.pending).toEqual({ transaction_count: 2, total: 3_900_000 });
    // By month of payment in Jakarta, newest first.
    expect(s.by_month).toEqual([
      { month: "2026-11", transaction_count: 2, total: 3_700_000 },
      { month: "2026-10", transaction_count: 1, total: 900_000 },
    ]);
    expect(s.by_package).toEqual([
      { package_id: 502, package_id_label: "Business", transaction_count: 1, total: 2_700_000 },
      { package_id: 501, package_id_label: "Standard", transaction_count: 2, total: 1_900_000 },
    ]);
    expect(s.by_company).toEqual([
      { company_id: env.companyA, company_id_label: "PT Alpha", transaction_count: 2, total: 3_700_000 },
      { company_id: env.companyB, company_id_label: "PT Beta", transaction_count: 1, total: 900_000 },
    ]);
  });

  it("lists the pending transactions, oldest first", async () => {
    const s = (await summary()).body.data;
    expect(s.pending_transactions.map((t: { invoice_number: string }) => t.invoice_number)).toEqual(["INV/2026/705", "INV/2026/704"]);
    expect(s.pending_transactions[1]).toMatchObject({ id: 704, company_id_label: "PT Beta", package_id_label: "Business", total: 3_000_000, payment_method: "bank_transfer" });
  });

  it("gives each referral code's use: its count, the paid sales and discount through it, the pending ones", async () => {
    const s = (await summary()).body.data;
    expect(s.referral_codes).toEqual([
      {
        refferal_code_id: 602,
        code: "IDLE",
        title: "Never used",
        is_active: false,
        quota: null,
        used_count: 0,
        paid: { transaction_count: 0, total: 0 },
        pending_count: 0,
        discount_total: 0,
      },
      {
        refferal_code_id: 601,
        code: "MITRA10",
        title: "Partner",
        is_active: true,
        quota: 5,
        used_count: 2,
        paid: { transaction_count: 2, total: 3_600_000 },
        pending_count: 1,
        discount_total: 400_000,
      },
    ]);
  });

  it("is the platform owner's alone", async () => {
    const res = await summary(env.adminA);
    expect(res.status).toBe(403);
    expect(res.body.status).toBe(false);
    expect((await summary(env.viewerA)).status).toBe(403);
    expect((await env.call(null, "GET", "/api/sales-summary/summary")).status).toBe(401);
  });
});
