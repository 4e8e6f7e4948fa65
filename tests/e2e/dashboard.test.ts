// The home dashboard on the real server and demo seed (issue 19): the company admin's figures
// match the records counted from the database by the same rules (projects by status, today's
// attendance on each site's day, open panic alerts, overdue milestones, approvals and requests
// waiting, K3 work permits ending within 7 days). The demo seed moves with "now", so nothing is
// hard-coded. A screenshot of the dashboard in English and Indonesian is saved.
import type { Page } from "playwright-core";
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { resourceByName } from "../../declaration";
import { localParts, zoneOf } from "../../server/field/zones";
import { signInWith, translator, type Language } from "./support/a11y";
import { scenario, useE2eWorld } from "./support/harness";
import { ACCOUNTS, userByEmail } from "./support/ui";

useE2eWorld();

const table = (name: Parameters<typeof resourceByName>[0]) => resourceByName(name).table!;

/** A figure's value on the page, once its card has loaded. */
async function figure(page: Page, testId: string): Promise<string> {
  const dd = page.getByTestId(testId).locator("dd");
  await dd.waitFor();
  return (await dd.textContent()) ?? "";
}

const CASES: Language[] = ["en", "id"];

describe("the admin's dashboard", () => {
  it.for(CASES)("%s: the figures match the seeded records", (lang, ctx) =>
    scenario(async ({ page, db }) => {
      const t = translator(lang);
      const admin = await userByEmail(db, ACCOUNTS.admin);
      const company = admin.company_id;
      const today = dayjs().format("YYYY-MM-DD");
      const in7 = dayjs().add(7, "day").format("YYYY-MM-DD");

      // Something due on the cards the seed may leave at zero at this time of day: an overdue
      // milestone and a work permit ending in 3 days.
      const site = await db.selectFrom(table("project")).select("id").where("company_id", "=", company).orderBy("id").executeTakeFirstOrThrow();
      await db
        .insertInto(table("project-milestone"))
        .values({ company_id: company, project_id: site.id, title: `Overdue ${lang}`, due_date: dayjs().subtract(3, "day").format("YYYY-MM-DD"), status: "planned" })
        .execute();
      await db
        .insertInto(table("permit"))
        .values({
          company_id: company,
          user_id: admin.id,
          permit_type: "work_permit",
          absent_date: today,
          end_date: dayjs().add(3, "day").format("YYYY-MM-DD"),
          reason: "Hot work",
          status: "approved",
        })
        .execute();

      // Projects by status.
      const projects = await db.selectFrom(table("project")).select(["id", "status", "time_zone"]).where("company_id", "=", company).execute();
      const byStatus = (s: string) => projects.filter((p) => p.status === s).length;
      // Today's attendance: each row on its project's day (the project's zone, else the company's).
      const companyRow = await db.selectFrom(table("company-management")).select("time_zone").where("id", "=", company).executeTakeFirstOrThrow();
      const companyZone = zoneOf(companyRow.time_zone);
      const now = Date.now();
      const dayOf = new Map(projects.map((p) => [Number(p.id), localParts(now, zoneOf(p.time_zone, companyZone)).date]));
      const companyDay = localParts(now, companyZone).date;
      const presence = (
        await db.selectFrom(table("presence")).select(["user_id", "project_id", "presence_date", "presence_status", "work_area_in"]).where("company_id", "=", company).execute()
      ).filter((r) => String(r.presence_date) === (r.project_id === null ? companyDay : (dayOf.get(Number(r.project_id)) ?? companyDay)));
      // Approved leave, sick and permission days covering the company's today: a person with one
      // and no row today is on leave (or sick); their absent row counts there too.
      const onLeave = new Map<number, string>();
      for (const p of await db
        .selectFrom(table("permit"))
        .select(["user_id", "permit_type", "absent_date", "end_date"])
        .where("company_id", "=", company)
        .where("status", "=", "approved")
        .where("permit_type", "in", ["leave", "sick", "permission"])
        .execute()) {
        if (String(p.absent_date) <= companyDay && String(p.end_date ?? p.absent_date) >= companyDay) onLeave.set(Number(p.user_id), p.permit_type === "sick" ? "sick" : "leave");
      }
      const statusOf = (r: { user_id: unknown; presence_status: unknown }) =>
        r.presence_status === "absent" ? (onLeave.get(Number(r.user_id)) ?? "absent") : String(r.presence_status);
      const withRow = new Set(presence.map((r) => Number(r.user_id)));
      const attendance = (s: string) => presence.filter((r) => statusOf(r) === s).length + [...onLeave].filter(([u, type]) => type === s && !withRow.has(u)).length;
      const outside = presence.filter((r) => r.work_area_in === "outside").length;
      // Open panic alerts, overdue milestones, what waits for the admin, permits ending soon.
      const count = async (q: Promise<Array<{ n: unknown }>>) => Number((await q)[0].n);
      const openPanics = await count(
        db
          .selectFrom(table("panic-button"))
          .select((eb) => eb.fn.countAll().as("n"))
          .where("company_id", "=", company)
          .where("status", "=", "open")
          .execute(),
      );
      const overdue = await count(
        db
          .selectFrom(table("project-milestone"))
          .select((eb) => eb.fn.countAll().as("n"))
          .where("company_id", "=", company)
          .where("status", "=", "planned")
          .where("due_date", "<", today)
          .execute(),
      );
      const approvals = await count(
        db
          .selectFrom(table("project-approval"))
          .select((eb) => eb.fn.countAll().as("n"))
          .where("company_id", "=", company)
          .where("status", "=", "pending")
          .where("approver_id", "=", admin.id)
          .execute(),
      );
      const requested = (name: "request-material" | "req-tools") =>
        count(
          db
            .selectFrom(table(name))
            .select((eb) => eb.fn.countAll().as("n"))
            .where("company_id", "=", company)
            .where("status", "=", "requested")
            .execute(),
        );
      const permits = await count(
        db
          .selectFrom(table("permit"))
          .select((eb) => eb.fn.countAll().as("n"))
          .where("company_id", "=", company)
          .where("permit_type", "=", "work_permit")
          .where("status", "=", "approved")
          .where("end_date", ">=", today)
          .where("end_date", "<=", in7)
          .execute(),
      );

      await signInWith(page, ACCOUNTS.admin, lang);
      await page.getByRole("heading", { name: t("home.projects.title") }).waitFor();
      expect(await figure(page, "projects-total")).toBe(String(projects.length));
      for (const s of ["planning", "in_progress", "on_hold", "completed", "cancelled"]) expect(await figure(page, `projects-${s}`), s).toBe(String(byStatus(s)));
      expect(await figure(page, "attendance-present")).toBe(String(attendance("present")));
      expect(await figure(page, "attendance-late")).toBe(String(attendance("late")));
      expect(await figure(page, "attendance-absent")).toBe(String(attendance("absent")));
      expect(await figure(page, "attendance-leave")).toBe(String(attendance("leave") + attendance("sick")));
      expect(await figure(page, "attendance-outside")).toBe(String(outside));
      expect(await figure(page, "panic-open")).toBe(String(openPanics));
      expect(await figure(page, "milestones-overdue")).toBe(String(overdue));
      expect(await figure(page, "waiting-approvals")).toBe(String(approvals));
      expect(await figure(page, "waiting-materials")).toBe(String(await requested("request-material")));
      expect(await figure(page, "waiting-tools")).toBe(String(await requested("req-tools")));
      expect(await figure(page, "permits-expiring")).toBe(String(permits));
      await page.getByTestId("health-schedule").waitFor();
      // The seed has something to show on the cards that count today's work.
      expect(projects.length).toBeGreaterThan(0);
      expect(presence.length).toBeGreaterThan(0);
      expect(overdue).toBeGreaterThan(0);
      expect(permits).toBeGreaterThan(0);

      // Each card leads to the screen behind it.
      await page
        .getByTestId("card-panic")
        .getByRole("link", { name: t("home.open") })
        .click();
      await page.waitForURL(/#\/panic-button$/);
      await page.goBack();
      await page.getByTestId("projects-total").waitFor();
      await page.screenshot({ path: `/tmp/dash-home-${lang}.png`, fullPage: true });
    })(ctx),
  );
});
