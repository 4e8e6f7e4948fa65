// The worker's phone and the office in Chromium against the real server and the demo seed (issue
// 29): a phone whose clock is 5 minutes fast holds the panic button (a bar always in reach at
// 360 × 640) and the alarm gets through, stamped with the server's time; the supervisor's banner
// shows it; the worker's own page shows no banner and plays no sound. The supervisor's map keeps
// a worker's newest position across the minute's re-read of the points.
import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { resourceByName } from "../../declaration";
import { USERS } from "../../server/access/identity";
import type { Db } from "../../server/db/connection";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, signIn, userByEmail } from "./support/ui";

useE2eWorld();

/** A small phone: what shows without scrolling is 360 × 640. */
const PHONE: BrowserContextOptions = {
  viewport: { width: 360, height: 640 },
  isMobile: true,
  hasTouch: true,
  geolocation: { longitude: 106.8096, latitude: -6.2256, accuracy: 12 },
  permissions: ["geolocation", "camera"],
  timezoneId: "UTC",
};

const PANIC = resourceByName("panic-button").table;
const PRESENCE = resourceByName("presence").table;
const WAYPOINT = resourceByName("waypoint").table;
const FIVE_MINUTES = 5 * 60_000;

const nameOf = async (db: Db, email: string): Promise<string> =>
  String((await db.selectFrom(USERS.table).select("name").where("email", "=", email).executeTakeFirstOrThrow()).name);

/** Counts the beeps a page plays (WebAudio oscillators started), from before its first script. */
async function countBeeps(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __beeps: number; AudioContext?: typeof AudioContext };
    w.__beeps = 0;
    const Original = w.AudioContext;
    if (!Original) return;
    w.AudioContext = class extends Original {
      createOscillator(): OscillatorNode {
        w.__beeps++;
        return super.createOscillator();
      }
    };
  });
  return () => page.evaluate(() => (window as unknown as { __beeps: number }).__beeps);
}

describe("the phone and the office", () => {
  it(
    "a phone 5 min fast holds the panic button: stored with the server's time, the supervisor's banner shows it; the worker's own page shows no banner and plays no sound",
    scenario(async ({ page, db, openAnotherPage }) => {
      await db.updateTable(PANIC).set({ status: "resolved" }).where("status", "=", "open").execute();
      const supervisor = page;
      await signIn(supervisor, ACCOUNTS.supervisor);
      await supervisor.getByRole("button", { name: /^Notifications \(\d+\)$/ }).waitFor();
      const banner = supervisor.getByRole("alert").filter({ hasText: "Panic:" });

      const worker = await openAnotherPage(PHONE);
      // The phone's clock runs 5 minutes ahead of the server's.
      await worker.context().clock.install({ time: Date.now() + FIVE_MINUTES });
      const beeps = await countBeeps(worker);
      await signIn(worker, ACCOUNTS.worker);
      await worker.waitForURL(/#\/field$/);
      expect(Math.abs((await worker.evaluate(() => Date.now())) - Date.now() - FIVE_MINUTES)).toBeLessThan(60_000);
      await worker.getByText("goes with it.", { exact: false }).waitFor();

      // Always in reach: the button shows without scrolling, whatever the page shows above it.
      const hold = worker.getByRole("button", { name: "HOLD FOR HELP" });
      const box = (await hold.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(640);
      expect(await worker.evaluate(() => window.scrollY)).toBe(0);

      const before = Date.now();
      await worker.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await worker.mouse.down();
      await worker.getByRole("button", { name: "Keep holding…" }).waitFor();
      await worker
        .getByText(/^Alarm sent at /)
        .first()
        .waitFor();
      await worker.mouse.up();
      await worker.getByText(/Waiting for someone to acknowledge it…/).waitFor();

      // Stored, stamped with the server's time (the page corrected its clock by the server's), no skew left to flag.
      const { id: workerId } = await userByEmail(db, ACCOUNTS.worker);
      const stored = await db.selectFrom(PANIC).selectAll().where("user_id", "=", workerId).where("status", "=", "open").executeTakeFirstOrThrow();
      const alertTime = Date.parse(String(stored.alert_time));
      expect(alertTime).toBeGreaterThanOrEqual(before - 5_000);
      expect(alertTime).toBeLessThanOrEqual(Date.now() + 5_000);
      expect(stored.clock_skew_seconds).toBeNull();
      expect(stored.received_at).toBeTruthy();

      await banner.getByText(`Panic: ${await nameOf(db, ACCOUNTS.worker)}`).waitFor();
      // The worker's own page: their alarm's state, no office banner, no beep.
      expect(await worker.getByRole("alert").filter({ hasText: "Panic:" }).count()).toBe(0);
      expect(await worker.getByTestId("panic-banner").count()).toBe(0);
      expect(await beeps()).toBe(0);

      await banner.getByRole("button", { name: "Acknowledge" }).click();
      await banner.waitFor({ state: "detached" });
      await worker.getByText(new RegExp(`Acknowledged by ${await nameOf(db, ACCOUNTS.supervisor)} at `)).waitFor();
      expect(await beeps()).toBe(0);
    }),
  );

  it(
    "the supervisor's map keeps a worker's newest position across the minute's re-read",
    scenario(async ({ page, db }) => {
      const worker = await userByEmail(db, ACCOUNTS.worker);
      const { company_id } = worker;
      // Clocked in 20 minutes ago at Tower A's gate, then 300 m and 600 m east of it.
      const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta" }).format(new Date());
      const project = await db.selectFrom(resourceByName("user-to-proyek").table).select("project_id").where("user_id", "=", worker.id).executeTakeFirstOrThrow();
      const clockIn = new Date(Date.now() - 20 * 60_000).toISOString();
      await db.deleteFrom(PRESENCE).where("user_id", "=", worker.id).where("presence_date", "=", today).execute();
      await db
        .insertInto(PRESENCE)
        .values({
          company_id,
          user_id: worker.id,
          project_id: project.project_id,
          presence_date: today,
          presence_status: "present",
          clock_in: clockIn,
          clock_in_geo: JSON.stringify([106.8096, -6.2256]),
        })
        .execute();
      await db
        .insertInto(WAYPOINT)
        .values([
          { company_id, user_id: worker.id, wptime: Date.now() - 10 * 60_000, lon: 106.8123, lat: -6.2256 },
          { company_id, user_id: worker.id, wptime: Date.now() - 5 * 60_000, lon: 106.815, lat: -6.2256 },
        ])
        .execute();

      const supervisor = page;
      await supervisor.context().clock.install();
      await supervisor.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204, body: "" }));
      await signIn(supervisor, ACCOUNTS.supervisor);
      const pointOf = async (answer: Promise<import("playwright-core").Response>) => {
        const body = (await (await answer).json()) as { data: Array<Record<string, unknown>> };
        return body.data.find((p) => p.user_id === worker.id);
      };
      const first = supervisor.waitForResponse(/\/api\/map-monitoring\/search$/);
      await supervisor.goto("/#/map/view");
      const names = supervisor.getByRole("tree").locator(".ant-tree-title");
      await names.first().waitFor();
      for (let i = 0; i < (await names.count()); i++) await names.nth(i).click();
      expect(await pointOf(first)).toBeDefined();
      // The minute's re-read: the point stays at the newest position (600 m east), the clock-in place apart.
      const again = supervisor.waitForResponse(/\/api\/map-monitoring\/search$/);
      await supervisor.clock.fastForward(61_000);
      expect(await pointOf(again)).toMatchObject({ wp_lon: 106.815, wp_lat: -6.2256, wp_source: "waypoint", clock_in_lon: 106.8096, clock_in_lat: -6.2256 });
    }),
  );
});
