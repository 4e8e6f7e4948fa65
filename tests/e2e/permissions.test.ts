// What a role lacks stays out of sight: the sider holds only the role's menus, and lists offer
// create/edit/delete only with the role's can_add/can_edit/can_delete. The demo seed's grants
// (server/seed/demo/access.ts): a field worker holds task, the field page, presence (read), panic (add), issue, permit,
// report-k3 (add only); a project manager reads the master data.
import { describe, expect, it } from "vitest";
import { MENUS, ROLE_MENUS } from "../../server/access/identity";
import type { Db } from "../../server/db/connection";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, EXPIRED, menuEntry, notice, openFromMenu, rowWith, signIn, storage, trackApi, userByEmail } from "./support/ui";

useE2eWorld();

/** The menus a role holds, by alias, with its rights. */
async function grantsOf(db: Db, roleId: number) {
  const rows = await db
    .selectFrom(`${ROLE_MENUS.table} as rm`)
    .innerJoin(`${MENUS.table} as m`, "m.id", "rm.menu_id")
    .select(["m.alias", "rm.can_add", "rm.can_edit", "rm.can_delete"])
    .where("rm.role_id", "=", roleId)
    .execute();
  return new Map(rows.map((r) => [String(r.alias), { add: !!Number(r.can_add), edit: !!Number(r.can_edit), del: !!Number(r.can_delete) }]));
}

/** The worker's sider as the demo seed grants it: group → entries. */
const WORKER_SIDER: Record<string, string[]> = {
  Projects: ["Issues", "My tasks"],
  Field: ["My day", "Attendance", "Timesheets"],
  Safety: ["Panic button", "Permits", "K3 reports"],
};

describe("permissions", () => {
  it(
    "a field worker's sider holds only the worker's menus (no Roles, Companies, master data)",
    scenario(async ({ page, db }) => {
      const worker = await userByEmail(db, ACCOUNTS.worker);
      const grants = await grantsOf(db, worker.role_id);
      // The seed this test reads: the worker's leaf menus.
      for (const alias of ["task", "field-day", "presence", "timesheet", "panic-button", "issue", "permit", "report-k3"]) expect(grants.has(alias)).toBe(true);
      for (const alias of ["role", "company-management", "divisi", "human-resource"]) expect(grants.has(alias)).toBe(false);

      await signIn(page, ACCOUNTS.worker);
      expect((await storage(page)).role).toBe("Field Worker");
      for (const group of Object.keys(WORKER_SIDER)) await menuEntry(page, group).click();
      for (const entries of Object.values(WORKER_SIDER)) for (const e of entries) await menuEntry(page, e).waitFor();
      for (const absent of ["Resources", "Master data", "Company", "Sales", "Roles", "Role menus", "Companies", "Divisions", "Staff"]) {
        expect(await menuEntry(page, absent).count(), absent).toBe(0);
      }
      // Home, the groups and their entries: nothing else.
      const expected = 1 + Object.keys(WORKER_SIDER).length + Object.values(WORKER_SIDER).flat().length;
      expect(await page.getByRole("menuitem").count()).toBe(expected);
    }),
  );

  it(
    "a project manager reads Divisions without create, edit or delete",
    scenario(async ({ page, db }) => {
      const pm = await userByEmail(db, ACCOUNTS.pm);
      expect((await grantsOf(db, pm.role_id)).get("divisi")).toEqual({ add: false, edit: false, del: false });
      const [first] = await db.selectFrom("divisi").select("name").where("company_id", "=", pm.company_id).orderBy("id").execute();

      await signIn(page, ACCOUNTS.pm);
      await openFromMenu(page, "Master data", "Divisions");
      const row = rowWith(page, first.name!);
      await row.getByRole("button", { name: "Details" }).waitFor();
      expect(await page.getByRole("button", { name: "Create" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Edit" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Delete" }).count()).toBe(0);
    }),
  );

  // A worker's lists carry reference selects over resources the worker holds no menu for
  // (project, activity, shift...): the server's option view answers their id and label
  // (server/access/option-view.ts), so no call is refused and the session stays.
  it(
    "a field worker's Issues and Permits offer Create (can_add) but no Edit or Delete",
    scenario(async ({ page, db }) => {
      const worker = await userByEmail(db, ACCOUNTS.worker);
      const grants = await grantsOf(db, worker.role_id);
      expect(grants.get("issue")).toEqual({ add: true, edit: false, del: false });
      expect(grants.get("permit")).toEqual({ add: true, edit: false, del: false });

      await signIn(page, ACCOUNTS.worker);
      const api = trackApi(page);
      for (const [group, entry] of [
        ["Projects", "Issues"],
        ["Safety", "Permits"],
      ] as const) {
        await openFromMenu(page, group, entry);
        const ended = notice(page, EXPIRED);
        await page.getByRole("heading", { name: entry }).or(ended).first().waitFor();
        // The list's rows (or its empty state), then every call the page made (its filter
        // selects load their options alongside): none may be refused.
        await page
          .getByText(/^\d+-\d+ of \d+$/)
          .or(page.getByText("Data not yet available"))
          .or(ended)
          .first()
          .waitFor();
        await expect.poll(api.inFlight).toBe(0);
        expect(api.refused, entry).toEqual([]);
        expect(await ended.count(), entry).toBe(0);
        await page.getByRole("button", { name: "Create" }).waitFor();
        expect(await page.getByRole("button", { name: "Edit" }).count(), entry).toBe(0);
        expect(await page.getByRole("button", { name: "Delete" }).count(), entry).toBe(0);
      }
      expect((await storage(page)).token).toBeTruthy();
    }),
  );
});
