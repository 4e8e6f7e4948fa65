// The supervisor's map against the real server and the demo seed: points for the selected
// projects, one point's details, a worker's route for a seeded day, played
// back; the same page in Indonesian. Map tiles would need the internet: they are answered empty
// here (the page shows its neutral background).
import dayjs from "dayjs";
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { scenario, useE2eWorld } from "./support/harness";
import { signIn } from "./support/ui";
import { PRESENCE_COLORS, ROUTE_COLORS } from "../../src/pages/map/parts/pointStyles";
import { DATETIME_FORMAT } from "../../src/lib/format";

useE2eWorld();

const SUPERVISOR = "supervisor@demo.test";

async function openMap(page: Page): Promise<void> {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204, body: "" }));
  await signIn(page, SUPERVISOR);
  await page.goto("/#/map/view");
}

/** Checks every project of the tree (a tap on a name checks it). */
async function selectAllProjects(page: Page): Promise<void> {
  const names = page.getByRole("tree").locator(".ant-tree-title");
  await names.first().waitFor();
  for (let i = 0; i < (await names.count()); i++) await names.nth(i).click();
}

/** The page position of a pixel of this colour drawn on the map right of the left panel (points
 *  are WebGL, so read from a screenshot, not from the canvases), two pixels inside its edge. */
async function pixelOnMap(page: Page, hex: string): Promise<{ x: number; y: number } | null> {
  const map = (await page.getByTestId("map-view").boundingBox())!;
  const panel = await page.getByRole("complementary").first().boundingBox();
  const left = panel ? Math.max(map.x, panel.x + panel.width) : map.x;
  const clip = { x: left, y: map.y, width: map.x + map.width - left, height: map.height };
  const png = (await page.screenshot({ clip })).toString("base64");
  const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const hit = await page.evaluate(
    async ([b64, [r, g, b]]) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: "image/png" }));
      const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext("2d")!;
      ctx.drawImage(bitmap, 0, 0);
      const { data, width, height } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      for (let y = 0; y < height - 3; y++)
        for (let x = 0; x < width - 2; x++) {
          const i = (y * width + x) * 4;
          const j = ((y + 3) * width + x + 2) * 4;
          if (
            Math.abs(data[i] - r) < 6 &&
            Math.abs(data[i + 1] - g) < 6 &&
            Math.abs(data[i + 2] - b) < 6 &&
            Math.abs(data[j] - r) < 6 &&
            Math.abs(data[j + 1] - g) < 6 &&
            Math.abs(data[j + 2] - b) < 6
          )
            return { x: x + 2, y: y + 3 };
        }
      return null;
    },
    [png, rgb] as const,
  );
  return hit ? { x: clip.x + hit.x, y: clip.y + hit.y } : null;
}

/** Clicks the map where it drew this colour; false when it drew none. */
async function clickColour(page: Page, hex: string): Promise<boolean> {
  const at = await pixelOnMap(page, hex);
  if (at) await page.mouse.click(at.x, at.y);
  return !!at;
}

/** Where the map drew a worker who clocked in (still at work, gone home or late). Which of these
 *  the seed holds depends on the hour the server started (before 08:00 WIB nobody is at work yet,
 *  early in the day nobody has gone home) and points at one gate cover each other, so any. */
async function anyWorkerOnMap(page: Page): Promise<{ x: number; y: number } | null> {
  for (const colour of [PRESENCE_COLORS.clockedOut, PRESENCE_COLORS.clockedIn, PRESENCE_COLORS.late]) {
    const at = await pixelOnMap(page, colour);
    if (at) return at;
  }
  return null;
}

/** Types a time range into the routing bar's range picker (the seed's week: 6 days ago to today's
 *  end, so a worker's route is found whatever day of the week and hour the test runs). */
async function typeRange(page: Page, from: dayjs.Dayjs, to: dayjs.Dayjs): Promise<void> {
  const inputs = page.locator(".ant-picker-range input");
  for (const [i, at] of [from, to].entries()) {
    await inputs.nth(i).click();
    await inputs.nth(i).fill(at.format(DATETIME_FORMAT));
    await inputs.nth(i).press("Enter");
  }
}

it(
  "shows points for the selected projects, one point's details, a worker's route for a seeded day (distance shown) and plays it back",
  scenario(async ({ page }) => {
    await openMap(page);
    await selectAllProjects(page);
    await expect
      .poll(async () => Number(await page.getByTestId("map-count-clockedOut").textContent()) + Number(await page.getByTestId("map-count-late").textContent()))
      .toBeGreaterThan(0);
    await page.locator("[data-testid=map-view] canvas").first().waitFor();

    // A worker's point where the map drew one, clicked: its details open.
    await expect.poll(() => anyWorkerOnMap(page)).not.toBeNull();
    const worker = (await anyWorkerOnMap(page))!;
    await page.mouse.click(worker.x, worker.y);
    const details = page.getByTestId("map-details");
    await details.waitFor();
    expect(await details.getByRole("button", { name: "Show history" }).count()).toBe(1);
    expect(await details.getByText(/^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/).count()).toBeGreaterThan(0);

    // That person's history, from the details.
    await details.getByRole("button", { name: "Show history" }).click();
    await typeRange(page, dayjs().subtract(6, "day").startOf("day"), dayjs().endOf("day"));
    await page.getByRole("button", { name: "Search" }).click();
    const history = page.getByTestId("map-history");
    await history.waitFor();
    expect(await history.getByText(/^Distance: \d/).count()).toBe(1);
    // The route's Start and End are drawn and tell their time when clicked.
    for (const colour of [ROUTE_COLORS.start, ROUTE_COLORS.end]) {
      await expect.poll(() => pixelOnMap(page, colour)).not.toBeNull();
      expect(await clickColour(page, colour)).toBe(true);
      await expect.poll(async () => (await page.getByTestId("map-point-time").textContent()) ?? "").toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/);
    }
    await page.getByTestId("map-play").click();
    await expect.poll(async () => (await page.getByTestId("map-playback-time").textContent()) ?? "").toMatch(/\d\d-\d\d-\d{4} \d\d:\d\d:\d\d/);
    await expect.poll(async () => (await page.getByTestId("map-play").textContent()) ?? "").toMatch(/Pause|Play/);
  }),
);

it(
  "the same page in Indonesian",
  scenario(async ({ page }) => {
    await openMap(page);
    await page.evaluate(() => localStorage.setItem("lang", "id"));
    await page.reload();
    await page.getByRole("button", { name: "Beranda" }).waitFor();
    await selectAllProjects(page);
    expect(await page.getByText("Sudah pulang").count()).toBe(1);
    await page.getByRole("button", { name: "Riwayat" }).click();
    expect(await page.getByRole("button", { name: "Cari" }).count()).toBe(1);
  }),
);

it(
  "lists the map's seeded GIS layers and draws a hidden one from WFS when switched on",
  scenario(async ({ page }) => {
    await openMap(page);
    const ont = page.getByRole("switch", { name: "Show ONT (pelanggan)" });
    await ont.waitFor();
    expect(await ont.getAttribute("aria-checked")).toBe("false");
    const loaded = page.waitForResponse((r) => r.url().includes("/gis/wfs") && decodeURIComponent(r.url()).includes("typeNames=fieldworks:ftth_ont"));
    await ont.click();
    const answer = await loaded;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { type: string }).type).toBe("FeatureCollection");
    expect(await ont.getAttribute("aria-checked")).toBe("true");
  }),
);
