// sales-summary GET summary over the mock's rows: the server's own computation
// (declaration/sales-summary.ts) over the mock's tables, in the order the server reads them
// (transactions by id, referral codes by code).
import type { SalesSummary } from "../../declaration/answers";
import { summarizeSales } from "../../declaration/sales-summary";
import type { MockDb } from "./db";

export function mockSalesSummary(db: MockDb): SalesSummary {
  return summarizeSales({
    // A mock row without a company is the mock's company's.
    transactions: [...db.rows("product-transaction")].sort((a, b) => Number(a.id) - Number(b.id)).map((tx) => ({ ...tx, company_id: tx.company_id ?? db.companyId })),
    packages: db.rows("package-management"),
    companies: db.rows("company-management"),
    // The mock's rows leave is_active out when it is the default (active).
    codes: [...db.rows("refferal-code")].sort((a, b) => String(a.code).localeCompare(String(b.code))).map((c) => ({ ...c, is_active: c.is_active !== false && c.is_active !== 0 })),
  });
}
