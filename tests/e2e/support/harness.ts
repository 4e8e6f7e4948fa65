// One e2e file's world: the shared build, the real server on a fresh demo database, started in
// beforeAll and torn down in afterAll (failed tests included), and the worker's Chromium. Each test
// is a `scenario`: it gets its own browser context (own local storage), fails on page errors it
// did not expect, and leaves screenshots of its pages in a temporary directory when it fails.
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, type TestContext } from "vitest";
import type { Db } from "../../../server/db/connection";
import { launchBrowser, noBrowserLine, openPage, type ObservedPage, type Problem } from "./browser";
import { builtWebApp } from "./build";
import { startServer, type E2eServer, type ServerOptions } from "./server";

export interface Scenario {
  page: Page;
  context: BrowserContext;
  server: E2eServer;
  db: Db;
  baseUrl: string;
  /** Console errors this scenario causes on purpose (e.g. Chromium's line for a 401 answer). */
  expectConsoleErrors(...patterns: RegExp[]): void;
  /** Another page in a context of its own (another user), recorded like the first; `options` change its context. */
  openAnotherPage(options?: BrowserContextOptions): Promise<Page>;
}

export interface ScenarioOptions {
  /** The first page's context: a phone's viewport, `geolocation` and `permissions`, `timezoneId`... */
  context?: BrowserContextOptions;
}

/** Chromium's console line for an answer with this HTTP status. */
export const statusLine = (status: number): RegExp => new RegExp(`Failed to load resource: the server responded with a status of ${status}\\b`);

interface World {
  server: E2eServer;
  browser: Browser;
}

let world: World | null = null;
/**
 * One Chromium for the worker's files (they run one after another in one module graph:
 * vitest.config.ts); each test has contexts of its own. Launched again if it went away; Playwright
 * ends it with the worker.
 */
let chromium: Promise<Browser> | null = null;
async function workerBrowser(): Promise<Browser> {
  const running = await chromium?.catch(() => null);
  if (running?.isConnected()) return running;
  chromium = launchBrowser();
  return chromium;
}
let screenshotDir: string | null = null;
/** No Chromium here (and none required): the file's tests are skipped, nothing is built. */
let skipped: string | null = null;

/**
 * Starts the world of this file (call once, at the top of a test file). Without a Chromium its
 * tests are skipped with one line saying why, unless REQUIRE_BROWSER=1 (CI): then they fail.
 * `options.env`: the server's settings this file needs (e.g. `{ LIVE_SWEEP_MS: "1000" }`).
 */
export function useE2eWorld(options: ServerOptions = {}): void {
  let server: E2eServer | null = null;
  beforeAll(async () => {
    skipped = process.env.REQUIRE_BROWSER === "1" ? null : noBrowserLine();
    if (skipped) {
      console.warn(skipped);
      return;
    }
    const dist = await builtWebApp();
    server = await startServer(dist, options);
    world = { server, browser: await workerBrowser() };
  });
  afterAll(async () => {
    world = null;
    await server?.close().catch((e: unknown) => console.error("closing the server failed", e));
  });
}

function problemReport(problems: Problem[]): string {
  return problems.map((p) => `  [${p.kind}] ${p.text}`).join("\n");
}

async function screenshots(testName: string, pages: ObservedPage[]): Promise<string[]> {
  screenshotDir ??= mkdtempSync(join(tmpdir(), "fieldworks-e2e-screenshots-"));
  mkdirSync(screenshotDir, { recursive: true });
  const slug = testName
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60)
    .toLowerCase();
  const paths: string[] = [];
  for (const [i, o] of pages.entries()) {
    if (o.page.isClosed()) continue;
    const path = join(screenshotDir, `${slug}-${i + 1}.png`);
    try {
      // A second try: a page caught reloading (the session's end) cannot be captured at once.
      await o.page.screenshot({ path, fullPage: true, timeout: 5_000 }).catch(() => o.page.screenshot({ path, timeout: 10_000 }));
      paths.push(path);
    } catch (e) {
      // Its problems are still reported; say why the picture is missing.
      console.error(`no screenshot of page ${i + 1}: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`);
    }
  }
  return paths;
}

/** Wraps a test body: context and page per test, problem check, screenshots on failure. */
export function scenario(body: (s: Scenario) => Promise<void>, options: ScenarioOptions = {}): (ctx: TestContext) => Promise<void> {
  return async (ctx) => {
    if (skipped) return ctx.skip(skipped);
    if (!world) throw new Error("the e2e world is not running: call useE2eWorld() in the file");
    const { server, browser } = world;
    const opened: ObservedPage[] = [];
    const allowed: RegExp[] = [];
    const open = async (contextOptions?: BrowserContextOptions) => {
      const o = await openPage(browser, server.baseUrl, contextOptions);
      opened.push(o);
      return o;
    };
    const first = await open(options.context);
    const unexpected = () => opened.flatMap((o) => o.problems).filter((p) => !(p.kind === "console" && allowed.some((re) => re.test(p.text))));
    try {
      await body({
        page: first.page,
        context: first.context,
        server,
        db: server.db,
        baseUrl: server.baseUrl,
        expectConsoleErrors: (...patterns) => allowed.push(...patterns),
        openAnotherPage: async (contextOptions) => (await open(contextOptions)).page,
      });
      const bad = unexpected();
      if (bad.length) throw new Error(`unexpected problems in the page:\n${problemReport(bad)}`);
    } catch (e) {
      // Expected failures (it.fails) stay quiet; real ones say where to look.
      if (!ctx.task.fails) {
        const shots = await screenshots(ctx.task.name, opened);
        const bad = unexpected();
        if (shots.length) console.error(`screenshots of "${ctx.task.name}":\n${shots.map((s) => `  ${s}`).join("\n")}`);
        if (bad.length && !(e instanceof Error && e.message.startsWith("unexpected problems"))) {
          console.error(`problems recorded in "${ctx.task.name}":\n${problemReport(bad)}`);
        }
      }
      throw e;
    } finally {
      await Promise.all(opened.map((o) => o.context.close().catch(() => undefined)));
    }
  };
}
