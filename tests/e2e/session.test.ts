// Sessions from the browser's side: a wrong password, the forgotten-password mail and the reset
// link, a token the server ended (the error catalogue's toast, storage cleared, back to login),
// the map page that stands apart from the shell, and who lands where after a logout.
import { describe, expect, it } from "vitest";
import { sha256 } from "../../server/auth/tokens";
import { USERS } from "../../server/access/identity";
import { scenario, statusLine, useE2eWorld } from "./support/harness";
import { MAIL_APP_URL } from "./support/server";
import { ACCOUNTS, DEMO_PASSWORD, EXPIRED, logoutButton, menuEntry, notice, openFromMenu, rowWith, signIn, storage, submitLogin, tokenOf, userByEmail } from "./support/ui";

useE2eWorld();

const SIGN_IN_TITLE = "Sign in to your account";
const WRONG_LOGIN = "Wrong email or password."; // the server's message (server/i18n/messages.ts)

describe("sessions", () => {
  it(
    "a wrong password shows the server's message; forgot-password mails a link; the link sets a new password",
    scenario(async ({ page, db, expectConsoleErrors, openAnotherPage }) => {
      expectConsoleErrors(statusLine(401));
      // The supervisor's password changes here: no other test signs in as the supervisor.
      const email = ACCOUNTS.supervisor;
      const newPassword = "field-map-2026";
      const user = await userByEmail(db, email);
      const oldHash = (await db.selectFrom(USERS.table).select("password").where("id", "=", user.id).executeTakeFirstOrThrow()).password;

      await page.goto("/#/login");
      await submitLogin(page, email, "not-the-password");
      await page.getByRole("alert").filter({ hasText: WRONG_LOGIN }).waitFor();
      expect(page.url()).toContain("#/login");
      expect(await page.getByLabel("Email").inputValue()).toBe(email);
      expect((await storage(page)).token).toBeUndefined();

      await page.getByRole("link", { name: "Forgot password?" }).click();
      await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `If an account exists for ${email}, a reset link is on its way. Check your inbox.` })
        .waitFor();

      // No SMTP_URL: the mail waits in the outbox table, with a link to the configured APP_URL.
      const mails = await db.selectFrom("mail_outbox").select(["subject", "body_text"]).where("to_address", "=", email).execute();
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe("Reset your Fieldworks password");
      const link = new RegExp(`${MAIL_APP_URL.replace(/\./g, "\\.")}/#/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(String(mails[0].body_text));
      expect(link, String(mails[0].body_text)).not.toBeNull();

      // The link, opened as from a mail program: a browser without a session.
      const mailTab = await openAnotherPage();
      await mailTab.goto(`/#/reset-password?token=${link![1]}`);
      await mailTab.getByRole("heading", { name: "Choose a new password" }).waitFor();
      await mailTab.getByLabel("New password", { exact: true }).fill(newPassword);
      await mailTab.getByLabel("Confirm new password").fill(newPassword);
      await mailTab.getByRole("button", { name: "Save new password" }).click();
      await mailTab.getByRole("status").filter({ hasText: "Your password has been changed. You can sign in with it now." }).waitFor();
      const stored = await db.selectFrom(USERS.table).select("password").where("id", "=", user.id).executeTakeFirstOrThrow();
      expect(stored.password).not.toBe(oldHash);
      const resets = await db.selectFrom("password_reset").select("used_at").where("user_id", "=", user.id).execute();
      expect(resets).toHaveLength(1);
      expect(resets[0].used_at).toBeTruthy();

      // The old password is refused, the new one lets the user in.
      await mailTab.getByRole("link", { name: "Back to sign in" }).click();
      await mailTab.getByRole("heading", { name: SIGN_IN_TITLE }).waitFor();
      await submitLogin(mailTab, email, DEMO_PASSWORD);
      await mailTab.getByRole("alert").filter({ hasText: WRONG_LOGIN }).waitFor();
      await submitLogin(mailTab, email, newPassword);
      await logoutButton(mailTab).waitFor();
      expect((await storage(mailTab)).role).toBe("Supervisor");
    }),
  );

  it(
    "a token the server expired ends the session at the next request: toast, storage cleared, login page",
    scenario(async ({ page, db, expectConsoleErrors }) => {
      expectConsoleErrors(statusLine(401));
      const admin = await userByEmail(db, ACCOUNTS.admin);
      const [first] = await db.selectFrom("divisi").select("name").where("company_id", "=", admin.company_id).orderBy("id").execute();
      await signIn(page, ACCOUNTS.admin);
      await openFromMenu(page, "Master data", "Divisions");
      await rowWith(page, first.name!).waitFor();

      // This browser's session, and only it, expires on the server.
      const token = await tokenOf(page);
      expect(token).toBeTruthy();
      const expired = await db
        .updateTable("auth_token")
        .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
        .where("token_hash", "=", sha256(token!))
        .executeTakeFirst();
      expect(Number(expired.numUpdatedRows)).toBe(1);

      // The next request: another list.
      const reloaded = page.waitForEvent("load", { timeout: 30_000 });
      await openFromMenu(page, "Master data", "Units of measure");
      await notice(page, EXPIRED).waitFor();
      await reloaded;
      await page.getByRole("heading", { name: SIGN_IN_TITLE }).waitFor();
      expect(page.url()).toContain("#/login");
      expect(await storage(page)).toEqual({});
    }),
  );

  it(
    "the map page needs a login and stands apart from the shell (no sider, no header)",
    scenario(async ({ page }) => {
      // The map's base tiles would come from the internet: answered empty here.
      await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204, body: "" }));
      await page.goto("/#/map/view");
      await page.getByRole("heading", { name: SIGN_IN_TITLE }).waitFor();
      expect(decodeURIComponent(page.url())).toContain("#/login?to=/map/view");

      // Signing in returns to the map.
      await submitLogin(page, ACCOUNTS.pm, DEMO_PASSWORD);
      await page.waitForURL(/#\/map\/view$/);
      await page.getByRole("heading", { name: "Field map" }).waitFor();
      expect(await page.getByRole("menuitem").count()).toBe(0);
      expect(await logoutButton(page).count()).toBe(0);

      // From the shell, the sider's Map entry leads to the same page without the shell.
      await page.goto("/#/");
      await logoutButton(page).waitFor();
      await openFromMenu(page, "Field", "Map");
      await page.waitForURL(/#\/map\/view$/);
      await page.getByRole("heading", { name: "Field map" }).waitFor();
      expect(await menuEntry(page, "Home").count()).toBe(0);
      expect(await logoutButton(page).count()).toBe(0);
    }),
  );

  // An explicit logout carries no return target (src/shell/Shell.tsx ToSignIn): the next person
  // to sign in on this browser starts at home, not at the previous user's page.
  it(
    "after a logout, the next user signs in at home, not at the previous user's page",
    scenario(async ({ page, db, expectConsoleErrors }) => {
      // The list refetches once more after logout, without a token: 401 (harmless).
      expectConsoleErrors(statusLine(401), statusLine(403));
      const admin = await userByEmail(db, ACCOUNTS.admin);
      const [first] = await db.selectFrom("divisi").select("name").where("company_id", "=", admin.company_id).orderBy("id").execute();
      await signIn(page, ACCOUNTS.admin);
      await openFromMenu(page, "Master data", "Divisions");
      await rowWith(page, first.name!).waitFor();
      await logoutButton(page).click();
      await page.getByRole("heading", { name: SIGN_IN_TITLE }).waitFor();
      expect(decodeURIComponent(page.url())).not.toContain("to=/divisi");

      await submitLogin(page, ACCOUNTS.worker, DEMO_PASSWORD);
      await page.waitForURL((url) => !url.hash.startsWith("#/login"));
      expect(new URL(page.url()).hash).toBe("#/");
    }),
  );
});
