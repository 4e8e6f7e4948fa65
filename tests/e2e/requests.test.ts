// A material request moves through its steps to received on its page (issue 19), on the real
// server and demo seed: the company admin approves a requested one, sends it (delivery dates) and
// receives it (quantity and date); each step's button opens its small form (the quantity requested
// in view, dates on antd's picker), the page shows the
// next steps only, and the database holds the status and the fields. In English and Indonesian,
// each on its own requested request. The page shows the amount with the quantity in the
// material's unit.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { resourceByName } from "../../declaration";
import { formatMoney, formatNumber } from "../../src/lib/format";
import { signInWith, translator, type Language } from "./support/a11y";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, notice, userByEmail } from "./support/ui";

useE2eWorld();

const REQUESTS = resourceByName("request-material").table;

/** Opens a step's form, checks it shows the quantity requested, fills it (dates typed into antd's picker, DD-MM-YYYY), and sends it from the dialog. */
async function takeStep(page: Page, label: string, fill: Record<string, string>, requested: string, dates: Record<string, string> = {}): Promise<void> {
  await page.getByRole("button", { name: label, exact: true }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  await dialog.getByText(requested, { exact: true }).first().waitFor();
  for (const [field, value] of Object.entries(fill)) await dialog.getByLabel(field, { exact: true }).fill(value);
  for (const [field, value] of Object.entries(dates)) {
    const input = dialog.getByLabel(field, { exact: true });
    await input.click();
    await input.fill(value);
    await input.press("Enter");
  }
  await dialog.getByRole("button", { name: label, exact: true }).click();
  await dialog.waitFor({ state: "hidden" });
}

const CASES: Array<{ lang: Language; skip: number }> = [
  { lang: "en", skip: 0 },
  { lang: "id", skip: 1 },
];

describe("a material request's steps", () => {
  it.for(CASES)("$lang: requested → approved → sent → received, stored", ({ lang, skip }, ctx) =>
    scenario(async ({ page, db }) => {
      const t = translator(lang);
      const admin = await userByEmail(db, ACCOUNTS.admin);
      const req = await db
        .selectFrom(REQUESTS)
        .select(["id", "quantity", "material_resource_id", "amount"])
        .where("company_id", "=", admin.company_id)
        .where("status", "=", "requested")
        .orderBy("id")
        .offset(skip)
        .limit(1)
        .executeTakeFirstOrThrow();
      const today = new Date().toISOString().slice(0, 10);
      const typed = today.split("-").reverse().join("-");
      const requested = formatNumber(req.quantity, lang);

      await signInWith(page, ACCOUNTS.admin, lang);
      await page.goto(`/#/request-material/show/${req.id}`);
      await page.getByRole("button", { name: t("request.action.approve"), exact: true }).waitFor();
      // The amount with the quantity in the material's unit (satuan), as the server computed it.
      const unit = await db
        .selectFrom(resourceByName("material-resource").table)
        .innerJoin("satuan", "satuan.id", `${resourceByName("material-resource").table}.satuan_id`)
        .select("satuan.name as name")
        .where(`${resourceByName("material-resource").table}.id`, "=", req.material_resource_id)
        .executeTakeFirstOrThrow();
      const amount = page.getByRole("region", { name: t("request.amounts.title") });
      await amount.getByText(`${formatNumber(req.quantity, lang)} ${String(unit.name)}`, { exact: true }).waitFor();
      await amount.getByText(formatMoney(req.amount, lang), { exact: true }).waitFor();
      // Only the steps that may follow "requested": no sending or receiving yet.
      expect(await page.getByRole("button", { name: t("request.action.send"), exact: true }).count()).toBe(0);

      await takeStep(page, t("request.action.approve"), {}, requested);
      await notice(page, t("request.done.approve")).waitFor();
      await takeStep(page, t("request.action.send"), {}, requested, { [t("request.field.delivery_date")]: typed, [t("request.field.delivery_to_site_date")]: typed });
      await notice(page, t("request.done.send")).waitFor();
      await takeStep(page, t("request.action.receive"), { [t("request.field.quantity_received")]: String(req.quantity) }, requested, { [t("request.field.received_date")]: typed });
      await notice(page, t("request.done.receive")).waitFor();
      // Received: no step left.
      await page.getByRole("button", { name: t("request.action.receive"), exact: true }).waitFor({ state: "detached" });

      const stored = await db
        .selectFrom(REQUESTS)
        .select(["status", "delivery_date", "delivery_to_site_date", "quantity_received", "received_date"])
        .where("id", "=", req.id)
        .executeTakeFirstOrThrow();
      expect(stored.status).toBe("received");
      expect(Number(stored.quantity_received)).toBe(Number(req.quantity));
      expect(String(stored.received_date).slice(0, 10)).toBe(today);
      expect(String(stored.delivery_date).slice(0, 10)).toBe(today);
    })(ctx),
  );
});
