// The accessibility sweep's steps (tests/e2e/a11y*.test.ts): sign in in a language, wait until a
// page has shown what it loads, and check it with axe, softly (every page of a walk is checked
// and reported; the test fails at its end with each violation's rule and element).
import i18next from "i18next";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import en from "../../../src/i18n/en.json";
import id from "../../../src/i18n/id.json";
import { STORAGE_KEYS } from "../../../src/auth/storageKeys";
import { seriousViolations, violationReport, type AxeScope } from "./axe";
import { DEMO_PASSWORD, logoutButton, trackApi } from "./ui";

export const LANGUAGES = ["en", "id"] as const;
export type Language = (typeof LANGUAGES)[number];
export type Texts = typeof en;
export const CATALOGUES: Record<Language, Texts> = { en, id };

/** The platform owner of the demo seed (not in ACCOUNTS: few tests act as the owner). */
export const OWNER = "owner@demo.test";

/** Map tiles would need the internet: answered empty (the map shows its neutral background). */
export async function withoutTiles(page: Page): Promise<void> {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204, body: "" }));
}

/** Chooses the language before the login page loads, signs in with its texts, waits for the shell. */
export async function signInWith(page: Page, email: string, lang: Language): Promise<void> {
  const texts = CATALOGUES[lang];
  await page.goto("/#/login");
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.lang, lang]);
  await page.reload();
  await page.getByLabel(texts.auth.email).fill(email);
  await page.getByLabel(texts.auth.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: texts.auth.signIn }).click();
  await logoutButton(page).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
}

/**
 * Waits until the page has loaded what it shows: no call to the API out, nothing marked busy
 * (antd's spinners set aria-busy), no page still loading its chunk ('Loading...'). Call it once
 * the page's own content is there (its heading, a row): before, the next page may not have asked
 * for anything yet.
 */
export async function loaded(page: Page, api: ReturnType<typeof trackApi>, lang: Language): Promise<void> {
  await expect.poll(api.inFlight).toBe(0);
  await page.waitForFunction(
    (loading) => !document.querySelector('[aria-busy="true"]') && ![...document.querySelectorAll('[role="status"]')].some((e) => e.textContent === loading),
    CATALOGUES[lang].common.loading,
  );
}

/** The list's range under the table ("1-10 of 57") or its empty text, in the language. */
export function listFilled(page: Page, lang: Language) {
  const texts = CATALOGUES[lang];
  const range = new RegExp(`^${texts.crud.table.range.replace(/\{\{\w+\}\}/g, "\\d+")}$`);
  return page
    .getByText(range)
    .or(page.getByText(texts.common.empty, { exact: true }))
    .first();
}

/** Soft: the page's serious and critical violations (in the scope's part of it), reported one line per element. */
export async function expectNoSeriousViolations(page: Page, where: string, scope?: AxeScope): Promise<void> {
  const violations = await seriousViolations(page, scope);
  expect
    .soft(
      violations.map((v) => v.id),
      `${where} (${page.url()}):\n${violationReport(violations)}`,
    )
    .toEqual([]);
}

/** The app's texts in a language, through i18next as the app reads them (interpolation, plurals). */
export function translator(lang: Language): (key: string, options?: Record<string, unknown>) => string {
  const i18n = i18next.createInstance();
  void i18n.init({ lng: lang, resources: { [lang]: { translation: CATALOGUES[lang] } }, initAsync: false, interpolation: { escapeValue: false } });
  return (key, options) => String(i18n.t(key, options));
}

/**
 * Runs a walk in each language at once, on a page each (the scenario's and another): the two
 * share the machine's cores, and each is signed in once for all its pages.
 */
export async function inEachLanguage(first: Page, another: () => Promise<Page>, walk: (page: Page, lang: Language) => Promise<void>): Promise<void> {
  const pages = [first, await another()];
  const walks = await Promise.allSettled(LANGUAGES.map((lang, i) => walk(pages[i], lang)));
  for (const w of walks) if (w.status === "rejected") throw w.reason;
}

/** Time for a walk of both languages side by side on a busy machine. */
export const WALK_TIMEOUT = 300_000;
