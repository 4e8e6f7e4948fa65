// The project manager's kanban board against the real server and the demo seed: a card dragged
// with the mouse to another column, and a card moved with the keyboard alone (space, arrow,
// space), are there after a reload, and the server stored them in their new column; the board in
// Indonesian speaks Indonesian (dnd-kit's words included) and, in both languages, has no serious
// or critical accessibility violation.
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { STORAGE_KEYS } from "../../src/auth/storageKeys";
import type { Db } from "../../server/db/connection";
import { seriousViolations, violationReport } from "./support/axe";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, signIn } from "./support/ui";

useE2eWorld();

/** The demo seed's first board of the project manager's company. */
async function firstBoard(db: Db): Promise<{ id: number; project_id: number }> {
  const pm = await db.selectFrom("users").select("company_id").where("email", "=", ACCOUNTS.pm).executeTakeFirstOrThrow();
  return db.selectFrom("kanban_board").select(["id", "project_id"]).where("company_id", "=", pm.company_id).orderBy("id").executeTakeFirstOrThrow() as Promise<{
    id: number;
    project_id: number;
  }>;
}

const column = (page: Page, name: string) => page.getByRole("region", { name: new RegExp(`^${name} \\(`) });
/** Titles of a column's cards, top to bottom (each card's title is its button opening the drawer). */
const titlesIn = (page: Page, name: string) =>
  column(page, name)
    .getByRole("listitem")
    .evaluateAll((items) => items.map((li) => li.querySelectorAll("button")[1]?.textContent ?? ""));

async function openBoard(page: Page, board: { id: number; project_id: number }): Promise<void> {
  await page.goto(`/#/kanban-board?project=${board.project_id}&board=${board.id}`);
  await column(page, "To do").getByRole("listitem").first().waitFor();
}

async function storedCard(db: Db, title: string, board: number) {
  return db.selectFrom("kanban_card").select(["status", "position"]).where("title", "=", title).where("kanban_board_id", "=", board).executeTakeFirstOrThrow();
}

it(
  "drags a card with the mouse to another column; after a reload it is there",
  scenario(async ({ page, db }) => {
    const board = await firstBoard(db);
    await signIn(page, ACCOUNTS.pm);
    await openBoard(page, board);
    const [title] = await titlesIn(page, "To do");
    const reviewBefore = await titlesIn(page, "Review");
    const handle = page.getByRole("button", { name: `Move card: ${title}` });
    const from = (await handle.boundingBox())!;
    const target = (await column(page, "Review").boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // A few steps: dnd-kit starts a drag after 5 px and follows the pointer.
    await page.mouse.move(from.x + 20, from.y + 10, { steps: 5 });
    await page.mouse.move(target.x + target.width / 2, target.y + target.height - 20, { steps: 15 });
    await page.mouse.up();
    await expect.poll(() => titlesIn(page, "Review")).toEqual([...reviewBefore, title]);
    await expect.poll(async () => (await storedCard(db, title!, board.id)).status).toBe("review");

    await page.reload();
    await column(page, "Review").getByRole("listitem").first().waitFor();
    expect(await titlesIn(page, "Review")).toEqual([...reviewBefore, title]);
    expect(await titlesIn(page, "To do")).not.toContain(title);
    expect(await storedCard(db, title!, board.id)).toMatchObject({ status: "review", position: reviewBefore.length });
  }),
);

it(
  "moves a card with the keyboard alone (space, arrow right, space); after a reload it is there",
  scenario(async ({ page, db }) => {
    const board = await firstBoard(db);
    await signIn(page, ACCOUNTS.pm);
    await openBoard(page, board);
    // The board as assistive technology meets it: no serious WCAG 2.2 AA violation.
    const violations = await seriousViolations(page);
    expect(violations, violationReport(violations)).toEqual([]);
    const [title] = await titlesIn(page, "To do");
    const handle = page.getByRole("button", { name: `Move card: ${title}` });
    await handle.focus();
    const liveRegion = () => page.getByRole("status").allTextContents();
    await page.keyboard.press("Space");
    // Picked up before the arrow, over the next column (announced) before the drop.
    await expect.poll(() => handle.getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("ArrowRight");
    await expect.poll(liveRegion).toContainEqual(expect.stringContaining(`Card ${title} is over column In progress`));
    await page.keyboard.press("Space");
    await expect.poll(() => titlesIn(page, "In progress")).toContain(title);
    // Announced to screen readers (dnd-kit's live region).
    await expect.poll(liveRegion).toContainEqual(expect.stringContaining(`Card ${title} was dropped in column In progress`));
    await expect.poll(async () => (await storedCard(db, title!, board.id)).status).toBe("in_progress");

    await page.reload();
    await column(page, "In progress").getByRole("listitem").first().waitFor();
    expect(await titlesIn(page, "In progress")).toContain(title);
    expect(await titlesIn(page, "To do")).not.toContain(title);
  }),
);

it(
  "in Indonesian: the columns, the drag handle and what screen readers hear are Indonesian; no serious accessibility violation",
  scenario(async ({ page, db }) => {
    const board = await firstBoard(db);
    await signIn(page, ACCOUNTS.pm);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.lang, "id"]);
    await page.goto(`/#/kanban-board?project=${board.project_id}&board=${board.id}`);
    await page.reload();
    // In progress: the earlier tests of this file moved cards there (To do may be empty by now).
    await column(page, "Berjalan").getByRole("listitem").first().waitFor();
    await column(page, "Akan dikerjakan").waitFor();
    const violations = await seriousViolations(page);
    expect(violations, violationReport(violations)).toEqual([]);

    const [title] = await titlesIn(page, "Berjalan");
    const handle = page.getByRole("button", { name: `Pindahkan kartu: ${title}` });
    expect(await handle.getAttribute("aria-roledescription")).toBe("kartu yang dapat dipindahkan");
    const instructions = await page.locator(`#${await handle.getAttribute("aria-describedby")}`).textContent();
    expect(instructions).toMatch(/^Untuk mengambil kartu, tekan spasi/);
    await handle.focus();
    await page.keyboard.press("Space");
    // Picked up, over its own column (dnd-kit's live region, in Indonesian).
    await expect.poll(() => page.getByRole("status").allTextContents()).toContainEqual(expect.stringContaining(`Kartu ${title} berada di atas kolom Berjalan`));
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("status").allTextContents()).toContainEqual(expect.stringContaining(`Pemindahan kartu ${title} dibatalkan.`));
  }),
);
