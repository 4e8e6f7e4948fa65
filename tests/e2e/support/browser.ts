// Chromium from the system (no browser downloads) driven by playwright-core, and pages that
// record what went wrong in them: uncaught errors, console errors, server errors (5xx) and any
// request leaving the test server (nothing may need the internet, e.g. map tiles).
// Which Chromium: CHROME_PATH, else where distributions and Playwright put one (scripts/chromium.mjs).
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { findChromium, noChromiumLine, type FoundChromium } from "../../../scripts/chromium.mjs";

/** No name resolves (map tiles, fonts, anything on the internet): the server is 127.0.0.1. */
const HOST_RULES = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1";

const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  // A synthetic camera for getUserMedia (the field page's selfie), granted without a prompt.
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
  HOST_RULES,
];

let found: FoundChromium | null = null;
/** The Chromium of this machine (looked for once per file). */
export const chromiumFound = (): FoundChromium => (found ??= findChromium({ headlessShell: true }));

/** Why the browser suite cannot run here, in one line, or null when it can. */
export const noBrowserLine = (): string | null => (chromiumFound().path ? null : noChromiumLine("browser suite (tests/e2e) skipped", chromiumFound()));

export function launchBrowser(): Promise<Browser> {
  const { path } = chromiumFound();
  if (!path) throw new Error(noChromiumLine("browser suite (tests/e2e) cannot run", chromiumFound()));
  return chromium.launch({ executablePath: path, args: ARGS });
}

export interface Problem {
  kind: "pageerror" | "console" | "server-error" | "external-request";
  text: string;
}

/** Chromium's failure text for a request the page cancelled (a navigation, an image no longer shown). */
const CANCELLED = "net::ERR_ABORTED";

export interface ObservedPage {
  context: BrowserContext;
  page: Page;
  problems: Problem[];
}

/**
 * A fresh context (own local storage) and page against `baseUrl`, with problems recorded.
 * `options` change the context (a phone's viewport, a position, permissions, a time zone).
 */
export async function openPage(browser: Browser, baseUrl: string, options: BrowserContextOptions = {}): Promise<ObservedPage> {
  // Reduced motion (the app then turns antd's motion off: src/lib/usePrefersReducedMotion.ts): an
  // element is clicked where it rests. With motion, a menu entry clicked while its group was still
  // opening was scrolled into view inside the growing, clipped list, which then slid under the
  // pointer between press and release: the click landed on the list, not the entry.
  const context = await browser.newContext({
    locale: "en-US",
    viewport: { width: 1366, height: 900 },
    reducedMotion: "reduce",
    ...options,
    baseURL: baseUrl,
    serviceWorkers: "block",
  });
  // Generous for 2 cores busy with the other suites (npm test runs them side by side); a state
  // that never comes still fails, just later.
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(30_000);
  const problems: Problem[] = [];
  const origin = new URL(baseUrl).origin;
  // A request leaving the server never reaches the internet: Chromium resolves no name but the
  // server's address (HOST_RULES), so it fails, and is noted here. One a test answers itself
  // (page.route) does not fail, unless the page cancels it first (a map's tile still loading at a
  // reload): a cancelled request is not noted. Noted from events, which do not hold a request up,
  // instead of routing every request of the page through this process.
  context.on("requestfailed", (r) => {
    const url = new URL(r.url());
    if (r.failure()?.errorText === CANCELLED) return;
    if (url.origin !== origin && (url.protocol === "http:" || url.protocol === "https:")) problems.push({ kind: "external-request", text: r.url() });
  });
  const page = await context.newPage();
  await slowDown(context, page);
  page.on("pageerror", (e) => problems.push({ kind: "pageerror", text: `${e.name}: ${e.message}` }));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push({ kind: "console", text: m.text() });
  });
  page.on("response", (r) => {
    if (r.status() >= 500) problems.push({ kind: "server-error", text: `${r.status()} ${r.request().method()} ${r.url()}` });
  });
  return { context, page, problems };
}

/**
 * E2E_CPU_SLOWDOWN=N: the page runs its scripts N times slower (Chromium's CPU throttling), as on
 * a busy machine or a cheap phone. A test that passes only when the page is quick (a click before
 * the handler is bound, a release before the drag's last move is rendered) fails every time this
 * way, instead of now and then in CI.
 */
async function slowDown(context: BrowserContext, page: Page): Promise<void> {
  const rate = Number(process.env.E2E_CPU_SLOWDOWN ?? "");
  if (!Number.isFinite(rate) || rate <= 1) return;
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}
