// Subscription purchases:
// - product-transaction-user POST add { package_id, refferal_code?, payment_method }: a company
//   user buys a package for their company. A pending product-transaction with the package's
//   price, the referral discount (code active, within its dates, under its quota), the total,
//   an invoice number INV/YYYY/MM/<id, 6 digits> (readable, and so guessable), a payment
//   reference (128 random bits, stored on the transaction: the payment starts here, and the
//   gateway is given it) and the planned period; a transaction-history row "created". Answers the
//   transaction with `invoice_url` and, this once, `payment_reference` (never answered again).
// - product-transaction-user POST notification { invoice_number, payment_reference, status,
//   signature }: the payment gateway's callback. Public (a gateway holds no user token),
//   authenticated by `signature` = hex HMAC-SHA256 over invoice_number + payment_reference +
//   status with PAYMENT_WEBHOOK_SECRET, and naming the transaction by its invoice number and its
//   reference together (a guessed invoice number alone finds nothing: 404); or by the platform
//   owner's Bearer token (manual confirmation, by invoice number). "paid" marks the transaction
//   paid (paid_at), sets its period (from today, or from the day after the current
//   subscription when that runs on: a late payment loses no days), adds a history row "paid",
//   extends the company (subscription_end, package_id, the package's storage quota, status
//   active) and counts the referral code's use. "failed"/"expired" close a pending one.
//   Idempotent: a repeated callback changes nothing; "paid" is accepted after failed/expired
//   (money that arrives late is still money); failed/expired after paid is a 409.
// - product-transaction GET get/{id}: the generic record plus `invoice_url` (invoice.ts);
//   POST add: the same purchase (the generic add would take amounts and status from the body);
//   PUT update/{id}: only the payment method or a cancellation, while pending.
import { createHmac, timingSafeEqual } from "node:crypto";
import { sql, type SqlBool } from "kysely";
import { resourceByName } from "../../declaration";
import type { Actor } from "../access/actor";
import { COMPANIES } from "../access/identity";
import { audit, changedValues } from "../audit/log";
import { DEV_PAYMENT_WEBHOOK_SECRET } from "../config";
import { authenticate, bearerOf } from "../auth/tokens";
import { eq } from "../db/conditions";
import type { Db } from "../db/connection";
import { badRequest, conflict, forbidden, notFound } from "../http/errors";
import { RecordStore, type WireRecord } from "../records/store";
import type { OpContext } from "../routes/context";
import { registerCustom, registerRoutes } from "../routes/custom-registry";
import { validateRecord } from "../validation/record";
import { invoiceUrl } from "../invoice/routes";
import { newPaymentReference } from "../invoice/payment-reference";

const TX = resourceByName("product-transaction");
const BUY = resourceByName("product-transaction-user");
const HISTORY = resourceByName("transaction-history");
const PACKAGE = resourceByName("package-management");
const REFERRAL = resourceByName("refferal-code");

const ZONE_MS = 7 * 3_600_000; // WIB: the platform's invoices and periods are Jakarta days
const todayWib = (now = Date.now()) => new Date(now + ZONE_MS).toISOString().slice(0, 10);

/** date + n days ("YYYY-MM-DD"). */
export const addDays = (date: string, n: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** date + n months, the day clamped to the target month's length (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, n: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
}

/**
 * The subscription period a package buys: from today, or from the day after the current
 * subscription end while that is today or later; `months` long (end inclusive).
 */
export function periodOf(subscriptionEnd: string | null, months: number, today = todayWib()): { start: string; end: string } {
  const start = subscriptionEnd && subscriptionEnd >= today ? addDays(subscriptionEnd, 1) : today;
  return { start, end: addDays(addMonths(start, months), -1) };
}

/** INV/2026/11/000123: the month of issue and the transaction's id (unique by construction). */
export const invoiceNumber = (id: number, now = Date.now()): string => {
  const d = todayWib(now);
  return `INV/${d.slice(0, 4)}/${d.slice(5, 7)}/${String(id).padStart(6, "0")}`;
};

const rupiah = (v: number) => Math.round(v);

/** A store acting inside `companyId` (the gateway's callback has no user). */
const companyStore = (db: Db, companyId: number | null, lang: RecordStore["lang"]) =>
  new RecordStore(db, { userId: 0, companyId, roleId: null, roleName: null, roleType: null, isOwner: false, tokenHash: "" } satisfies Actor, lang);

/** A package's name (the log keeps `<ref>_label` beside a ref), or null. */
async function packageName(store: RecordStore, id: unknown): Promise<string | null> {
  if (id === null || id === undefined) return null;
  const pkg = await store.findOne(PACKAGE, [eq("id", Number(id))]);
  return pkg ? String(pkg.name) : null;
}

const withInvoiceUrl = (rec: WireRecord, secret: string) => ({ ...rec, invoice_url: invoiceUrl(secret, Number(rec.id)) });

/** The referral code by its code (case-insensitive), usable today; 400 on `refferal_code` otherwise. */
async function usableReferral(store: RecordStore, code: string, today: string): Promise<WireRecord> {
  const rows = await store.rows(REFERRAL, [sql<SqlBool>`lower(${sql.ref("code")}) = lower(${code})`]);
  const [ref] = await store.present(REFERRAL, rows.slice(0, 1));
  const usable =
    ref &&
    ref.is_active !== false &&
    (!ref.valid_from || String(ref.valid_from) <= today) &&
    (!ref.valid_until || String(ref.valid_until) >= today) &&
    (ref.quota === null || Number(ref.used_count ?? 0) < Number(ref.quota));
  if (!usable) throw badRequest({ refferal_code: { key: "bad_ref" } });
  return ref;
}

/** A purchase by the acting company user (product-transaction-user/add and product-transaction/add). */
async function purchase(ctx: OpContext) {
  // The platform owner has no company to subscribe.
  if (ctx.actor.companyId === null) throw forbidden();
  const { values, errors } = validateRecord(BUY, ctx.body, { mode: "create" });
  const mine = Object.fromEntries(Object.entries(errors).filter(([k]) => ["package_id", "refferal_code", "payment_method"].includes(k)));
  if (Object.keys(mine).length) throw badRequest(mine);
  const today = todayWib();
  const pkg = await ctx.store.findOne(PACKAGE, [eq("id", values.package_id)]);
  if (!pkg || pkg.is_active === false) throw badRequest({ package_id: { key: "bad_ref" } });
  const code = typeof values.refferal_code === "string" ? values.refferal_code.trim() : "";
  const referral = code ? await usableReferral(ctx.store, code, today) : null;
  const amount = rupiah(Number(pkg.price ?? 0));
  const discount = referral ? rupiah((amount * Number(referral.discount ?? 0)) / 100) : 0;
  const total = amount - discount;
  const company = await ctx.db.selectFrom(COMPANIES.table).select("subscription_end").where("id", "=", ctx.actor.companyId).executeTakeFirst();
  const period = periodOf((company?.subscription_end as string | null) ?? null, Number(pkg.duration_months ?? 1), today);

  const reference = newPaymentReference();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const store = ctx.store.withDb(trx);
    const row = await store.prepareCreate(
      TX,
      { package_id: Number(pkg.id), refferal_code_id: referral ? Number(referral.id) : null, payment_method: values.payment_method, status: "pending" },
      { extra: { amount, discount, total, period_start: period.start, period_end: period.end, paid_at: null } },
    );
    const txId = await store.insertRow(TX, row);
    const number = invoiceNumber(txId);
    await trx.updateTable(TX.table).set({ invoice_number: number, payment_reference: reference }).where("id", "=", txId).execute();
    await store.insertRow(HISTORY, await store.prepareCreate(HISTORY, { transaction_id: txId, event: "created", amount: total, note: `${number}: ${String(pkg.name)}` }));
    return txId;
  });
  // The payment starts here: the one answer that carries the reference, for the gateway.
  return { ...withInvoiceUrl(await ctx.store.getById(TX, id), ctx.services.config.linkSecret), payment_reference: reference };
}

registerCustom("product-transaction-user", "add", purchase);
// The generic add would let a company write its own amounts and status: same purchase instead.
registerCustom("product-transaction", "add", purchase);

/**
 * PUT product-transaction/update/{id}: while pending, a company may change the payment method
 * or cancel (history row "cancelled"); amounts, package and code are fixed at purchase (400),
 * and only the gateway's callback pays, fails or expires (400 on status). A closed
 * transaction does not change (409).
 */
registerCustom("product-transaction", "update", async (ctx) => {
  const conds = ctx.store.matchParams(TX, ctx.params);
  const tx = await ctx.store.findOne(TX, conds);
  if (!tx) throw notFound();
  const { values, errors } = validateRecord(TX, ctx.body, { mode: "update" });
  if (Object.keys(errors).length) throw badRequest(errors);
  for (const f of ["package_id", "refferal_code_id"]) {
    if (f in values && values[f] !== tx[f]) errors[f] = { key: "bad_request" };
  }
  if ("status" in values && values.status !== "pending" && values.status !== "cancelled") {
    errors.status = { key: "bad_enum", params: { options: "pending, cancelled" } };
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  const changes: Record<string, unknown> = {};
  if (values.payment_method !== undefined && values.payment_method !== tx.payment_method) changes.payment_method = values.payment_method;
  if (values.status === "cancelled") changes.status = "cancelled";
  if (!Object.keys(changes).length) return withInvoiceUrl(tx, ctx.services.config.linkSecret);
  if (tx.status !== "pending") throw conflict(undefined, "conflict");
  await ctx.db.transaction().execute(async (trx) => {
    const store = ctx.store.withDb(trx);
    const res = await trx
      .updateTable(TX.table)
      .set({ ...changes, updated_at: new Date().toISOString() })
      .where("id", "=", Number(tx.id))
      .where("company_id", "=", ctx.actor.companyId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(res.numUpdatedRows ?? 0) !== 1) throw conflict(undefined, "conflict");
    if (changes.status === "cancelled") {
      await store.insertRow(
        HISTORY,
        await store.prepareCreate(HISTORY, { transaction_id: Number(tx.id), event: "cancelled", amount: Number(tx.total ?? 0), note: `${String(tx.invoice_number)}: cancelled` }),
      );
    }
  });
  return withInvoiceUrl(await ctx.store.getById(TX, Number(tx.id)), ctx.services.config.linkSecret);
});

// ---- the gateway's callback --------------------------------------------------------------------

const CALLBACK_STATUSES = ["paid", "failed", "expired"] as const;
type CallbackStatus = (typeof CALLBACK_STATUSES)[number];

/** hex HMAC-SHA256 of invoice_number + payment_reference + status (what the gateway sends as `signature`). */
export const notificationSignature = (secret: string, invoice: string, reference: string, status: string): string =>
  createHmac("sha256", secret).update(`${invoice}${reference}${status}`).digest("hex");

function signatureHolds(secret: string, invoice: string, reference: string, status: string, signature: unknown): boolean {
  if (typeof signature !== "string" || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const want = Buffer.from(notificationSignature(secret, invoice, reference, status), "hex");
  return timingSafeEqual(want, Buffer.from(signature, "hex"));
}

/** Same text, compared in constant time. */
const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

registerCustom("product-transaction-user", "notification", async (ctx) => {
  const body = (ctx.body && typeof ctx.body === "object" ? ctx.body : {}) as Record<string, unknown>;
  const invoice = typeof body.invoice_number === "string" ? body.invoice_number.trim() : "";
  const reference = typeof body.payment_reference === "string" ? body.payment_reference.trim() : "";
  const status = body.status as CallbackStatus;
  const errors: Record<string, { key: "required" | "bad_enum"; params?: Record<string, string> }> = {};
  if (!invoice || invoice.length > 64) errors.invoice_number = { key: "required" };
  if (!CALLBACK_STATUSES.includes(status)) errors.status = { key: "bad_enum", params: { options: CALLBACK_STATUSES.join(", ") } };
  // Who is calling: the platform owner's token, or the gateway's signature (the log's "who": nobody, from its address).
  let caller: Actor = { userId: 0, companyId: null, roleId: null, roleName: null, roleType: null, isOwner: false, tokenHash: "", ip: ctx.req.ip };
  const byOwner = !!bearerOf(ctx.req);
  if (byOwner) {
    caller = await authenticate(ctx.db, ctx.req);
    if (!caller.isOwner) throw forbidden("owner_only");
  } else if (!signatureHolds(ctx.services.config.paymentWebhookSecret, invoice, reference, String(body.status ?? ""), body.signature)) {
    throw forbidden();
  }
  // The gateway names the transaction by its reference too; the owner by its invoice number.
  if (!byOwner && (!reference || reference.length > 64)) errors.payment_reference = { key: "required" };
  if (Object.keys(errors).length) throw badRequest(errors);

  const found = await ctx.db.selectFrom(TX.table).select(["id", "company_id", "payment_reference"]).where("invoice_number", "=", invoice).executeTakeFirst();
  // A wrong reference finds nothing, as an unknown invoice number does.
  if (!found || (!byOwner && !sameText(String(found.payment_reference ?? ""), reference))) throw notFound();
  const txId = Number(found.id);
  const companyId = found.company_id === null ? null : Number(found.company_id);

  await ctx.db.transaction().execute(async (trx) => {
    const store = companyStore(trx, companyId, ctx.lang);
    const tx = await store.getById(TX, txId);
    if (tx.status === status) return; // a repeated callback
    if (status !== "paid" && tx.status !== "pending") throw conflict(undefined, "conflict");
    const now = new Date().toISOString();
    // The guarded update makes concurrent duplicates count once.
    let q = trx
      .updateTable(TX.table)
      .set({ status, updated_at: now, ...(status === "paid" ? { paid_at: now } : {}) })
      .where("id", "=", txId);
    q = status === "paid" ? q.where("status", "<>", "paid") : q.where("status", "=", "pending");
    const res = await q.executeTakeFirst();
    if (Number(res.numUpdatedRows ?? 0) !== 1) return;
    const total = Number(tx.total ?? 0);
    if (status !== "paid") {
      await store.insertRow(HISTORY, await store.prepareCreate(HISTORY, { transaction_id: txId, event: status, amount: total, note: `${invoice}: ${status}` }));
      return;
    }
    const pkg = await store.findOne(PACKAGE, [eq("id", Number(tx.package_id))]);
    const company =
      companyId === null
        ? undefined
        : await trx.selectFrom(COMPANIES.table).select(["name", "subscription_end", "package_id", "status", "storage_quota_mb"]).where("id", "=", companyId).executeTakeFirst();
    const period = periodOf((company?.subscription_end as string | null) ?? null, Number(pkg?.duration_months ?? 1));
    await trx.updateTable(TX.table).set({ period_start: period.start, period_end: period.end }).where("id", "=", txId).execute();
    await store.insertRow(HISTORY, await store.prepareCreate(HISTORY, { transaction_id: txId, event: "paid", amount: total, note: `${invoice}: paid` }));
    // The log: the transaction paid, and the company's subscription before → after, both "payment".
    await audit(trx, caller, {
      kind: "payment",
      resource: "product-transaction",
      recordId: txId,
      label: invoice,
      before: { status: tx.status, period_start: tx.period_start, period_end: tx.period_end },
      after: { status: "paid", paid_at: now, period_start: period.start, period_end: period.end },
      companyId,
    });
    if (companyId !== null && company) {
      const quota = pkg?.storage_quota_mb;
      const after = {
        subscription_end: period.end,
        package_id: Number(tx.package_id),
        status: "active",
        ...(quota === null || quota === undefined ? {} : { storage_quota_mb: Number(quota) }),
      };
      await trx
        .updateTable(COMPANIES.table)
        .set({ ...after, updated_at: now })
        .where("id", "=", companyId)
        .execute();
      const before = Object.fromEntries(Object.keys(after).map((k) => [k, (company as Record<string, unknown>)[k] ?? null]));
      const changed = changedValues(before, after);
      await audit(trx, caller, {
        kind: "payment",
        resource: "company-management",
        recordId: companyId,
        label: String(company.name),
        before: { ...changed.before, ...("package_id" in changed.before ? { package_id_label: await packageName(store, company.package_id) } : {}) },
        after: { ...changed.after, ...("package_id" in changed.after ? { package_id_label: pkg?.name ?? null } : {}) },
        companyId,
      });
    }
    if (tx.refferal_code_id !== null && tx.refferal_code_id !== undefined) {
      await trx
        .updateTable(REFERRAL.table)
        .set({ used_count: sql`coalesce(${sql.ref("used_count")}, 0) + 1`, updated_at: now })
        .where("id", "=", Number(tx.refferal_code_id))
        .execute();
    }
  });
  const tx = await companyStore(ctx.db, companyId, ctx.lang).getById(TX, txId);
  // The gateway learns only what it sent about, plus the outcome.
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    invoice_number: String(tx.invoice_number),
    status: String(tx.status),
    paid_at: text(tx.paid_at),
    period_start: text(tx.period_start),
    period_end: text(tx.period_end),
  };
});

registerRoutes((app, services) => {
  // Said once: by the first process, not again by each worker of a cluster. (Production does not
  // start without it: server/config.ts productionProblems.)
  if (services.config.paymentWebhookSecret === DEV_PAYMENT_WEBHOOK_SECRET && !process.env.FW_CLUSTER_WORKER) {
    app.log.warn('PAYMENT_WEBHOOK_SECRET is not set: payment callbacks are checked with the development secret (README "Configuration"); NODE_ENV=production refuses to start so.');
  }
});

registerCustom("product-transaction", "get", async (ctx) => {
  const rec = await ctx.store.findOne(TX, ctx.store.matchParams(TX, ctx.params));
  if (!rec) throw notFound();
  return withInvoiceUrl(rec, ctx.services.config.linkSecret);
});
