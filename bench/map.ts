// Map benchmark: builds the app (base map tiles off), serves the build, drives Chromium (software
// WebGL here) through the map page with 10,000 attendance points and a 100,000-point history
// answered in the page (page.route), and prints for each set of layers:
//   - points: ms from the attendance answer's arrival to the map's first complete render of it,
//   - route: the same for the history answer (line, Start/End/Working points, stops),
//   - pan: the median frame time while dragging the map with the points and the route shown (one
//     pointer move a frame, so each frame draws a new view).
// Sets: the page's layers (src/pages/map/parts/layerKinds.ts), then all Canvas and all WebGL with
// the same data (the bench switch: local storage `map-bench-layers`). Budgets apply to the
// page's layers: ≤ 1,000 ms to render, pan frames ≤ 33 ms median. Exit code 1 when one fails.
// Figures are software-rendered on a shared machine: compare them with each other.
// Usage: npm run bench:map [-- --no-build (reuse the last bench build)] [-- --only page|canvas|webgl]
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Browser, type Page, type Route } from "playwright-core";
import { chromiumOrExit } from "./chromium";
import { build } from "vite";
import { BENCH_LAYERS_KEY } from "../src/pages/map/parts/layerKinds";
import { MAP_MARKS } from "../src/pages/map/renderMarks";
import { MAP_STORE_KEY, MAP_STORE_VERSION } from "../src/pages/map/store/mapStore";
import { serve } from "./staticServer";

const ROOT = resolve(import.meta.dirname, "..");
const DIST = join(tmpdir(), "fieldworks-bench-map-dist");
const BUDGET = { renderMs: 1000, panFrameMs: 33 };
const POINTS = 10_000;
const HISTORY = 100_000;
const WORKER = { id: 1, name: "Bench worker" };
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];

// ---- data: deterministic, over greater Jakarta ---------------------------------------------------
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const AREA = { west: 106.65, east: 107.05, south: -6.4, north: -6.05 };
const STATUSES = ["present", "present", "late", "absent", "leave"];

function attendancePoints(): Record<string, unknown>[] {
  const r = random(7);
  return Array.from({ length: POINTS }, (_, i) => {
    const status = STATUSES[i % STATUSES.length];
    const present = status === "present" || status === "late";
    return {
      user_id: i + 1,
      name: i === 0 ? WORKER.name : `Worker ${i + 1}`,
      clock_in: present ? "2026-11-20T08:05:09" : null,
      clock_in_loc: present ? `Site ${i % 97}` : null,
      clock_out: present && i % 3 === 0 ? "2026-11-20T17:01:00" : null,
      clock_out_loc: null,
      image_selfie: null,
      projects: "Bench project",
      presence_status: status,
      wp_lon: AREA.west + r() * (AREA.east - AREA.west),
      wp_lat: AREA.south + r() * (AREA.north - AREA.south),
    };
  });
}

/** A day's wander across the area (one point every 0.8 s), halting now and then (stops). */
function history(): Record<string, unknown>[] {
  const r = random(11);
  const start = Date.parse("2026-11-20T00:00:00Z");
  const cx = (AREA.west + AREA.east) / 2;
  const cy = (AREA.south + AREA.north) / 2;
  const out: Record<string, unknown>[] = [];
  let halt = 0;
  let lon = cx;
  let lat = cy;
  for (let i = 0; i < HISTORY; i++) {
    if (halt > 0) halt--;
    else if (r() < 0.0002) halt = 600 + Math.floor(r() * 900);
    else {
      const t = i / HISTORY;
      lon = cx + 0.17 * Math.sin(2 * Math.PI * 3 * t) + (r() - 0.5) * 0.0004;
      lat = cy + 0.14 * Math.sin(2 * Math.PI * 2 * t + 0.7) + (r() - 0.5) * 0.0004;
    }
    out.push({ user_id: WORKER.id, lon: lon.toFixed(6), lat: lat.toFixed(6), wptime: new Date(start + i * 800).toISOString() });
  }
  return out;
}

// ---- the page's API, answered in the page -------------------------------------------------------
function answerer(points: string, route: string) {
  return async (r: Route): Promise<void> => {
    const path = new URL(r.request().url()).pathname;
    const json = (body: string) => r.fulfill({ status: 200, contentType: "application/json", body });
    if (path.endsWith("/api/map-monitoring/search")) return json(points);
    if (path.endsWith("/api/waypoint/search")) return json(route);
    if (path.endsWith("/api/project/search")) return json(JSON.stringify({ status: true, data: [{ id: 1, name: "Bench project" }], recordsTotal: 1, recordsFiltered: 1 }));
    if (path.endsWith("/search")) return json(JSON.stringify({ status: true, data: [], recordsTotal: 0, recordsFiltered: 0 }));
    return json(JSON.stringify({ status: true, data: [] }));
  };
}

const menu = (id: number, alias: string) => ({ id, name: alias, alias, url: `/${alias}`, icon: null, order: id, parent_id: null, can_add: true, can_edit: true, can_delete: true });

/** A signed-in supervisor with the map open on one project and the routing bar shown. */
function storage(layers: string | null): Record<string, string> {
  const mapState = { openLeft: true, openRight: false, routingBarVisible: true, selectedProjectIds: [1], projectTree: [], userPoints: [], selectedFeature: null };
  return {
    token: "bench-token",
    role: "Supervisor",
    role_type: "supervisor",
    lang: "en",
    user: JSON.stringify({ id: 9, name: "Bench supervisor", email: "supervisor@demo.test", company_id: 1, photo: null }),
    menus: JSON.stringify([menu(1, "map-monitoring"), menu(2, "project")]),
    [MAP_STORE_KEY]: JSON.stringify({ state: mapState, version: MAP_STORE_VERSION }),
    ...(layers ? { [BENCH_LAYERS_KEY]: layers } : {}),
  };
}

// ---- measuring ----------------------------------------------------------------------------------
/** ms between two user-timing marks, once the second exists. */
async function between(page: Page, from: string, to: string): Promise<number> {
  const handle = await page.waitForFunction(
    ([a, b]) => {
      const start = performance.getEntriesByName(a).at(-1);
      const end = performance.getEntriesByName(b).at(-1);
      return start && end && end.startTime >= start.startTime ? end.startTime - start.startTime : null;
    },
    [from, to],
    { timeout: 120_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

/** Drags the map for 120 animation frames, one pointer move per frame (dispatched in the page, so
 *  every frame has a new view to draw), and answers the median interval between those frames. */
async function panFrameMedian(page: Page): Promise<{ median: number; frames: number }> {
  // A string: tsx would wrap named inner functions in a helper the page does not have.
  const times = (await page.evaluate(`(async () => {
    const el = document.querySelector("[data-testid=map-view] .ol-viewport");
    const r = el.getBoundingClientRect();
    const x0 = r.left + r.width * 0.6, y0 = r.top + r.height * 0.5;
    const at = (x, y, buttons) => ({ clientX: x, clientY: y, pointerId: 1, isPrimary: true, pointerType: "mouse", button: 0, buttons, bubbles: true, cancelable: true, view: window });
    el.dispatchEvent(new PointerEvent("pointerdown", at(x0, y0, 1)));
    const times = [];
    await new Promise((done) => {
      const step = (t) => {
        times.push(t);
        const dx = 120 * Math.sin((times.length / 60) * 2 * Math.PI);
        el.dispatchEvent(new PointerEvent("pointermove", at(x0 + dx, y0 + dx / 3, 1)));
        // At most 120 frames or 30 s (software WebGL can take seconds a frame).
        if (times.length < 121 && t - times[0] < 30000) requestAnimationFrame(step); else done();
      };
      requestAnimationFrame(step);
    });
    el.dispatchEvent(new PointerEvent("pointerup", at(x0, y0, 0)));
    return times;
  })()`)) as number[];
  const gaps = times
    .slice(1)
    .map((t, i) => t - times[i])
    .sort((a, b) => a - b);
  return { median: gaps[Math.floor(gaps.length / 2)] ?? Number.NaN, frames: gaps.length };
}

interface Figures {
  pointsMs: number;
  routeMs: number;
  panMs: number;
  panFrames: number;
}

const step = (text: string) => console.log(`  ${text}`);

async function measure(browser: Browser, base: string, layers: string | null, api: (r: Route) => Promise<void>): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-US", serviceWorkers: "block" });
  try {
    // Generous: all-WebGL keeps the page busy for many seconds building its buffers.
    context.setDefaultTimeout(180_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await context.addInitScript((entries) => {
      if (sessionStorage.getItem("bench-seeded")) return;
      sessionStorage.setItem("bench-seeded", "1");
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, storage(layers));
    await page.route(/\/(api|legacy|map-service|gis)\//, api);
    await page.goto(`${base}#/map/view`);
    const pointsMs = await between(page, MAP_MARKS.pointsAnswered, MAP_MARKS.pointsDrawn);
    step(`points drawn in ${Math.round(pointsMs)} ms`);
    await page.waitForTimeout(500);
    const panPoints = await panFrameMedian(page);
    step(`pan frame median, points only: ${Math.round(panPoints.median)} ms`);

    // The worker's history from the routing bar.
    const user = page.getByRole("combobox", { name: "Staff member" });
    await user.click();
    await user.fill(WORKER.name);
    // The first match is active in antd's (virtual) list: Enter picks it.
    await page.getByRole("option", { name: WORKER.name, exact: true }).waitFor({ state: "attached" });
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Search" }).click();
    const routeMs = await between(page, MAP_MARKS.routeAnswered, MAP_MARKS.routeDrawn);
    step(`route drawn in ${Math.round(routeMs)} ms`);

    await page.waitForTimeout(500);
    const pan = await panFrameMedian(page);
    step(`pan frame median ${Math.round(pan.median)} ms over ${pan.frames} frames`);
    if (errors.length) console.log(`  page errors (${layers ?? "page"}): ${errors.join("; ")}`);
    return { pointsMs, routeMs, panMs: pan.median, panFrames: pan.frames };
  } finally {
    await context.close();
  }
}

const SETS: { key: string; label: string; layers: string | null }[] = [
  { key: "page", label: "page's layers (points, line and Working points as images; Canvas Start/End/stops, marker)", layers: null },
  { key: "canvas", label: "all Canvas", layers: "canvas" },
  { key: "webgl", label: "all WebGL", layers: "webgl" },
  { key: "image", label: "all Canvas images (VectorImage)", layers: "image" },
];

async function main(): Promise<void> {
  const chrome = chromiumOrExit("npm run bench:map");
  if (!process.argv.includes("--no-build")) {
    console.log("vite build (base map off) ...");
    process.env.VITE_BASEMAP_URL = "none";
    await build({ root: ROOT, logLevel: "warn", build: { outDir: DIST, emptyOutDir: true } });
  }
  const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : null;
  const api = answerer(JSON.stringify({ status: true, data: attendancePoints() }), JSON.stringify({ status: true, data: history() }));
  const server = await serve(DIST);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await chromium.launch({ executablePath: chrome, args: ARGS });
  const results = new Map<string, Figures>();
  try {
    for (const set of SETS) {
      if (only && set.key !== only) continue;
      console.log(`measuring ${set.label} ...`);
      try {
        results.set(set.key, await measure(browser, base, set.layers, api));
      } catch (e) {
        console.log(`  ${set.key}: not measured (${String((e as Error).message ?? e).split("\n")[0]})`);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }

  const ms = (n: number) => `${Math.round(n)} ms`.padStart(9);
  console.log(`\n${POINTS.toLocaleString("en")} points, ${HISTORY.toLocaleString("en")}-point route, 1440x900, headless Chromium (software WebGL)`);
  console.log(`${"layers".padEnd(14)}${"points".padStart(9)}${"route".padStart(9)}${"pan frame".padStart(11)}  (median of n frames)`);
  for (const set of SETS) {
    const f = results.get(set.key);
    if (f) console.log(`${set.key.padEnd(14)}${ms(f.pointsMs)}${ms(f.routeMs)}  ${ms(f.panMs)}  (n=${f.panFrames})`);
  }
  let failed = false;
  const page = results.get("page");
  if (!page) failed = true;
  else {
    console.log("");
    const verdict = (name: string, value: number, budget: number) => {
      const pass = value <= budget;
      failed ||= !pass;
      console.log(`${pass ? "PASS" : "FAIL"}  ${name}: ${Math.round(value)} ms of ${budget} ms`);
    };
    verdict("page's layers, points render", page.pointsMs, BUDGET.renderMs);
    verdict("page's layers, route render", page.routeMs, BUDGET.renderMs);
    verdict("page's layers, pan frame (median)", page.panMs, BUDGET.panFrameMs);
  }
  process.exit(failed ? 1 : 0);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
