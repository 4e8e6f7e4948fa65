// sales-summary GET summary (beyond the spec): every company's sales in one answer, the platform
// owner's view (403 owner_only for anyone else, even a company given the menu): paid and pending
// totals, paid by month of payment (WIB), by package and by company, the pending transactions,
// and each referral code's use (its stored used_count, and the paid and pending sales through it).
// Read straight from the tables (no tenancy: every company's), summed here: one query per table.
import { resourceByName } from "../../declaration";
import type { SalesFigure, SalesSummary } from "../../declaration/answers";
import { COMPANIES } from "../access/identity";
import { forbidden } from "../http/errors";
import { registerCustom } from "../routes/custom-registry";

const TX = resourceByName("product-transaction");
const PACKAGE = resourceByName("package-management");
const REFERRAL = resourceByName("refferal-code");

const ZONE_MS = 7 * 3_600_000; // WIB: the platform's invoices and periods are Jakarta days
/** "2026-11" of a stored instant, in WIB; null when it is not one. */
const monthWib = (iso: unknown): string | null => {
  const t = typeof iso === "string" ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? null : new Date(t + ZONE_MS).toISOString().slice(0, 7);
};
const money = (v: unknown) => (v === null || v === undefined ? 0 : Number(v) || 0);
const yes = (v: unknown) => v === true || v === 1 || v === "1" || v === "true";
const figure = (): SalesFigure => ({ transaction_count: 0, total: 0 });
const add = (f: SalesFigure, total: number) => {
  f.transaction_count += 1;
  f.total += total;
};
const byTotal = (a: SalesFigure, b: SalesFigure) => b.total - a.total || b.transaction_count - a.transaction_count;

registerCustom("sales-summary", "summary", async (ctx): Promise<SalesSummary> => {
  if (!ctx.actor.isOwner) throw forbidden("owner_only");
  const [txs, packages, companies, codes] = await Promise.all([
    ctx.db
      .selectFrom(TX.table!)
      .select(["id", "invoice_number", "company_id", "package_id", "refferal_code_id", "discount", "total", "status", "paid_at", "payment_method", "created_at"])
      .orderBy("id")
      .execute(),
    ctx.db.selectFrom(PACKAGE.table!).select(["id", "name"]).execute(),
    ctx.db.selectFrom(COMPANIES.table).select(["id", "name"]).execute(),
    ctx.db.selectFrom(REFERRAL.table!).select(["id", "code", "title", "is_active", "quota", "used_count"]).orderBy("code").execute(),
  ]);
  const packageName = new Map(packages.map((p) => [Number(p.id), String(p.name)]));
  const companyName = new Map(companies.map((c) => [Number(c.id), String(c.name)]));

  const paid = figure();
  const pending = figure();
  const months = new Map<string, SalesFigure>();
  const byPackage = new Map<number, SalesFigure>();
  const byCompany = new Map<number, SalesFigure>();
  const byCode = new Map<number, { paid: SalesFigure; pending_count: number; discount_total: number }>();
  const codeOf = (id: number) => byCode.get(id) ?? byCode.set(id, { paid: figure(), pending_count: 0, discount_total: 0 }).get(id)!;
  const pendingRows: SalesSummary["pending_transactions"] = [];

  for (const tx of txs) {
    const total = money(tx.total);
    const packageId = Number(tx.package_id);
    const companyId = Number(tx.company_id);
    const codeId = tx.refferal_code_id === null || tx.refferal_code_id === undefined ? null : Number(tx.refferal_code_id);
    if (tx.status === "paid") {
      add(paid, total);
      const month = monthWib(tx.paid_at);
      if (month) add(months.get(month) ?? months.set(month, figure()).get(month)!, total);
      add(byPackage.get(packageId) ?? byPackage.set(packageId, figure()).get(packageId)!, total);
      add(byCompany.get(companyId) ?? byCompany.set(companyId, figure()).get(companyId)!, total);
      if (codeId !== null) {
        const c = codeOf(codeId);
        add(c.paid, total);
        c.discount_total += money(tx.discount);
      }
    } else if (tx.status === "pending") {
      add(pending, total);
      if (codeId !== null) codeOf(codeId).pending_count += 1;
      pendingRows.push({
        id: Number(tx.id),
        invoice_number: String(tx.invoice_number ?? ""),
        company_id: companyId,
        company_id_label: companyName.get(companyId) ?? "",
        package_id: packageId,
        package_id_label: packageName.get(packageId) ?? "",
        payment_method: String(tx.payment_method ?? ""),
        total,
        created_at: typeof tx.created_at === "string" ? tx.created_at : null,
      });
    }
  }
  pendingRows.sort((a, b) => String(a.created_at ?? "").localeCompare(String(b.created_at ?? "")) || a.id - b.id);

  return {
    paid,
    pending,
    by_month: [...months].sort(([a], [b]) => b.localeCompare(a)).map(([month, f]) => ({ month, ...f })),
    by_package: [...byPackage].map(([id, f]) => ({ package_id: id, package_id_label: packageName.get(id) ?? "", ...f })).sort(byTotal),
    by_company: [...byCompany].map(([id, f]) => ({ company_id: id, company_id_label: companyName.get(id) ?? "", ...f })).sort(byTotal),
    pending_transactions: pendingRows,
    referral_codes: codes.map((c) => {
      const use = byCode.get(Number(c.id)) ?? { paid: figure(), pending_count: 0, discount_total: 0 };
      return {
        refferal_code_id: Number(c.id),
        code: String(c.code),
        title: String(c.title ?? ""),
        is_active: yes(c.is_active),
        quota: c.quota === null || c.quota === undefined ? null : Number(c.quota),
        used_count: Number(c.used_count ?? 0),
        ...use,
      };
    }),
  };
});
