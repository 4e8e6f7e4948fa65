// The supervisor's map against the real server and the demo seed: points for the selected
// projects, one point's details, a worker's route over the seeded week (its figures, its marks,
// playback), a search that finds nothing, the range picker on a phone, the legend's states and
// a last-known place's age (English and Indonesian), the GIS layers, and axe over the page with
// a route and both panels shown. Map tiles would need the internet: they are answered empty here
// (the page shows its neutral background). Points and marks are drawn on canvases: they are found
// by their colour in a screenshot and clicked there.
import dayjs from "dayjs";
import { describe, expect, it, onTestFinished } from "vitest";
import type { Page } from "playwright-core";
import en from "../../src/i18n/en.json";
import id from "../../src/i18n/id.json";
import { STORAGE_KEYS } from "../../src/auth/storageKeys";
import { resourceByName } from "../../declaration";
import { USERS } from "../../server/access/identity";
import type { Db } from "../../server/db/connection";
import { seriousViolations, violationReport } from "./support/axe";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, notice, signIn, userByEmail } from "./support/ui";
import { PRESENCE_COLORS, PRESENCE_GROUPS, ROUTE_COLORS, STALE_FILL } from "../../src/pages/map/parts/pointStyles";
import { DATETIME_FORMAT } from "../../src/lib/format";
import { formatDateTime, wallNow } from "../../src/lib/zonedTime";

useE2eWorld();

const TEXTS = { en, id } as const;
type Lang = keyof typeof TEXTS;
const WAYPOINT = resourceByName("waypoint").table;
const PRESENCE = resourceByName("presence").table;
const PROJECT = resourceByName("project").table;
const COMPANY = resourceByName("company-management").table;

/** The seed's week: 6 days ago to today's end, so routes are found whatever day and hour it runs. */
// The seeded week's whole days: up to yesterday's end. Today's track depends on the hour (before
// the shift starts a worker's last point is the morning's arrival at the site, where the week
// began too), so a route through today would be another route at every hour.
const weekStart = () => dayjs().subtract(7, "day").startOf("day");
const weekEnd = () => dayjs().subtract(1, "day").endOf("day");

/** A time as the page shows it: on a site's clock, with its zone's abbreviation where the browser is in another zone. */
const TIME = "\\d\\d-\\d\\d-\\d{4} \\d\\d:\\d\\d:\\d\\d(?: WIB| WITA| WIT)?";

/** The zone a worker's route is shown in: the site of their latest presence (its project's zone), else the company's. */
async function siteZoneOf(db: Db, userId: number): Promise<string> {
  const latest = await db
    .selectFrom(`${PRESENCE} as p`)
    .leftJoin(`${PROJECT} as pr`, "pr.id", "p.project_id")
    .innerJoin(`${COMPANY} as c`, "c.id", "p.company_id")
    .select(["pr.time_zone as site", "c.time_zone as company"])
    .where("p.user_id", "=", userId)
    .orderBy("p.presence_date", "desc")
    .orderBy("p.clock_in", "desc")
    .executeTakeFirst();
  return (latest?.site as string | null) || (latest?.company as string | null) || "Asia/Jakarta";
}

/** A control by its visible name (an icon's own name may come first). */
const named = (text: string) => new RegExp(`(^|\\s)${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

async function openMap(page: Page, lang: Lang = "en"): Promise<void> {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204, body: "" }));
  await signIn(page, ACCOUNTS.supervisor);
  if (lang !== "en") await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.lang, lang]);
  await page.goto("/#/map/view");
  if (lang !== "en") await page.reload();
  await page.getByRole("link", { name: named(TEXTS[lang].map.home) }).waitFor();
}

/** Checks every project of the tree (a tap on a name checks it) and waits for their points. */
async function selectAllProjects(page: Page): Promise<void> {
  const names = page.getByRole("tree").locator(".ant-tree-title");
  await names.first().waitFor();
  for (let i = 0; i < (await names.count()); i++) await names.nth(i).click();
  await expect
    .poll(async () => Number(await page.getByTestId("map-count-clockedIn").textContent()) + Number(await page.getByTestId("map-count-late").textContent()))
    .toBeGreaterThan(0);
  await page.locator("[data-testid=map-view] canvas").first().waitFor();
}

/** Pixels of this colour drawn on the map right of the docked left panel (read from a
 *  screenshot: the layers are canvases), as page positions. */
async function pixelsOnMap(page: Page, hex: string, all: boolean): Promise<{ x: number; y: number }[]> {
  const map = (await page.getByTestId("map-view").boundingBox())!;
  const panel = (await page.getByRole("complementary").count()) ? await page.getByRole("complementary").first().boundingBox() : null;
  const left = panel && panel.x <= map.x + 1 ? Math.max(map.x, panel.x + panel.width) : map.x;
  const clip = { x: left, y: map.y, width: map.x + map.width - left, height: map.height };
  const png = (await page.screenshot({ clip })).toString("base64");
  const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const hits = await page.evaluate(
    async ([b64, [r, g, b], every]) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: "image/png" }));
      const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext("2d")!;
      ctx.drawImage(bitmap, 0, 0);
      const { data, width, height } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      const near = (i: number) => Math.abs(data[i] - r) < 6 && Math.abs(data[i + 1] - g) < 6 && Math.abs(data[i + 2] - b) < 6;
      const out: { x: number; y: number }[] = [];
      // Two pixels inside the colour's edge (a pixel 3 down and 2 right has it too): antialiased
      // edges of other shapes do not count.
      for (let y = 0; y < height - 3; y++)
        for (let x = 0; x < width - 2; x++) {
          if (near((y * width + x) * 4) && near(((y + 3) * width + x + 2) * 4)) {
            out.push({ x: x + 2, y: y + 3 });
            if (!every) return out;
          }
        }
      return out;
    },
    [png, rgb, all] as const,
  );
  return hits.map((h) => ({ x: clip.x + h.x, y: clip.y + h.y }));
}

/** A pixel of this colour on the map, or null when it drew none. */
const pixelOnMap = async (page: Page, hex: string) => (await pixelsOnMap(page, hex, false))[0] ?? null;

/** The middle of everything drawn in this colour (one mark: its centre, even under another). */
async function centreOf(page: Page, hex: string): Promise<{ x: number; y: number } | null> {
  const all = await pixelsOnMap(page, hex, true);
  if (!all.length) return null;
  return { x: all.reduce((s, p) => s + p.x, 0) / all.length, y: all.reduce((s, p) => s + p.y, 0) / all.length };
}

/** Types a time range into the routing bar's range picker (the app's DATETIME_FORMAT). */
async function typeRange(page: Page, from: dayjs.Dayjs, to: dayjs.Dayjs): Promise<void> {
  const inputs = page.locator(".ant-picker-range input");
  const popup = page.locator(".map-range-popup:not(.ant-picker-dropdown-hidden)");
  const wanted = [from.format(DATETIME_FORMAT), to.format(DATETIME_FORMAT)];
  const state = async () => [await inputs.nth(0).inputValue(), await inputs.nth(1).inputValue(), (await popup.count()) > 0 ? "open" : "closed"];
  // Both inputs typed (an end that already shows the wanted text is typed too: Enter on it is
  // what confirms the range and closes the popup), again until the range is the picker's
  // value: the picker is remade when the routing zone becomes known (another zone, other
  // pickers), and a half-typed range is lost with it.
  await expect
    .poll(
      async () => {
        const now = await state();
        if (now[0] === wanted[0] && now[1] === wanted[1] && now[2] === "closed") return now;
        for (const [i, text] of wanted.entries()) {
          await inputs.nth(i).click();
          await inputs.nth(i).fill(text);
          await inputs.nth(i).press("Enter");
        }
        await popup.waitFor({ state: "detached", timeout: 2_000 }).catch(() => undefined);
        return state();
      },
      { timeout: 30_000 },
    )
    .toEqual([...wanted, "closed"]);
}

/** Picks a staff member in the routing bar (opened if hidden) by name. */
async function pickStaff(page: Page, name: string, lang: Lang = "en"): Promise<void> {
  const user = page.getByRole("combobox", { name: TEXTS[lang].map.routing.user });
  if (!(await user.count())) await page.getByRole("button", { name: named(TEXTS[lang].map.toggleRouting) }).click();
  await user.click();
  await user.fill(name);
  // The first match is active in antd's (virtual) list: Enter picks it.
  await page.getByRole("option", { name, exact: true }).waitFor({ state: "attached" });
  await page.keyboard.press("Enter");
}

/** Metres between two lon/lat points (equirectangular: ample at a site's scale). */
const metres = (a: { lon: number; lat: number }, b: { lon: number; lat: number }) =>
  Math.hypot((a.lon - b.lon) * Math.cos(((a.lat + b.lat) / 2) * (Math.PI / 180)), a.lat - b.lat) * 111_195;

type Waypoint = { lon: number; lat: number; wptime: number };

/** A worker of the supervisor's company with a GPS track over the seeded week whose first and last
 *  points (the route's Start and End) lie apart, so each mark can be clicked on its own. */
async function routeWorker(db: Db): Promise<{ id: number; name: string; start: Waypoint; end: Waypoint }> {
  const { company_id } = await userByEmail(db, ACCOUNTS.supervisor);
  const tracked = await db
    .selectFrom(`${WAYPOINT} as w`)
    .innerJoin(`${USERS.table} as u`, "u.id", "w.user_id")
    .select(["u.id", "u.name", (eb) => eb.fn.countAll<number>().as("n")])
    .where("w.company_id", "=", company_id)
    .where("w.wptime", ">=", weekStart().valueOf())
    .where("w.wptime", "<=", weekEnd().valueOf())
    .groupBy(["u.id", "u.name"])
    .orderBy("n", "desc")
    .execute();
  const point = async (userId: number, last: boolean): Promise<Waypoint> => {
    const r = await db
      .selectFrom(WAYPOINT)
      .select(["lon", "lat", "wptime"])
      .where("user_id", "=", userId)
      .where("wptime", ">=", weekStart().valueOf())
      .where("wptime", "<=", weekEnd().valueOf())
      .orderBy("wptime", last ? "desc" : "asc")
      .executeTakeFirstOrThrow();
    return { lon: Number(r.lon), lat: Number(r.lat), wptime: Number(r.wptime) };
  };
  for (const w of tracked) {
    const [start, end] = [await point(Number(w.id), false), await point(Number(w.id), true)];
    if (metres(start, end) > 300) return { id: Number(w.id), name: String(w.name), start, end };
  }
  throw new Error("no worker's week starts and ends 300 m apart");
}

/** Searches the worker's history over the seeded week and waits for the route's panel. */
async function showWeekRoute(page: Page, name: string, lang: Lang = "en"): Promise<void> {
  await pickStaff(page, name, lang);
  await typeRange(page, weekStart(), weekEnd());
  await page.getByRole("button", { name: TEXTS[lang].map.routing.search }).click();
  await page.getByTestId("map-history").waitFor();
  await expect.poll(() => pixelOnMap(page, ROUTE_COLORS.end)).not.toBeNull();
}

const minutesIn = (text: string | null) => Number(/(\d+)/.exec(text ?? "")?.[1] ?? Number.NaN);

it(
  "shows points for the selected projects and one point's details, then that worker's route: its Start and End tell their own times",
  scenario(async ({ page, db }) => {
    await openMap(page);
    await selectAllProjects(page);
    const worker = await routeWorker(db);

    // A worker's point where the map drew one, clicked: its details open.
    let at: { x: number; y: number } | null = null;
    // Any state's colour: before the shift starts everyone's point is an earlier day's (clocked
    // out mostly), and one state's few points may lie under others.
    await expect
      .poll(async () => {
        for (const group of PRESENCE_GROUPS) if ((at = await pixelOnMap(page, PRESENCE_COLORS[group]))) break;
        return at;
      })
      .not.toBeNull();
    await page.mouse.click(at!.x, at!.y);
    const details = page.getByTestId("map-details");
    await details.waitFor();
    expect(await details.getByRole("button", { name: "Show history" }).count()).toBe(1);
    expect(await details.getByText(new RegExp(`^${TIME}$`)).count()).toBeGreaterThan(0);

    await showWeekRoute(page, worker.name);
    expect(
      await page
        .getByTestId("map-history")
        .getByText(/^Distance: \d+\.\d\d km$/)
        .count(),
    ).toBe(1);
    // Start and End each tell their own time when clicked: the week's first and last points.
    for (const [colour, point] of [
      [ROUTE_COLORS.start, worker.start],
      [ROUTE_COLORS.end, worker.end],
    ] as const) {
      const mark = (await centreOf(page, colour))!;
      await page.mouse.click(mark.x, mark.y);
      // On the clock of the worker's site.
      const zone = await siteZoneOf(db, worker.id);
      await expect.poll(async () => (await page.getByTestId("map-point-time").textContent()) ?? "").toBe(formatDateTime(point.wptime, zone));
    }
  }),
);

it(
  "plays the route back: the button says Pause while the marker moves and Play once paused",
  scenario(async ({ page, db }) => {
    await openMap(page);
    await selectAllProjects(page);
    await showWeekRoute(page, (await routeWorker(db)).name);
    const play = page.getByTestId("map-play");
    const time = page.getByTestId("map-playback-time");
    expect(await play.textContent()).toBe("Play");
    const before = await time.textContent();
    await page.locator(".ant-select", { has: page.getByRole("combobox", { name: "Speed" }) }).click();
    await page.getByTitle("60×", { exact: true }).click();
    await play.click();
    await expect.poll(() => play.textContent()).toBe("Pause");
    await expect.poll(() => time.textContent()).not.toBe(before);
    expect(await time.textContent()).toMatch(new RegExp(`^Marker time: ${TIME}$`));
    await play.click();
    await expect.poll(() => play.textContent()).toBe("Play");
  }),
);

it(
  "a route over the seeded week: the nights are time without data, not stops",
  scenario(async ({ page, db }) => {
    await openMap(page);
    await selectAllProjects(page);
    const worker = await routeWorker(db);
    await showWeekRoute(page, worker.name);
    const history = page.getByTestId("map-history");
    // A seeded day is 08:00-17:00: no stop lasts longer than a working day.
    const stops = await history.getByRole("listitem").allTextContents();
    for (const s of stops) expect(Number(/· (\d+) min$/.exec(s)?.[1]), s).toBeLessThanOrEqual(9 * 60);
    // Every night between the days with data is time without data (more than 12 h each). How
    // many days the range holds depends on the hour (the range is in whole days of the test's
    // clock, the seed's days are the site's), so they are counted from the database.
    const times = await db
      .selectFrom(WAYPOINT)
      .select("wptime")
      .where("user_id", "=", worker.id)
      .where("wptime", ">=", weekStart().valueOf())
      .where("wptime", "<=", weekEnd().valueOf())
      .execute();
    const days = new Set(times.map((w) => new Date(Number(w.wptime) + 7 * 3600_000).toISOString().slice(0, 10))).size; // WIB days
    expect(days).toBeGreaterThanOrEqual(4);
    expect(minutesIn(await page.getByTestId("map-no-data").textContent())).toBeGreaterThan((days - 1) * 12 * 60);
  }),
);

it(
  "a search that finds nothing takes the shown route away and warns",
  scenario(async ({ page, db }) => {
    await openMap(page);
    await selectAllProjects(page);
    const worker = await routeWorker(db);
    await showWeekRoute(page, worker.name);
    // A year before the seed: no waypoint.
    await typeRange(page, weekStart().subtract(1, "year"), weekEnd().subtract(1, "year"));
    await page.getByRole("button", { name: "Search" }).click();
    await notice(page, en.errors.historyNotFound).waitFor();
    expect(await page.getByTestId("map-history").count()).toBe(0);
    await expect.poll(() => pixelOnMap(page, ROUTE_COLORS.end)).toBeNull();
    expect(await pixelOnMap(page, ROUTE_COLORS.start)).toBeNull();
  }),
);

it(
  "the route's End takes the click over another worker's point beneath it",
  scenario(async ({ page, db }) => {
    const worker = await routeWorker(db);
    // Another worker (one off sick today, placed by their latest GPS point) last seen exactly
    // where the route ends.
    const { company_id } = await userByEmail(db, ACCOUNTS.supervisor);
    const sick = await db
      .selectFrom(`${PRESENCE} as p`)
      .innerJoin(`${USERS.table} as u`, "u.id", "p.user_id")
      .select(["u.id", "u.name"])
      .where("p.company_id", "=", company_id)
      .where("p.presence_status", "=", "sick")
      .where("p.presence_date", "=", dayjs().format("YYYY-MM-DD"))
      .executeTakeFirstOrThrow();
    const placed = await db
      .insertInto(WAYPOINT)
      .values({ user_id: sick.id, company_id, wptime: Date.now() - 60_000, lon: worker.end.lon, lat: worker.end.lat })
      .returning("id")
      .executeTakeFirstOrThrow();
    try {
      await openMap(page);
      await selectAllProjects(page);
      await showWeekRoute(page, worker.name);
      const end = (await centreOf(page, ROUTE_COLORS.end))!;
      await page.mouse.click(end.x, end.y);
      await expect.poll(async () => (await page.getByTestId("map-point-time").textContent()) ?? "").toBe(formatDateTime(worker.end.wptime, await siteZoneOf(db, worker.id)));
      // No point beneath was selected.
      expect(await page.getByTestId("map-details").count()).toBe(0);
      expect(await page.getByText(String(sick.name), { exact: true }).count()).toBe(0);
    } finally {
      await db.deleteFrom(WAYPOINT).where("id", "=", placed.id).execute();
    }
  }),
);

it(
  "the range picker fits a 390 px phone: its quick ranges and OK are on screen and pick a range",
  scenario(async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openMap(page);
    // On a phone the left panel is a drawer over the map: close it.
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: named("History") }).click();
    const inputs = page.locator(".ant-picker-range input");
    await inputs.first().click();
    const popup = page.locator(".ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-panel-container");
    await popup.waitFor();
    const within = async (what: string, box: { x: number; y: number; width: number; height: number } | null) => {
      expect(box, what).not.toBeNull();
      expect(box!.x, `${what} left`).toBeGreaterThanOrEqual(0);
      expect(box!.y, `${what} top`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${what} right`).toBeLessThanOrEqual(390);
      expect(box!.y + box!.height, `${what} bottom`).toBeLessThanOrEqual(844);
    };
    await within("picker", await popup.boundingBox());
    for (const quick of ["Today", "Yesterday", "This week"]) await within(quick, await popup.getByText(quick, { exact: true }).boundingBox());
    const ok = popup.getByRole("button", { name: "OK" });
    await within("OK", await ok.boundingBox());

    // A range from the calendar: the 1st of the month to today, each confirmed with OK.
    const first = dayjs().startOf("month");
    await popup.locator(`td[title="${first.format("YYYY-MM-DD")}"]`).click();
    await ok.click();
    await popup.locator(`td[title="${dayjs().format("YYYY-MM-DD")}"]`).click();
    await ok.click();
    await expect.poll(() => inputs.first().inputValue()).toBe(first.format("DD-MM-YYYY 00:00:00"));
    expect(await inputs.nth(1).inputValue()).toMatch(new RegExp(`^${dayjs().format("DD-MM-YYYY")} \\d\\d:\\d\\d:\\d\\d$`));

    // A quick range: yesterday, whole: the company's yesterday (no worker picked), whatever the browser's zone.
    await inputs.first().click();
    await popup.getByText("Yesterday", { exact: true }).click();
    const yesterday = wallNow("Asia/Jakarta").subtract(1, "day");
    await expect.poll(() => inputs.first().inputValue()).toBe(yesterday.format("DD-MM-YYYY 00:00:00"));
    expect(await inputs.nth(1).inputValue()).toBe(yesterday.format("DD-MM-YYYY 23:59:59"));
  }),
);

describe.each(["en", "id"] as const)("in %s", (lang) => {
  const texts = TEXTS[lang];

  it(
    "every state has its own colour in the legend; a last-known place is greyed and tells its age",
    scenario(async ({ page, db }) => {
      // A worker on leave today is placed by their latest GPS point: one from 30 hours ago, a
      // little apart from everyone (so no other point covers it).
      const { company_id } = await userByEmail(db, ACCOUNTS.supervisor);
      const onLeave = await db
        .selectFrom(PRESENCE)
        .select("user_id")
        .where("company_id", "=", company_id)
        .where("presence_status", "=", "leave")
        .where("presence_date", "=", dayjs().format("YYYY-MM-DD"))
        .executeTakeFirstOrThrow();
      const last = await db.selectFrom(WAYPOINT).select(["lon", "lat"]).where("user_id", "=", onLeave.user_id).orderBy("wptime", "desc").executeTakeFirstOrThrow();
      const placed = await db
        .insertInto(WAYPOINT)
        .values({ user_id: onLeave.user_id, company_id, wptime: Date.now() - 30 * 3_600_000, lon: Number(last.lon), lat: Number(last.lat) + 0.004 })
        .returning("id")
        .executeTakeFirstOrThrow();
      onTestFinished(async () => {
        await db.deleteFrom(WAYPOINT).where("id", "=", placed.id).execute();
      });

      await openMap(page, lang);
      await selectAllProjects(page);
      expect(await page.getByText(texts.map.presence.clockedOut, { exact: true }).count()).toBe(1);
      await page.getByText(texts.map.legendStale.replace("{{hours}}", "12"), { exact: true }).waitFor();
      await expect.poll(async () => Number(await page.getByTestId("map-count-stale").textContent())).toBeGreaterThan(0);
      let at: { x: number; y: number } | null = null;
      await expect.poll(async () => (at = await pixelOnMap(page, STALE_FILL))).not.toBeNull();
      await page.mouse.click(at!.x, at!.y);
      // "1d ago" / "1 h lalu" (or more days for another greyed point): Intl's words in the page's language.
      const daysAgo = await page.evaluate((l) => new Intl.RelativeTimeFormat(l, { style: "narrow" }).format(-7, "day"), lang);
      const age = new RegExp(`^${TIME}, ${daysAgo.replace("7", "\\d+")} · ${texts.map.details.source.waypoint}$`);
      await expect.poll(async () => (await page.getByTestId("map-last-seen").textContent()) ?? "").toMatch(age);

      // With a route: its marks join the legend, every swatch a colour of its own.
      await showWeekRoute(page, (await routeWorker(db)).name, lang);
      const swatches = page.getByTestId("map-legend").locator("[data-testid^=map-swatch-]");
      const colours = await swatches.evaluateAll((all) => all.map((s) => getComputedStyle(s).backgroundColor));
      expect(colours.length).toBe(9);
      expect(new Set(colours).size).toBe(colours.length);
      expect(await page.getByText(texts.map.legendRoute.stop, { exact: true }).count()).toBe(1);
    }),
  );

  it(
    "axe finds nothing serious with a route shown and both panels open",
    scenario(async ({ page, db }) => {
      // A late worker, a little apart from everyone: their details (the state's tag in Late's
      // orange, the faintest colour) are part of the page checked. The point is the newest place:
      // a position of now moves it apart (else it is their latest GPS point, which before today's
      // clock-in is the week route's End, drawn over it).
      const worker = await routeWorker(db);
      const { company_id } = await userByEmail(db, ACCOUNTS.supervisor);
      const latest = await db
        .selectFrom(PRESENCE)
        .select(["id", "presence_status", "clock_in_geo"])
        .where("company_id", "=", company_id)
        .where("user_id", "=", worker.id)
        .orderBy("presence_date", "desc")
        .orderBy("clock_in", "desc")
        .executeTakeFirstOrThrow();
      await db
        .updateTable(PRESENCE)
        .set({ presence_status: "late", clock_in_geo: JSON.stringify([worker.end.lon, worker.end.lat + 0.004]) })
        .where("id", "=", latest.id)
        .execute();
      const apart = { company_id, user_id: worker.id, wptime: Date.now(), lon: worker.end.lon, lat: worker.end.lat + 0.004 };
      await db.insertInto(WAYPOINT).values(apart).execute();
      onTestFinished(async () => {
        await db.updateTable(PRESENCE).set({ presence_status: latest.presence_status, clock_in_geo: latest.clock_in_geo }).where("id", "=", latest.id).execute();
        await db.deleteFrom(WAYPOINT).where("user_id", "=", worker.id).where("wptime", "=", apart.wptime).execute();
      });

      await openMap(page, lang);
      await selectAllProjects(page);
      await showWeekRoute(page, worker.name, lang);
      let at: { x: number; y: number } | null = null;
      await expect.poll(async () => (at = await pixelOnMap(page, PRESENCE_COLORS.late))).not.toBeNull();
      await page.mouse.click(at!.x, at!.y);
      await page.getByTestId("map-details").getByText(texts.map.presence.late, { exact: true }).waitFor();
      await page.getByRole("complementary", { name: texts.map.rightPanel }).waitFor();
      // The page at rest: not a button under the mouse in its hover colour.
      const map = (await page.getByTestId("map-view").boundingBox())!;
      await page.mouse.move(map.x + map.width / 2, map.y + map.height - 4);
      const violations = await seriousViolations(page);
      expect(
        violations.map((v) => v.id),
        violationReport(violations),
      ).toEqual([]);
    }),
  );
});

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
