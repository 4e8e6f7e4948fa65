// Live to the office in Chromium against the real server and the demo seed, two browser
// contexts: the worker holds the panic button on #/field; the supervisor's banner shows on the
// page they are on; they acknowledge; the banner leaves and the worker's page names them.
import type { BrowserContextOptions } from "playwright-core";
import { describe, expect, it } from "vitest";
import { resourceByName } from "../../declaration";
import { USERS } from "../../server/access/identity";
import type { Db } from "../../server/db/connection";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, signIn } from "./support/ui";

useE2eWorld();

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  geolocation: { longitude: 106.8096, latitude: -6.2256, accuracy: 12 },
  permissions: ["geolocation", "camera"],
  timezoneId: "UTC",
};

const PANIC = resourceByName("panic-button").table!;

const nameOf = async (db: Db, email: string): Promise<string> =>
  String((await db.selectFrom(USERS.table).select("name").where("email", "=", email).executeTakeFirstOrThrow()).name);

describe("live to the office", () => {
  it(
    "a held panic shows on the supervisor's page, Acknowledge takes it down and the worker's page names the supervisor",
    scenario(async ({ page, db, openAnotherPage }) => {
      // The demo seed's open alarms are handled: the banner then shows this test's alarm alone.
      await db.updateTable(PANIC).set({ status: "resolved" }).where("status", "=", "open").execute();
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
});
