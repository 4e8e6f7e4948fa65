// Live to the office in Chromium against the real server and the demo seed, two browser
// contexts: the worker holds the panic button on #/field; the supervisor's banner shows on the
// page they are on; they acknowledge; the banner leaves and the worker's page names them. A
// worker clocks in and the supervisor's open map moves their point to "clocked in" with no
// re-read of the points. A panic nobody acknowledges escalates (the company's setting at its
// minimum, the sweep every second) and the banner says so.
import type { BrowserContextOptions, Page, Route } from "playwright-core";
import { describe, expect, it, onTestFinished } from "vitest";
import { resourceByName } from "../../declaration";
import { USERS } from "../../server/access/identity";
import type { Db } from "../../server/db/connection";
import { MISSING } from "../../src/lib/format";
import { presenceGroup, STALE_AFTER_MS, type PresenceGroup } from "../../src/pages/map/model/attendancePoints";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, signIn, userByEmail } from "./support/ui";

// The escalation sweep every second (the server's default is 10 s): a panic left alone escalates
// soon after the company's setting.
useE2eWorld({ env: { LIVE_SWEEP_MS: "1000" } });

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  geolocation: { longitude: 106.8096, latitude: -6.2256, accuracy: 12 },
  permissions: ["geolocation", "camera"],
  timezoneId: "UTC",
};

const PANIC = resourceByName("panic-button").table;
const PRESENCE = resourceByName("presence").table;
const WAYPOINT = resourceByName("waypoint").table;
const COMPANY = resourceByName("company-management").table;
const PROJECT = resourceByName("project").table;
const MEMBERS = resourceByName("user-to-proyek").table;

const nameOf = async (db: Db, email: string): Promise<string> =>
  String((await db.selectFrom(USERS.table).select("name").where("email", "=", email).executeTakeFirstOrThrow()).name);

/** The map's attendance points read (map-monitoring search). */
const POINTS_READ = /\/api\/map-monitoring\/search$/;

type Legend = Record<PresenceGroup | "stale", number>;
const LEGEND_ROWS = ["clockedIn", "clockedOut", "late", "absent", "stale"] as const;

/** Waits until the legend shows these counts. */
async function legendShows(page: Page, counts: Legend): Promise<void> {
  for (const row of LEGEND_ROWS)
    await page
      .getByTestId(`map-count-${row}`)
      .filter({ hasText: new RegExp(`^${counts[row]}$`) })
      .waitFor();
}

/** The map's state of a presence row (its legend group), by the map's own rule. */
const groupOf = (row: Record<string, unknown>): PresenceGroup =>
  presenceGroup({
    presence_status: row.presence_status == null ? null : String(row.presence_status),
    clock_in: row.clock_in == null ? MISSING : String(row.clock_in),
    clock_out: row.clock_out == null ? MISSING : String(row.clock_out),
  });

describe("live to the office", () => {
  it(
    "a held panic shows on the supervisor's page, Acknowledge takes it down and the worker's page names the supervisor",
    scenario(async ({ page, db, openAnotherPage }) => {
      // The demo starts calm: no alarm is open (nothing beeps), so the banner shows this test's alarm alone.
      expect(await db.selectFrom(PANIC).select("id").where("status", "=", "open").execute()).toEqual([]);
      const supervisor = page;
      await signIn(supervisor, ACCOUNTS.supervisor);
      await supervisor.getByRole("button", { name: /^Notifications \(\d+\)$/ }).waitFor();
      const banner = supervisor.getByRole("alert").filter({ hasText: "Panic:" });
      expect(await banner.count()).toBe(0);

      const worker = await openAnotherPage(PHONE);
      await signIn(worker, ACCOUNTS.worker);
      await worker.waitForURL(/#\/field$/);
      await worker.getByText("goes with it.", { exact: false }).waitFor();
      const hold = worker.getByRole("button", { name: "HOLD FOR HELP" });
      await hold.scrollIntoViewIfNeeded();
      const box = (await hold.boundingBox())!;
      await worker.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await worker.mouse.down();
      await worker.getByRole("button", { name: "Keep holding…" }).waitFor();
      await worker
        .getByText(/^Alarm sent at /)
        .first()
        .waitFor();
      await worker.mouse.up();
      await worker.getByText("Waiting for someone to acknowledge it…").waitFor();

      const workerName = await nameOf(db, ACCOUNTS.worker);
      await banner.getByText(`Panic: ${workerName}`).waitFor();
      await banner.getByRole("button", { name: "Acknowledge" }).click();
      await banner.waitFor({ state: "detached" });

      const supervisorName = await nameOf(db, ACCOUNTS.supervisor);
      await worker.getByText(new RegExp(`^Acknowledged by ${supervisorName} at `)).waitFor();
    }),
  );

  it(
    "a worker clocks in and their point on the supervisor's open map leaves its greyed last-known place for today's state, without a reload or a re-read of the points",
    scenario(async ({ page, db, openAnotherPage }) => {
      const worker = await userByEmail(db, ACCOUNTS.worker);
      const supervisorUser = await userByEmail(db, ACCOUNTS.supervisor);
      // The seed: worker1 has not clocked in today; the map places them at their newest place of an
      // earlier day, in that day's state.
      const days = await db.selectFrom(PRESENCE).selectAll().where("user_id", "=", worker.id).orderBy("presence_date", "desc").execute();
      expect(days[0].presence_date).not.toBe(new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta" }).format(new Date()));
      const was = groupOf(days[0]);
      // Their newest place older than 12 h at any hour of the run: the GPS points of the last 13 h
      // go, and so does a clock-out of the last 13 h (yesterday's, 16:49 WIB in the seed, is less
      // than 12 h old until 04:49 WIB): it moves to a minute after its clock-in, which is always
      // older (the latest one the seed has is 09:10 WIB yesterday). So the point is greyed by the
      // map's own rule, in the same state.
      const recent = Date.now() - 13 * 3_600_000;
      await db.deleteFrom(WAYPOINT).where("user_id", "=", worker.id).where("wptime", ">", recent).execute();
      if (days[0].clock_in && days[0].clock_out && Date.parse(String(days[0].clock_out)) > recent) {
        const clockOut = new Date(Date.parse(String(days[0].clock_in)) + 60_000).toISOString();
        await db.updateTable(PRESENCE).set({ clock_out: clockOut }).where("id", "=", Number(days[0].id)).execute();
        days[0].clock_out = clockOut;
      }
      const lastPoint = await db.selectFrom(WAYPOINT).select("wptime").where("user_id", "=", worker.id).orderBy("wptime", "desc").limit(1).executeTakeFirst();
      const placedAt = Math.max(lastPoint ? Number(lastPoint.wptime) : 0, ...[days[0].clock_in, days[0].clock_out].map((at) => (at ? Date.parse(String(at)) : 0)));
      expect(Date.now() - placedAt).toBeGreaterThan(STALE_AFTER_MS + 3_600_000);
      // A project of the worker and the supervisor alone (no place: the phone still preselects the
      // worker's site): the legend beside it counts this worker's point only, so no other point
      // turning 12 h old during the run changes the counts.
      const site = await db.selectFrom(PROJECT).selectAll().where("id", "=", Number(days[0].project_id)).executeTakeFirstOrThrow();
      const { id: _id, ...copy } = site;
      const code = `E2E-LIVE-${Date.now()}`;
      const [{ id: projectId }] = await db
        .insertInto(PROJECT)
        .values({ ...copy, name: "Live map check", code, location: null, work_area: null })
        .returning("id")
        .execute();
      const membership = await db.selectFrom(MEMBERS).selectAll().where("user_id", "=", worker.id).executeTakeFirstOrThrow();
      const { id: _mid, ...member } = membership;
      await db
        .insertInto(MEMBERS)
        .values([
          { ...member, project_id: projectId },
          { ...member, user_id: supervisorUser.id, project_id: projectId },
        ])
        .execute();

      const supervisor = page;
      await supervisor.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204, body: "" }));
      // From `hold` on, a re-read of the points (the map's minute, a focus, an invalidation) is held
      // back until the end: what changes the page meanwhile came through the event stream.
      let hold = false;
      const held: Route[] = [];
      const reading = new Set<unknown>();
      supervisor.on("request", (r) => void (POINTS_READ.test(r.url()) && reading.add(r)));
      supervisor.on("requestfinished", (r) => void reading.delete(r));
      supervisor.on("requestfailed", (r) => void reading.delete(r));
      await supervisor.route(POINTS_READ, (route) => (hold ? void held.push(route) : route.continue()));

      await signIn(supervisor, ACCOUNTS.supervisor);
      await supervisor.goto("/#/map/view");
      await supervisor.getByRole("tree").locator(".ant-tree-title").filter({ hasText: "Live map check" }).click();
      // One point, in the earlier day's state and greyed.
      const none: Legend = { clockedIn: 0, clockedOut: 0, late: 0, absent: 0, stale: 0 };
      await legendShows(supervisor, { ...none, [was]: 1, stale: 1 });
      await expect.poll(() => reading.size).toBe(0);

      const phone = await openAnotherPage(PHONE);
      await signIn(phone, ACCOUNTS.worker);
      await phone.waitForURL(/#\/field$/);
      await phone.getByText("Not clocked in yet").waitFor();
      await phone.getByRole("button", { name: "Take a selfie" }).click();
      const shutter = phone.getByRole("button", { name: "Take the photo" });
      await expect.poll(() => shutter.isEnabled()).toBe(true);
      await shutter.click();
      await phone.getByRole("img", { name: "Your selfie" }).waitFor();
      hold = true;
      await phone.getByRole("button", { name: "Clock in", exact: true }).click();
      // The server's answer ("Clocked in at 02:08"), not the card's clock-in place line that the
      // phone shows while the clock-in still waits to be sent.
      await phone.getByText(/^Clocked in at \d/).waitFor();

      // Today's state as stored (clocked in, or late by the shift): the point moves from its old
      // state to it and is greyed no more.
      const today = await db.selectFrom(PRESENCE).selectAll().where("user_id", "=", worker.id).where("presence_date", ">", String(days[0].presence_date)).executeTakeFirstOrThrow();
      const now = groupOf(today);
      expect(["clockedIn", "late"]).toContain(now);
      await legendShows(supervisor, { ...none, [now]: 1 });

      hold = false;
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    }),
  );

  it(
    "a panic nobody acknowledges escalates: the supervisor's banner says it went to the admins",
    scenario(async ({ page, db, openAnotherPage }) => {
      // An alarm an earlier test left open is handled: the one waiting below is this test's.
      await db.updateTable(PANIC).set({ status: "resolved" }).where("status", "=", "open").execute();
      // The company's setting at its least (the declaration's minimum): 10 s without an acknowledgement.
      const { company_id } = await userByEmail(db, ACCOUNTS.supervisor);
      const setting = await db.selectFrom(COMPANY).select("panic_escalate_seconds").where("id", "=", company_id).executeTakeFirstOrThrow();
      await db.updateTable(COMPANY).set({ panic_escalate_seconds: 10 }).where("id", "=", company_id).execute();
      onTestFinished(async () => {
        await db.updateTable(COMPANY).set({ panic_escalate_seconds: setting.panic_escalate_seconds }).where("id", "=", company_id).execute();
      });

      const supervisor = page;
      await signIn(supervisor, ACCOUNTS.supervisor);
      await supervisor.getByRole("button", { name: /^Notifications \(\d+\)$/ }).waitFor();
      const banner = supervisor.getByRole("alert").filter({ hasText: "Panic:" });

      const worker = await openAnotherPage(PHONE);
      await signIn(worker, ACCOUNTS.worker);
      await worker.waitForURL(/#\/field$/);
      await worker.getByText("goes with it.", { exact: false }).waitFor();
      const hold = worker.getByRole("button", { name: "HOLD FOR HELP" });
      await hold.scrollIntoViewIfNeeded();
      const box = (await hold.boundingBox())!;
      await worker.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await worker.mouse.down();
      // The page still shows the first test's acknowledged alarm: this one is the one waiting.
      await worker.getByText("Waiting for someone to acknowledge it…").waitFor();
      await worker.mouse.up();

      const row = banner.getByTestId("panic-row").filter({ hasText: `Panic: ${await nameOf(db, ACCOUNTS.worker)}` });
      await row.waitFor();
      expect(await row.getByText("Escalated to the admins").count()).toBe(0);
      // Nobody acknowledges: past the setting, the next sweep escalates it and the banner says so.
      await row.getByText("Escalated to the admins").waitFor();
      const [panic] = await db.selectFrom(PANIC).selectAll().where("status", "=", "open").execute();
      expect(panic.escalated_at).not.toBeNull();
      expect(Date.parse(String(panic.escalated_at)) - Date.parse(String(panic.alert_time))).toBeGreaterThanOrEqual(10_000);
    }),
  );
});
