// sales-summary GET summary over the mock's rows, as server/custom/sales-summary.ts answers it:
// paid and pending totals, paid by month of payment (WIB), by package and by company, the pending
// transactions (oldest first) and each referral code's use (by code).
import type { SalesFigure, SalesSummary } from "../../declaration/answers";
import type { MockDb, Row } from "./db";

const ZONE_MS = 7 * 3_600_000;
const monthWib = (iso: unknown) => {
  const t = typeof iso === "string" ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? null : new Date(t + ZONE_MS).toISOString().slice(0, 7);
};
const money = (v: unknown) => Number(v ?? 0) || 0;
const figure = (): SalesFigure => ({ transaction_count: 0, total: 0 });
const add = (f: SalesFigure, total: number) => {
  f.transaction_count += 1;
  f.total += total;
};
const byTotal = (a: SalesFigure, b: SalesFigure) => b.total - a.total || b.transaction_count - a.transaction_count;
const slot = <K, V>(m: Map<K, V>, k: K, make: () => V): V => m.get(k) ?? m.set(k, make()).get(k)!;

export function mockSalesSummary(db: MockDb): SalesSummary {
  const name = (rows: Row[]) => new Map(rows.map((r) => [Number(r.id), String(r.name ?? "")]));
  const packageName = name(db.rows("package-management"));
  const companyName = name(db.rows("company-management"));
  const paid = figure();
  const pending = figure();
  const months = new Map<string, SalesFigure>();
  const byPackage = new Map<number, SalesFigure>();
  const byCompany = new Map<number, SalesFigure>();
  const byCode = new Map<number, { paid: SalesFigure; pending_count: number; discount_total: number }>();
  const codeUse = () => ({ paid: figure(), pending_count: 0, discount_total: 0 });
  const pendingRows: SalesSummary["pending_transactions"] = [];
  for (const tx of [...db.rows("product-transaction")].sort((a, b) => Number(a.id) - Number(b.id))) {
    const total = money(tx.total);
    const companyId = Number(tx.company_id ?? db.companyId);
    const packageId = Number(tx.package_id);
    const codeId = tx.refferal_code_id === null || tx.refferal_code_id === undefined ? null : Number(tx.refferal_code_id);
    if (tx.status === "paid") {
      add(paid, total);
      const month = monthWib(tx.paid_at);
      if (month) add(slot(months, month, figure), total);
      add(slot(byPackage, packageId, figure), total);
      add(slot(byCompany, companyId, figure), total);
      if (codeId !== null) {
        const c = slot(byCode, codeId, codeUse);
        add(c.paid, total);
        c.discount_total += money(tx.discount);
      }
    } else if (tx.status === "pending") {
      add(pending, total);
      if (codeId !== null) slot(byCode, codeId, codeUse).pending_count += 1;
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
    referral_codes: [...db.rows("refferal-code")]
      .sort((a, b) => String(a.code).localeCompare(String(b.code)))
      .map((c) => ({
        refferal_code_id: Number(c.id),
        code: String(c.code),
        title: String(c.title ?? ""),
        is_active: c.is_active !== false && c.is_active !== 0,
        quota: c.quota === null || c.quota === undefined ? null : Number(c.quota),
        used_count: Number(c.used_count ?? 0),
        ...(byCode.get(Number(c.id)) ?? codeUse()),
      })),
  };
}
