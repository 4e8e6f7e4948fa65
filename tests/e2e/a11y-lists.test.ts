// Accessibility (WCAG 2.2 A and AA through axe-core) of every generated list the demo's company
// admin, platform owner and field worker can open: the walk follows each one's sider (the menus
// stored at sign-in, as tests/e2e/sider.test.ts does), in English and in Indonesian, on one
// signed-in page per role and language (the two languages walk side by side). Each list is
// checked once its rows (or its empty text) are there. The sider's map, Gantt and kanban pages
// are checked in a11y-workspace.test.ts.
import { describe, expect, it } from "vitest";
import { ALL_RESOURCES } from "../../declaration";
import type { Page } from "playwright-core";
import { CATALOGUES, OWNER, WALK_TIMEOUT, expectNoSeriousViolations, inEachLanguage, listFilled, loaded, signInWith, type Language, type Texts } from "./support/a11y";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, storage, trackApi } from "./support/ui";

useE2eWorld();

interface StoredMenu {
  url: string | null;
}

const RESOURCE_BY_ROUTE = new Map(ALL_RESOURCES.map((r) => [r.route, r]));
const BESPOKE_LISTS = new Set(ALL_RESOURCES.filter((r) => r.pages?.list).map((r) => r.route));

/**
 * Each role, and how many generated lists its sider holds at least (the demo seed's menus; lists
 * that became bespoke pages, e.g. menus, the audit log, the companies, the sales pipeline, the shifts and the timesheet, are walked by the bespoke test below).
 */
const ROLES = [
  ["the company admin", ACCOUNTS.admin, 37],
  ["the platform owner", OWNER, 5],
  ["a field worker", ACCOUNTS.worker, 5],
] as const;

/** Signs in in the language and checks each generated list the sider links, once it shows its rows. */
async function walkSider(page: Page, email: string, lang: Language, atLeast: number): Promise<void> {
  const texts = CATALOGUES[lang];
  await signInWith(page, email, lang);
  const api = trackApi(page);
  const menus = JSON.parse((await storage(page)).menus ?? "[]") as StoredMenu[];
  const routes = menus.flatMap((m) => (m.url && !BESPOKE_LISTS.has(m.url) ? [m.url] : []));
  expect(routes.length).toBeGreaterThanOrEqual(atLeast);
  for (const route of routes) {
    const r = RESOURCE_BY_ROUTE.get(route);
    expect(r, route).toBeDefined();
    await page.goto(`/#${route}`);
    await page.getByRole("heading", { level: 1, name: texts.resources[r!.name as keyof Texts["resources"]], exact: true }).waitFor();
    await listFilled(page, lang).waitFor();
    await loaded(page, api, lang);
    await expectNoSeriousViolations(page, `${email}, ${lang}: list ${route}`);
  }
  expect(api.refused).toEqual([]);
}

/** The bespoke lists the declaration names (rights, staff, audit log, alert rules, shifts, timesheet; the owner's menus, companies, sales pipeline and sales overview), each once its heading and data are there. */
async function walkBespoke(page: Page, email: string, lang: Language, routes: string[]): Promise<void> {
  await signInWith(page, email, lang);
  const api = trackApi(page);
  for (const route of routes) {
    expect(BESPOKE_LISTS.has(route), route).toBe(true);
    await page.goto(`/#${route}`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await loaded(page, api, lang);
    await expectNoSeriousViolations(page, `${email}, ${lang}: bespoke list ${route}`);
  }
  expect(api.refused).toEqual([]);
}

describe("WCAG 2.2 AA, every list of the sider", () => {
  it(
    "the bespoke lists of the admin and the owner, in English and in Indonesian",
    { timeout: WALK_TIMEOUT },
    scenario(({ page, openAnotherPage }) =>
      inEachLanguage(page, openAnotherPage, async (p, lang) => {
        await walkBespoke(p, ACCOUNTS.admin, lang, ["/role-menu", "/human-resource", "/audit-log", "/config-alert", "/shift", "/timesheet"]);
        await p.evaluate(() => localStorage.clear()); // signed out: the owner signs in next
        await walkBespoke(p, OWNER, lang, ["/menu", "/company-management", "/sales-contact", "/sales-summary"]);
      }),
    ),
  );

  it.for(ROLES)("%s's lists, in English and in Indonesian", { timeout: WALK_TIMEOUT }, ([, email, atLeast], ctx) =>
    scenario(({ page, openAnotherPage }) => inEachLanguage(page, openAnotherPage, (p, lang) => walkSider(p, email, lang, atLeast)))(ctx),
  );
});
