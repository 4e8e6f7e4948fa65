// A company past its subscription's end (issue 20): read-only, not locked out. The login answer
// and GET /api/me say so; every write but the renewal is refused with 409 read_only (the
// subscription's own message); a payment lifts it at once and is in the audit log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANIES } from "../../server/access/identity";
import { subscriptionEnded } from "../../server/access/subscription";
import { notificationSignature } from "../../server/custom/transactions";
import { load, wibDay } from "./custom-fixture";
import { PASSWORD, setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
let pkg: number;
beforeAll(async () => {
  env = await setupServer();
  await env.db
    .updateTable(COMPANIES.table)
    .set({ subscription_end: wibDay(-1), status: "active", time_zone: "Asia/Jakarta" })
    .where("id", "=", env.companyA)
    .execute();
  await env.db
    .updateTable(COMPANIES.table)
    .set({ subscription_end: wibDay(0), status: "active", time_zone: "Asia/Jakarta" })
    .where("id", "=", env.companyB)
    .execute();
  [[pkg]] = await load(env, [["package-management", [{ name: "Standar", code: "STD-1", price: 1_000_000, duration_months: 1, storage_quota_mb: 2048, is_active: true }]]]);
});
afterAll(async () => {
  await env?.close();
});

const login = (email: string) => env.call(null, "POST", "/api/login", { email, password: PASSWORD });
const divisions = async () => (await env.call(env.owner, "POST", "/api/divisi/search", { paging: { start: 0, length: -1 }, columns: [] })).body.data.length;

describe("the end date", () => {
  it("is the last day paid for, in the company's zone; no end date never ends", () => {
    const now = Date.parse("2026-11-25T12:00:00Z"); // 25 Nov in UTC, already 26 Nov on Kiritimati (UTC+14)
    expect(subscriptionEnded("2026-11-25", "UTC", now)).toBe(false);
    expect(subscriptionEnded("2026-11-24", "UTC", now)).toBe(true);
    expect(subscriptionEnded("2026-11-25", "Pacific/Kiritimati", now)).toBe(true);
    expect(subscriptionEnded(null, "UTC", now)).toBe(false);
    expect(subscriptionEnded("", "UTC", now)).toBe(false);
  });
});

describe("a company past its end", () => {
  it("the login answer and GET /api/me say read_only subscription_ended; a company on its last day is not", async () => {
    const a = await login("admin@alpha.test");
    expect(a.status, a.raw).toBe(200);
    expect(a.body.data.user).toMatchObject({ subscription_end: wibDay(-1), read_only: "subscription_ended" });
    const me = await env.call(env.adminA, "GET", "/api/me");
    expect(me.status, me.raw).toBe(200);
    expect(me.body.data.user).toMatchObject({
      id: env.adminA.id,
      company_id: env.companyA,
      company_name: "PT Alpha",
      subscription_end: wibDay(-1),
      read_only: "subscription_ended",
    });
    const b = await login("admin@beta.test");
    expect(b.body.data.user).toMatchObject({ subscription_end: wibDay(0), read_only: null });
    expect((await env.call(env.owner, "GET", "/api/me")).body.data.user).toMatchObject({ company_id: null, read_only: null });
    expect((await env.call(null, "GET", "/api/me")).status).toBe(401);
  });

  it("reads; every write is refused with 409 read_only and the subscription's message, nothing stored", async () => {
    expect((await env.call(env.adminA, "POST", "/api/divisi/search", {})).status).toBe(200);
    const before = await divisions();
    const add = await env.call(env.adminA, "POST", "/api/divisi/add", { name: "Gudang", code: "GDG" });
    expect(add.status, add.raw).toBe(409);
    expect(add.body).toMatchObject({ status: false, key: "read_only", details: { reason: "subscription_ended" } });
    expect(add.body.message).toMatch(/subscription has ended/);
    const id = await env.call(env.adminA, "POST", "/api/divisi/add", { name: "Gudang", code: "GDG" }, { "accept-language": "id" });
    expect(id.body.message).toMatch(/Langganan perusahaan Anda telah berakhir/);
    expect(await divisions()).toBe(before);
    // Another company on its last day writes.
    expect((await env.call(env.adminB, "POST", "/api/divisi/add", { name: "Gudang", code: "GDG" })).status).toBe(200);
  });

  it("may still buy its renewal; the payment lifts read-only at once and is logged as payment, once", async () => {
    const buy = await env.call(env.adminA, "POST", "/api/product-transaction-user/add", { package_id: pkg, payment_method: "bank_transfer" });
    expect(buy.status, buy.raw).toBe(200);
    const invoice = buy.body.data.invoice_number as string;
    const reference = buy.body.data.payment_reference as string;
    const secret = env.app.services.config.paymentWebhookSecret;
    const notify = () =>
      env.call(null, "POST", "/api/product-transaction-user/notification", {
        invoice_number: invoice,
        payment_reference: reference,
        status: "paid",
        signature: notificationSignature(secret, invoice, reference, "paid"),
      });
    expect((await notify()).status).toBe(200);
    expect((await notify()).status).toBe(200);

    const me = (await env.call(env.adminA, "GET", "/api/me")).body.data.user;
    expect(me.read_only).toBeNull();
    expect(me.subscription_end > wibDay(0)).toBe(true);
    expect((await env.call(env.adminA, "POST", "/api/divisi/add", { name: "Gudang", code: "GDG" })).status).toBe(200);

    const log = await env.call(env.adminA, "POST", "/api/audit-log/search", { paging: { start: 0, length: -1 }, columns: [{ data: "kind", value: "payment" }] });
    expect(log.status, log.raw).toBe(200);
    const entries = log.body.data as Array<Record<string, unknown>>;
    expect(entries.map((e) => e.resource).sort()).toEqual(["company-management", "product-transaction"]);
    const company = entries.find((e) => e.resource === "company-management")!;
    expect(company).toMatchObject({ record_id: env.companyA, company_id: env.companyA, actor_id: null });
    expect(company.before).toMatchObject({ subscription_end: wibDay(-1), package_id: null });
    expect(company.after).toMatchObject({ subscription_end: me.subscription_end, package_id: pkg, package_id_label: "Standar", storage_quota_mb: 2048 });
    const tx = entries.find((e) => e.resource === "product-transaction")!;
    expect(tx).toMatchObject({ record_label: invoice, before: { status: "pending" }, after: { status: "paid" } });
  });
});
