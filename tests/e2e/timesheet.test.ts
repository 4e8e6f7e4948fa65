// The timesheet from the browser's side, with the demo seed: the correction dialog opened on one
// day, cancelled, and opened on the next shows and saves the next day's times (issue 30: it kept
// the day before's); a supervisor corrects a person's clock-out (with a reason; the correction
// stored with the original), approves the person's days so far, and the approved days refuse a
// second correction (409 period_locked, said in the form); the exported CSV has the columns and
// rows shown (the employee id, the corrected time on the site's clock), and the XLSX read back
// with exceljs has dates and times as date cells, hours as numbers matching the screen, and the
// per-project sheet with its regular and overtime hours.
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, localOf, payPeriodOf } from "../../declaration/timesheet";
import type { Db } from "../../server/db/connection";
import { scenario, statusLine, useE2eWorld } from "./support/harness";
import { ACCOUNTS, signIn, userByEmail } from "./support/ui";

useE2eWorld();

const ZONE = "Asia/Jakarta"; // the demo company's
const dmy = (date: string) => date.split("-").reverse().join("-");
const wall = (iso: string) => {
  const l = localOf(iso, ZONE);
  return `${dmy(l.date)} ${String(Math.floor(l.minute / 60)).padStart(2, "0")}:${String(l.minute % 60).padStart(2, "0")}`;
};

interface Closed {
  id: number;
  user_id: number;
  presence_date: string;
  clock_in: string;
  clock_out: string;
}

/** The supervisor's projects' closed presences of the last 8 days before today (the seed's week), by date. */
async function closedPresences(db: Db, supervisorId: number): Promise<Closed[]> {
  const projects = (await db.selectFrom("user_to_proyek").select("project_id").where("user_id", "=", supervisorId).execute()).map((r) => Number(r.project_id));
  const today = localOf(Date.now(), ZONE).date;
  const rows = await db
    .selectFrom("presence")
    .select(["id", "user_id", "presence_date", "clock_in", "clock_out"])
    .where("presence_date", ">=", addDays(today, -8))
    .where("presence_date", "<", today)
    .where("project_id", "in", projects)
    .where("user_id", "!=", supervisorId)
    .where("clock_out", "is not", null)
    .orderBy("presence_date")
    .orderBy("user_id")
    .execute();
  return rows.map((r) => ({ id: Number(r.id), user_id: Number(r.user_id), presence_date: String(r.presence_date), clock_in: String(r.clock_in), clock_out: String(r.clock_out) }));
}

/** The first person with a closed presence on two days in a row, and those two presences. */
const twoDaysInARow = (closed: Closed[]) =>
  closed.flatMap((a) => closed.filter((b) => b.user_id === a.user_id && b.presence_date === addDays(a.presence_date, 1)).map((b) => [a, b] as const))[0];

/** The timesheet of one person over from..to: the range typed, the person chosen, their days open. */
async function openPersonDays(page: Page, person: string, from: string, to: string) {
  await page.goto("/#/timesheet");
  await page.getByRole("heading", { name: "Timesheets", level: 1 }).waitFor();
  const inputs = page.locator(".ant-picker-range input");
  await inputs.first().waitFor();
  for (const [i, date] of [from, to].entries()) {
    await inputs.nth(i).click();
    await inputs.nth(i).fill(dmy(date));
    await inputs.nth(i).press("Enter");
  }
  await expect.poll(async () => [await inputs.nth(0).inputValue(), await inputs.nth(1).inputValue()]).toEqual([dmy(from), dmy(to)]);
  // Typed: the list shows only its first people.
  await page.getByRole("combobox", { name: "Person" }).click();
  await page.getByRole("combobox", { name: "Person" }).fill(person);
  await page.locator(`.ant-select-item-option[title="${person}"]`).click();
  const personRow = page.locator("tr.ant-table-row-level-0").filter({ hasText: person });
  await personRow.waitFor();
  // The person's row is there before the filtered answer: wait until it is the only one.
  await expect.poll(() => page.locator("tr.ant-table-row-level-0").count()).toBe(1);
  await personRow.getByRole("button", { name: /expand/i }).click();
  return personRow;
}

/** A day's row of the expanded days (not the row holding them all): its first cell is the date (and the lock). */
const dayRow = (page: Page, date: string) =>
  page.locator(".ant-table-expanded-row tr.ant-table-row").filter({ has: page.getByRole("cell", { name: new RegExp(`^${dmy(date)}`) }) });

describe("timesheet", () => {
  it(
    "Correct on one day, Cancel, Correct on the next day: the next day's times are shown and saved",
    { timeout: 120_000 },
    scenario(async ({ page, db }) => {
      const supervisor = await userByEmail(db, ACCOUNTS.supervisor);
      const closed = await closedPresences(db, supervisor.id);
      // A person with a closed presence on two days in a row.
      const pair = twoDaysInARow(closed);
      if (!pair) throw new Error("no person of the supervisor's projects with two days in a row this week");
      const [first, next] = pair;
      const person = String((await db.selectFrom("users").select("name").where("id", "=", first.user_id).executeTakeFirstOrThrow()).name);

      await signIn(page, ACCOUNTS.supervisor);
      await openPersonDays(page, person, first.presence_date, next.presence_date);

      await dayRow(page, first.presence_date)
        .getByRole("button", { name: /Correct$/ })
        .first()
        .click();
      let dialog = page.getByRole("dialog");
      await expect.poll(() => dialog.getByLabel("Clock-in").inputValue()).toBe(wall(first.clock_in));
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });

      await dayRow(page, next.presence_date)
        .getByRole("button", { name: /Correct$/ })
        .first()
        .click();
      dialog = page.getByRole("dialog");
      await expect.poll(() => dialog.getByLabel("Clock-in").inputValue()).toBe(wall(next.clock_in));
      await expect.poll(() => dialog.getByLabel("Clock-out").inputValue()).toBe(wall(next.clock_out));
      // Only the clock-out changes: to 18:45 that day.
      await dialog.getByLabel("Clock-out").fill(`${dmy(next.presence_date)} 18:45`);
      await dialog.getByLabel("Clock-out").press("Enter");
      await dialog.getByLabel("Reason").fill("Stayed for the concrete pour");
      await dialog.getByRole("button", { name: "Save correction" }).click();
      await dialog.waitFor({ state: "hidden" });

      const stored = await db.selectFrom("presence").select(["clock_in", "clock_out", "presence_date"]).where("id", "=", next.id).executeTakeFirstOrThrow();
      expect(stored).toEqual({ clock_in: next.clock_in, clock_out: new Date(`${next.presence_date}T18:45:00+07:00`).toISOString(), presence_date: next.presence_date });
      const before = await db.selectFrom("presence").select(["clock_in", "clock_out"]).where("id", "=", first.id).executeTakeFirstOrThrow();
      expect(before).toEqual({ clock_in: first.clock_in, clock_out: first.clock_out });
      const kept = await db.selectFrom("timesheet_corrections").selectAll().where("presence_id", "=", next.id).execute();
      expect(kept.map((c) => [c.field, c.original])).toEqual([["clock_out", next.clock_out]]);
    }),
  );

  it(
    "a supervisor corrects a clock-out, approves the days so far, the approved days refuse an edit, and the CSV has what is shown",
    { timeout: 120_000 },
    scenario(async ({ page, db, expectConsoleErrors }) => {
      expectConsoleErrors(statusLine(409));
      const supervisor = await userByEmail(db, ACCOUNTS.supervisor);
      const closed = await closedPresences(db, supervisor.id);
      // Not the person of the test before (their days carry its correction): another's latest day.
      const taken = twoDaysInARow(closed)?.[0].user_id;
      const presence = [...closed].reverse().find((p) => p.user_id !== taken) ?? closed.at(-1);
      if (!presence) throw new Error("no closed presence of the supervisor's projects this week");
      const person = String((await db.selectFrom("users").select("name").where("id", "=", presence.user_id).executeTakeFirstOrThrow()).name);
      const day = presence.presence_date;
      // Its week up to yesterday: no presence of today (perhaps still open) in the approved range.
      const yesterday = addDays(localOf(Date.now(), ZONE).date, -1);
      const week = payPeriodOf("weekly", day, ZONE);
      const from = week.start;
      const to = week.end < yesterday ? week.end : yesterday;

      await signIn(page, ACCOUNTS.supervisor);
      const personRow = await openPersonDays(page, person, from, to);

      // The correction: the clock-out at 16:45 on the site's clock, with a reason.
      await dayRow(page, day)
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

      // The days approved: stored with their figures, and shown with who approved them.
      await personRow.getByRole("button", { name: "Approve period" }).click();
      await page.getByRole("tooltip").getByRole("button", { name: "Approve period" }).click();
      await personRow.getByRole("button", { name: "Reopen" }).waitFor();
      const approvals = await db.selectFrom("timesheet_approvals").selectAll().where("user_id", "=", presence.user_id).execute();
      expect(approvals).toHaveLength(1);
      expect(approvals[0]).toMatchObject({ status: "approved", approved_by: supervisor.id, period_from: from, period_to: to });
      expect(JSON.parse(String(approvals[0].figures)).totals.worked_minutes).toBeGreaterThan(0);

      // The locked days refuse an edit: the message in the form, which keeps the reason.
      await dayRow(page, day)
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

      // The CSV: the columns shown, a row per day of the range and the person's totals; the
      // employee id, ISO dates, the site's clock, decimal hours with a dot.
      const staff = await db.selectFrom("users").select(["code"]).where("id", "=", presence.user_id).executeTakeFirstOrThrow();
      const code = String(staff.code);
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /CSV$/ }).click()]);
      const lines = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "").split("\r\n");
      expect(lines[0]).toBe(
        '"Employee ID","NIK","Name","Role","Division","Date","Time zone","Site","Shift","Status","Clock-in","Clock-out","Clock-in place","Clock-out place","Break","Worked","Regular","Overtime","Rest-day / holiday overtime","Late (min)","Sent late","Corrections","Locked"',
      );
      const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
      expect(lines).toHaveLength(1 + days + 1);
      const dayLine = lines.find((l) => l.startsWith(`"${code}"`) && l.includes(`"${day}"`))!;
      expect(dayLine).toContain(`"${person}"`);
      expect(dayLine).toContain(`"${day} 16:45"`);
      expect(dayLine.endsWith('"Yes","Yes"')).toBe(true); // corrected, locked
      expect(lines.at(-1)).toMatch(new RegExp(`^"${code}",.*"${person}",.*"Total: `));

      // The XLSX read back: the day's date and clock-out are date cells on the site's clock, its
      // hours a number equal to what the day's row shows, and the per-project sheet has the person.
      const header = await page.locator(".ant-table-expanded-row thead th").allInnerTexts();
      const shownWorked = (await dayRow(page, day).first().locator("td").nth(header.indexOf("Worked")).innerText()).trim();
      const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /XLSX$/ }).click()]);
      const { default: ExcelJS } = await import("exceljs");
      const book = new ExcelJS.Workbook();
      const file = await readFile((await xlsx.path())!);
      await book.xlsx.load(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer);
      const sheet = book.getWorksheet("Timesheet")!;
      const titles = (sheet.getRow(1).values as unknown[]).slice(1);
      const col = (title: string) => titles.indexOf(title) + 1;
      let row: import("exceljs").Row | undefined;
      sheet.eachRow((r) => {
        const date = r.getCell(col("Date")).value;
        if (r.getCell(col("Employee ID")).value === code && date instanceof Date && date.toISOString() === `${day}T00:00:00.000Z`) row = r;
      });
      expect(row, "the day's row in the XLSX").toBeDefined();
      expect(row!.getCell(col("Date")).numFmt).toBe("dd-mm-yyyy");
      expect(row!.getCell(col("Clock-out")).value).toEqual(new Date(`${day}T16:45:00.000Z`));
      expect(row!.getCell(col("Clock-out")).numFmt).toBe("dd-mm-yyyy hh:mm");
      const worked = row!.getCell(col("Worked"));
      expect(worked.type).toBe(ExcelJS.ValueType.Number);
      expect(worked.numFmt).toBe("0.00");
      const [h, m] = shownWorked.includes(":") ? shownWorked.split(":").map(Number) : [Number(shownWorked.replace(",", ".")), 0];
      expect(Math.abs((worked.value as number) - (h! + m! / 60))).toBeLessThan(0.01);
      const perProject = book.getWorksheet("Hours per project")!;
      const projectRows: unknown[][] = [];
      perProject.eachRow((r, n) => {
        if (n > 1) projectRows.push((r.values as unknown[]).slice(1));
      });
      // Its regular and overtime hours (the timesheet's per-site shares) add up to its worked
      // hours; no labour cost for a supervisor, who may not see pay.
      expect((perProject.getRow(1).values as unknown[]).slice(1)).toEqual(["Project", "Employee ID", "NIK", "Name", "Days", "Worked", "Regular", "Overtime"]);
      const mine = projectRows.filter((r) => r[1] === code && r[3] === person);
      expect(mine.some((r) => typeof r[5] === "number" && (r[5] as number) > 0)).toBe(true);
      for (const r of mine) {
        expect(typeof r[6]).toBe("number");
        expect(typeof r[7]).toBe("number");
        expect(Math.abs((r[6] as number) + (r[7] as number) - (r[5] as number))).toBeLessThan(0.02);
      }
    }),
  );
});
