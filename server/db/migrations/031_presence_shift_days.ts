// Migration 031: presences stored before migration 030 got their day from the calendar date of
// the clock-in, so a night shift's after-midnight clock-in (00:30 for 21:00-05:00) sat on the
// wrong day with the wrong shift. Each clocked-in presence of a person with shift assignments is
// given the shift-day the capture decides now (declaration/timesheet.ts rule 1: the shift window
// on its site's clock) where that differs: its presence_date, shift_id and, for present / late,
// on time or late against that shift. Presences whose day does not change are left as they are.
// Read in pages of 2,000 by id; the figures of the days moved are restated by the timesheet's
// next write of them (the timesheet itself computes them from the rows).
import type { Db } from "../connection";
import { attributeClockIn, lateMinutesOf } from "../../../declaration/timesheet";
import { shiftsOfPeople } from "../../../declaration/timesheet-answer";
import { zoneOf } from "../../field/zones";

const PAGE = 2000;

export async function up(db: Db): Promise<void> {
  const companies = await db.selectFrom("companies").select(["id", "time_zone"]).execute();
  for (const company of companies) {
    const companyId = Number(company.id);
    const assignments = await db.selectFrom("user_to_shift").selectAll().where("company_id", "=", companyId).execute();
    if (!assignments.length) continue;
    const shifts = await db.selectFrom("shift").selectAll().where("company_id", "=", companyId).execute();
    const companyZone = zoneOf(company.time_zone);
    const zones = new Map(
      (await db.selectFrom("project").select(["id", "time_zone"]).where("company_id", "=", companyId).execute()).map((p) => [Number(p.id), zoneOf(p.time_zone, companyZone)]),
    );
    const shiftOf = shiftsOfPeople(assignments, shifts);
    const people = [...new Set(assignments.map((a) => Number(a.user_id)))];
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom("presence")
        .select(["id", "user_id", "project_id", "clock_in", "presence_date", "shift_id", "presence_status"])
        .where("company_id", "=", companyId)
        .where("user_id", "in", people)
        .where("clock_in", "is not", null)
        .where("id", ">", after)
        .orderBy("id")
        .limit(PAGE)
        .execute();
      if (!rows.length) break;
      after = Number(rows[rows.length - 1].id);
      for (const r of rows) {
        const at = Date.parse(String(r.clock_in));
        if (!Number.isFinite(at)) continue;
        const zone = r.project_id === null ? companyZone : (zones.get(Number(r.project_id)) ?? companyZone);
        const day = attributeClockIn(at, zone, shiftOf(Number(r.user_id)));
        if (day.date === String(r.presence_date)) continue;
        const status = String(r.presence_status ?? "");
        await db
          .updateTable("presence")
          .set({
            presence_date: day.date,
            shift_id: day.shift?.id ?? null,
            ...(status === "present" || status === "late" ? { presence_status: lateMinutesOf(at, day.date, day.shift, zone) > 0 ? "late" : "present" } : {}),
          })
          .where("id", "=", Number(r.id))
          .execute();
      }
    }
  }
}

export async function down(): Promise<void> {
  // The calendar dates are not kept: nothing to undo.
}
