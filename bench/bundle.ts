// Bundle benchmark: builds the app, serves dist/, drives Chromium and measures the gzipped
// JavaScript a person downloads:
//   (a) #/login until the form is usable,
//   (b) from #/login through sign-in to a usable generated list (#/divisi showing its rows),
//   (c) the largest chunk of the build.
// The API is answered in the page (page.route): a canned login with menus and one search.
// Budgets: login ≤ 250 KB, login + shell + list ≤ 450 KB. Exit code 1 when one fails.
// Usage: npm run bench:bundle [-- --no-build (reuse the last bench build)] [-- --no-list (sign
// in, stop at home)]
import { readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Page, type Route } from "playwright-core";
import { chromiumOrExit } from "./chromium";
import { build } from "vite";
import { serve } from "./staticServer";

const ROOT = resolve(import.meta.dirname, "..");
// A build of its own: dist/ may be rebuilt by someone else (npm start) while we measure.
const DIST = join(tmpdir(), "fieldworks-bench-dist");
const KB = 1024;
const BUDGET = { login: 250 * KB, loginShellList: 450 * KB };
const LIST_ROUTE = "/divisi";

const gz = (buf: Buffer): number => gzipSync(buf).length;
const kb = (n: number): string => `${(n / KB).toFixed(1)} KB`;

// ---- canned API answers ---------------------------------------------------------------------
const menu = (id: number, alias: string, name: string, parent_id: number | null, url: string | null) => ({
  id,
  name,
  alias,
  url,
  icon: null,
  order: id,
  parent_id,
  can_add: true,
  can_edit: true,
  can_delete: true,
});
const LOGIN = {
  status: true,
  data: {
    token: "bench-token",
    expires_at: "2099-01-01T00:00:00Z",
    user: { id: 3, name: "Budi Santoso", email: "admin@demo.test", company_id: 1, photo: null },
    role: { id: 1, name: "Company admin", role_type: "admin" },
    menus: [
      menu(1, "masterData", "Master data", null, null),
      menu(2, "divisi", "Division", 1, "/divisi"),
      menu(3, "satuan", "Unit", 1, "/satuan"),
      menu(4, "company", "Company", null, null),
      menu(5, "role", "Role", 4, "/role"),
      menu(6, "resources", "Resources", null, null),
      menu(7, "human-resource", "Staff", 6, "/human-resource"),
    ],
  },
};
const DIVISIONS = Array.from({ length: 10 }, (_, i) => ({
  id: i + 1,
  name: `Division ${i + 1}`,
  code: `D${i + 1}`,
  description: null,
  company_id: 1,
  created_at: "2026-11-01T08:00:00Z",
  updated_at: "2026-11-01T08:00:00Z",
}));

async function answerApi(route: Route): Promise<void> {
  const url = new URL(route.request().url());
  const json = (body: unknown, status = 200) => route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
  if (url.pathname.endsWith("/api/login")) return json(LOGIN);
  if (url.pathname.endsWith("/api/divisi/search")) return json({ status: true, data: DIVISIONS, recordsTotal: 24, recordsFiltered: 24 });
  if (url.pathname.endsWith("/search")) return json({ status: true, data: [], recordsTotal: 0, recordsFiltered: 0 });
  return json({ status: true, data: [] });
}

// ---- measuring --------------------------------------------------------------------------------
interface Fetched {
  file: string;
  gzip: number;
}

/** Every JS response, registered when it arrives (its size is read later, asynchronously). */
function recordJs(page: Page, into: Map<string, Promise<Fetched>>): void {
  page.on("response", (res) => {
    const url = res.url();
    if (!url.endsWith(".js") || into.has(url)) return;
    const file = url.split("/").pop() ?? url;
    into.set(
      url,
      res.body().then(
        (body) => ({ file, gzip: gz(body) }),
        () => ({ file, gzip: 0 }),
      ),
    );
  });
}

type Loaded = Map<string, Fetched>;
const settle = async (m: Map<string, Promise<Fetched>>): Promise<Loaded> => new Map(await Promise.all([...m].map(async ([u, p]) => [u, await p] as const)));
const total = (m: Loaded): number => [...m.values()].reduce((s, f) => s + f.gzip, 0);

function listing(m: Loaded, exclude?: Loaded): string {
  return [...m.entries()]
    .filter(([u]) => !exclude?.has(u))
    .map(([, f]) => f)
    .sort((a, b) => b.gzip - a.gzip)
    .map((f) => `      ${kb(f.gzip).padStart(9)}  ${f.file}`)
    .join("\n");
}

async function main(): Promise<void> {
  const chrome = chromiumOrExit("npm run bench:bundle");
  if (!process.argv.includes("--no-build")) {
    console.log("vite build ...");
    await build({ root: ROOT, logLevel: "warn", build: { outDir: DIST, emptyOutDir: true } });
  }
  const server = await serve(DIST);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await chromium.launch({
    executablePath: chrome,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  let failed = false;
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.route(/\/(api|legacy|map-service|gis)\//, answerApi);
    const loaded = new Map<string, Promise<Fetched>>();
    recordJs(page, loaded);

    // (a) the login page, until the form takes input
    await page.goto(`${base}#/login`);
    const email = page.locator('input[type="email"]');
    await email.waitFor({ state: "visible", timeout: 60_000 });
    await page.locator('button[type="submit"]').waitFor({ state: "visible" });
    await page.waitForLoadState("networkidle");
    const login = await settle(loaded);

    // (b) sign in, land on home, open a generated list and wait for its rows
    await email.fill("admin@demo.test");
    await page.locator('input[type="password"]').fill("secret");
    await page.locator('button[type="submit"]').click();
    await page.waitForFunction(() => location.hash === "#/" || location.hash === "", null, { timeout: 60_000 });
    await page.waitForLoadState("networkidle");
    await page.getByText("Budi Santoso").first().waitFor({ state: "visible", timeout: 60_000 });
    await page.waitForLoadState("networkidle");
    const shell = await settle(loaded);
    const withList = !process.argv.includes("--no-list");
    if (withList) await page.goto(`${base}#${LIST_ROUTE}`);
    let listShown = withList;
    if (withList)
      try {
        await page.locator(".ant-table-row").first().waitFor({ state: "visible", timeout: 60_000 });
        await page.waitForLoadState("networkidle");
      } catch {
        listShown = false;
      }
    const all = await settle(loaded);

    // (c) the largest chunk of the build
    const assets = join(DIST, "assets");
    const chunks = readdirSync(assets)
      .filter((f) => f.endsWith(".js"))
      .map((f) => ({ file: f, gzip: gz(readFileSync(join(assets, f))) }))
      .sort((a, b) => b.gzip - a.gzip);
    const largest = chunks[0];

    const loginSize = total(login);
    const allSize = total(all);
    console.log(`\n(a) #/login until the form is usable: ${kb(loginSize)} gzipped in ${login.size} files`);
    console.log(listing(login));
    console.log(`\n    shell after sign-in (beyond the login set): ${kb(total(shell) - loginSize)}`);
    console.log(listing(shell, login));
    console.log(`\n    list ${LIST_ROUTE} (beyond the shell): ${kb(allSize - total(shell))}${listShown ? "" : "  (the list never showed its rows!)"}`);
    console.log(listing(all, shell));
    console.log(`\n(b) login + shell + list: ${kb(allSize)} gzipped in ${all.size} files`);
    console.log(`(c) largest chunk: ${largest.file} ${kb(largest.gzip)} gzipped (of ${chunks.length} chunks, ${kb(chunks.reduce((s, c) => s + c.gzip, 0))} in all)`);
    if (errors.length) console.log(`\npage errors:\n  ${errors.join("\n  ")}`);

    const verdict = (name: string, size: number, budget: number, ok = true) => {
      const pass = ok && size <= budget;
      failed ||= !pass;
      console.log(`${pass ? "PASS" : "FAIL"}  ${name}: ${kb(size)} of ${kb(budget)}`);
    };
    console.log("");
    verdict("login", loginSize, BUDGET.login);
    verdict(`login + shell + list${listShown ? "" : " (list not shown)"}`, allSize, BUDGET.loginShellList, listShown);
  } finally {
    await browser.close();
    server.close();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
