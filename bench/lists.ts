// List pages benchmark: the real server (buildApp on a temporary SQLite directory with the demo
// data) serving the built app, and the demo's company admin in Chromium opening every generated
// list of the sider (the menus stored at sign-in) one after another, twice (the second round
// with every chunk loaded, as a user moving between lists). For each list it measures the
// page's main-thread work (Chromium's TaskDuration and ScriptDuration, the CPU the tab's
// renderer spent) from the address's change until the list shows its range ("1-10 of 57") or
// its empty text and no API call is out: what a slow laptop or phone spends on each list.
// Printed: each round's median and 90th percentile of the task time, the script share, and the
// slowest lists. Budget: the second round's median ≤ BUDGET_MS of main-thread work a list.
// PASS/FAIL printed; exit code 1 on a FAIL. Figures, not tests: nothing here runs in the suites.
// Usage: npm run bench:lists [-- --rounds 2]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium, type CDPSession, type Page } from "playwright-core";
import { build } from "vite";
import { ALL_RESOURCES } from "../declaration";
import { buildApp } from "../server/app";
import { RATE_LIMITS_OFF } from "../server/config";
import { DEMO_PASSWORD } from "../server/seed";
import { STORAGE_KEYS } from "../src/auth/storageKeys";
import en from "../src/i18n/en.json";
import { quantile } from "./api/stats";
import { chromiumOrExit } from "./chromium";

// A list ready in about a second on a slow machine: at most 0.6 s of the tab's own work, the rest for the network and the server.
const BUDGET_MS = 600;
const { values: args } = parseArgs({ options: { rounds: { type: "string", default: "2" } } });
const ROUNDS = Math.max(1, Number(args.rounds));

const chromePath = chromiumOrExit("bench:lists");
const root = join(import.meta.dirname, "..");
const work = mkdtempSync(join(tmpdir(), "fieldworks-bench-lists-"));
const dist = join(work, "dist");
await build({ root, logLevel: "error", build: { outDir: dist, emptyOutDir: true } });
const app = await buildApp({ env: { ...RATE_LIMITS_OFF }, dataDir: join(work, "data"), databaseUrl: "", distDir: dist, seed: "demo", logger: false });
const base = await app.listen({ port: 0, host: "127.0.0.1" });
const browser = await chromium.launch({ executablePath: chromePath, headless: true });

/** The renderer's task and script seconds so far. */
async function rendererTime(cdp: CDPSession): Promise<{ task: number; script: number }> {
  const { metrics } = (await cdp.send("Performance.getMetrics")) as { metrics: Array<{ name: string; value: number }> };
  const of = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { task: of("TaskDuration"), script: of("ScriptDuration") };
}

/** Requests to the API not answered yet (the live event stream stays open: not a call that ends). */
function inFlight(page: Page): () => number {
  const out = new Set<unknown>();
  const isCall = (url: string) => {
    const path = new URL(url).pathname;
    return path.startsWith("/api/") && path !== "/api/events";
  };
  page.on("request", (r) => void (isCall(r.url()) && out.add(r)));
  page.on("requestfinished", (r) => void out.delete(r));
  page.on("requestfailed", (r) => void out.delete(r));
  return () => out.size;
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => quantile(sorted(xs), 0.5);
const p90 = (xs: number[]) => quantile(sorted(xs), 0.9);
const range = new RegExp(`^${en.crud.table.range.replace(/\{\{\w+\}\}/g, "\\d+")}$`);
/** The routes of the generated lists (a bespoke page's list is another page). */
const generated = new Set(ALL_RESOURCES.filter((r) => !r.pages?.list).map((r) => r.route));

let exit = 0;
try {
  const page = await browser.newPage();
  const pending = inFlight(page);
  await page.goto(`${base}/#/login`);
  await page.getByLabel(en.auth.email).fill("admin@demo.test");
  await page.getByLabel(en.auth.password, { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: en.auth.signIn }).click();
  await page.waitForFunction((key) => localStorage.getItem(key), STORAGE_KEYS.menus);
  const menus = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.menus)) ?? "[]") as Array<{ url: string | null }>;
  if (!menus.length) throw new Error("the admin's sign-in stored no menus");
  const routes = menus.flatMap((m) => (m.url && generated.has(m.url) ? [m.url] : []));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  console.log(`bench:lists: the company admin's ${routes.length} generated lists, ${ROUNDS} rounds, Chromium ${browser.version()}`);
  let last: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const tasks: number[] = [];
    const scripts: number[] = [];
    const byRoute: Array<[string, number]> = [];
    for (const route of routes) {
      await page.waitForTimeout(300); // the last list's late work (polls, idle callbacks) not counted here
      const before = await rendererTime(cdp);
      await page.goto(`${base}/#${route}`);
      await page
        .getByText(range)
        .or(page.getByText(en.common.empty, { exact: true }))
        .first()
        .waitFor();
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      for (let waited = 0; pending() > 0; waited += 20) {
        if (waited > 30_000) throw new Error(`${route}: calls still out after 30 s`);
        await page.waitForTimeout(20);
      }
      const after = await rendererTime(cdp);
      const task = (after.task - before.task) * 1000;
      tasks.push(task);
      scripts.push((after.script - before.script) * 1000);
      byRoute.push([route, task]);
    }
    const slowest = byRoute
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([r, t]) => `${r} ${t.toFixed(0)} ms`)
      .join(", ");
    console.log(
      `  round ${round}: main-thread work a list: median ${median(tasks).toFixed(0)} ms, p90 ${p90(tasks).toFixed(0)} ms (script median ${median(scripts).toFixed(0)} ms); slowest: ${slowest}`,
    );
    last = tasks;
  }
  const verdict = median(last) <= BUDGET_MS;
  if (!verdict) exit = 1;
  console.log(`  ${verdict ? "PASS" : "FAIL"}  a list opened with its chunks loaded: median ${median(last).toFixed(0)} ms of main-thread work (budget ≤ ${BUDGET_MS} ms)`);
} finally {
  await browser.close();
  await app.close();
  rmSync(work, { recursive: true, force: true });
}
process.exit(exit);
