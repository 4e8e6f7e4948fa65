// Times on the site's clock in Chromium, against the real server and the demo seed: a browser in
// UTC shows a seeded clock-in of a Jakarta site at its WIB time with "WIB" (not 00:58 for 07:58),
// one at the seed's Makassar site (which has no workers yet: a clock-in is added there for the
// test) at its WITA time with "WITA", in English and Indonesian; a browser in Jakarta shows WIB
// times without the abbreviation, WITA ones still with it.
import { describe, expect, it, onTestFinished } from "vitest";
import type { Page } from "playwright-core";
import { resourceByName } from "../../declaration";
import { STORAGE_KEYS } from "../../src/auth/storageKeys";
import { formatDateTime } from "../../src/lib/zonedTime";
import { USERS } from "../../server/access/identity";
import type { Db } from "../../server/db/connection";
import { inProcessZone } from "../unit/processZone";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, rowWith, signIn, userByEmail } from "./support/ui";

useE2eWorld();
// The expected texts are formatted here as a UTC browser formats them.
inProcessZone("UTC");

const PRESENCE = resourceByName("presence").table;
const PROJECT = resourceByName("project").table;
const COMPANY = resourceByName("company-management").table;

interface Seeded {
  userId: number;
  name: string;
  clockIn: string;
  zone: string;
}

/** A clock-in of worker1 at 07:58 WITA today at the seed's Makassar site (removed after the test). */
async function makassarClockIn(db: Db): Promise<Seeded> {
  const worker = await userByEmail(db, ACCOUNTS.worker);
  const site = await db.selectFrom(PROJECT).select("id").where("company_id", "=", worker.company_id).where("time_zone", "=", "Asia/Makassar").executeTakeFirstOrThrow();
  const today = formatDateTime(Date.now(), "Asia/Makassar").slice(0, 10).split("-").reverse().join("-");
  const clockIn = `${today}T07:58:00+08:00`;
  const row = await db
    .insertInto(PRESENCE)
    // Stored as the server stores times: in UTC.
    .values({ company_id: worker.company_id, user_id: worker.id, project_id: site.id, presence_date: today, clock_in: new Date(clockIn).toISOString(), presence_status: "present" })
    .returning("id")
    .executeTakeFirstOrThrow();
  onTestFinished(async () => {
    await db.deleteFrom(PRESENCE).where("id", "=", row.id).execute();
  });
  return { userId: worker.id, name: "", clockIn, zone: "Asia/Makassar" };
}

/** A worker's latest seeded clock-in at a site in `zone` (the site's own zone, else the company's), of the admin's company. */
async function seededClockIn(db: Db, zone: string): Promise<Seeded> {
  const { company_id } = await userByEmail(db, ACCOUNTS.admin);
  const rows = await db
    .selectFrom(`${PRESENCE} as p`)
    .innerJoin(`${PROJECT} as pr`, "pr.id", "p.project_id")
    .innerJoin(`${COMPANY} as c`, "c.id", "p.company_id")
    .innerJoin(`${USERS.table} as u`, "u.id", "p.user_id")
    .select(["p.user_id", "u.name", "p.clock_in", "pr.time_zone as site", "c.time_zone as company"])
    .where("p.company_id", "=", company_id)
    .where("p.clock_in", "is not", null)
    .orderBy("p.clock_in", "desc")
    .execute();
  const hit = rows.find((r) => ((r.site as string | null) || (r.company as string)) === zone);
  if (!hit) throw new Error(`no seeded clock-in at a site in ${zone}`);
  // That worker's latest clock-in: the first row of their list.
  const latest = rows.find((r) => r.user_id === hit.user_id)!;
  return { userId: Number(hit.user_id), name: String(hit.name), clockIn: String(latest.clock_in), zone: (latest.site as string | null) || (latest.company as string) };
}

/** The attendance list of one worker (the list's own filter in the URL), newest first. */
async function openAttendanceOf(page: Page, userId: number): Promise<void> {
  await page.goto(`/#/presence?filters[0][field]=user_id&filters[0][operator]=eq&filters[0][value]=${userId}`);
  // From another worker's list only the hash changed: the list reads its filters when it opens.
  await page.reload();
  await page.getByRole("table").waitFor();
}

/** The first body row's cell showing the clock-in. */
const clockInCell = (page: Page, text: string) => rowWith(page, text).first();

describe("the attendance list shows clock-ins on their site's clock", () => {
  it(
    "in a UTC browser: a Jakarta site's seeded clock-in at its WIB time with WIB, a Makassar site's with WITA (English, then Indonesian)",
    scenario(
      async ({ page, db }) => {
        const wib = await seededClockIn(db, "Asia/Jakarta");
        const wita = await makassarClockIn(db);
        expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("UTC");
        await signIn(page, ACCOUNTS.admin);

        await openAttendanceOf(page, wib.userId);
        const wibText = formatDateTime(wib.clockIn, "Asia/Jakarta");
        expect(wibText).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d WIB$/);
        await clockInCell(page, wibText).waitFor();
        // Not the UTC browser's own clock (7 hours earlier).
        const utcText = formatDateTime(wib.clockIn, "UTC");
        expect(await page.getByRole("cell", { name: utcText, exact: true }).count()).toBe(0);

        await openAttendanceOf(page, wita.userId);
        const witaText = formatDateTime(wita.clockIn, "Asia/Makassar");
        expect(witaText).toMatch(/ WITA$/);
        await clockInCell(page, witaText).waitFor();

        // Indonesian: the same times, the same abbreviations.
        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.lang, "id"]);
        await page.reload();
        await page.getByRole("columnheader", { name: "Presensi masuk" }).first().waitFor();
        await clockInCell(page, witaText).waitFor();
        await openAttendanceOf(page, wib.userId);
        await clockInCell(page, wibText).waitFor();
      },
      { context: { timezoneId: "UTC" } },
    ),
  );

  it(
    "in a browser in Jakarta: WIB times without the abbreviation, the Makassar site's still with WITA",
    scenario(
      async ({ page, db }) => {
        const wib = await seededClockIn(db, "Asia/Jakarta");
        const wita = await makassarClockIn(db);
        await signIn(page, ACCOUNTS.admin);
        await openAttendanceOf(page, wib.userId);
        expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("Asia/Jakarta");
        // The same clock as the UTC browser shows, without its name.
        const plain = formatDateTime(wib.clockIn, "Asia/Jakarta").replace(/ WIB$/, "");
        expect(plain).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/);
        await clockInCell(page, plain).waitFor();
        expect(await page.getByRole("cell", { name: `${plain} WIB`, exact: true }).count()).toBe(0);

        await openAttendanceOf(page, wita.userId);
        await clockInCell(page, formatDateTime(wita.clockIn, "Asia/Makassar")).waitFor();
      },
      { context: { timezoneId: "Asia/Jakarta" } },
    ),
  );
});
