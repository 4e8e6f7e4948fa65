// The supervisor's map against the real server and the demo seed: points for the selected
// projects, one point's details, a worker's route for a seeded day, played
// back; the same page in Indonesian. Map tiles would need the internet: they are answered empty
// here (the page shows its neutral background).
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { scenario, useE2eWorld } from "./support/harness";
import { signIn } from "./support/ui";

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

/** The page position of a pixel in the clocked-out colour (#1565c0) on the map's canvases. */
function pointOnCanvas(page: Page): Promise<{ x: number; y: number } | null> {
  return page.evaluate(() => {
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>("[data-testid=map-view] canvas")) {
      const ctx = canvas.getContext("2d");
      if (!ctx) continue;
      const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const box = canvas.getBoundingClientRect();
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          if (Math.abs(data[i] - 0x15) < 6 && Math.abs(data[i + 1] - 0x65) < 6 && Math.abs(data[i + 2] - 0xc0) < 6 && data[i + 3] > 250) {
            // Skip the ring's edge: step two pixels in, still inside the 7 px circle.
            return { x: box.left + ((x + 2) * box.width) / width, y: box.top + ((y + 3) * box.height) / height };
          }
        }
    }
    return null;
  });
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

    // A point where the map drew one (the clocked-out colour), clicked: its details open.
    await expect.poll(() => pointOnCanvas(page)).not.toBeNull();
    const at = (await pointOnCanvas(page))!;
    await page.mouse.click(at.x, at.y);
    const details = page.getByTestId("map-details");
    await details.waitFor();
    expect(await details.getByRole("button", { name: "Show history" }).count()).toBe(1);
    expect(await details.getByText(/^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/).count()).toBeGreaterThan(0);

    // That person's history, from the details.
    await details.getByRole("button", { name: "Show history" }).click();
    await page.locator(".ant-picker-range").click();
    await page.getByText("Yesterday", { exact: true }).click();
    await page.getByRole("button", { name: "Search" }).click();
    const history = page.getByTestId("map-history");
    await history.waitFor();
    expect(await history.getByText(/^Distance: \d/).count()).toBe(1);
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
