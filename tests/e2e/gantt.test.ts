// The project manager's plan against the real server and the demo seed: open a project's plan,
// drag an activity a week later, reload, and find it where it was dropped (in the chart's grid
// and in the database).
import { expect, it } from "vitest";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, signIn, userByEmail } from "./support/ui";

useE2eWorld();

/** "dd-mm-yyyy" as the chart's grid shows a date. */
const gridDate = (iso: string) => iso.split("-").reverse().join("-");

it(
  "as the project manager, moves an activity in the Gantt and still sees it moved after a reload",
  scenario(async ({ page, db }) => {
    const pm = await userByEmail(db, ACCOUNTS.pm);
    // The version the page opens: the project's newest one that is not a baseline.
    const version = await db
      .selectFrom("version_gantt")
      .select(["id", "project_id"])
      .where("company_id", "=", pm.company_id)
      .where("is_baseline", "=", 0)
      .orderBy("project_id")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const [task] = await db.selectFrom("activity").selectAll().where("version_gantt_id", "=", version.id).where("type", "=", "task").orderBy("order").limit(1).execute();
    expect(task).toBeDefined();

    await signIn(page, ACCOUNTS.pm);
    await page.goto(`/#/version-gantt?project=${version.project_id}`);
    const bar = page.locator(`.wx-bar[data-id="${task.id}"]`);
    await bar.waitFor();
    await page
      .getByText(gridDate(String(task.start_date)), { exact: true })
      .first()
      .waitFor();

    // Week scale: 70 px a week. Drag the bar's middle 70 px to the right: one week later.
    const box = (await bar.boundingBox())!;
    const saved = page.waitForResponse((r) => r.url().includes(`/api/version-gantt/save-plan/${version.id}`) && r.request().method() === "PUT");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(box.x + box.width / 2 + step * 7, box.y + box.height / 2);
    await page.mouse.up();
    expect((await saved).status()).toBe(200);

    const after = await db.selectFrom("activity").select(["start_date", "end_date"]).where("id", "=", task.id).executeTakeFirstOrThrow();
    const shift = (Date.parse(String(after.start_date)) - Date.parse(String(task.start_date))) / 86_400_000;
    expect(shift).toBe(7);
    expect((Date.parse(String(after.end_date)) - Date.parse(String(task.end_date))) / 86_400_000).toBe(7);

    await page.reload();
    await page.locator(`.wx-bar[data-id="${task.id}"]`).waitFor();
    const row = page
      .locator(`.wx-row[data-id="${task.id}"], [data-id="${task.id}"]`)
      .filter({ hasText: String(task.name) })
      .first();
    await expect.poll(async () => (await row.textContent()) ?? "").toContain(gridDate(String(after.start_date)));
  }),
);
