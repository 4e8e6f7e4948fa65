// Every screen of the sider, for each demo role, against the demo seed: each list opens, its
// calls (rows, reference selects, labels) are all answered, and the company admin and the
// platform owner see stored rows on every list they hold (the admin's own tasks excepted).
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ALL_RESOURCES } from "../../declaration";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, EXPIRED, menuEntry, notice, signIn, storage } from "./support/ui";

useE2eWorld();

const OWNER = "owner@demo.test";

interface StoredMenu {
  alias: string;
  url: string | null;
}

/** Calls to the project API and the legacy service the server refused (4xx/5xx), and those still out. */
function trackServices(page: Page) {
  const out = new Set<unknown>();
  const refused: string[] = [];
  const isService = (url: string) => /^\/(api|legacy)\//.test(new URL(url).pathname);
  page.on("request", (r) => isService(r.url()) && out.add(r));
  page.on("requestfinished", (r) => out.delete(r));
  page.on("requestfailed", (r) => out.delete(r));
  page.on("response", (r) => {
    if (isService(r.url()) && r.status() >= 400) refused.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return { inFlight: () => out.size, refused };
}

/** Routes whose list is a bespoke page (map, Gantt, kanban): they have their own browser tests. */
const BESPOKE_LISTS = new Set(ALL_RESOURCES.filter((r) => r.pages?.list).map((r) => r.route));

/** Opens each generated list the role's sider links; answers the lists that showed no rows. */
async function walkSider(page: Page, email: string): Promise<{ opened: string[]; empty: string[] }> {
  await signIn(page, email);
  const api = trackServices(page);
  const menus = JSON.parse((await storage(page)).menus ?? "[]") as StoredMenu[];
  const lists = menus.filter((m) => m.url && !BESPOKE_LISTS.has(m.url));
  const opened: string[] = [];
  const empty: string[] = [];
  for (const m of lists) {
    await page.goto(`/#${m.url}`);
    const ended = notice(page, EXPIRED);
    const rows = page.getByText(/^\d+-\d+ of \d+$/);
    const none = page.getByText("Data not yet available");
    await rows.or(none).or(ended).first().waitFor();
    await expect.poll(api.inFlight).toBe(0);
    expect(await ended.count(), m.alias).toBe(0);
    if ((await rows.count()) === 0) empty.push(m.alias);
    opened.push(m.alias);
  }
  expect(api.refused, email).toEqual([]);
  expect((await storage(page)).token, email).toBeTruthy();
  return { opened, empty };
}

describe("every screen of the sider", () => {
  it(
    "the company admin's lists all open with stored rows",
    scenario(async ({ page }) => {
      const { opened, empty } = await walkSider(page, ACCOUNTS.admin);
      // Every generated list of the admin's menus (the map, Gantt, kanban, rights, staff, audit log, alert rules, shifts and timesheet pages are walked elsewhere).
      expect(opened.length).toBeGreaterThanOrEqual(37);
      // "My tasks" lists the signed-in user's own assignments: the admin is assigned none. Device
      // keys are not seeded (a key is shown once, when its worker makes it).
      expect(empty).toEqual(["task", "device-key"]);
    }),
  );

  it(
    "the platform owner's lists all open with stored rows",
    scenario(async ({ page }) => {
      const { opened, empty } = await walkSider(page, OWNER);
      // The generated ones (companies, menus, the audit log and the sales pipeline are bespoke pages).
      expect(opened).toEqual(
        expect.arrayContaining([
          "menu-company",
          "information-storage-all-company",
          "package-management",
          "refferal-code",
          "demo-management",
          "product-transaction",
          "transaction-history",
        ]),
      );
      expect(empty).toEqual([]);
    }),
  );

  it(
    "the project manager's, the supervisor's and a field worker's lists all open, none refused",
    scenario(async ({ page, openAnotherPage }) => {
      expect((await walkSider(page, ACCOUNTS.pm)).opened.length).toBeGreaterThan(5);
      expect((await walkSider(await openAnotherPage(), ACCOUNTS.supervisor)).opened.length).toBeGreaterThan(5);
      // A field worker holds the lists of their own day (server/seed/demo/access.ts).
      expect((await walkSider(await openAnotherPage(), ACCOUNTS.worker)).opened).toEqual(expect.arrayContaining(["task", "issue", "presence", "permit", "report-k3"]));
    }),
  );
});

describe("the sider for a user who prefers reduced motion (as every context of this suite does)", () => {
  it(
    "a menu group opens at once: its entry is where it rests two frames after the click",
    scenario(async ({ page }) => {
      await signIn(page, ACCOUNTS.admin);
      // The click and the look in one turn of the page: with antd's motion the group's list grows
      // from nothing over ~300 ms, clipped, and two frames on the entry's place shows something else.
      const hit = await menuEntry(page, "Company").evaluate(async (group, label) => {
        (group as HTMLElement).click();
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        const link = [...document.querySelectorAll("a")].find((a) => a.textContent === label);
        if (!link) return "no entry";
        const box = link.getBoundingClientRect();
        const at = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return at !== null && link.contains(at) ? "the entry" : `not the entry: ${at?.textContent?.slice(0, 40) ?? "nothing"}`;
      }, "Audit log");
      expect(hit).toBe("the entry");
    }),
  );
});
