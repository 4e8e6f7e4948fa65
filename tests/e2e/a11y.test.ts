// Accessibility (WCAG 2.2 A and AA through axe-core): the login page, home, a list, its create
// form and a show page, each once loaded with its data, in English and in Indonesian, have no
// serious or critical violation. Texts come from the app's catalogues: the same steps run in
// both languages.
import { describe, expect, it } from "vitest";
import en from "../../src/i18n/en.json";
import id from "../../src/i18n/id.json";
import { STORAGE_KEYS } from "../../src/auth/storageKeys";
import type { Db } from "../../server/db/connection";
import { seriousViolations, violationReport } from "./support/axe";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, DEMO_PASSWORD, logoutButton, rowWith, userByEmail } from "./support/ui";
import type { Page } from "playwright-core";

useE2eWorld();

const CATALOGUES = { en, id } as const;

/** The newest projects of the admin's company (the list's first page, sorted by start date). */
const projectsOf = (db: Db, companyId: number) =>
  db.selectFrom("project").select(["id", "name", "code"]).where("company_id", "=", companyId).orderBy("start_date", "desc").limit(3).execute();

/** Soft: every page is checked and reported, the test fails at its end. */
async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect
    .soft(
      violations.map((v) => v.id),
      `${where} (${page.url()}):\n${violationReport(violations)}`,
    )
    .toEqual([]);
}

describe.each(["en", "id"] as const)("WCAG 2.2 AA, language %s", (lang) => {
  const texts = CATALOGUES[lang];

  it(
    "the login page, home, the projects list, the new project form and a project's details",
    scenario(async ({ page, db }) => {
      await page.goto("/#/login");
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.lang, lang]);
      await page.reload();
      await page.getByRole("heading", { name: texts.auth.signInTitle }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await expectNoSeriousViolations(page, "login");

      await page.getByLabel(texts.auth.email).fill(ACCOUNTS.admin);
      await page.getByLabel(texts.auth.password, { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: texts.auth.signIn }).click();
      await logoutButton(page).waitFor();
      await page.getByRole("heading", { name: texts.shell.quickLinks }).waitFor();
      await expectNoSeriousViolations(page, "home");

      const admin = await userByEmail(db, ACCOUNTS.admin);
      const projects = await projectsOf(db, admin.company_id);
      expect(projects.length).toBeGreaterThan(0);
      await page.goto("/#/project");
      for (const p of projects) await rowWith(page, p.name).waitFor();
      await expectNoSeriousViolations(page, "list");

      await page.goto("/#/project/create");
      await page.getByRole("button", { name: texts.crud.actions.save }).waitFor();
      // The status select shows its default: the form has its initial values.
      await page.getByText(texts.enums.status.planning, { exact: true }).waitFor();
      await expectNoSeriousViolations(page, "create form");
      // The required select still says so, on its combobox (src/crud/fields/FormSelect.tsx).
      expect(await page.getByRole("combobox", { name: texts.fields.status }).getAttribute("aria-required")).toBe("true");

      await page.goto(`/#/project/show/${projects[0].id}`);
      await page.getByText(projects[0].code!, { exact: true }).waitFor();
      await expectNoSeriousViolations(page, "show page");
    }),
  );
});
