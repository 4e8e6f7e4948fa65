// The project manager's plan against the real server and the demo seed: open a project's plan,
// drag an activity a week later, reload, and find it where it was dropped (in the chart's grid
// and in the database); drag a task past its successor's start and see the successor moved after
// it, said in a notification and stored; the page in English and Indonesian has no serious or
// critical accessibility violation and no English left in Indonesian.
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { STORAGE_KEYS } from "../../src/auth/storageKeys";
import type { Db } from "../../server/db/connection";
import { seriousViolations, violationReport } from "./support/axe";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, signIn, userByEmail } from "./support/ui";

useE2eWorld();

/** "dd-mm-yyyy" as the chart's grid shows a date. */
const gridDate = (iso: string) => iso.split("-").reverse().join("-");
const DAY = 86_400_000;
const isoPlus = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY).toISOString().slice(0, 10);

/** The version the page opens for the project manager's first project: the newest one that is not a baseline. */
async function openedVersion(db: Db) {
  const pm = await userByEmail(db, ACCOUNTS.pm);
  return db
    .selectFrom("version_gantt")
    .select(["id", "project_id"])
    .where("company_id", "=", pm.company_id)
    .where("is_baseline", "=", 0)
    .orderBy("project_id")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
}

/** Opens the version's plan and waits for the bar of an activity. */
async function openPlan(page: Page, projectId: number, activityId: number) {
  await page.goto(`/#/version-gantt?project=${projectId}`);
  await page.locator(`.wx-bar[data-id="${activityId}"]`).waitFor();
}

/**
 * Drags a bar by its middle `px` pixels to the right, step by step as a hand would (week scale: 70
 * px a week), and lets go once the bar is drawn where the pointer is and a frame has passed.
 * The chart reads the drag's distance at the release from the state its last move left, through a
 * listener it binds again after each render: released before that render's effects ran, the drop
 * counts the move before the last (a bar moved 6 days instead of 7 on a busy machine).
 */
async function dragBar(page: Page, id: number, px: number) {
  const bar = page.locator(`.wx-bar[data-id="${id}"]`);
  const box = (await bar.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  const steps = Math.round(px / 7);
  for (let step = 1; step <= steps; step++) await page.mouse.move(box.x + box.width / 2 + step * 7, box.y + box.height / 2);
  await expect.poll(async () => Math.round((await bar.boundingBox())!.x - box.x)).toBe(steps * 7);
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  await page.mouse.up();
}

it(
  "as the project manager, moves an activity in the Gantt and still sees it moved after a reload",
  scenario(async ({ page, db }) => {
    const version = await openedVersion(db);
    const [task] = await db.selectFrom("activity").selectAll().where("version_gantt_id", "=", version.id).where("type", "=", "task").orderBy("order").limit(1).execute();
    expect(task).toBeDefined();

    await signIn(page, ACCOUNTS.pm);
    await openPlan(page, version.project_id!, task.id);
    await page
      .getByText(gridDate(String(task.start_date)), { exact: true })
      .first()
      .waitFor();
    // The plan as assistive technology meets it (the chart's grid included): no serious WCAG 2.2 AA violation.
    const violations = await seriousViolations(page);
    expect(violations, violationReport(violations)).toEqual([]);

    // Week scale: 70 px a week. Drag the bar's middle 70 px to the right: one week later.
    const saved = page.waitForResponse((r) => r.url().includes(`/api/version-gantt/save-plan/${version.id}`) && r.request().method() === "PUT");
    await dragBar(page, task.id, 70);
    expect((await saved).status()).toBe(200);

    const after = await db.selectFrom("activity").select(["start_date", "end_date"]).where("id", "=", task.id).executeTakeFirstOrThrow();
    const shift = (Date.parse(String(after.start_date)) - Date.parse(String(task.start_date))) / DAY;
    expect(shift).toBe(7);
    expect((Date.parse(String(after.end_date)) - Date.parse(String(task.end_date))) / DAY).toBe(7);

    await page.reload();
    await page.locator(`.wx-bar[data-id="${task.id}"]`).waitFor();
    const row = page
      .locator(`.wx-row[data-id="${task.id}"], [data-id="${task.id}"]`)
      .filter({ hasText: String(task.name) })
      .first();
    await expect.poll(async () => (await row.textContent()) ?? "").toContain(gridDate(String(after.start_date)));
  }),
);

it(
  "dragging a task past its successor's start moves the successor after it, says so, and stores both",
  scenario(async ({ page, db }) => {
    const version = await openedVersion(db);
    const plan = await db.selectFrom("activity").selectAll().where("version_gantt_id", "=", version.id).orderBy("order").execute();
    // A task followed (finish-to-start, no lag) by a task that starts less than two weeks after it ends.
    const pairs = plan.flatMap((s) =>
      (JSON.parse(String(s.predecessors ?? "[]")) as Array<{ id: number; type: string; lag?: number }>)
        .filter((p) => p.type === "e2s" && !p.lag)
        .map((p) => ({ task: plan.find((a) => a.id === p.id), successor: s })),
    );
    const pair = pairs.find(
      ({ task, successor }) => task?.type === "task" && successor.type === "task" && Date.parse(String(successor.start_date)) - Date.parse(String(task.end_date)) < 14 * DAY,
    );
    expect(pair, "the demo plan has a task with a successor close after it").toBeDefined();
    const { task, successor } = pair as { task: (typeof plan)[number]; successor: (typeof plan)[number] };
    // Two weeks later, the task ends on end + 14: its successor must start the day after.
    const newStart = isoPlus(String(task.end_date), 15);
    const days = (Date.parse(newStart) - Date.parse(String(successor.start_date))) / DAY;

    await signIn(page, ACCOUNTS.pm);
    await openPlan(page, version.project_id!, task.id);
    const successorBar = page.locator(`.wx-bar[data-id="${successor.id}"]`);
    const before = (await successorBar.boundingBox())!;
    const saved = page.waitForResponse((r) => r.url().includes(`/api/version-gantt/save-plan/${version.id}`) && r.request().method() === "PUT");
    await dragBar(page, task.id, 140);
    expect((await saved).status()).toBe(200);

    // Said: which activity moved, by how much, and from when it starts.
    await page.getByText(`${successor.name}: ${days} days later, starts ${gridDate(newStart)}`).waitFor();
    await expect.poll(async () => (await successorBar.boundingBox())!.x).toBeGreaterThan(before.x + days * 10 - 5);
    const stored = await db.selectFrom("activity").select(["start_date", "end_date"]).where("id", "=", successor.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ start_date: newStart, end_date: isoPlus(String(successor.end_date), days) });
    const movedTask = await db.selectFrom("activity").select(["end_date"]).where("id", "=", task.id).executeTakeFirstOrThrow();
    expect(movedTask.end_date).toBe(isoPlus(String(task.end_date), 14));
  }),
);

it(
  "in Indonesian: the plan speaks Indonesian (no English label left) and has no serious accessibility violation",
  scenario(async ({ page, db }) => {
    const version = await openedVersion(db);
    const [task] = await db.selectFrom("activity").select(["id"]).where("version_gantt_id", "=", version.id).where("type", "=", "task").orderBy("order").limit(1).execute();
    await signIn(page, ACCOUNTS.pm);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.lang, "id"]);
    await openPlan(page, version.project_id!, task.id);
    await page.reload();
    await page.locator(`.wx-bar[data-id="${task.id}"]`).waitFor();
    await page.getByRole("columnheader", { name: "Kelonggaran total" }).waitFor();
    // A milestone is dated in the grid by its own day (the chart draws it at the end of that day).
    const milestone = await db
      .selectFrom("activity")
      .select(["id", "name", "start_date"])
      .where("version_gantt_id", "=", version.id)
      .where("type", "=", "milestone")
      .orderBy("order")
      .executeTakeFirstOrThrow();
    const milestoneRow = page.locator(`.wx-row[data-id="${milestone.id}"]`).filter({ hasText: String(milestone.name) });
    await expect.poll(async () => (await milestoneRow.textContent()) ?? "").toContain(gridDate(String(milestone.start_date)));
    const violations = await seriousViolations(page);
    expect(violations, violationReport(violations)).toEqual([]);

    // The selected activity's panel: its labels and its close button.
    await page.locator(`.wx-bar[data-id="${task.id}"]`).click();
    const panel = page.getByTestId("activity-panel");
    await panel.getByText("Kelonggaran total").waitFor();
    await panel.getByRole("button", { name: "Tutup" }).waitFor();
    // Names read by screen readers too (aria-label, title, role descriptions): none English.
    const english = await page.evaluate(() => {
      const words = /\b(Total float|Close|Resize column|segmented control|sortable)\b/;
      const found: string[] = [];
      for (const el of document.querySelectorAll("*")) {
        for (const attr of ["aria-label", "title", "aria-roledescription", "placeholder"]) {
          const v = el.getAttribute(attr);
          if (v && words.test(v)) found.push(`${attr}="${v}"`);
        }
      }
      return found.concat(words.test(document.body.innerText) ? [document.body.innerText.match(words)![0]] : []);
    });
    expect(english).toEqual([]);

    // The members dialog closes with "Tutup" (antd's dialog says "Close" unless told).
    await page.getByRole("button", { name: "Anggota" }).click();
    const dialog = page.getByRole("dialog", { name: "Anggota" });
    await dialog.getByRole("button", { name: "Tutup" }).waitFor();
    expect(await dialog.getByRole("button", { name: "Close" }).count()).toBe(0);
  }),
);
