// What a session may not do, from the browser's side (issue "Access a company can trust"): an
// admin viewing as a field worker opens the field page, is told why nothing can be sent and is
// offered no clock-in, and the server refuses one sent anyway; a project manager who may edit
// staff is offered only the roles within his own rights for himself, and the server refuses the
// administrator's role sent anyway. Nothing is stored either time.
import { describe, expect, it } from "vitest";
import { ROLES } from "../../server/access/identity";
import { CATALOGUES } from "./support/a11y";
import { scenario, statusLine, useE2eWorld } from "./support/harness";
import { ACCOUNTS, signIn, tokenOf, userByEmail } from "./support/ui";
import type { Page } from "playwright-core";

useE2eWorld();

/** A request sent from the page with its session's token, as a script on the page could. */
async function sendAs(page: Page, method: string, path: string, body: unknown): Promise<{ status: number; key: string | null; errors: Record<string, string> | null }> {
  const token = await tokenOf(page);
  return page.evaluate(
    async ([method, path, body, token]) => {
      const res = await fetch(`/api/${path}`, { method, headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
      const json = (await res.json().catch(() => ({}))) as { key?: string; errors?: Record<string, string> };
      return { status: res.status, key: json.key ?? null, errors: json.errors ?? null };
    },
    [method, path, body, token ?? ""] as const,
  );
}

describe("refusals", () => {
  it(
    "an admin viewing as a field worker: the field page says why nothing can be sent, offers no clock-in, and a clock-in sent anyway is refused",
    scenario(async ({ page, db, expectConsoleErrors }) => {
      expectConsoleErrors(statusLine(409));
      const en = CATALOGUES.en;
      const admin = await userByEmail(db, ACCOUNTS.admin);
      const role = await db
        .selectFrom(ROLES.table)
        .select(["id"])
        .where("company_id", "=", admin.company_id)
        .where("role_type", "=", "worker")
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const presencesBefore = await db
        .selectFrom("presence")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();

      await signIn(page, ACCOUNTS.admin);
      await page.goto(`/#/role-menu?role=${role.id}`);
      await page.getByRole("button", { name: "View as a user of this role" }).click();
      await page.getByTestId("view-as-banner").waitFor();
      await page.goto("/#/field");
      await page.getByRole("status").filter({ hasText: en.field.readOnly.view_as }).waitFor();
      expect(await page.getByRole("button", { name: "Clock in", exact: true }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Take a selfie" }).count()).toBe(0);

      expect(await sendAs(page, "POST", "presence/clock-in", { project_id: 1, lat: -6.2, lon: 106.8, accuracy: 10 })).toMatchObject({ status: 409 });
      expect(await sendAs(page, "POST", "waypoint/add-batch", { points: [{ lat: -6.2, lon: 106.8, accuracy: 10, wptime: Date.now() }] })).toMatchObject({ status: 409 });
      expect(
        await db
          .selectFrom("presence")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow(),
      ).toEqual(presencesBefore);
    }),
  );

  it(
    "a project manager editing himself is offered no role above his own, and the administrator's role sent anyway is refused",
    scenario(async ({ page, db, expectConsoleErrors }) => {
      expectConsoleErrors(statusLine(400));
      const pm = await userByEmail(db, ACCOUNTS.pm);
      const roles = await db.selectFrom(ROLES.table).select(["id", "name", "role_type"]).where("company_id", "=", pm.company_id).execute();
      const adminRole = roles.find((r) => r.role_type === "admin")!;
      const own = roles.find((r) => Number(r.id) === pm.role_id)!;

      await signIn(page, ACCOUNTS.pm);
      await page.goto(`/#/human-resource/edit/${pm.id}`);
      const select = page.getByRole("combobox", { name: "Role" });
      await select.waitFor();
      await page.locator(".ant-select", { has: select }).click();
      // The dropdown's visible items (antd keeps a hidden accessible list beside them).
      const items = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
      await items
        .filter({ hasText: String(own.name) })
        .first()
        .waitFor();
      const offered = await items.allInnerTexts();
      expect(offered).toContain(String(own.name));
      expect(offered).not.toContain(String(adminRole.name));

      expect(await sendAs(page, "PUT", `human-resource/update/${pm.id}`, { role_id: adminRole.id })).toEqual({
        status: 400,
        key: "validation_failed",
        errors: { role_id: "You cannot give or change rights you do not hold yourself." },
      });
      expect((await userByEmail(db, ACCOUNTS.pm)).role_id).toBe(pm.role_id);
    }),
  );
});
