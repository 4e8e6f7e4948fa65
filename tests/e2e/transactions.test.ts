// The platform owner marks a pending product transaction paid on its page (issue 20), on the real
// server and demo seed: after the confirmation the page shows it paid, the company's subscription
// end in the database moved by the package's months, and the owner's companies screen and
// transaction list show the new state. In English on the seed's pending transaction (PT Contoh
// Telekomunikasi), in Indonesian on one PT Demo Konstruksi's admin orders first (the seed has one
// pending transaction only); each language's case stands alone.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { resourceByName } from "../../declaration";
import { COMPANIES } from "../../server/access/identity";
import type { Db } from "../../server/db/connection";
import { periodOf } from "../../server/custom/transactions";
import { CATALOGUES, OWNER, signInWith, translator, type Language } from "./support/a11y";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, DEMO_PASSWORD, notice, rowWith, userByEmail } from "./support/ui";

useE2eWorld();

const TRANSACTIONS = resourceByName("product-transaction").table;
const PACKAGES = resourceByName("package-management").table;

/** The screens' date format (DD-MM-YYYY) of a stored YYYY-MM-DD. */
const shown = (date: string) => date.split("-").reverse().join("-");

const subscriptionEnd = async (db: Db, companyId: number): Promise<string> =>
  String((await db.selectFrom(COMPANIES.table).select("subscription_end").where("id", "=", companyId).executeTakeFirstOrThrow()).subscription_end).slice(0, 10);

/** The company's newest pending transaction with its package's months and the company's name. */
async function pendingOf(db: Db, companyId: number) {
  const tx = await db
    .selectFrom(TRANSACTIONS)
    .select(["id", "invoice_number", "package_id", "status"])
    .where("company_id", "=", companyId)
    .where("status", "=", "pending")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const pkg = await db.selectFrom(PACKAGES).select("duration_months").where("id", "=", tx.package_id).executeTakeFirstOrThrow();
  const company = await db.selectFrom(COMPANIES.table).select("name").where("id", "=", companyId).executeTakeFirstOrThrow();
  return { id: Number(tx.id), invoice: String(tx.invoice_number), months: Number(pkg.duration_months), company: String(company.name) };
}

/** The company admin orders a renewal as the web app does (a pending transaction): its package again, by bank transfer. */
async function orderRenewal(baseUrl: string, db: Db, email: string): Promise<void> {
  const admin = await userByEmail(db, email);
  const company = await db.selectFrom(COMPANIES.table).select("package_id").where("id", "=", admin.company_id).executeTakeFirstOrThrow();
  const login = await fetch(`${baseUrl}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  const { data } = (await login.json()) as { data: { token: string } };
  const res = await fetch(`${baseUrl}/api/product-transaction-user/add`, {
    method: "POST",
    headers: { authorization: `Bearer ${data.token}`, "content-type": "application/json" },
    body: JSON.stringify({ package_id: Number(company.package_id), payment_method: "bank_transfer" }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** A field's value on a details page: the cell beside its label. */
const detail = (page: Page, value: string) => page.getByRole("cell", { name: value, exact: true });

const CASES: Array<{ lang: Language; admin: string; order: boolean }> = [
  { lang: "en", admin: ACCOUNTS.admin2, order: false },
  { lang: "id", admin: ACCOUNTS.admin, order: true },
];

describe("the owner marks a pending transaction paid", () => {
  // The owner reads every company's transactions (ownerSeesAll) from the Sales menu.
  it.for(CASES)("$lang: the page shows it paid, the subscription end moves by the package's months, the companies screen and the list show it", ({ lang, admin, order }, ctx) =>
    scenario(async ({ page, db, baseUrl }) => {
      const t = translator(lang);
      const texts = CATALOGUES[lang];
      const { company_id: companyId } = await userByEmail(db, admin);
      if (order) await orderRenewal(baseUrl, db, admin);
      const tx = await pendingOf(db, companyId);
      const before = await subscriptionEnd(db, companyId);
      const period = periodOf(before, tx.months);

      await signInWith(page, OWNER, lang);
      await page.goto(`/#/product-transaction/show/${tx.id}`);
      // The transaction's details, not the shell's "no access" (quick, either way).
      await detail(page, tx.invoice)
        .or(page.getByRole("heading", { name: t("shell.noAccess.title") }))
        .waitFor();
      expect(await detail(page, tx.invoice).isVisible(), "the owner is shown the transaction's details").toBe(true);
      await detail(page, t("enums.status.pending")).waitFor();

      await page.getByRole("button", { name: t("transaction.markPaid") }).click();
      const confirmation = page.getByRole("tooltip").filter({ hasText: t("transaction.markPaidConfirm", { invoice: tx.invoice }) });
      await confirmation.getByRole("button", { name: t("transaction.markPaid") }).click();

      // (a) Paid on the page: the toast with the period bought, the status, the period's end; no action left.
      await notice(page, t("transaction.markedPaid", { invoice: tx.invoice })).waitFor();
      await notice(page, t("transaction.markedPaidPeriod", { start: shown(period.start), end: shown(period.end) })).waitFor();
      await detail(page, t("enums.status.paid")).waitFor();
      await detail(page, shown(period.end)).waitFor();
      expect(await detail(page, t("enums.status.pending")).count()).toBe(0);
      expect(await page.getByRole("button", { name: t("transaction.markPaid") }).count()).toBe(0);

      // (b) Stored: the transaction paid, the company's end moved by the package's months.
      expect(await db.selectFrom(TRANSACTIONS).select("status").where("id", "=", tx.id).executeTakeFirstOrThrow()).toEqual({ status: "paid" });
      const after = await subscriptionEnd(db, companyId);
      expect(after).toBe(period.end);
      expect(after > before).toBe(true);

      // (c) The owner's companies screen shows the new end; the transaction list shows it paid.
      await page.goto("/#/company-management");
      await page.getByRole("heading", { level: 1, name: texts.resources["company-management"], exact: true }).waitFor();
      const companyRow = rowWith(page, tx.company);
      await companyRow.getByRole("cell", { name: shown(after), exact: true }).waitFor();
      expect(await companyRow.getByRole("cell", { name: shown(before), exact: true }).count()).toBe(0);

      await page.goto("/#/product-transaction");
      await page.getByRole("heading", { level: 1, name: texts.resources["product-transaction"], exact: true }).waitFor();
      await rowWith(page, tx.invoice)
        .getByRole("cell", { name: t("enums.status.paid"), exact: true })
        .waitFor();
    })(ctx),
  );
});
