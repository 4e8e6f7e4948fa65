// What the tests do and read in the app, by roles and visible texts only: the shell's markup is
// being reworked, so no CSS classes or DOM structure. Texts are the app's (src/i18n/*.json) and
// the server's (server/i18n/messages.ts).
import type { Locator, Page } from "playwright-core";
import { STORAGE_KEYS } from "../../../src/auth/storageKeys";
import type { Db } from "../../../server/db/connection";
import { USERS } from "../../../server/access/identity";
import { ALL_RESOURCES } from "../../../declaration";

/** The demo seed's password of every demo account. */
export const DEMO_PASSWORD = "demo12345";

export const ACCOUNTS = {
  owner: "owner@demo.test",
  admin: "admin@demo.test",
  pm: "pm@demo.test",
  supervisor: "supervisor@demo.test",
  worker: "worker1@demo.test",
  admin2: "admin2@demo.test",
} as const;

/** Fills and submits the login form (the page must show it). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The shell's header is there once the user is in: its logout button. */
export const logoutButton = (page: Page): Locator => page.getByRole("button", { name: /Log out|Keluar/ });

/** Opens the login page, signs in and waits for the shell. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/#/login");
  await submitLogin(page, email, password);
  await logoutButton(page).waitFor();
}

/** An entry of the sider's menu (a menu group or a resource). Icons add their name in front. */
export const menuEntry = (page: Page, label: string): Locator => page.getByRole("menuitem", { name: new RegExp(`(^|\\s)${escapeRegExp(label)}$`) });

/** Opens a menu group of the sider and follows one of its entries. */
export async function openFromMenu(page: Page, group: string, entry: string): Promise<void> {
  const item = menuEntry(page, entry);
  // A group the current page belongs to is open already; clicking it again would close it.
  if (!(await item.isVisible())) await menuEntry(page, group).click();
  await item.waitFor();
  // The entry's link when it has one (a click on the item's blank part may not follow it).
  const link = item.getByRole("link");
  const target = (await link.count()) ? link : item;
  await target.click();
}

/** The table row showing `text` in one of its cells. */
export const rowWith = (page: Page, text: string): Locator => page.getByRole("row").filter({ has: page.getByRole("cell", { name: text, exact: true }) });

/** The error catalogue's toast when a call with a token gets 401/403/307. */
export const EXPIRED = "Token expired, please re-login";

/** A toast or notification with this text. */
export const notice = (page: Page, text: string): Locator => page.getByText(text, { exact: true }).first();

/** The popover asking to confirm a delete. */
export const deleteConfirmation = (page: Page): Locator => page.getByRole("tooltip").filter({ has: page.getByRole("button") });

/**
 * The API calls of a page: how many are still out, whether it has been quiet for a moment (none
 * out and none started or ended for 300 ms: a page that just mounted may not have sent its
 * reads yet), and those the server refused (4xx/5xx).
 */
export function trackApi(page: Page): { inFlight: () => number; quiet: () => boolean; refused: string[] } {
  const out = new Set<unknown>();
  const refused: string[] = [];
  let changed = Date.now();
  // The live event stream stays open for as long as the page does: not a call that ends.
  const isApi = (url: string) => {
    const path = new URL(url).pathname;
    return path.startsWith("/api/") && path !== "/api/events";
  };
  const settle = (r: unknown) => {
    if (out.delete(r)) changed = Date.now();
  };
  page.on("request", (r) => {
    if (!isApi(r.url())) return;
    out.add(r);
    changed = Date.now();
  });
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  page.on("response", (r) => {
    if (isApi(r.url()) && r.status() >= 400) refused.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return { inFlight: () => out.size, quiet: () => out.size === 0 && Date.now() - changed >= 300, refused };
}

/** The session and settings the app keeps in local storage. */
export async function storage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k) ?? ""])));
}

export const tokenOf = async (page: Page): Promise<string | undefined> => (await storage(page))[STORAGE_KEYS.token];

/** A demo user's row (id, company, role). */
export async function userByEmail(db: Db, email: string): Promise<{ id: number; company_id: number; role_id: number }> {
  const row = await db.selectFrom(USERS.table).select(["id", "company_id", "role_id"]).where("email", "=", email).executeTakeFirstOrThrow();
  return { id: Number(row.id), company_id: Number(row.company_id), role_id: Number(row.role_id) };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Routes whose list is a bespoke page the declaration names (map, Gantt, kanban, rights, …). */
export const BESPOKE_LISTS: ReadonlySet<string> = new Set(ALL_RESOURCES.filter((r) => r.pages?.list).map((r) => r.route));

/** The generated lists the signed-in user's sider links (the menus stored at sign-in, bespoke pages left out). */
export async function siderLists(page: Page): Promise<Array<{ alias: string; url: string }>> {
  const menus = JSON.parse((await storage(page)).menus ?? "[]") as Array<{ alias: string; url: string | null }>;
  return menus.flatMap((m) => (m.url && !BESPOKE_LISTS.has(m.url) ? [{ alias: m.alias, url: m.url }] : []));
}
