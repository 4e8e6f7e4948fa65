// GET /invoice/{id} (outside /api, per the contract): a printable HTML invoice of a
// product-transaction.
//
// Who may open it: a browser tab cannot send the Bearer header, and a token in the URL would
// end up in history and logs. So the API hands out a short-lived signed link instead:
// `product-transaction/get/{id}` (and `product-transaction-user/add`) answer
// `invoice_url: "/invoice/{id}?exp=…&sig=…"`, an HMAC-SHA256 (LINK_SECRET) of the id and the
// expiry, valid LINK_TTL_MS. The web app prefixes the API's origin and opens it. A request with
// a Bearer token (same permission and tenancy as get/{id}) works too. Anything else: 401;
// a bad or expired signature: 403; another company's transaction: 404.
//
// Every value in the page is HTML-escaped; the page allows no script but its print button's
// (a CSP hash), no framing, no caching.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { resourceByName, type ResolvedResource } from "../../declaration";
import { authorize } from "../access/operation-access";
import { authenticate, bearerOf } from "../auth/tokens";
import { eq } from "../db/conditions";
import type { Db } from "../db/connection";
import { forbidden, notFound, unauthorized } from "../http/errors";
import { langOf, type Lang } from "../i18n/messages";
import { RecordStore, type WireRecord } from "../records/store";
import type { Services } from "../services";

const TX = resourceByName("product-transaction");
const PACKAGE = resourceByName("package-management");
const COMPANY = resourceByName("company-management");
const REFERRAL = resourceByName("refferal-code");

/** How long a signed invoice link opens the page. */
export const LINK_TTL_MS = 15 * 60_000;

const mac = (secret: string, id: number, exp: number) => createHmac("sha256", secret).update(`invoice:${id}:${exp}`).digest("base64url");

/** A signed path to the invoice page, valid LINK_TTL_MS from `now`. */
export function invoiceUrl(secret: string, id: number, now = Date.now()): string {
  const exp = Math.floor((now + LINK_TTL_MS) / 1000);
  return `/invoice/${id}?exp=${exp}&sig=${mac(secret, id, exp)}`;
}

/** Does the link's signature hold, and has it not expired? */
export function validLink(secret: string, id: number, exp: unknown, sig: unknown, now = Date.now()): boolean {
  if (typeof exp !== "string" || !/^\d{1,12}$/.test(exp) || typeof sig !== "string" || !/^[A-Za-z0-9_-]{10,100}$/.test(sig)) return false;
  if (Number(exp) * 1000 < now) return false;
  const want = Buffer.from(mac(secret, id, Number(exp)));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

// ---- page ---------------------------------------------------------------------------------------

export const escapeHtml = (v: unknown): string =>
  String(v ?? "").replace(/[&<>"'`]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;", "`": "&#96;" })[c]!);

const LABELS = {
  en: {
    title: "Invoice",
    invoice: "Invoice number",
    date: "Date",
    status: "Status",
    billedTo: "Billed to",
    npwp: "NPWP",
    package: "Package",
    duration: "Duration",
    months: "month(s)",
    period: "Subscription period",
    method: "Payment method",
    amount: "Price",
    discount: "Discount",
    total: "Total",
    paidAt: "Paid at",
    referral: "Referral code",
    print: "Print",
    issuer: "Fieldworks subscription",
    statuses: { pending: "Awaiting payment", paid: "Paid", failed: "Failed", expired: "Expired", cancelled: "Cancelled" },
    methods: { bank_transfer: "Bank transfer", virtual_account: "Virtual account", credit_card: "Credit card", e_wallet: "E-wallet" },
  },
  id: {
    title: "Faktur",
    invoice: "Nomor faktur",
    date: "Tanggal",
    status: "Status",
    billedTo: "Ditagihkan kepada",
    npwp: "NPWP",
    package: "Paket",
    duration: "Durasi",
    months: "bulan",
    period: "Masa langganan",
    method: "Metode pembayaran",
    amount: "Harga",
    discount: "Diskon",
    total: "Total",
    paidAt: "Dibayar pada",
    referral: "Kode referal",
    print: "Cetak",
    issuer: "Langganan Fieldworks",
    statuses: { pending: "Menunggu pembayaran", paid: "Lunas", failed: "Gagal", expired: "Kedaluwarsa", cancelled: "Dibatalkan" },
    methods: { bank_transfer: "Transfer bank", virtual_account: "Virtual account", credit_card: "Kartu kredit", e_wallet: "Dompet digital" },
  },
} as const;

const idr = new Intl.NumberFormat("id-ID", { style: "currency", currency: "IDR", minimumFractionDigits: 0, maximumFractionDigits: 0 });
export const formatIdr = (v: unknown): string => (v === null || v === undefined ? "-" : idr.format(Number(v)).replace(/\u00a0/g, " "));

/** DD-MM-YYYY (HH:mm WIB) of a date or datetime. */
function formatDate(v: unknown, withTime = false): string {
  if (v === null || v === undefined || v === "") return "-";
  const s = String(v);
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return s.split("-").reverse().join("-");
  const ms = Date.parse(s);
  if (Number.isNaN(ms)) return s;
  const w = new Date(ms + 7 * 3_600_000).toISOString();
  const day = w.slice(0, 10).split("-").reverse().join("-");
  return withTime ? `${day} ${w.slice(11, 16)} WIB` : day;
}

const PRINT_SCRIPT = `document.getElementById("print").addEventListener("click",function(){window.print()});`;
const SCRIPT_HASH = createHash("sha256").update(PRINT_SCRIPT).digest("base64");

export interface InvoiceData {
  tx: WireRecord;
  company: WireRecord | null;
  pkg: WireRecord | null;
  referral: WireRecord | null;
}

export function renderInvoice(d: InvoiceData, lang: Lang): string {
  const L = LABELS[lang];
  const { tx, company, pkg, referral } = d;
  const e = escapeHtml;
  const status = String(tx.status);
  const row = (label: string, value: string) => `<tr><th>${e(label)}</th><td>${value}</td></tr>`;
  const statusText = (L.statuses as Record<string, string>)[status] ?? status;
  const method = (L.methods as Record<string, string>)[String(tx.payment_method)] ?? String(tx.payment_method ?? "-");
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(L.title)} ${e(tx.invoice_number)}</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f1f1f; margin: 0; background: #f5f5f5; }
  main { max-width: 760px; margin: 32px auto; background: #fff; padding: 40px; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.08); }
  header { display: flex; justify-content: space-between; align-items: flex-start; gap: 24px; }
  h1 { margin: 0 0 4px; font-size: 28px; }
  .muted { color: #6b6b6b; }
  .status { display: inline-block; padding: 4px 12px; border-radius: 12px; font-weight: 600; background: #f0f0f0; }
  .status.paid { background: #f6ffed; color: #389e0d; }
  .status.pending { background: #fffbe6; color: #d48806; }
  .status.failed, .status.expired, .status.cancelled { background: #fff1f0; color: #cf1322; }
  table { width: 100%; border-collapse: collapse; margin-top: 24px; }
  th, td { text-align: left; padding: 8px 0; border-bottom: 1px solid #f0f0f0; vertical-align: top; }
  th { width: 40%; font-weight: 500; color: #6b6b6b; }
  .amounts td { text-align: right; }
  .total th, .total td { font-size: 18px; font-weight: 700; color: #1f1f1f; border-bottom: 2px solid #1f1f1f; }
  button { margin-top: 24px; padding: 8px 20px; font-size: 15px; border: 0; border-radius: 6px; background: #1677ff; color: #fff; cursor: pointer; }
  /* One A4 page: the page's own margins, the content fitting inside them. */
  @page { size: A4; margin: 16mm; }
  @media print {
    html, body { background: #fff; font-size: 12px; }
    h1 { font-size: 22px; }
    th, td { padding: 5px 0; }
    .total th, .total td { font-size: 15px; }
    table, tr { break-inside: avoid; }
    main { box-shadow: none; margin: 0; max-width: none; padding: 0; }
    button { display: none; }
  }
</style>
</head>
<body>
<main>
<header>
  <div>
    <h1>${e(L.title)}</h1>
    <div class="muted">${e(L.issuer)}</div>
  </div>
  <div><span class="status ${e(status)}">${e(statusText)}</span></div>
</header>
<table>
  ${row(L.invoice, e(tx.invoice_number ?? "-"))}
  ${row(L.date, e(formatDate(tx.created_at)))}
  ${row(L.billedTo, `${e(company?.name ?? "-")}${company?.address ? `<br><span class="muted">${e(company.address)}</span>` : ""}${company?.email ? `<br><span class="muted">${e(company.email)}</span>` : ""}`)}
  ${company?.npwp ? row(L.npwp, e(company.npwp)) : ""}
  ${row(L.package, `${e(pkg?.name ?? tx.package_id_label ?? "-")}${pkg?.code ? ` <span class="muted">(${e(pkg.code)})</span>` : ""}`)}
  ${pkg?.duration_months ? row(L.duration, `${e(pkg.duration_months)} ${e(L.months)}`) : ""}
  ${row(L.period, `${e(formatDate(tx.period_start))} – ${e(formatDate(tx.period_end))}`)}
  ${row(L.method, e(method))}
  ${tx.paid_at ? row(L.paidAt, e(formatDate(tx.paid_at, true))) : ""}
</table>
<table class="amounts">
  ${row(L.amount, e(formatIdr(tx.amount)))}
  ${row(referral ? `${L.discount} (${L.referral} ${String(referral.code)})` : L.discount, e(formatIdr(tx.discount ?? 0)))}
  <tr class="total"><th>${e(L.total)}</th><td>${e(formatIdr(tx.total))}</td></tr>
</table>
<button id="print" type="button">${e(L.print)}</button>
</main>
<script>${PRINT_SCRIPT}</script>
</body>
</html>
`;
}

// ---- route ------------------------------------------------------------------------------------

async function recordOf(store: RecordStore, r: ResolvedResource, id: unknown): Promise<WireRecord | null> {
  if (id === null || id === undefined) return null;
  return store.findOne(r, [eq("id", Number(id))]);
}

/** The transaction with its company, package and referral code, as the store's actor sees them. */
export async function invoiceData(store: RecordStore, id: number): Promise<InvoiceData> {
  const tx = await store.findOne(TX, [eq("id", id)]);
  if (!tx) throw notFound();
  return {
    tx,
    company: await recordOf(store, COMPANY, tx.company_id),
    pkg: await recordOf(store, PACKAGE, tx.package_id),
    referral: await recordOf(store, REFERRAL, tx.refferal_code_id),
  };
}

/** A store acting within the transaction's own company: for a request holding a valid signed link. */
async function linkStore(db: Db, id: number, lang: Lang): Promise<RecordStore> {
  const row = await db.selectFrom(TX.table).select("company_id").where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  const companyId = row.company_id === null ? null : Number(row.company_id);
  return new RecordStore(db, { userId: 0, companyId, roleId: null, roleName: null, roleType: null, isOwner: false, tokenHash: "" }, lang);
}

/** The printable invoice (/invoice/{id}). */
export async function registerInvoiceRoutes(app: FastifyInstance, services: Services): Promise<void> {
  app.get("/invoice/:id", async (req: FastifyRequest, reply: FastifyReply) => {
    const raw = (req.params as { id?: string }).id ?? "";
    const query = (req.query ?? {}) as Record<string, unknown>;
    const lang = langOf(req.headers["accept-language"]);
    if (!/^\d{1,15}$/.test(raw)) throw notFound();
    const id = Number(raw);
    let store: RecordStore;
    if (query.sig !== undefined || query.exp !== undefined) {
      if (!validLink(services.config.linkSecret, id, query.exp, query.sig)) throw forbidden();
      // The server signed this link for someone allowed to read the transaction.
      store = await linkStore(services.db, id, lang);
    } else if (bearerOf(req)) {
      const actor = await authenticate(services.db, req);
      await authorize(services.db, actor, TX, "read");
      store = new RecordStore(services.db, actor, lang);
    } else {
      throw unauthorized();
    }
    const data = await invoiceData(store, id);
    // In the company's language (company-management.language); the request's when it has none.
    const companyLang = data.company?.language;
    const pageLang: Lang = companyLang === "en" || companyLang === "id" ? companyLang : lang;
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header(
        "content-security-policy",
        `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${SCRIPT_HASH}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      )
      .send(renderInvoice(data, pageLang));
  });
}
