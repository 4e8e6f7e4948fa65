// Accessibility (WCAG 2.2 A and AA through axe-core) of the bespoke pages, in English and in
// Indonesian, as the company admin on the demo seed: every tab of a project's workspace (an issue's
// replies, a record form in its modal and the tabs' own forms opened too), the Gantt page, the
// kanban page and the map, on one signed-in page per language. Each page is checked once what it
// loads is drawn, the Gantt chart and the map's controls included.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import enUS from "antd/locale/en_US";
import idID from "antd/locale/id_ID";
import { PROJECT_TABS, tabPath, type ProjectTab } from "../../src/pages/project/tabs";
import type { Db } from "../../server/db/connection";
import { CATALOGUES, WALK_TIMEOUT, expectNoSeriousViolations, inEachLanguage, loaded, signInWith, translator, withoutTiles, type Language } from "./support/a11y";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, trackApi, userByEmail } from "./support/ui";

useE2eWorld();

/** antd's own texts (the table's expand button) in the app's languages. */
const ANTD = { en: enUS, id: idID } as const;

/** The admin's in-progress project with the most issues: every tab has rows. */
async function busiestProject(db: Db, companyId: number): Promise<number> {
  const projects = await db.selectFrom("project").select("id").where("company_id", "=", companyId).where("status", "=", "in_progress").orderBy("id").execute();
  const counts = await Promise.all(projects.map(async (p) => ({ id: p.id, n: (await db.selectFrom("issue").select("id").where("project_id", "=", p.id).execute()).length })));
  const [top] = counts.sort((a, b) => b.n - a.n || a.id - b.id);
  expect(top?.n).toBeGreaterThan(0);
  return top.id;
}

/** An activity of the plan the Gantt opens (the project's newest version that is not a baseline). */
async function plannedActivity(db: Db, projectId: number): Promise<string> {
  const version = await db
    .selectFrom("version_gantt")
    .select("id")
    .where("project_id", "=", projectId)
    .where("is_baseline", "=", 0)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const activity = await db.selectFrom("activity").select("name").where("version_gantt_id", "=", version.id).orderBy("order").executeTakeFirstOrThrow();
  return String(activity.name);
}

/** Opens a tab of the project's workspace and waits for it to be chosen and loaded. */
async function openTab(page: Page, api: ReturnType<typeof trackApi>, lang: Language, projectId: number, tab: ProjectTab): Promise<void> {
  await page.goto(`/#${tabPath(projectId, tab)}`);
  await page.getByRole("tab", { name: CATALOGUES[lang].project.tabs[tab], selected: true }).waitFor();
  await loaded(page, api, lang);
}

/** The Gantt chart (src/pages/gantt/parts/GanttChart.tsx) and the map's zoom buttons (OpenLayers' control). */

/** The tabs but the plan (the Gantt, checked with its page). */
const OWN_TABS = PROJECT_TABS.filter((tab) => tab !== "plan");

type Api = ReturnType<typeof trackApi>;

/** Every tab but the plan (its modals and an issue's replies opened). */
async function walkTabs(page: Page, api: Api, lang: Language, projectId: number): Promise<void> {
  const texts = CATALOGUES[lang];
  const t = translator(lang);
  for (const tab of OWN_TABS) {
    await openTab(page, api, lang, projectId, tab);
    if (tab === "board") await page.getByRole("listitem").first().waitFor();
    await expectNoSeriousViolations(page, `${lang}: project tab ${tab}`);
    if (tab === "issues") {
      // The first issue's replies, under its row.
      await page.getByRole("button", { name: ANTD[lang].Table!.expand }).first().click();
      await page.getByRole("region", { name: texts.project.issues.replies }).waitFor();
      await loaded(page, api, lang);
      await expectNoSeriousViolations(page, `${lang}: an issue's replies`);
    }
    // The tabs' own forms in their modals: staff added to the project, K3 checklists assigned.
    const modal = tab === "participants" ? texts.project.participants.addMany : tab === "safety" ? texts.project.safety.assign : null;
    if (modal) {
      await page.getByRole("button", { name: modal }).click();
      const dialog = page.getByRole("dialog", { name: modal });
      await dialog.getByRole("combobox").first().waitFor();
      await loaded(page, api, lang);
      await expectNoSeriousViolations(page, `${lang}: ${tab} tab, ${modal}`);
      // Its first select open (the staff, the checklists: long enough to scroll).
      const select = dialog.getByRole("combobox").first();
      await select.click();
      await expect.poll(() => select.getAttribute("aria-expanded")).toBe("true");
      await loaded(page, api, lang);
      await expectNoSeriousViolations(page, `${lang}: ${tab} tab, ${modal}, a select open`);
      await page.keyboard.press("Escape");
      await dialog.getByRole("button", { name: t("crud.actions.cancel") }).click();
      await dialog.waitFor({ state: "hidden" });
    }
    if (tab === "risks") {
      // The generated form in a modal, as the tabs add and edit their records.
      await page
        .getByRole("button", { name: t("crud.actions.create") })
        .first()
        .click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: t("crud.actions.save") }).waitFor();
      await loaded(page, api, lang);
      await expectNoSeriousViolations(page, `${lang}: a record form in a modal`);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    }
  }
}

/** The plan tab and the Gantt page, the chart included. */
async function walkPlan(page: Page, api: Api, lang: Language, projectId: number, activity: string): Promise<void> {
  await openTab(page, api, lang, projectId, "plan");
  await page.getByText(activity, { exact: true }).first().waitFor();
  await loaded(page, api, lang);
  await expectNoSeriousViolations(page, `${lang}: project tab plan`);

  await page.goto(`/#/version-gantt?project=${projectId}`);
  await page.getByRole("heading", { name: CATALOGUES[lang].gantt.title }).waitFor();
  await page.getByText(activity, { exact: true }).first().waitFor();
  await loaded(page, api, lang);
  await expectNoSeriousViolations(page, `${lang}: Gantt page`);
}

/** The map, then with every project checked (their workers' points, the legend); the zoom buttons' findings go to `zoom`. */
async function walkMap(page: Page, api: Api, lang: Language): Promise<void> {
  await page.goto("/#/map/view");
  const projects = page.getByRole("tree").getByRole("treeitem");
  await projects.first().waitFor();
  await loaded(page, api, lang);
  await expectNoSeriousViolations(page, `${lang}: map`);
  for (let i = 0; i < (await projects.count()); i++) await projects.nth(i).getByRole("checkbox").click();
  await loaded(page, api, lang);
  await expectNoSeriousViolations(page, `${lang}: map with points`);
}

/** Every bespoke page, signed in once: the project's tabs, its plan and the Gantt page, the kanban page, the map. */
async function walkBespoke(page: Page, db: Db, lang: Language): Promise<void> {
  const admin = await userByEmail(db, ACCOUNTS.admin);
  const projectId = await busiestProject(db, admin.company_id);
  const activity = await plannedActivity(db, projectId);
  const board = await db.selectFrom("kanban_board").select(["id", "project_id"]).where("company_id", "=", admin.company_id).orderBy("id").executeTakeFirstOrThrow();
  await withoutTiles(page);
  await signInWith(page, ACCOUNTS.admin, lang);
  const api = trackApi(page);
  await walkTabs(page, api, lang, projectId);
  await walkPlan(page, api, lang, projectId, activity);

  await page.goto(`/#/kanban-board?project=${board.project_id}&board=${board.id}`);
  await page.getByRole("listitem").first().waitFor();
  await loaded(page, api, lang);
  await expectNoSeriousViolations(page, `${lang}: kanban page`);

  await walkMap(page, api, lang);
  expect(api.refused).toEqual([]);
}

describe("WCAG 2.2 AA, bespoke pages, in English and in Indonesian", () => {
  it(
    "every tab of a project's workspace (an issue's replies, the tabs' modals), the Gantt page (its chart included), the kanban page and the map (its controls included)",
    { timeout: WALK_TIMEOUT },
    scenario(({ page, openAnotherPage, db }) => inEachLanguage(page, openAnotherPage, (p, lang) => walkBespoke(p, db, lang))),
  );
});
