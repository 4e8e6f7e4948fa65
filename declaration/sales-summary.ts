// The owner's sales summary, pure (the server's sales-summary/summary and the contract mock
// both call it): paid and pending totals, paid by month of payment (WIB), by package and by
// company, the pending transactions (oldest first) and each referral code's use.
import type { SalesFigure, SalesSummary } from "./answers";

type Row = Record<string, unknown>;

export interface SalesInput {
  /** Every company's transactions, by id. */
  transactions: readonly Row[];
  packages: readonly Row[];
  companies: readonly Row[];
  /** The referral codes, by code. */
  codes: readonly Row[];
}

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

export function summarizeSales({ transactions: txs, packages, companies, codes }: SalesInput): SalesSummary {
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
}
