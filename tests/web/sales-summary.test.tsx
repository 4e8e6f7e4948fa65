// The owner's sales view (sales-summary's bespoke page) against the contract mock: paid and
// pending totals, paid sales by month, package and company, the pending transactions, each
// referral code's use; in English and Indonesian; anyone else is not asked the owner's figures.
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { installContractMock, OWNER_USER, type InstalledContractMock } from "../mocks";
import { renderCrud } from "./crud/harness";
import { server } from "./msw";
import { LOAD } from "./support/waits";

let api: InstalledContractMock;

beforeEach(() => {
  api = installContractMock(server, { users: [OWNER_USER] });
  api.db.seed("package-management", [
    { id: 1, name: "Standard", code: "STD", price: 1000000, duration_months: 1 },
    { id: 2, name: "Business", code: "BIZ", price: 3000000, duration_months: 3 },
  ]);
  api.db.seed("company-management", [
    { id: 1, name: "PT Alpha", code: "ALPHA", industry: "construction", email: "a@a.test", status: "active" },
    { id: 2, name: "PT Beta", code: "BETA", industry: "telecom", email: "b@b.test", status: "active" },
  ]);
  api.db.seed("refferal-code", [
    { id: 1, code: "MITRA10", title: "Partner", discount: 10, quota: 5, used_count: 2, is_active: true },
    { id: 2, code: "IDLE", title: "Never used", discount: 5, quota: null, used_count: 0, is_active: false },
  ]);
  const tx = { payment_method: "bank_transfer", discount: 0 };
  api.db.seed("product-transaction", [
    { ...tx, id: 1, invoice_number: "INV/1", company_id: 1, package_id: 1, total: 1000000, status: "paid", paid_at: "2026-10-31T20:00:00.000Z" },
    {
      ...tx,
      id: 2,
      invoice_number: "INV/2",
      company_id: 1,
      package_id: 2,
      total: 2700000,
      discount: 300000,
      status: "paid",
      paid_at: "2026-11-05T03:00:00.000Z",
      refferal_code_id: 1,
    },
    {
      ...tx,
      id: 3,
      invoice_number: "INV/3",
      company_id: 2,
      package_id: 1,
      total: 900000,
      discount: 100000,
      status: "paid",
      paid_at: "2026-10-10T03:00:00.000Z",
      refferal_code_id: 1,
    },
    { ...tx, id: 4, invoice_number: "INV/4", company_id: 2, package_id: 2, total: 3000000, status: "pending", created_at: "2026-11-20T01:00:00.000Z" },
  ]);
});

const section = (name: string) => screen.getByRole("region", { name });
const rowsOf = (name: string) => [...section(name).querySelectorAll("tbody tr.ant-table-row")].map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent));

describe("the owner's sales view", () => {
  it("shows the totals, the breakdowns, the pending transactions and each referral code's use", async () => {
    const { user, location } = await renderCrud("/sales-summary", { roleType: "owner" });
    expect(await screen.findByRole("heading", { level: 1, name: "Sales overview" }, LOAD)).toBeInTheDocument();
    await screen.findByText("Paid sales by month", {}, LOAD);
    expect(api.requests("GET", "sales-summary/summary")).toHaveLength(1);
    expect(screen.getByText("3 transactions")).toBeInTheDocument();
    expect(screen.getByText("1 transaction")).toBeInTheDocument();
    // 31 Oct 20:00 UTC is November in Jakarta.
    expect(rowsOf("Paid sales by month")).toEqual([
      ["November 2026", "2", expect.stringMatching(/3,700,000/)],
      ["October 2026", "1", expect.stringMatching(/900,000/)],
    ]);
    expect(rowsOf("Paid sales by package").map((r) => r.slice(0, 2))).toEqual([
      ["Business", "1"],
      ["Standard", "2"],
    ]);
    expect(rowsOf("Paid sales by company").map((r) => r.slice(0, 2))).toEqual([
      ["PT Alpha", "2"],
      ["PT Beta", "1"],
    ]);
    expect(rowsOf("Transactions waiting for payment")[0]).toEqual(expect.arrayContaining(["INV/4", "PT Beta", "Business", "Bank transfer", "20-11-2026"]));
    const codes = rowsOf("Referral codes");
    expect(codes[0]!.slice(0, 4)).toEqual(["IDLE Inactive", "Never used", "0", "0"]);
    expect(codes[1]!.slice(0, 4)).toEqual(["MITRA10 ", "Partner", "2 of 5", "2"]);
    expect(codes[1]![4]).toMatch(/3,600,000/);
    expect(codes[1]![5]).toMatch(/400,000/);
    // Each opens its transaction's page (where the owner marks it paid).
    await user.click(within(section("Transactions waiting for payment")).getByRole("button", { name: "Open transaction INV/4" }));
    await waitFor(() => expect(location.pathname).toBe("/product-transaction/show/4"));
  });

  it("reads in Indonesian", async () => {
    await renderCrud("/sales-summary", { roleType: "owner", lang: "id" });
    expect(await screen.findByRole("heading", { level: 1, name: "Ringkasan Penjualan" }, LOAD)).toBeInTheDocument();
    await screen.findByText("Penjualan lunas per bulan", {}, LOAD);
    expect(rowsOf("Penjualan lunas per bulan")[0]).toEqual(["November 2026", "2", expect.stringMatching(/3\.700\.000/)]);
    expect(rowsOf("Kode referal")[1]!.slice(2, 3)).toEqual(["2 dari 5"]);
    expect(screen.getByText("3 transaksi")).toBeInTheDocument();
  });

  it("for anyone but the platform owner asks nothing and says whose view it is", async () => {
    await renderCrud("/sales-summary", { roleType: "admin" });
    expect(await screen.findByText("Only the platform owner can see every company's sales.", {}, LOAD)).toBeInTheDocument();
    expect(api.requests("GET", "sales-summary/summary")).toHaveLength(0);
  });
});
