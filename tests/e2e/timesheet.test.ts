// The timesheet from the browser's side, with the demo seed: a supervisor corrects a person's
// clock-out (with a reason; the correction stored with the original), approves the person's week,
// and the approved week refuses a second correction (409 period_locked, said in the form); the
// exported CSV has the columns and rows shown (the corrected time on the site's clock).
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { payPeriodOf } from "../../declaration/timesheet";
import { scenario, statusLine, useE2eWorld } from "./support/harness";
import { ACCOUNTS, signIn, userByEmail } from "./support/ui";

useE2eWorld();

const ZONE = "Asia/Jakarta"; // the demo company's
const dmy = (date: string) => date.split("-").reverse().join("-");

describe("timesheet", () => {
  it(
    "a supervisor corrects a clock-out, approves the week, the locked week refuses an edit, and the CSV has what is shown",
    { timeout: 120_000 },
    scenario(async ({ page, db, expectConsoleErrors }) => {
      expectConsoleErrors(statusLine(409));
      const supervisor = await userByEmail(db, ACCOUNTS.supervisor);
      const projects = (await db.selectFrom("user_to_proyek").select("project_id").where("user_id", "=", supervisor.id).execute()).map((r) => Number(r.project_id));
      // A closed presence of this week, else of last week (early on a Monday this week has none).
      const closedIn = (week: { start: string; end: string }) =>
        db
          .selectFrom("presence")
          .select(["id", "user_id", "presence_date", "clock_in", "clock_out"])
          .where("presence_date", ">=", week.start)
          .where("presence_date", "<=", week.end)
          .where("project_id", "in", projects)
          .where("user_id", "!=", supervisor.id)
          .where("clock_out", "is not", null)
          .orderBy("presence_date")
          .executeTakeFirst();
      const thisWeek = payPeriodOf("weekly", Date.now(), ZONE);
      let week = thisWeek;
      let presence = await closedIn(week);
      if (!presence) {
        week = payPeriodOf("weekly", Date.now() - 7 * 86_400_000, ZONE);
        presence = await closedIn(week);
      }
      if (!presence) throw new Error("no closed presence of the supervisor's projects this week or last");
      const person = String((await db.selectFrom("users").select("name").where("id", "=", Number(presence.user_id)).executeTakeFirstOrThrow()).name);
      const day = String(presence.presence_date);

      await signIn(page, ACCOUNTS.supervisor);
      await page.goto("/#/timesheet");
      await page.getByRole("heading", { name: "Timesheets", level: 1 }).waitFor();
      if (week !== thisWeek) {
        // Last week: typed into the range (the page opens on this week).
        const inputs = page.locator(".ant-picker-range input");
        for (const [i, date] of [week.start, week.end].entries()) {
          await inputs.nth(i).click();
          await inputs.nth(i).fill(dmy(date));
          await inputs.nth(i).press("Enter");
        }
        await expect.poll(async () => [await inputs.nth(0).inputValue(), await inputs.nth(1).inputValue()]).toEqual([dmy(week.start), dmy(week.end)]);
      }
      await page.getByRole("combobox", { name: "Person" }).click();
      await page.locator(`.ant-select-item-option[title="${person}"]`).click();
      const personRow = page.locator("tr.ant-table-row-level-0").filter({ hasText: person });
      await personRow.waitFor();
      // The person's row is there before the filtered answer: wait until it is the only one.
      await expect.poll(() => page.locator("tr.ant-table-row-level-0").count()).toBe(1);
      await personRow.getByRole("button", { name: /expand/i }).click();
      const dayRow = page
        .getByRole("row")
        .filter({ hasText: dmy(day) })
        .filter({ has: page.getByRole("button", { name: /Correct$/ }) });

      // The correction: the clock-out at 16:45 on the site's clock, with a reason.
      await dayRow
        .getByRole("button", { name: /Correct$/ })
        .first()
        .click();
      let dialog = page.getByRole("dialog");
      await dialog.getByLabel("Clock-out").fill(`${dmy(day)} 16:45`);
      await dialog.getByLabel("Clock-out").press("Enter");
      await dialog.getByLabel("Reason").fill("Left at 16:45, forgot to clock out");
      await dialog.getByRole("button", { name: "Save correction" }).click();
      await dialog.waitFor({ state: "hidden" });
      const corrected = await db.selectFrom("presence").select("clock_out").where("id", "=", presence.id).executeTakeFirstOrThrow();
      expect(new Date(String(corrected.clock_out)).toISOString()).toBe(new Date(`${day}T16:45:00+07:00`).toISOString());
      const stored = await db.selectFrom("timesheet_corrections").selectAll().where("presence_id", "=", presence.id).execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ field: "clock_out", reason: "Left at 16:45, forgot to clock out" });
      await page.getByText("Left at 16:45, forgot to clock out", { exact: false }).first().waitFor();

      // The week approved: stored, and shown with who approved it.
      await personRow.getByRole("button", { name: "Approve period" }).click();
      await page.getByRole("tooltip").getByRole("button", { name: "Approve period" }).click();
      await personRow.getByRole("button", { name: "Reopen" }).waitFor();
      const approvals = await db.selectFrom("timesheet_approvals").selectAll().where("user_id", "=", Number(presence.user_id)).execute();
      expect(approvals).toHaveLength(1);
      expect(approvals[0]).toMatchObject({ status: "approved", approved_by: supervisor.id });

      // The locked week refuses an edit: the message in the form, which keeps the reason.
      await dayRow
        .getByRole("button", { name: /Correct$/ })
        .first()
        .click();
      dialog = page.getByRole("dialog");
      await dialog.getByLabel("Clock-out").fill(`${dmy(day)} 17:00`);
      await dialog.getByLabel("Clock-out").press("Enter");
      await dialog.getByLabel("Reason").fill("Second thoughts");
      await dialog.getByRole("button", { name: "Save correction" }).click();
      await dialog.getByText("This day is in an approved timesheet period. Reopen the period before correcting it.").waitFor();
      await expect(dialog.getByLabel("Reason").inputValue()).resolves.toBe("Second thoughts");
      expect(await db.selectFrom("timesheet_corrections").selectAll().where("presence_id", "=", presence.id).execute()).toHaveLength(1);
      await dialog.getByRole("button", { name: "Cancel" }).click();

      // The CSV: the columns shown, a row per day of the week and the person's totals.
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /CSV$/ }).click()]);
      const lines = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "").split("\r\n");
      expect(lines[0]).toBe(
        '"Name","Role","Division","Date","Time zone","Shift","Status","Clock-in","Clock-out","Clock-in place","Clock-out place","Break","Worked","Regular","Overtime","Late (min)","Sent late","Corrections","Locked"',
      );
      expect(lines).toHaveLength(1 + 7 + 1);
      const dayLine = lines.find((l) => l.startsWith(`"${person}"`) && l.includes(`"${dmy(day)}"`))!;
      expect(dayLine).toContain(`"${dmy(day)} 16:45"`);
      expect(dayLine.endsWith('"Yes","Yes"')).toBe(true); // corrected, locked
      expect(lines.at(-1)).toMatch(new RegExp(`^"${person}",.*"Total"`));
    }),
  );
});
