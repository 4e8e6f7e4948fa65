// Every screen of the sider of the demo's project manager and supervisor, against the demo seed:
// each list opens and its calls (rows, reference selects, labels) are all answered, none refused.
// The company admin's, the platform owner's and a field worker's lists are walked, in both
// languages and with their rows, in tests/e2e/a11y-lists.test.ts.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, EXPIRED, menuEntry, notice, signIn, siderLists, storage } from "./support/ui";

useE2eWorld();

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

/** Opens each generated list the role's sider links, each until its rows (or its empty text) show; answers the lists opened. */
async function walkSider(page: Page, email: string): Promise<string[]> {
  await signIn(page, email);
  const api = trackServices(page);
  const lists = await siderLists(page);
  const opened: string[] = [];
  for (const m of lists) {
    await page.goto(`/#${m.url}`);
    const ended = notice(page, EXPIRED);
    const rows = page.getByText(/^\d+-\d+ of \d+$/);
    const none = page.getByText("Data not yet available");
    await rows.or(none).or(ended).first().waitFor();
    await expect.poll(api.inFlight).toBe(0);
    expect(await ended.count(), m.alias).toBe(0);
    opened.push(m.alias);
  }
  expect(api.refused, email).toEqual([]);
  expect((await storage(page)).token, email).toBeTruthy();
  return opened;
}

describe("every screen of the sider", () => {
  it(
    "the project manager's and the supervisor's lists all open, none refused",
    scenario(async ({ page, openAnotherPage }) => {
      expect((await walkSider(page, ACCOUNTS.pm)).length).toBeGreaterThan(5);
      expect((await walkSider(await openAnotherPage(), ACCOUNTS.supervisor)).length).toBeGreaterThan(5);
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
