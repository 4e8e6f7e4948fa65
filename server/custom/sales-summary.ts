// sales-summary GET summary (beyond the spec): every company's sales in one answer, the platform
// owner's view (403 owner_only for anyone else, even a company given the menu): paid and pending
// totals, paid by month of payment (WIB), by package and by company, the pending transactions,
// and each referral code's use (its stored used_count, and the paid and pending sales through it).
// Read straight from the tables (no tenancy: every company's), summed here: one query per table.
import { resourceByName } from "../../declaration";
import type { SalesSummary } from "../../declaration/answers";
import { summarizeSales } from "../../declaration/sales-summary";
import { COMPANIES } from "../access/identity";
import { forbidden } from "../http/errors";
import { registerCustom } from "../routes/custom-registry";

const TX = resourceByName("product-transaction");
const PACKAGE = resourceByName("package-management");
const REFERRAL = resourceByName("refferal-code");

registerCustom("sales-summary", "summary", async (ctx): Promise<SalesSummary> => {
  if (!ctx.actor.isOwner) throw forbidden("owner_only");
  const [txs, packages, companies, codes] = await Promise.all([
    ctx.db
      .selectFrom(TX.table)
      .select(["id", "invoice_number", "company_id", "package_id", "refferal_code_id", "discount", "total", "status", "paid_at", "payment_method", "created_at"])
      .orderBy("id")
      .execute(),
    ctx.db.selectFrom(PACKAGE.table).select(["id", "name"]).execute(),
    ctx.db.selectFrom(COMPANIES.table).select(["id", "name"]).execute(),
    ctx.db.selectFrom(REFERRAL.table).select(["id", "code", "title", "is_active", "quota", "used_count"]).orderBy("code").execute(),
  ]);
  return summarizeSales({ transactions: txs, packages, companies, codes });
});
