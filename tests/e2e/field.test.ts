// The field worker's phone page against the real server and the demo seed, in Chromium at 390 px
// with a fake camera (--use-fake-device-for-media-stream), a position (context geolocation) and
// a browser in UTC: a worker lands on it after signing in, clocks in with a selfie and the
// supervisor's attendance list shows it with the selfie; a clock-out made offline waits, goes
// when the network is back and is stored once; the panic button held 2 s stores one alarm, a
// tap none, and the page says who acknowledged it; a device key's QR and text work for /osmand;
// axe finds nothing serious on the page (English and Indonesian, and in each state on the way).
// The tests of this file build on each other in order (one worker's day): clock in, then out, then
// in again at the other site.
import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { resourceByName } from "../../declaration";
import { USERS } from "../../server/access/identity";
import type { Db } from "../../server/db/connection";
import { STORAGE_KEYS } from "../../src/auth/storageKeys";
import { seriousViolations, violationReport } from "./support/axe";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, DEMO_PASSWORD, openFromMenu, rowWith, signIn, userByEmail } from "./support/ui";

useE2eWorld();

const PRESENCE = resourceByName("presence").table;
const PANIC = resourceByName("panic-button").table;
const DEVICE_KEY = resourceByName("device-key").table;
const WAYPOINT = resourceByName("waypoint").table;

/** worker1's first project's gate (Graha Sudirman, 150 m work area): 35 m from its centre. */
const AT_SITE = { longitude: 106.8096, latitude: -6.2256, accuracy: 12 };
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  geolocation: AT_SITE,
  permissions: ["geolocation", "camera"],
  timezoneId: "UTC",
};
/** A clock time of the page: the site is in WIB, the browser in UTC. */
const CLOCK = "\\d\\d:\\d\\d WIB";
/**
 * The card's "late" tag after the time, there when the clock-in came after the shift's start and
 * its grace: it depends on the hour the suite runs (the first test checks it against the record).
 */
const LATE = "(late)?";

/** The worker's attendance of today (the site's day: WIB). */
const workerDay = async (db: Db, userId: number) =>
  db
    .selectFrom(PRESENCE)
    .selectAll()
    .where("user_id", "=", userId)
    .where("presence_date", "=", new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta" }).format(new Date()))
    .execute();

async function openFieldPage(page: Page): Promise<void> {
  await signIn(page, ACCOUNTS.worker);
  // A field worker on a phone lands on the field page.
  await page.waitForURL(/#\/field$/);
  // The position has come (the panic button says it goes with an alarm).
  await page.getByText(`Your position (±${AT_SITE.accuracy} m) goes with it.`, { exact: false }).waitFor();
}

async function takeSelfie(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Take a selfie" }).click();
  const shutter = page.getByRole("button", { name: "Take the photo" });
  await expect.poll(() => shutter.isEnabled()).toBe(true);
  await shutter.click();
  await page.getByRole("img", { name: "Your selfie" }).waitFor();
}

/** axe over the whole page: nothing serious or critical. */
async function expectAccessible(page: Page): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, violationReport(violations)).toEqual([]);
}

describe("field page", () => {
  for (const lang of ["en", "id"] as const) {
    it(
      `has no serious or critical axe violation at 390 px (${lang}): the clock-in, the camera's preview, the device key's QR code`,
      scenario(
        async ({ page }) => {
          await signIn(page, ACCOUNTS.worker);
          await page.waitForURL(/#\/field$/);
          await page.evaluate(([k, v]) => localStorage.setItem(k, v), [STORAGE_KEYS.lang, lang]);
          await page.reload();
          await page.getByText(lang === "en" ? /Your position \(±\d+ m\) goes with it/ : /Posisi Anda \(±\d+ m\) ikut terkirim/).waitFor();
          await expectAccessible(page);
          // The camera's preview open.
          await page.getByRole("button", { name: lang === "en" ? "Take a selfie" : "Ambil swafoto" }).click();
          const shutter = page.getByRole("button", { name: lang === "en" ? "Take the photo" : "Ambil foto" });
          // Enabled once the preview plays: checked after, not while its colours change.
          await expect.poll(() => shutter.isEnabled()).toBe(true);
          await expectAccessible(page);

          await page.getByRole("button", { name: lang === "en" ? "Create a device key" : "Buat kunci perangkat" }).click();
          await page.getByRole("dialog").getByRole("img").first().waitFor();
          await expectAccessible(page);
        },
        { context: PHONE },
      ),
    );
  }
  it(
    "on a wide screen a worker lands at home and finds the page in the sider",
    scenario(async ({ page }) => {
      await signIn(page, ACCOUNTS.worker);
      await page.waitForURL(/#\/$/);
      await openFromMenu(page, "Field", "My day");
      await page.waitForURL(/#\/field$/);
      await page.getByRole("heading", { name: "My day" }).waitFor();
      // The panic bar, fixed to the bottom, keeps clear of the sider: its collapse button (at the
      // sider's bottom) stays in reach, folded and unfolded.
      const bar = page.getByTestId("panic-bar");
      for (const [press, next] of [
        ["Collapse menu", "Expand menu"],
        ["Expand menu", "Collapse menu"],
      ] as const) {
        const button = page.getByRole("button", { name: press });
        await button.click();
        const after = page.getByRole("button", { name: next });
        await after.waitFor();
        await expect.poll(async () => (await bar.boundingBox())!.x >= (await after.boundingBox())!.x + (await after.boundingBox())!.width).toBe(true);
      }
    }),
  );

  it(
    "a worker clocks in with a selfie at 390 px and the supervisor's attendance list shows it with the selfie",
    scenario(
      async ({ page, db, openAnotherPage }) => {
        const worker = await userByEmail(db, ACCOUNTS.worker);
        expect(await workerDay(db, worker.id)).toEqual([]);
        await openFieldPage(page);
        await page.getByText("Not clocked in yet").waitFor();
        await takeSelfie(page);
        await page.getByRole("button", { name: "Clock in", exact: true }).click();

        await page.getByText(new RegExp(`^Clocked in at ${CLOCK}$`)).waitFor();
        await page.getByText(new RegExp(`^Clocked in since ${CLOCK}${LATE}$`)).waitFor();
        const [row] = await workerDay(db, worker.id);
        expect(row).toMatchObject({ project_id: 1, work_area_in: "inside", accuracy_in: AT_SITE.accuracy });
        // The worker is told they are late exactly when the record says so.
        expect(await page.getByText("late", { exact: true }).count()).toBe(row.presence_status === "late" ? 1 : 0);
        expect(row.image_selfie).toMatch(/^[0-9a-f]{32}\.jpe?g$/);
        expect(row.clock_out).toBeNull();

        const supervisor = await openAnotherPage();
        const selfieServed = supervisor.waitForResponse((r) => r.url().endsWith(`/api/image/selfie/${String(row.image_selfie)}`) && r.status() === 200);
        await signIn(supervisor, ACCOUNTS.supervisor);
        await supervisor.goto("/#/presence");
        const workerName = String((await db.selectFrom(USERS.table).select("name").where("id", "=", worker.id).executeTakeFirstOrThrow()).name);
        const listed = rowWith(supervisor, workerName).first();
        await listed.getByRole("img", { name: "Selfie image" }).waitFor();
        expect(await listed.getByRole("img", { name: "Selfie image" }).getAttribute("src")).toMatch(/^blob:/);
        expect((await (await selfieServed).body()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      },
      { context: PHONE },
    ),
  );

  // Builds on the clock-in above.
  it(
    "a clock-out made offline waits on the phone, goes when the network is back, and is stored once",
    scenario(
      async ({ page, context, db }) => {
        const worker = await userByEmail(db, ACCOUNTS.worker);
        const sent: string[] = [];
        page.on("response", (r) => {
          if (r.url().endsWith("/api/presence/clock-out")) sent.push(`${r.status()}`);
        });
        await openFieldPage(page);
        await page.getByText(new RegExp(`^Clocked in since ${CLOCK}${LATE}$`)).waitFor();

        await context.setOffline(true);
        await page.getByText("You are offline. What you do here is kept on this phone and sent when the network is back.").waitFor();
        await takeSelfie(page);
        await page.getByRole("button", { name: "Clock out", exact: true }).click();
        const waiting = page.getByRole("region", { name: "Waiting to be sent (1)" });
        await waiting.getByText(new RegExp(`^Clock-out · made at ${CLOCK}$`)).waitFor();
        await waiting.getByText("No network: it is sent as soon as there is a connection.").waitFor();
        await page.getByText(new RegExp(`^Clocked out at ${CLOCK}${LATE}waiting to be sent$`)).waitFor();
        expect((await workerDay(db, worker.id))[0].clock_out).toBeNull();
        await expectAccessible(page);

        await context.setOffline(false);
        await page
          .getByText(new RegExp(`^Clocked out at ${CLOCK}${LATE}$`))
          .first()
          .waitFor();
        await waiting.waitFor({ state: "detached" });
        await page.getByText("Clocked out. Starting at another site? Clock in again below.").waitFor();
        const day = await workerDay(db, worker.id);
        expect(day).toHaveLength(1);
        expect(day[0].clock_out).not.toBeNull();
        expect(day[0].image_selfie_out).toMatch(/^[0-9a-f]{32}\.jpe?g$/);
        expect(sent).toEqual(["200"]);
        // Nothing left to send: the queue in IndexedDB is empty.
        expect(await page.evaluate(() => document.body.textContent?.includes("Waiting to be sent"))).toBe(false);
      },
      { context: PHONE },
    ),
  );

  it(
    "the panic button held 2 s stores one alarm, a tap none; the page then says who acknowledged it",
    scenario(
      async ({ page, db, baseUrl }) => {
        const worker = await userByEmail(db, ACCOUNTS.worker);
        const alarms = async () => (await db.selectFrom(PANIC).selectAll().where("user_id", "=", worker.id).orderBy("id", "desc").execute()) as Array<Record<string, unknown>>;
        const before = (await alarms()).length;
        await openFieldPage(page);
        await page.getByLabel("Message (optional)").fill("Scaffold collapsed, level 3");
        const button = page.getByRole("button", { name: "HOLD FOR HELP" });
        const sends: string[] = [];
        page.on("request", (r) => {
          if (r.url().includes("/api/panic-button/add")) sends.push(r.method());
        });
        // A brush of the thumb and a short click: nothing goes, nothing is stored. Checked after
        // longer than the hold itself (2 s), so a send that was under way would have landed.
        await button.tap();
        await page.waitForTimeout(2500);
        expect(await alarms()).toHaveLength(before);
        await button.click();
        await page.waitForTimeout(2500);
        expect(await alarms()).toHaveLength(before);
        expect(sends).toEqual([]);
        expect(await page.getByText(/^Alarm sent at/).count()).toBe(0);
        expect(await page.getByRole("region", { name: /^Waiting to be sent/ }).count()).toBe(0);

        const box = (await button.boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await page.getByRole("button", { name: "Keep holding…" }).waitFor();
        await page
          .getByText(new RegExp(`^Alarm sent at ${CLOCK}\\.$`))
          .first()
          .waitFor();
        await page.mouse.up();
        await page.getByText("Waiting for someone to acknowledge it…").waitFor();

        const after = await alarms();
        expect(after).toHaveLength(before + 1);
        expect(sends).toEqual(["POST"]);
        expect(after[0]).toMatchObject({ status: "open", message: "Scaffold collapsed, level 3", accuracy: AT_SITE.accuracy });

        // A supervisor acknowledges it; the worker's event stream tells the page.
        const login = await fetch(`${baseUrl}/api/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: ACCOUNTS.supervisor, password: DEMO_PASSWORD }),
        });
        const { data } = (await login.json()) as { data: { token: string; user: { name: string } } };
        const ack = await fetch(`${baseUrl}/api/panic-button/acknowledge/${String(after[0].id)}`, {
          method: "PUT",
          headers: { authorization: `Bearer ${data.token}`, "content-type": "application/json" },
          body: "{}",
        });
        expect(ack.status).toBe(200);
        await page.getByText(new RegExp(`^Acknowledged by ${data.user.name} at ${CLOCK}\\.$`)).waitFor();
        await expectAccessible(page);
      },
      { context: PHONE },
    ),
  );

  it(
    "a device key is shown once as text and QR code with the server URL, and works for Traccar Client's /osmand",
    scenario(
      async ({ page, db, baseUrl }) => {
        const worker = await userByEmail(db, ACCOUNTS.worker);
        await openFieldPage(page);
        await page.getByLabel("Name of the phone").fill("Dimas's phone");
        await page.getByRole("button", { name: "Create a device key" }).click();
        const dialog = page.getByRole("dialog", { name: "Your new device key" });
        await dialog.getByText("This key is shown only now.", { exact: false }).waitFor();
        await dialog.getByRole("img", { name: "QR code with the server URL, the key and the settings for Traccar Client" }).waitFor();
        await dialog.getByText(`${baseUrl}/osmand`, { exact: true }).waitFor();
        const key = (await dialog.locator("code").nth(1).textContent())!.trim();
        expect(key).toMatch(/^[a-z2-7]{24}$/);
        const stored = await db.selectFrom(DEVICE_KEY).selectAll().where("user_id", "=", worker.id).where("name", "=", "Dimas's phone").execute();
        expect(stored).toHaveLength(1);
        expect(stored[0]).toMatchObject({ key_prefix: key.slice(0, 4), last_used_at: null });
        // Only a hash is kept: the key itself is nowhere in the row.
        expect(JSON.stringify(stored[0])).not.toContain(key);
        await dialog.getByRole("button", { name: "Done" }).click();
        await page.getByText(`starts with ${key.slice(0, 4)} · not used yet`).waitFor();
        await expectAccessible(page);

        const at = new Date(Date.now() - 60_000);
        const res = await fetch(`${baseUrl}/osmand?id=${key}&lat=${AT_SITE.latitude}&lon=${AT_SITE.longitude}&timestamp=${Math.floor(at.getTime() / 1000)}`);
        expect(res.status).toBe(200);
        const points = await db
          .selectFrom(WAYPOINT)
          .select("user_id")
          .where("user_id", "=", worker.id)
          .where("wptime", "=", Math.floor(at.getTime() / 1000) * 1000)
          .execute();
        expect(points).toHaveLength(1);
      },
      { context: PHONE },
    ),
  );
  // Builds on the clock-out above (last: the page is on the Makassar site's clock afterwards).
  it(
    "clocks in again the same day, at the other site (Makassar, WITA): a second presence, the first one listed",
    scenario(
      async ({ page, db }) => {
        const worker = await userByEmail(db, ACCOUNTS.worker);
        const site = await db
          .selectFrom("project as p")
          .innerJoin("user_to_proyek as m", "m.project_id", "p.id")
          .select(["p.id", "p.name"])
          .where("m.user_id", "=", worker.id)
          .where("p.time_zone", "=", "Asia/Makassar")
          .executeTakeFirstOrThrow();
        await openFieldPage(page);
        await page
          .getByText(/^Earlier today|^Clocked out at/)
          .first()
          .waitFor();
        // Opened from the keyboard (the chosen project's text lies over the input, the header over the top of the page).
        await page.getByRole("combobox", { name: "Project" }).focus();
        await page.keyboard.press("ArrowDown");
        await page.locator(`.ant-select-item-option[title="${String(site.name)}"]`).click();
        await takeSelfie(page);
        await page.getByRole("button", { name: "Clock in", exact: true }).click();
        await page.getByText(new RegExp(`^Clocked in since \\d\\d:\\d\\d WITA${LATE}$`)).waitFor();
        const rows = await db.selectFrom(PRESENCE).selectAll().where("user_id", "=", worker.id).where("clock_in", "is not", null).orderBy("clock_in").execute();
        const [first, second] = rows.slice(-2);
        expect([first, second].map((r) => [Number(r.project_id), r.clock_out === null])).toEqual([
          [1, false],
          [Number(site.id), true],
        ]);
        // The Jakarta presence listed on its own clock, when both are one day (from 23:00 WIB it is the next day in Makassar).
        if (first.presence_date === second.presence_date) await page.getByText(new RegExp(`^Earlier today: .+ ${CLOCK}–${CLOCK}$`)).waitFor();
        await expectAccessible(page);
      },
      { context: PHONE },
    ),
  );
});
