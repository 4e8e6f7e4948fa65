// Tried as each role would (the demo accounts of server/seed/demo/access.ts):
// - a link to a page outside the role's rights (a bookmark, a shared URL) shows the no-access
//   page in place, asks the server nothing for it, and the user stays signed in (a 403 from the
//   server would have ended the session: the spec's error catalogue);
// - a delete refused because other records use the row names them by the labels users see,
//   counted, in the user's language;
// - a field worker files a K3 report (the role holds can_add on report-k3): the list offers
//   Create and the report is stored with the worker as its reporter.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ROLE_MENUS, USERS } from "../../server/access/identity";
import type { Db } from "../../server/db/connection";
import { loaded } from "./support/a11y";
import { scenario, statusLine, useE2eWorld } from "./support/harness";
import { ACCOUNTS, deleteConfirmation, EXPIRED, logoutButton, notice, rowWith, signIn, storage, tokenOf, trackApi, userByEmail } from "./support/ui";

useE2eWorld();

/**
 * The shell's own reads, on every page whatever it shows (src/live/: the event stream, the open
 * panics and the bell's alerts; the site zones its times are shown in; the subscription banner's
 * GET /me, asked again when the shell mounts and when the tab comes back, and seen once, on a busy
 * clean clone, during the admin's route to #/menu): not the page's.
 */
const SHELL_READS = new Set([
  "GET /api/events",
  "POST /api/panic-button/search",
  "POST /legacy/alert-to-user/search",
  "POST /legacy/alert/search",
  "GET /api/project/time-zones",
  "GET /api/me",
]);

/** Requests to the services sent from now on (the API, legacy and map services), the shell's own left out. */
function servicesCalled(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    const call = `${r.method()} ${path}`;
    if (/^\/(api|legacy|map-service|gis)\//.test(path) && !SHELL_READS.has(call)) sent.push(call);
  });
  return sent;
}

const NO_ACCESS = "You have no access to this page";

/** A project of the user's company (the worker's routes open one). */
async function aProjectOf(db: Db, companyId: number): Promise<{ id: number; name: string }> {
  const p = await db.selectFrom("project").select(["id", "name"]).where("company_id", "=", companyId).orderBy("id").executeTakeFirstOrThrow();
  return { id: Number(p.id), name: String(p.name) };
}

describe("pages outside the role's rights", () => {
  // Each account, routes its menus and rights do not reach: lists, a create page, the
  // full-screen map, a project's tab.
  const OUTSIDE: Array<{ email: string; routes: (db: Db) => Promise<string[]> }> = [
    { email: ACCOUNTS.owner, routes: async () => ["/#/project", "/#/divisi/create"] },
    { email: ACCOUNTS.admin, routes: async () => ["/#/menu", "/#/package-management/create"] },
    { email: ACCOUNTS.pm, routes: async () => ["/#/role", "/#/role-menu"] },
    { email: ACCOUNTS.supervisor, routes: async () => ["/#/project/create", "/#/role"] },
    {
      email: ACCOUNTS.worker,
      routes: async (db) => {
        const worker = await userByEmail(db, ACCOUNTS.worker);
        return ["/#/map/view", `/#/project/show/${(await aProjectOf(db, worker.company_id)).id}/documents`, "/#/divisi"];
      },
    },
    { email: ACCOUNTS.admin2, routes: async () => ["/#/menu", "/#/company-management/create"] },
  ];

  for (const { email, routes } of OUTSIDE) {
    it(
      `${email}: each shows the no-access page, nothing is asked for it, the user stays signed in`,
      scenario(async ({ page, db }) => {
        const api = trackApi(page);
        await signIn(page, email);
        const token = await tokenOf(page);
        for (const route of await routes(db)) {
          // The home page's own reads (its dashboard cards) are done before the route is followed:
          // a state, awaited with the scenario's bound (expect.poll's default gives up after 1 s,
          // less than the admin's home takes on a busy machine). Quiet alone was not enough: on a
          // busy clean clone the dashboard's chunk was still loading ('Loading...', no call out)
          // and its ten reads came after the route.
          await expect.poll(api.quiet, { timeout: 60_000 }).toBe(true);
          await loaded(page, api, "en");
          await expect.poll(api.quiet, { timeout: 60_000 }).toBe(true);
          const sent = servicesCalled(page);
          await page.goto(route);
          await page.getByRole("heading", { name: NO_ACCESS }).waitFor();
          await page.getByRole("button", { name: "Back home" }).waitFor();
          expect(sent, route).toEqual([]);
          expect(await notice(page, EXPIRED).count(), route).toBe(0);
          expect(await tokenOf(page), route).toBe(token);
          // The way home leads home, still signed in.
          await page.getByRole("button", { name: "Back home" }).click();
          await page.getByRole("heading", { name: /^Welcome, / }).waitFor();
          await logoutButton(page).waitFor();
        }
      }),
    );
  }
});

describe("a delete refused because the row is in use", () => {
  it(
    "deleting a role still in use names its role menus and staff, counted, in English and in Indonesian",
    scenario(async ({ page, db, expectConsoleErrors }) => {
      expectConsoleErrors(statusLine(409));
      const admin = await userByEmail(db, ACCOUNTS.admin);
      const role = await db.selectFrom("role").select(["id", "name"]).where("company_id", "=", admin.company_id).where("role_type", "=", "worker").executeTakeFirstOrThrow();
      const count = async (table: "role_menu" | "users") =>
        Number((await db.selectFrom(table).select(db.fn.countAll().as("n")).where("role_id", "=", role.id).executeTakeFirstOrThrow()).n);
      const menus = await count(ROLE_MENUS.table);
      const staff = await count(USERS.table);
      expect(menus).toBeGreaterThan(1);
      expect(staff).toBeGreaterThan(1);

      await signIn(page, ACCOUNTS.admin);
      await page.goto("/#/role");
      await rowWith(page, String(role.name)).getByRole("button", { name: "Delete" }).click();
      await deleteConfirmation(page).getByRole("button", { name: "Delete" }).click();
      await notice(page, "The data could not be deleted").waitFor();
      await notice(page, `This record is still used by ${menus} role menus and ${staff} staff.`).waitFor();

      // In Indonesian (the language switch reloads the page).
      await page.evaluate(() => localStorage.setItem("lang", "id"));
      await page.reload();
      await page.getByRole("heading", { name: "Peran", exact: true }).waitFor();
      await rowWith(page, String(role.name)).getByRole("button", { name: "Hapus" }).click();
      await deleteConfirmation(page).getByRole("button", { name: "Hapus" }).click();
      await notice(page, "Data tidak dapat dihapus").waitFor();
      await notice(page, `Data ini masih dipakai oleh ${menus} menu peran dan ${staff} karyawan.`).waitFor();

      // Nothing was deleted; the admin is still signed in.
      expect(await db.selectFrom("role").select("id").where("id", "=", role.id).executeTakeFirst()).toBeDefined();
      expect((await storage(page)).token).toBeTruthy();
    }),
  );
});

describe("a field worker files a K3 report", () => {
  it(
    "worker1: K3 reports offer Create; the report is stored with the worker as reporter",
    scenario(async ({ page, db }) => {
      const worker = await userByEmail(db, ACCOUNTS.worker);
      const project = await aProjectOf(db, worker.company_id);
      await signIn(page, ACCOUNTS.worker);
      await page.goto("/#/report-k3");
      await page.getByRole("heading", { name: "K3 reports" }).waitFor();
      await page.getByRole("button", { name: "Create" }).click();
      await page.getByRole("heading", { name: "New K3 report" }).waitFor();

      const projectSelect = page.getByRole("combobox", { name: "Project" });
      await projectSelect.click();
      await projectSelect.fill(project.name);
      await page.getByTitle(project.name, { exact: true }).click();
      await page.getByRole("textbox", { name: "Title" }).fill("Loose scaffold plank on level 3");
      await page.getByRole("combobox", { name: "Report type" }).click();
      await page.getByTitle("Unsafe condition", { exact: true }).click();
      await page.getByRole("combobox", { name: "Severity" }).click();
      await page.getByTitle("High", { exact: true }).click();
      await page.getByRole("textbox", { name: "Report date" }).fill("21-11-2026");
      await page.getByRole("textbox", { name: "Report date" }).press("Enter");
      await page.getByRole("textbox", { name: "Location" }).fill("Tower A, level 3, east side");
      await page.getByRole("button", { name: "Save" }).click();
      await notice(page, "Data saved").waitFor();
      await page.waitForURL(/#\/report-k3(\?|$)/);
      await rowWith(page, "Loose scaffold plank on level 3").waitFor();

      const stored = await db.selectFrom("report_k3").selectAll().where("title", "=", "Loose scaffold plank on level 3").executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        company_id: worker.company_id,
        project_id: project.id,
        report_type: "unsafe_condition",
        severity: "high",
        report_date: "2026-11-21",
        location: "Tower A, level 3, east side",
        status: "open",
        reporter_id: worker.id,
      });
      expect(await notice(page, EXPIRED).count()).toBe(0);
    }),
  );
});
