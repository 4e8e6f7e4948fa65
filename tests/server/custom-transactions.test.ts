// Subscription purchase, the payment gateway's callback and the printable invoice
// (server/custom/transactions.ts, invoice.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANIES } from "../../server/access/identity";
import { invoiceUrl } from "../../server/invoice/routes";
import { addDays, addMonths, invoiceNumber, notificationSignature, periodOf } from "../../server/custom/transactions";
import { load, wibDay } from "./custom-fixture";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
const ids: Record<string, number> = {};
const today = wibDay(0);
const subscriptionEnd = wibDay(10);
let secret: string;
let linkSecret: string;

beforeAll(async () => {
  env = await setupServer();
  secret = env.app.services.config.paymentWebhookSecret;
  linkSecret = env.app.services.config.linkSecret;
  await env.db.updateTable(COMPANIES.table).set({ subscription_end: subscriptionEnd, status: "trial", storage_quota_mb: 1024 }).where("id", "=", env.companyA).execute();
  const [[std, old]] = await load(env, [
    [
      "package-management",
      [
        { name: "Standard Tahunan", code: "STD-12", price: 15_000_000, duration_months: 12, storage_quota_mb: 10_240, is_active: true },
        { name: "Lama", code: "OLD", price: 1_000_000, duration_months: 1, is_active: false },
      ],
    ],
  ]);
  Object.assign(ids, { std, old });
  const [[mitra, expired, inactive, used]] = await load(env, [
    [
      "refferal-code",
      [
        { code: "MITRA10", title: "Mitra", discount: 10, valid_from: wibDay(-30), valid_until: wibDay(30), quota: 5, used_count: 1, is_active: true },
        { code: "LAMA25", title: "Lama", discount: 25, valid_from: wibDay(-60), valid_until: wibDay(-1), quota: 5, used_count: 0, is_active: true },
        { code: "OFF5", title: "Off", discount: 5, is_active: false },
        { code: "HABIS", title: "Habis", discount: 5, quota: 2, used_count: 2, is_active: true },
      ],
    ],
  ]);
  Object.assign(ids, { mitra, expired, inactive, used });
});
afterAll(async () => {
  await env?.close();
});

const buy = (body: unknown, as = env.adminA) => env.call(as, "POST", "/api/product-transaction-user/add", body);
/** The gateway's callback for a transaction as the purchase answered it (its invoice number and payment reference). */
type Bought = { invoice_number: string; payment_reference: string };
const notify = (tx: Bought, status: string, signature?: string, as: typeof env.owner | null = null) =>
  env.call(as, "POST", "/api/product-transaction-user/notification", {
    invoice_number: tx.invoice_number,
    payment_reference: tx.payment_reference,
    status,
    signature: signature ?? notificationSignature(secret, tx.invoice_number, tx.payment_reference, status),
  });
const history = async (txId: number) =>
  (
    await env.call(env.adminA, "POST", "/api/transaction-history/search", {
      paging: { start: 0, length: -1 },
      columns: [{ data: "transaction_id", value: txId }],
      orders: { columns: ["id"] },
    })
  ).body.data.map((h: { event: string }) => h.event);
const referral = async (id: number) => (await env.call(env.owner, "POST", "/api/refferal-code/search", { columns: [{ data: "id", value: id }] })).body.data[0];

describe("helpers", () => {
  it("months clamp to the month's length; periods follow the current subscription", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-11-15", 12)).toBe("2027-11-15");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(periodOf("2026-12-01", 12, "2026-11-21")).toEqual({ start: "2026-12-02", end: "2027-12-01" });
    expect(periodOf("2026-10-01", 1, "2026-11-21")).toEqual({ start: "2026-11-21", end: "2026-12-20" });
    expect(periodOf(null, 1, "2026-11-21")).toEqual({ start: "2026-11-21", end: "2026-12-20" });
    expect(invoiceNumber(123, Date.parse("2026-11-21T20:00:00Z"))).toBe("INV/2026/11/000123");
  });
});

describe("product-transaction-user/add", () => {
  it("creates a pending transaction from the package price, with invoice number, period, history and invoice link", async () => {
    const res = await buy({ package_id: ids.std, payment_method: "virtual_account" });
    expect(res.status, res.raw).toBe(200);
    const tx = res.body.data;
    const start = addDays(subscriptionEnd, 1);
    expect(tx).toMatchObject({
      company_id: env.companyA,
      package_id: ids.std,
      package_id_label: "Standard Tahunan",
      refferal_code_id: null,
      amount: 15_000_000,
      discount: 0,
      total: 15_000_000,
      payment_method: "virtual_account",
      status: "pending",
      paid_at: null,
      period_start: start,
      period_end: addDays(addMonths(start, 12), -1),
      user_id: env.adminA.id,
    });
    expect(tx.invoice_number).toBe(`INV/${today.slice(0, 4)}/${today.slice(5, 7)}/${String(tx.id).padStart(6, "0")}`);
    expect(tx.invoice_url).toMatch(new RegExp(`^/invoice/${tx.id}\\?exp=\\d+&sig=[\\w-]+$`));
    expect(await history(tx.id)).toEqual(["created"]);
  });

  it("answers the payment reference once, when the payment starts: 128 random bits, stored, never answered again", async () => {
    const [a, b] = [(await buy({ package_id: ids.std, payment_method: "virtual_account" })).body.data, (await buy({ package_id: ids.std, payment_method: "e_wallet" })).body.data];
    for (const tx of [a, b]) expect(tx.payment_reference).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a.payment_reference).not.toBe(b.payment_reference);
    const stored = await env.db.selectFrom("product_transaction").select("payment_reference").where("id", "=", a.id).executeTakeFirstOrThrow();
    expect(stored.payment_reference).toBe(a.payment_reference);
    for (const as of [env.adminA, env.owner]) {
      const got = await env.call(as, "GET", `/api/product-transaction/get/${a.id}`);
      const found = await env.call(as, "POST", "/api/product-transaction/search", { paging: { start: 0, length: -1 } });
      expect(got.raw).not.toContain(a.payment_reference);
      expect(found.raw).not.toContain(a.payment_reference);
      expect(got.body.data).not.toHaveProperty("payment_reference");
    }
  });

  it("applies a usable referral code by its code (any case); refuses expired, inactive, used-up and unknown codes", async () => {
    const res = await buy({ package_id: ids.std, payment_method: "bank_transfer", refferal_code: " mitra10 " });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ refferal_code_id: ids.mitra, refferal_code_id_label: "MITRA10", amount: 15_000_000, discount: 1_500_000, total: 13_500_000 });
    // used_count grows when paid, not when ordered
    expect((await referral(ids.mitra)).used_count).toBe(1);
    for (const code of ["LAMA25", "OFF5", "HABIS", "NOPE"]) {
      const bad = await buy({ package_id: ids.std, payment_method: "bank_transfer", refferal_code: code });
      expect(bad.status, code).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual(["refferal_code"]);
    }
  });

  it("refuses an inactive or unknown package and missing fields (400); not for the owner or without the menu (403)", async () => {
    expect((await buy({ package_id: ids.old, payment_method: "e_wallet" })).body.errors).toHaveProperty("package_id");
    expect((await buy({ package_id: 99999, payment_method: "e_wallet" })).status).toBe(400);
    const missing = await buy({});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(["package_id", "payment_method"]);
    expect((await buy({ package_id: ids.std, payment_method: "cash" })).body.errors).toHaveProperty("payment_method");
    expect((await buy({ package_id: ids.std, payment_method: "e_wallet" }, env.owner)).status).toBe(403);
    expect((await buy({ package_id: ids.std, payment_method: "e_wallet" }, env.viewerA)).status).toBe(403);
  });
});

describe("product-transaction-user/notification", () => {
  it("refuses a missing or wrong signature (403) and a company user's token (403)", async () => {
    const tx = (await buy({ package_id: ids.std, payment_method: "virtual_account" })).body.data;
    expect((await env.call(null, "POST", "/api/product-transaction-user/notification", { invoice_number: tx.invoice_number, status: "paid" })).status).toBe(403);
    expect((await notify(tx, "paid", notificationSignature("wrong", tx.invoice_number, tx.payment_reference, "paid"))).status).toBe(403);
    expect((await notify(tx, "paid", notificationSignature(secret, tx.invoice_number, tx.payment_reference, "failed"))).status).toBe(403);
    expect((await notify(tx, "paid", undefined, env.adminA)).status).toBe(403);
    expect((await env.call(env.adminA, "GET", `/api/product-transaction/get/${tx.id}`)).body.data.status).toBe("pending");
    expect((await notify({ invoice_number: "INV/1999/01/999999", payment_reference: tx.payment_reference }, "paid")).status).toBe(404);
    expect((await notify(tx, "refunded")).status).toBe(400);
  });

  it("needs the transaction's own reference: a guessed invoice number with another reference, or none, pays nothing", async () => {
    const mine = (await buy({ package_id: ids.std, payment_method: "bank_transfer" })).body.data;
    const theirs = (await buy({ package_id: ids.std, payment_method: "bank_transfer" }, env.adminB)).body.data;
    // Company A knows its own reference and guesses company B's invoice number (they follow each other).
    expect((await notify({ invoice_number: theirs.invoice_number, payment_reference: mine.payment_reference }, "paid")).status).toBe(404);
    expect((await notify({ invoice_number: theirs.invoice_number, payment_reference: "A".repeat(22) }, "paid")).status).toBe(404);
    // No reference (signed over the invoice number and the status alone): 400 naming it.
    const none = await env.call(null, "POST", "/api/product-transaction-user/notification", {
      invoice_number: theirs.invoice_number,
      status: "paid",
      signature: notificationSignature(secret, theirs.invoice_number, "", "paid"),
    });
    expect(none.status, none.raw).toBe(400);
    expect(Object.keys(none.body.errors)).toEqual(["payment_reference"]);
    const stored = await env.db.selectFrom("product_transaction").select("status").where("id", "in", [mine.id, theirs.id]).execute();
    expect(stored.map((r) => r.status)).toEqual(["pending", "pending"]);
    // With its own reference it is paid.
    expect((await notify(theirs, "paid")).body.data.status).toBe("paid");
  });

  it("paid: marks the transaction paid, extends the company, counts the referral; idempotent", async () => {
    const tx = (await buy({ package_id: ids.std, payment_method: "virtual_account", refferal_code: "MITRA10" })).body.data;
    const res = await notify(tx, "paid");
    expect(res.status, res.raw).toBe(200);
    const start = addDays(subscriptionEnd, 1);
    const end = addDays(addMonths(start, 12), -1);
    expect(res.body.data).toMatchObject({ invoice_number: tx.invoice_number, status: "paid", period_start: start, period_end: end });
    const after = (await env.call(env.adminA, "GET", `/api/product-transaction/get/${tx.id}`)).body.data;
    expect(after.status).toBe("paid");
    expect(Date.now() - Date.parse(after.paid_at)).toBeLessThan(60_000);
    const company = (await env.call(env.adminA, "GET", `/api/company-management/edit/${env.companyA}`)).body.data;
    expect(company).toMatchObject({ subscription_end: end, package_id: ids.std, status: "active", storage_quota_mb: 10_240 });
    expect((await referral(ids.mitra)).used_count).toBe(2);
    expect(await history(tx.id)).toEqual(["created", "paid"]);

    // Again: nothing changes.
    expect((await notify(tx, "paid")).status).toBe(200);
    expect((await referral(ids.mitra)).used_count).toBe(2);
    expect(await history(tx.id)).toEqual(["created", "paid"]);
    expect((await env.call(env.adminA, "GET", `/api/company-management/edit/${env.companyA}`)).body.data.subscription_end).toBe(end);
    // A paid transaction does not fail afterwards.
    expect((await notify(tx, "failed")).status).toBe(409);

    // The next purchase starts after the extended subscription.
    const next = (await buy({ package_id: ids.std, payment_method: "virtual_account" })).body.data;
    expect(next.period_start).toBe(addDays(end, 1));
  });

  it("expired closes a pending transaction; a late payment is still taken; the owner may confirm by token", async () => {
    const tx = (await buy({ package_id: ids.std, payment_method: "e_wallet" })).body.data;
    expect((await notify(tx, "expired")).body.data.status).toBe("expired");
    expect((await notify(tx, "expired")).status).toBe(200);
    expect((await notify(tx, "failed")).status).toBe(409);
    const paid = await env.call(env.owner, "POST", "/api/product-transaction-user/notification", { invoice_number: tx.invoice_number, status: "paid" });
    expect(paid.status, paid.raw).toBe(200);
    expect(paid.body.data.status).toBe("paid");
    expect(await history(tx.id)).toEqual(["created", "expired", "paid"]);
  });
});

describe("the owner's mark as paid", () => {
  it("is the payment notification with the owner's token (as the web app sends it): the subscription moves, payment entries by the owner", async () => {
    const tx = (await buy({ package_id: ids.std, payment_method: "bank_transfer" })).body.data;
    const before = await env.db.selectFrom(COMPANIES.table).select("subscription_end").where("id", "=", env.companyA).executeTakeFirstOrThrow();
    const paid = await env.call(env.owner, "POST", "/api/product-transaction-user/notification", { invoice_number: tx.invoice_number, status: "paid" });
    expect(paid.status, paid.raw).toBe(200);
    expect(paid.body.data).toMatchObject({ invoice_number: tx.invoice_number, status: "paid", period_start: addDays(String(before.subscription_end), 1) });
    const after = await env.db.selectFrom(COMPANIES.table).select("subscription_end").where("id", "=", env.companyA).executeTakeFirstOrThrow();
    expect(String(after.subscription_end).slice(0, 10)).toBe(paid.body.data.period_end);
    const entries = await env.db
      .selectFrom("audit_log")
      .select(["actor_id", "resource", "record_id"])
      .where("kind", "=", "payment")
      .where("created_at", ">=", paid.body.data.paid_at)
      .execute();
    expect(entries.map((e) => [Number(e.actor_id), e.resource])).toEqual(
      expect.arrayContaining([
        [env.owner.id, "product-transaction"],
        [env.owner.id, "company-management"],
      ]),
    );
    // A company's admin may not confirm a payment by token.
    const other = (await buy({ package_id: ids.std, payment_method: "bank_transfer" })).body.data;
    expect((await env.call(env.adminA, "POST", "/api/product-transaction-user/notification", { invoice_number: other.invoice_number, status: "paid" })).status).toBe(403);
  });
});

describe("the owner reads every company's purchases (ownerSeesAll)", () => {
  it("search, get and history across companies with the company named; a company's admin still sees only their own; the owner neither buys nor edits", async () => {
    const a = (await buy({ package_id: ids.std, payment_method: "bank_transfer" })).body.data;
    const b = (await buy({ package_id: ids.std, payment_method: "e_wallet" }, env.adminB)).body.data;
    const search = async (as: typeof env.owner) =>
      (await env.call(as, "POST", "/api/product-transaction/search", { paging: { start: 0, length: -1 }, orders: { columns: ["id"] } })).body.data as Array<{
        id: number;
        company_id: number;
        company_id_label: string;
      }>;
    const byOwner = await search(env.owner);
    expect(byOwner.find((t) => t.id === a.id)).toMatchObject({ company_id: env.companyA });
    expect(byOwner.find((t) => t.id === b.id)).toMatchObject({ company_id: env.companyB, company_id_label: "PT Beta" });
    expect((await search(env.adminA)).map((t) => t.company_id)).not.toContain(env.companyB);
    expect((await search(env.adminB)).map((t) => t.id)).not.toContain(a.id);
    const got = await env.call(env.owner, "GET", `/api/product-transaction/get/${b.id}`);
    expect(got.status, got.raw).toBe(200);
    expect(got.body.data).toMatchObject({ invoice_number: b.invoice_number, invoice_url: expect.any(String) });
    const owned = await env.call(env.owner, "POST", "/api/transaction-history/search", { paging: { start: 0, length: -1 }, columns: [{ data: "transaction_id", value: b.id }] });
    expect(owned.body.data.map((h: { event: string }) => h.event)).toEqual(["created"]);
    // Buying and cancelling stay with the company's people.
    expect((await env.call(env.owner, "POST", "/api/product-transaction/add", { package_id: ids.std, payment_method: "e_wallet" })).status).toBe(403);
    expect((await env.call(env.owner, "PUT", `/api/product-transaction/update/${b.id}`, { status: "cancelled" })).status).toBe(403);
    const stored = await env.db.selectFrom("product_transaction").select("status").where("id", "=", b.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe("pending");
  });
});

describe("product-transaction add and update", () => {
  it("add is the same purchase: amounts and status are the server's", async () => {
    const res = await env.call(env.adminA, "POST", "/api/product-transaction/add", { package_id: ids.std, payment_method: "credit_card", status: "paid", amount: 1, total: 1 });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ status: "pending", amount: 15_000_000, total: 15_000_000, paid_at: null });
    expect(await history(res.body.data.id)).toEqual(["created"]);
  });

  it("update: payment method or cancellation while pending; nothing else", async () => {
    const tx = (await buy({ package_id: ids.std, payment_method: "virtual_account" })).body.data;
    const update = (body: unknown) => env.call(env.adminA, "PUT", `/api/product-transaction/update/${tx.id}`, body);
    const method = await update({ payment_method: "e_wallet" });
    expect(method.status, method.raw).toBe(200);
    expect(method.body.data).toMatchObject({ payment_method: "e_wallet", status: "pending", invoice_url: expect.any(String) });
    expect((await update({ status: "paid" })).body.errors).toHaveProperty("status");
    expect((await update({ package_id: ids.old })).body.errors).toHaveProperty("package_id");
    expect((await update({ total: 1 })).body.data.total).toBe(15_000_000);
    expect((await env.call(env.adminB, "PUT", `/api/product-transaction/update/${tx.id}`, { status: "cancelled" })).status).toBe(404);
    const cancel = await update({ status: "cancelled" });
    expect(cancel.body.data.status).toBe("cancelled");
    expect(await history(tx.id)).toEqual(["created", "cancelled"]);
    expect((await update({ payment_method: "bank_transfer" })).status).toBe(409);
  });
});

describe("product-transaction/get/{id} and /invoice/{id}", () => {
  let tx: { id: number; invoice_number: string; invoice_url: string };
  beforeAll(async () => {
    await env.db.updateTable(COMPANIES.table).set({ name: `PT <Alpha> & "Co"`, address: "Jl. Sudirman No. 1<script>alert(1)</script>" }).where("id", "=", env.companyA).execute();
    const made = (await buy({ package_id: ids.std, payment_method: "bank_transfer", refferal_code: "MITRA10" })).body.data;
    tx = (await env.call(env.adminA, "GET", `/api/product-transaction/get/${made.id}`)).body.data;
  });

  it("get/{id} answers the record with a signed invoice link; 404 for another company", async () => {
    expect(tx.invoice_url).toMatch(new RegExp(`^/invoice/${tx.id}\\?exp=\\d+&sig=`));
    expect((await env.call(env.adminB, "GET", `/api/product-transaction/get/${tx.id}`)).status).toBe(404);
  });

  it("the signed link opens a printable, escaped HTML invoice", async () => {
    const res = await env.app.inject({ method: "GET", url: tx.invoice_url, headers: { "accept-language": "id" } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["content-security-policy"]).toMatch(/script-src 'sha256-/);
    const html = res.body;
    expect(html).toContain(tx.invoice_number);
    expect(html).toContain("Rp 15.000.000");
    expect(html).toContain("Rp 1.500.000");
    expect(html).toContain("Rp 13.500.000");
    expect(html).toContain("Menunggu pembayaran");
    expect(html).toContain("MITRA10");
    expect(html).toContain("@media print");
    expect(html).toContain("PT &lt;Alpha&gt; &amp; &quot;Co&quot;");
    expect(html).not.toContain("<Alpha>");
    expect(html).not.toContain("<script>alert");
  });

  it("is in the company's language whatever the browser's, on one A4 page when printed", async () => {
    const page = async (language: string | null, accept: string) => {
      await env.db.updateTable(COMPANIES.table).set({ language }).where("id", "=", env.companyA).execute();
      return (await env.app.inject({ method: "GET", url: tx.invoice_url, headers: { "accept-language": accept } })).body;
    };
    const en = await page("en", "id");
    expect(en).toContain('<html lang="en">');
    expect(en).toContain("Awaiting payment");
    expect(en).not.toContain("Menunggu pembayaran");
    const id = await page("id", "en");
    expect(id).toContain('<html lang="id">');
    expect(id).toContain("Menunggu pembayaran");
    expect(id).toContain("@page { size: A4;");
    // No language of its own: the request's.
    expect(await page(null, "en")).toContain("Awaiting payment");
  });

  it("needs a valid, unexpired signature or a Bearer token with the same tenancy", async () => {
    const tampered = tx.invoice_url.replace(/sig=./, (m) => (m.endsWith("A") ? "sig=B" : "sig=A"));
    expect((await env.app.inject({ method: "GET", url: tampered })).statusCode).toBe(403);
    const other = tx.invoice_url.replace(`/invoice/${tx.id}?`, `/invoice/${tx.id + 1}?`);
    expect((await env.app.inject({ method: "GET", url: other })).statusCode).toBe(403);
    const old = invoiceUrl(linkSecret, tx.id, Date.now() - 60 * 60_000);
    expect((await env.app.inject({ method: "GET", url: old })).statusCode).toBe(403);
    expect((await env.app.inject({ method: "GET", url: `/invoice/${tx.id}` })).statusCode).toBe(401);
    expect((await env.app.inject({ method: "GET", url: `/invoice/${tx.id}?token=${env.adminA.token}` })).statusCode).toBe(401);
    const bearer = await env.app.inject({ method: "GET", url: `/invoice/${tx.id}`, headers: { authorization: `Bearer ${env.adminA.token}` } });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.body).toContain("Awaiting payment");
    expect((await env.app.inject({ method: "GET", url: `/invoice/${tx.id}`, headers: { authorization: `Bearer ${env.adminB.token}` } })).statusCode).toBe(404);
    expect((await env.app.inject({ method: "GET", url: `/invoice/${tx.id}`, headers: { authorization: `Bearer ${env.viewerA.token}` } })).statusCode).toBe(403);
    expect((await env.app.inject({ method: "GET", url: "/invoice/abc" })).statusCode).toBe(404);
  });
});
