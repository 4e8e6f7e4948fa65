// Every generated list the demo's company admin, platform owner and field worker can open, and its
// accessibility (WCAG 2.2 A and AA through axe-core): the walk follows each one's sider (the menus
// stored at sign-in), in English and in Indonesian, on one signed-in page per role and language
// (the two languages walk side by side). Each list opens with its calls all answered, none
// refused, the session kept, and the admin's and the owner's lists show stored rows; each is
// checked once its rows (or its empty text) are there. The other roles' siders are walked in
// tests/e2e/sider.test.ts; the map, Gantt and kanban pages are checked in a11y-workspace.test.ts.
import { describe, expect, it } from "vitest";
import { ALL_RESOURCES } from "../../declaration";
import type { Page } from "playwright-core";
import { CATALOGUES, OWNER, WALK_TIMEOUT, expectNoSeriousViolations, inEachLanguage, listFilled, loaded, signInWith, type Language, type Texts } from "./support/a11y";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, BESPOKE_LISTS, siderLists, storage, trackApi } from "./support/ui";

useE2eWorld();

const RESOURCE_BY_ROUTE = new Map(ALL_RESOURCES.map((r) => [r.route, r]));

interface Walk {
  /** Who, in the test's name. */
  who: string;
  email: string;
  /** How many generated lists its sider holds at least (the demo seed's menus). */
  atLeast: number;
  /** Lists its sider must hold. */
  holds: string[];
  /** The lists that show no rows, where the seed says which. */
  empty?: string[];
}

/**
 * Each role's walk. Lists that became bespoke pages (menus, the audit log, the companies, the sales
 * pipeline, the shifts, the timesheet, …) are walked by the bespoke test below.
 */
const ROLES: Walk[] = [
  // "My tasks" lists the signed-in user's own assignments: the admin is assigned none. Device keys
  // are not seeded (a key is shown once, when its worker makes it).
  { who: "the company admin", email: ACCOUNTS.admin, atLeast: 37, holds: ["/project", "/role", "/divisi"], empty: ["/task", "/device-key"] },
  {
    who: "the platform owner",
    email: OWNER,
    atLeast: 5,
    holds: ["/menu-company", "/information-storage-all-company", "/package-management", "/refferal-code", "/demo-management", "/product-transaction", "/transaction-history"],
    empty: [],
  },
  // A field worker holds the lists of their own day (server/seed/demo/access.ts).
  { who: "a field worker", email: ACCOUNTS.worker, atLeast: 5, holds: ["/task", "/issue", "/presence", "/permit", "/report-k3"] },
];

/**
 * Signs in in the language and checks each generated list the sider links, once it shows its rows
 * (or its empty text): every call answered, none refused, still signed in at the end.
 */
async function walkSider(page: Page, walk: Walk, lang: Language): Promise<void> {
  const texts = CATALOGUES[lang];
  const where = `${walk.email}, ${lang}`;
  await signInWith(page, walk.email, lang);
  const api = trackApi(page);
  const routes = (await siderLists(page)).map((m) => m.url);
  expect(routes.length, where).toBeGreaterThanOrEqual(walk.atLeast);
  expect(routes, where).toEqual(expect.arrayContaining(walk.holds));
  const empty: string[] = [];
  for (const route of routes) {
    const r = RESOURCE_BY_ROUTE.get(route);
    expect(r, route).toBeDefined();
    await page.goto(`/#${route}`);
    await page.getByRole("heading", { level: 1, name: texts.resources[r!.name as keyof Texts["resources"]], exact: true }).waitFor();
    await listFilled(page, lang).waitFor();
    await loaded(page, api, lang);
    if (await page.getByText(texts.common.empty, { exact: true }).isVisible()) empty.push(route);
    await expectNoSeriousViolations(page, `${where}: list ${route}`);
  }
  expect(api.refused, where).toEqual([]);
  expect((await storage(page)).token, `${where}: still signed in`).toBeTruthy();
  if (walk.empty) expect(empty, `${where}: the lists without rows`).toEqual(walk.empty);
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

  it.for(ROLES.map((walk) => [walk.who, walk] as const))("%s's lists, in English and in Indonesian", { timeout: WALK_TIMEOUT }, ([, walk], ctx) =>
    scenario(({ page, openAnotherPage }) => inEachLanguage(page, openAnotherPage, (p, lang) => walkSider(p, walk, lang)))(ctx),
  );
});
