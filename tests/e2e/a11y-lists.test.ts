// Accessibility (WCAG 2.2 A and AA through axe-core) of every generated list the demo's company
// admin, platform owner and field worker can open: the walk follows each one's sider (the menus
// stored at sign-in, as tests/e2e/sider.test.ts does), in English and in Indonesian, on one
// signed-in page per role and language. Each list is checked once its rows (or its empty text)
// are there. The sider's map, Gantt and kanban pages are checked in a11y-workspace.test.ts.
import { describe, expect, it } from "vitest";
import { ALL_RESOURCES } from "../../declaration";
import { CATALOGUES, LANGUAGES, OWNER, expectNoSeriousViolations, listFilled, loaded, signInWith, type Texts } from "./support/a11y";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, storage, trackApi } from "./support/ui";

useE2eWorld();

interface StoredMenu {
  url: string | null;
}

const RESOURCE_BY_ROUTE = new Map(ALL_RESOURCES.map((r) => [r.route, r]));
const BESPOKE_LISTS = new Set(ALL_RESOURCES.filter((r) => r.pages?.list).map((r) => r.route));

/** Each role, and how many generated lists its sider holds at least (the demo seed's menus). */
const ROLES = [
  { who: "the company admin", email: ACCOUNTS.admin, atLeast: 40 },
  { who: "the platform owner", email: OWNER, atLeast: 8 },
  { who: "a field worker", email: ACCOUNTS.worker, atLeast: 5 },
];

describe.each(LANGUAGES)("WCAG 2.2 AA, every list of the sider, language %s", (lang) => {
  const texts = CATALOGUES[lang];

  it.for(ROLES)("$who's lists", ({ email, atLeast }, ctx) =>
    scenario(async ({ page }) => {
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
        await expectNoSeriousViolations(page, `${email}: list ${route}`);
      }
      expect(api.refused).toEqual([]);
    })(ctx),
  );
});
