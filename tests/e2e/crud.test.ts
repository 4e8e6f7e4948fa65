// The admin in the generated screens: sign-in through the form, the sider, a list with the
// stored rows, create/edit/delete with the database checked after each step, a failed save
// keeping what was typed, and the same screens in Indonesian.
import { describe, expect, it } from "vitest";
import { scenario, statusLine, useE2eWorld } from "./support/harness";
import { ACCOUNTS, DEMO_PASSWORD, deleteConfirmation, logoutButton, menuEntry, notice, openFromMenu, rowWith, signIn, storage, submitLogin, userByEmail } from "./support/ui";
import type { Db } from "../../server/db/connection";

useE2eWorld();

/** The divisions of a company as stored. */
const divisionsOf = (db: Db, companyId: number) =>
  db.selectFrom("divisi").select(["id", "name", "code", "description", "company_id"]).where("company_id", "=", companyId).orderBy("id").execute();

describe("generated screens (admin)", () => {
  it(
    "signs in through the form; the sider shows the menu groups; Divisions lists the company's stored rows",
    scenario(async ({ page, db }) => {
      await page.goto("/");
      // Not signed in: the shell sends the visitor to the login page.
      await page.getByRole("heading", { name: "Sign in to your account" }).waitFor();
      expect(page.url()).toContain("#/login");

      await submitLogin(page, ACCOUNTS.admin, DEMO_PASSWORD);
      await logoutButton(page).waitFor();
      for (const group of ["Projects", "Field", "Resources", "Safety", "Master data", "Company", "Sales"]) {
        await menuEntry(page, group).waitFor();
      }
      const session = await storage(page);
      expect(session.token).toBeTruthy();
      expect(session.role).toBe("Administrator");

      await openFromMenu(page, "Master data", "Divisions");
      await page.waitForURL(/#\/divisi(\?|$)/);
      await page.getByRole("heading", { name: "Divisions" }).waitFor();

      const admin = await userByEmail(db, ACCOUNTS.admin);
      const ours = await divisionsOf(db, admin.company_id);
      expect(ours.length).toBeGreaterThan(0);
      expect(ours.length).toBeLessThanOrEqual(10); // one page
      for (const d of ours) {
        const row = rowWith(page, d.name!);
        await row.waitFor();
        if (d.code) expect(await row.getByRole("cell", { name: d.code, exact: true }).count()).toBe(1);
      }
      await page.getByText(`1-${ours.length} of ${ours.length}`, { exact: true }).waitFor();
      // Another company's divisions are not there.
      const ourNames = new Set(ours.map((d) => d.name));
      const others = (await db.selectFrom("divisi").select("name").where("company_id", "!=", admin.company_id).execute()).filter((d) => !ourNames.has(d.name));
      expect(others.length).toBeGreaterThan(0);
      for (const d of others) expect(await rowWith(page, d.name!).count()).toBe(0);
    }),
  );

  it(
    "creates, edits and deletes a division through the generated form, as stored",
    scenario(async ({ page, db }) => {
      const admin = await userByEmail(db, ACCOUNTS.admin);
      const before = await divisionsOf(db, admin.company_id);
      await signIn(page, ACCOUNTS.admin);
      await page.goto("/#/divisi");
      await rowWith(page, before[0].name!).waitFor();

      // Create: an empty required field is refused in the browser first.
      await page.getByRole("button", { name: "Create" }).click();
      await page.getByRole("heading", { name: "New division" }).waitFor();
      const name = page.getByRole("textbox", { name: "Name" });
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Required", { exact: true }).first().waitFor();
      expect(await name.getAttribute("aria-invalid")).toBe("true");
      expect(await divisionsOf(db, admin.company_id)).toHaveLength(before.length);

      await name.fill("Quality Control");
      await page.getByRole("textbox", { name: "Code" }).fill("QC");
      await page.getByRole("textbox", { name: "Description" }).fill("Checks the work before hand-over");
      await page.getByRole("button", { name: "Save" }).click();
      await notice(page, "Data saved").waitFor();
      await page.waitForURL(/#\/divisi(\?|$)/);
      await rowWith(page, "Quality Control").waitFor();
      const created = (await divisionsOf(db, admin.company_id)).find((d) => d.name === "Quality Control");
      expect(created).toMatchObject({ code: "QC", description: "Checks the work before hand-over", company_id: admin.company_id });

      // Edit: the form shows the stored values; the list and the row follow the change.
      await rowWith(page, "Quality Control").getByRole("button", { name: "Edit" }).click();
      await page.getByRole("heading", { name: "Edit division" }).waitFor();
      await expect.poll(() => name.inputValue()).toBe("Quality Control");
      expect(await page.getByRole("textbox", { name: "Code" }).inputValue()).toBe("QC");
      await name.fill("Quality Assurance");
      await page.getByRole("button", { name: "Save" }).click();
      await notice(page, "Data saved").waitFor();
      await page.waitForURL(/#\/divisi(\?|$)/);
      await rowWith(page, "Quality Assurance").waitFor();
      expect(await rowWith(page, "Quality Control").count()).toBe(0);
      const edited = await db.selectFrom("divisi").select(["name", "code"]).where("id", "=", created!.id).executeTakeFirst();
      expect(edited).toEqual({ name: "Quality Assurance", code: "QC" });

      // Delete: the spec's confirmation, exactly.
      await rowWith(page, "Quality Assurance").getByRole("button", { name: "Delete" }).click();
      const confirm = deleteConfirmation(page);
      await confirm.getByText("Delete this data ?", { exact: true }).waitFor();
      await confirm.getByText("Are you sure ?", { exact: true }).waitFor();
      await confirm.getByRole("button", { name: "Delete" }).click();
      await notice(page, "Data deleted").waitFor();
      await rowWith(page, "Quality Assurance").waitFor({ state: "detached" });
      expect(await db.selectFrom("divisi").select("id").where("id", "=", created!.id).executeTakeFirst()).toBeUndefined();
      expect(await divisionsOf(db, admin.company_id)).toEqual(before);
    }),
  );

  it(
    "a refused save (name already used) shows the server's message on the field and keeps the typed values",
    scenario(async ({ page, db, expectConsoleErrors }) => {
      expectConsoleErrors(statusLine(409));
      const admin = await userByEmail(db, ACCOUNTS.admin);
      const before = await divisionsOf(db, admin.company_id);
      const taken = before[0].name;
      await signIn(page, ACCOUNTS.admin);
      await page.goto("/#/divisi/create");
      await page.getByRole("heading", { name: "New division" }).waitFor();
      await page.getByRole("textbox", { name: "Name" }).fill(taken!);
      await page.getByRole("textbox", { name: "Code" }).fill("DUP");
      await page.getByRole("textbox", { name: "Description" }).fill("Typed before the refusal");
      await page.getByRole("button", { name: "Save" }).click();

      await page.getByText("This value is already used.", { exact: true }).waitFor();
      expect(await page.getByRole("textbox", { name: "Name" }).getAttribute("aria-invalid")).toBe("true");
      await notice(page, "The data could not be saved").waitFor();
      expect(page.url()).toContain("#/divisi/create");
      expect(await page.getByRole("textbox", { name: "Name" }).inputValue()).toBe(taken);
      expect(await page.getByRole("textbox", { name: "Code" }).inputValue()).toBe("DUP");
      expect(await page.getByRole("textbox", { name: "Description" }).inputValue()).toBe("Typed before the refusal");
      expect(await divisionsOf(db, admin.company_id)).toEqual(before);
    }),
  );

  it(
    "switching to Indonesian reloads in Indonesian, survives a reload, and switches back",
    scenario(async ({ page, db }) => {
      const admin = await userByEmail(db, ACCOUNTS.admin);
      const [first] = await divisionsOf(db, admin.company_id);
      await signIn(page, ACCOUNTS.admin);
      await page.goto("/#/divisi");
      await page.getByRole("heading", { name: "Divisions" }).waitFor();
      await rowWith(page, first.name!).waitFor();

      // The language switch stores the choice and reloads the page.
      await Promise.all([page.waitForEvent("load"), page.getByRole("radio", { name: "Bahasa Indonesia" }).click()]);
      await page.getByRole("heading", { name: "Divisi", exact: true }).waitFor();
      await menuEntry(page, "Data Master").waitFor();
      expect(await page.getByRole("radio", { name: "Bahasa Indonesia" }).isChecked()).toBe(true);
      expect((await storage(page)).lang).toBe("id");

      await rowWith(page, first.name!).getByRole("button", { name: "Hapus" }).click();
      const confirm = deleteConfirmation(page);
      await confirm.getByText("Hapus data ini ?", { exact: true }).waitFor();
      await confirm.getByText("Apakah Anda yakin ?", { exact: true }).waitFor();
      await confirm.getByRole("button", { name: "Batal" }).click();
      await confirm.waitFor({ state: "hidden" });
      expect(await db.selectFrom("divisi").select("id").where("id", "=", first.id).executeTakeFirst()).toBeDefined();

      await page.reload();
      await page.getByRole("heading", { name: "Divisi", exact: true }).waitFor();
      await rowWith(page, first.name!).waitFor();
      expect((await storage(page)).lang).toBe("id");

      await Promise.all([page.waitForEvent("load"), page.getByRole("radio", { name: "English" }).click()]);
      await page.getByRole("heading", { name: "Divisions", exact: true }).waitFor();
      await menuEntry(page, "Master data").waitFor();
      expect((await storage(page)).lang).toBe("en");
    }),
  );
});
