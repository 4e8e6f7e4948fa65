// Staff from the browser's side: the admin disables a field worker who is signed in elsewhere;
// the worker's next request ends their session (the error catalogue's toast, back to login), they
// cannot sign in again, and the audit log shows who disabled whom, before → after.
import { describe, expect, it } from "vitest";
import { scenario, statusLine, useE2eWorld } from "./support/harness";
import { ACCOUNTS, DEMO_PASSWORD, EXPIRED, logoutButton, notice, openFromMenu, signIn, storage, submitLogin, userByEmail } from "./support/ui";

useE2eWorld();

describe("staff", () => {
  it(
    "disabling a person ends their session at their next request, and the audit log says so",
    scenario(async ({ page, db, expectConsoleErrors, openAnotherPage }) => {
      expectConsoleErrors(statusLine(401));
      const worker = await userByEmail(db, ACCOUNTS.worker);
      const nameOf = async (id: number) => String((await db.selectFrom("users").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name);
      const name = await nameOf(worker.id);
      const adminName = await nameOf((await userByEmail(db, ACCOUNTS.admin)).id);

      // The worker is signed in on their own browser.
      const workerPage = await openAnotherPage();
      await signIn(workerPage, ACCOUNTS.worker);

      await signIn(page, ACCOUNTS.admin);
      await page.goto(`/#/human-resource/show/${worker.id}`);
      await page.getByRole("heading", { name }).waitFor();
      await page.getByRole("button", { name: "Disable" }).click();
      await page.getByRole("tooltip").getByRole("button", { name: "Disable" }).click();
      await page.getByTestId("person-status").filter({ hasText: "Disabled" }).waitFor();

      // The worker's next request: the session is over.
      const reloaded = workerPage.waitForEvent("load", { timeout: 30_000 });
      await workerPage.goto("/#/task");
      await notice(workerPage, EXPIRED).waitFor();
      await reloaded;
      await workerPage.getByRole("heading", { name: "Sign in to your account" }).waitFor();
      expect(await storage(workerPage)).toEqual({});
      await submitLogin(workerPage, ACCOUNTS.worker, DEMO_PASSWORD);
      await workerPage.getByRole("alert").waitFor();
      expect(await logoutButton(workerPage).count()).toBe(0);

      // The audit log: who, what, before → after.
      await openFromMenu(page, "Company", "Audit log");
      const entry = page.getByRole("row").filter({ hasText: name }).filter({ hasText: "Disabled" }).first();
      await entry.waitFor();
      expect(await entry.textContent()).toContain("Active: Yes → No");
      expect(await entry.textContent()).toContain(adminName);
    }),
  );
});
