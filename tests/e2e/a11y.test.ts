// Accessibility (WCAG 2.2 A and AA through axe-core), in English and in Indonesian: the pages
// before the shell (login, forgot and reset password), the home page, the login page's errors, and
// the 'Loading...' a page shows while its chunk loads. The rest of the app is swept by
// a11y-lists.test.ts (every list of the sider), a11y-records.test.ts (create, edit and details
// pages of every field type) and a11y-workspace.test.ts (the project tabs, Gantt, kanban, map).
// The helpers (tests/e2e/support/a11y.ts) check softly: a test reports every page's violations.
import { describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "../../src/auth/storageKeys";
import type { Page } from "playwright-core";
import type { Db } from "../../server/db/connection";
import { CATALOGUES, expectNoSeriousViolations, inEachLanguage, signInWith, type Language } from "./support/a11y";
import { scenario, statusLine, useE2eWorld } from "./support/harness";
import { ACCOUNTS, userByEmail } from "./support/ui";

useE2eWorld();

/** The pages before the shell, in a language. */
async function walkSignIn(page: Page, lang: Language): Promise<void> {
  const texts = CATALOGUES[lang];
  await page.goto("/#/login");
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.lang, lang]);
  await page.reload();
  await page.getByRole("heading", { name: texts.auth.signInTitle }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
  await expectNoSeriousViolations(page, `${lang}: login`);

  // Empty fields, then a wrong password: the messages under the fields and the form's alert.
  await page.getByRole("button", { name: texts.auth.signIn }).click();
  await page.getByText(texts.common.required).first().waitFor();
  await expectNoSeriousViolations(page, `${lang}: login, fields required`);
  await page.getByLabel(texts.auth.email).fill(ACCOUNTS.admin);
  await page.getByLabel(texts.auth.password, { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: texts.auth.signIn }).click();
  await page.getByRole("alert").filter({ hasText: /\S/ }).first().waitFor();
  await expectNoSeriousViolations(page, `${lang}: login, refused`);

  await page.goto("/#/forgot-password");
  await page.getByRole("heading", { name: texts.auth.forgotTitle }).waitFor();
  await expectNoSeriousViolations(page, `${lang}: forgot password`);
  await page.goto("/#/reset-password?token=a11y");
  await page.getByRole("heading", { name: texts.auth.resetTitle }).waitFor();
  await expectNoSeriousViolations(page, `${lang}: reset password`);
}

/** Home, then a details page whose chunk is held back: it says it is loading until the chunk comes. */
async function walkHome(page: Page, db: Db, lang: Language): Promise<void> {
  const texts = CATALOGUES[lang];
  await signInWith(page, ACCOUNTS.admin, lang);
  // The dashboard with its figures come (no card still loading).
  await page.getByRole("heading", { name: texts.home.attendance.title }).waitFor();
  await page.getByTestId("attendance-present").waitFor();
  await page.getByTestId("card-health").getByText(texts.home.health.schedule).waitFor();
  await expectNoSeriousViolations(page, `${lang}: home`);

  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // A person's page is the bespoke "person" page (its own chunk).
  await page.route(/\/assets\/PersonPage-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const admin = await userByEmail(db, ACCOUNTS.admin);
  await page.goto(`/#/human-resource/show/${admin.id}`);
  await page.getByRole("status").filter({ hasText: texts.common.loading }).waitFor();
  await expectNoSeriousViolations(page, `${lang}: a page loading`);
  release();
  await page.getByRole("heading", { level: 1 }).waitFor();
}

describe("WCAG 2.2 AA, in English and in Indonesian", () => {
  it(
    "the login page (also with its errors), forgot and reset password",
    scenario(async ({ page, openAnotherPage, expectConsoleErrors }) => {
      expectConsoleErrors(statusLine(401));
      await inEachLanguage(page, openAnotherPage, walkSignIn);
    }),
  );

  it(
    "home, and a page while its chunk is still loading",
    scenario(({ page, openAnotherPage, db }) => inEachLanguage(page, openAnotherPage, (p, lang) => walkHome(p, db, lang))),
  );
});
