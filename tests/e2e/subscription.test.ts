// A company past its subscription's end (issue 20): its admin reads on under a banner, and a save
// is refused with the server's message, nothing stored; not a lock-out (the session stays).
import { describe, expect, it } from "vitest";
import { resourceByName } from "../../declaration";
import { COMPANIES } from "../../server/access/identity";
import { invoiceUrl } from "../../server/invoice/routes";
import { scenario, statusLine, useE2eWorld } from "./support/harness";
import { ACCOUNTS, notice, rowWith, signIn, storage, userByEmail } from "./support/ui";

useE2eWorld();

const yesterday = () => new Date(Date.now() + 7 * 3_600_000 - 86_400_000).toISOString().slice(0, 10); // the demo companies' zone: Asia/Jakarta

describe("a company past its subscription's end", () => {
  it(
    "its admin sees the banner; a save is refused with the server's message, nothing stored, still signed in",
    scenario(async ({ page, db, expectConsoleErrors }) => {
      expectConsoleErrors(statusLine(409));
      const admin = await userByEmail(db, ACCOUNTS.admin);
      const end = yesterday();
      await db.updateTable(COMPANIES.table).set({ subscription_end: end }).where("id", "=", admin.company_id).execute();
      const divisions = () => db.selectFrom("divisi").select(["id", "name"]).where("company_id", "=", admin.company_id).orderBy("id").execute();
      const before = await divisions();

      await signIn(page, ACCOUNTS.admin);
      await page.getByText("Your company's subscription has ended", { exact: true }).waitFor();
      await page.getByText(`It ended on ${end.split("-").reverse().join("-")}.`, { exact: false }).waitFor();

      // Reading works: the list shows the stored rows under the banner.
      await page.goto("/#/divisi");
      await rowWith(page, String(before[0].name)).waitFor();
      await page.getByText("Your company's subscription has ended", { exact: true }).waitFor();

      await page.getByRole("button", { name: "Create" }).click();
      await page.getByRole("heading", { name: "New division" }).waitFor();
      await page.getByRole("textbox", { name: "Name" }).fill("Quality Control");
      await page.getByRole("textbox", { name: "Code" }).fill("QC");
      await page.getByRole("button", { name: "Save" }).click();
      await notice(page, "Your company's subscription has ended: you can still read everything, but nothing can be changed until it is renewed.").waitFor();
      expect(page.url()).toContain("#/divisi/create");
      expect(await page.getByRole("textbox", { name: "Name" }).inputValue()).toBe("Quality Control");
      expect(await divisions()).toEqual(before);
      expect((await storage(page)).token).toBeTruthy();
    }),
  );

  it(
    "the invoice prints to PDF on one A4 page, in the company's language",
    scenario(async ({ page, db, server }) => {
      const admin = await userByEmail(db, ACCOUNTS.admin);
      const tx = await db
        .selectFrom(resourceByName("product-transaction").table)
        .select(["id", "invoice_number"])
        .where("company_id", "=", admin.company_id)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      for (const [language, title] of [
        ["id", "Faktur"],
        ["en", "Invoice"],
      ] as const) {
        await db.updateTable(COMPANIES.table).set({ language }).where("id", "=", admin.company_id).execute();
        await page.goto(server.baseUrl + invoiceUrl(server.app.services.config.linkSecret, Number(tx.id)));
        await page.getByRole("heading", { name: title, exact: true }).waitFor();
        await page.getByText(String(tx.invoice_number), { exact: true }).waitFor();
        const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true });
        // Each page of a PDF is one "/Type /Page" object (the tree's root is "/Type /Pages").
        expect(pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g), language).toHaveLength(1);
      }
    }),
  );
});
