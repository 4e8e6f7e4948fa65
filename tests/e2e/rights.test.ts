// The permission matrix with the demo seed, in Chromium: the company admin turns off a menu for
// the supervisor role, previews the role's sider, saves; a signed-in supervisor's sider loses the
// menu at their next request; the change is in the audit log with before and after, stored and on
// the admin's audit log screen. Then "view as a user of this role": bannered, every write refused,
// and back to the admin's own session.
import { describe, expect, it } from "vitest";
import { ROLES } from "../../server/access/identity";
import { scenario, statusLine, useE2eWorld } from "./support/harness";
import { ACCOUNTS, menuEntry, notice, openFromMenu, signIn, tokenOf } from "./support/ui";

useE2eWorld();

describe("permission matrix", () => {
  it(
    "turning off Permits for the supervisor: previewed, saved in one request, logged, and the signed-in supervisor's sider loses it",
    scenario(async ({ page, db, openAnotherPage }) => {
      const role = await db.selectFrom(ROLES.table).select(["id", "company_id"]).where("role_type", "=", "supervisor").orderBy("id").executeTakeFirstOrThrow();
      // The supervisor (same company) is signed in elsewhere and sees Permits.
      const supervisor = await openAnotherPage();
      await signIn(supervisor, ACCOUNTS.supervisor);
      await openFromMenu(supervisor, "Safety", "Permits");
      await supervisor.getByRole("heading", { name: "Permits" }).waitFor();

      await signIn(page, ACCOUNTS.admin);
      await page.goto(`/#/role-menu?role=${role.id}`);
      const read = page.getByRole("checkbox", { name: "Read: Permits" });
      await read.waitFor();
      expect(await read.isChecked()).toBe(true);
      await read.uncheck();
      await page.getByText("1 menu with unsaved changes").waitFor();

      // Preview: the role's sider from the edited matrix, before saving.
      await page.getByRole("button", { name: "Preview as this role" }).click();
      const preview = page.getByTestId("preview-sider");
      await preview.getByText("K3 reports").waitFor();
      expect(await preview.getByText("Permits", { exact: true }).count()).toBe(0);
      await page.getByRole("button", { name: "Close" }).click();

      const saved = page.waitForRequest((r) => r.method() === "PUT" && new URL(r.url()).pathname === `/api/role-menu/replace-byrole/${role.id}`);
      await page.getByRole("button", { name: "Save rights" }).click();
      const body = (await saved).postDataJSON() as { rights: Array<{ menu_id: number }> };
      await notice(page, "The rights of Supervisor are saved.").waitFor();
      const permitMenu = await db.selectFrom("menu").select("id").where("alias", "=", "permit").executeTakeFirstOrThrow();
      expect(body.rights.some((r) => r.menu_id === Number(permitMenu.id))).toBe(false);

      // The audit log holds the change, before → after.
      const entry = await db.selectFrom("audit_log").selectAll().where("kind", "=", "rights").where("record_id", "=", role.id).orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(JSON.parse(String(entry.before))).toMatchObject({ permit: { read: true } });
      expect(JSON.parse(String(entry.after))).toEqual({ permit: null });
      expect(entry.actor_name).toBeTruthy();

      // The admin's audit log screen shows it, newest first: the role, who, and the change in
      // words (the menu as the sider names it, the rights as the matrix's columns, the records
      // seen as its scopes; a menu no longer held is "no access").
      await page.goto("/#/audit-log");
      await page.getByRole("heading", { level: 1, name: "Audit log" }).waitFor();
      const newest = page
        .getByRole("row")
        .filter({ has: page.getByRole("cell") })
        .first();
      await newest.getByText("Rights saved", { exact: true }).waitFor();
      await newest.getByText("Supervisor", { exact: true }).waitFor();
      await newest.getByText(String(entry.actor_name), { exact: true }).waitFor();
      const change = newest.getByRole("listitem");
      expect(await change.count()).toBe(1);
      const heldBefore = "read, create, update, delete (their projects' records)";
      expect(await change.innerText()).toBe(`Permits: ${heldBefore} → no access`);
      expect(await change.getByRole("deletion").innerText()).toBe(heldBefore);
      expect(await change.getByRole("insertion").innerText()).toBe("no access");

      // The supervisor's next request brings the new sider, still signed in, without signing in again.
      const token = await tokenOf(supervisor);
      await openFromMenu(supervisor, "Safety", "K3 reports");
      await expect.poll(() => menuEntry(supervisor, "Permits").count()).toBe(0);
      expect(await tokenOf(supervisor)).toBe(token);
    }),
  );

  it(
    "view as a user of the role: bannered, writes refused, back to the admin's session",
    scenario(async ({ page, db, expectConsoleErrors }) => {
      expectConsoleErrors(statusLine(409));
      const role = await db.selectFrom(ROLES.table).select(["id"]).where("role_type", "=", "supervisor").orderBy("id").executeTakeFirstOrThrow();
      await signIn(page, ACCOUNTS.admin);
      const adminToken = await tokenOf(page);
      await page.goto(`/#/role-menu?role=${role.id}`);
      await page.getByRole("button", { name: "View as a user of this role" }).click();
      const banner = page.getByTestId("view-as-banner");
      await banner.getByText(/You are viewing the product as .+ \(role Supervisor\)\./).waitFor();
      expect(await tokenOf(page)).not.toBe(adminToken);

      // A write the role may do (edit a K3 report) is refused by the server, and nothing changes.
      await openFromMenu(page, "Safety", "K3 reports");
      const firstRow = page.locator(".ant-table-tbody tr.ant-table-row").first();
      await firstRow.waitFor();
      const id = Number(await firstRow.locator("td").first().innerText());
      const before = await db.selectFrom("report_k3").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      await firstRow.getByRole("button", { name: "Edit" }).click();
      const title = page.getByRole("textbox", { name: "Title" });
      await title.waitFor();
      await title.fill("Changed while viewing as");
      await page.getByRole("button", { name: "Save" }).click();
      await notice(page, "This is a read-only view: nothing can be changed here.").waitFor();
      expect(await db.selectFrom("report_k3").selectAll().where("id", "=", id).executeTakeFirstOrThrow()).toEqual(before);
      // Still in the view, still bannered (a 409 does not end the session).
      await banner.waitFor();

      await banner.getByRole("button", { name: "Back to my session" }).click();
      await page.getByRole("heading", { name: "Roles and rights" }).waitFor();
      expect(await banner.count()).toBe(0);
      expect(await tokenOf(page)).toBe(adminToken);
      const entries = await db.selectFrom("audit_log").select(["kind", "before", "after"]).where("kind", "=", "view_as").where("record_id", "=", role.id).orderBy("id").execute();
      expect(entries).toHaveLength(2);
    }),
  );
});
