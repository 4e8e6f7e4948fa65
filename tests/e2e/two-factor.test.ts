// Two-factor sign-in in Chromium against the real server: a project manager turns it on at will
// (Account security from the header's user: QR code and setup key, a code computed here from the
// key shown with the same library as an app, the recovery codes shown once and downloaded), signs
// in again with a code and then with a recovery code; their admin resets it. In Indonesian, a
// company's admin requires it of the company's administrators on the rights page and is then led
// through the set-up right after the password, before the session starts. Each step's page is
// checked with axe.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { codeAt } from "../../server/auth/totp";
import { CATALOGUES, expectNoSeriousViolations } from "./support/a11y";
import { scenario, statusLine, useE2eWorld } from "./support/harness";
import { ACCOUNTS, DEMO_PASSWORD, logoutButton, signIn, storage, submitLogin, userByEmail } from "./support/ui";
import type { Page } from "playwright-core";

useE2eWorld();

/** The setup key the page shows, without its grouping spaces. */
const shownSecret = async (page: Page) => (await page.getByTestId("two-factor-secret").innerText()).replace(/\s+/g, "");
/** The code of the app's next step: the one just used to turn it on is spent (a code is used once). */
const nextCode = (secret: string) => codeAt(secret, Date.now() + 30_000);

describe("two-factor sign-in", () => {
  it(
    "turned on at will, a sign-in with a code, then with a recovery code; the admin resets it",
    scenario(async ({ page, db, expectConsoleErrors, openAnotherPage }) => {
      expectConsoleErrors(statusLine(401));
      const en = CATALOGUES.en;
      await signIn(page, ACCOUNTS.pm);
      await page.getByRole("link", { name: /Account security/ }).click();
      await page.getByRole("heading", { name: "Account security", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Turn on" }).click();
      await page.getByRole("img", { name: en.auth.twoFactor.qrLabel }).waitFor();
      const secret = await shownSecret(page);
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expectNoSeriousViolations(page, "Account security: set-up");
      await page.getByLabel("Code", { exact: true }).fill(codeAt(secret));
      await page.getByRole("button", { name: "Turn on" }).click();
      await page.getByRole("heading", { name: en.auth.twoFactor.codesTitle }).waitFor();
      const codes = await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allInnerTexts();
      expect(codes).toHaveLength(10);
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download" }).click()]);
      const file = readFileSync((await download.path())!, "utf8");
      expect(file).toContain(`Fieldworks recovery codes for ${ACCOUNTS.pm}`);
      for (const c of codes) expect(file).toContain(c);
      await expectNoSeriousViolations(page, "Account security: recovery codes");
      await page.getByRole("button", { name: "Done" }).click();
      await page.getByTestId("two-factor-state").filter({ hasText: "On" }).waitFor();
      await page.getByText("10 recovery codes left.").waitFor();
      // Stored sealed, not as shown.
      const pm = await userByEmail(db, ACCOUNTS.pm);
      const row = await db.selectFrom("user_two_factor").select("secret").where("user_id", "=", pm.id).executeTakeFirstOrThrow();
      expect(String(row.secret)).not.toContain(secret);

      // Signing in again: the password, then the code.
      await logoutButton(page).click();
      await page.getByRole("heading", { name: en.auth.signInTitle }).waitFor();
      await submitLogin(page, ACCOUNTS.pm, DEMO_PASSWORD);
      await page.getByRole("heading", { name: en.auth.twoFactor.verifyTitle }).waitFor();
      expect((await storage(page)).token).toBeUndefined();
      await expectNoSeriousViolations(page, "sign-in: the code step");
      await page.getByLabel("Code", { exact: true }).fill(codeAt(secret, Date.now() + 3_600_000));
      await page.getByRole("button", { name: "Verify" }).click();
      await page.getByRole("alert").filter({ hasText: "Wrong code." }).waitFor();
      await page.getByLabel("Code", { exact: true }).fill(nextCode(secret));
      await page.getByRole("button", { name: "Verify" }).click();
      await logoutButton(page).waitFor();

      // And with a recovery code instead: it leads to Account security, one code fewer.
      await logoutButton(page).click();
      await submitLogin(page, ACCOUNTS.pm, DEMO_PASSWORD);
      await page.getByRole("button", { name: en.auth.twoFactor.useRecovery }).click();
      await expectNoSeriousViolations(page, "sign-in: a recovery code");
      await page.getByLabel("Recovery code").fill(codes[0].toUpperCase());
      await page.getByRole("button", { name: "Verify" }).click();
      await page.getByText("9 recovery codes left.").waitFor();
      expect(page.url()).toContain("#/account");

      // Their admin resets it: their sessions end, the password alone signs in again.
      const admin = await openAnotherPage();
      await signIn(admin, ACCOUNTS.admin);
      await admin.goto(`/#/human-resource/show/${pm.id}`);
      await admin.getByTestId("person-two-factor").filter({ hasText: "Two-factor sign-in on" }).waitFor();
      await admin.getByRole("button", { name: "Reset two-factor sign-in" }).click();
      await admin.getByRole("tooltip").getByRole("button", { name: "Reset two-factor sign-in" }).click();
      await admin.getByTestId("person-two-factor").filter({ hasText: "Two-factor sign-in off" }).waitFor();
      const again = await openAnotherPage();
      await signIn(again, ACCOUNTS.pm);
      const entries = await db.selectFrom("audit_log").select("kind").where("resource", "=", "human-resource").where("record_id", "=", pm.id).orderBy("id").execute();
      expect(entries.map((e) => String(e.kind)).filter((k) => k.startsWith("two_factor"))).toEqual(["two_factor_on", "two_factor_reset"]);
    }),
    240_000,
  );

  it(
    "in Indonesian: an admin requires it of the company's administrators, then sets it up right after the password",
    scenario(async ({ page, expectConsoleErrors }) => {
      // The shell's reads go once more after a logout, without a token: 401 (harmless, as in session.test.ts).
      expectConsoleErrors(statusLine(401));
      const id = CATALOGUES.id;
      await page.goto("/#/login");
      await page.evaluate(() => localStorage.setItem("lang", "id"));
      await page.reload();
      await submitIn(page, ACCOUNTS.admin2);
      await logoutButton(page).waitFor();
      await page.goto("/#/role-menu");
      const toggle = page.getByRole("switch", { name: id.rights.companySecurity.requireTwoFactor });
      await toggle.click();
      await page.getByText(id.rights.companySecurity.saved).first().waitFor();
      await page.getByRole("switch", { name: id.rights.companySecurity.requireTwoFactor, checked: true }).waitFor();
      await logoutButton(page).click();
      await submitIn(page, ACCOUNTS.admin2);
      await page.getByRole("heading", { name: id.auth.twoFactor.setupTitle }).waitFor();
      await page.getByRole("img", { name: id.auth.twoFactor.qrLabel }).waitFor();
      await expectNoSeriousViolations(page, "sign-in: the required set-up (id)");
      const secret = await shownSecret(page);
      await page.getByLabel(id.auth.twoFactor.code, { exact: true }).fill(codeAt(secret));
      await page.getByRole("button", { name: id.auth.twoFactor.turnOn }).click();
      await page.getByRole("heading", { name: id.auth.twoFactor.codesTitle }).waitFor();
      expect(await page.getByRole("list", { name: id.auth.twoFactor.codesLabel }).getByRole("listitem").count()).toBe(10);
      await expectNoSeriousViolations(page, "sign-in: the recovery codes (id)");
      expect((await storage(page)).token).toBeUndefined();
      await page.getByRole("checkbox", { name: id.auth.twoFactor.saved }).check();
      await page.getByRole("button", { name: id.auth.twoFactor.continue }).click();
      await logoutButton(page).waitFor();
      await page.getByRole("link", { name: new RegExp(id.account.title) }).click();
      await page.getByText(id.account.required).waitFor();
      // The next sign-in asks for the code.
      await logoutButton(page).click();
      await submitIn(page, ACCOUNTS.admin2);
      await page.getByRole("heading", { name: id.auth.twoFactor.verifyTitle }).waitFor();
      await expectNoSeriousViolations(page, "sign-in: the code step (id)");
      await page.getByLabel(id.auth.twoFactor.code, { exact: true }).fill(nextCode(secret));
      await page.getByRole("button", { name: id.auth.twoFactor.verify }).click();
      await logoutButton(page).waitFor();
    }),
    240_000,
  );
});

/** The login form in Indonesian. */
async function submitIn(page: Page, email: string) {
  const id = CATALOGUES.id;
  await page.getByLabel(id.auth.email).fill(email);
  await page.getByLabel(id.auth.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: id.auth.signIn }).click();
}
