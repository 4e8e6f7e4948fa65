// The work calendar and pay rules (declaration/pay.ts) with the timesheet's days
// (declaration/timesheet.ts rule 5c) in a UTC process: rest days and holidays are overtime from
// the first minute, the statutory multipliers of Kepmenaker 102/2004 (work day, rest day of a 5-
// and a 6-day week, a holiday on the 6-day week's short day), the hourly wage as 1/173 of the
// monthly one, night shifts attributed to the evening they start across midnight and a month's
// end, and the labour cost of a person's days split over their projects.
import { describe, expect, it } from "vitest";
import {
  dayLabourCost,
  HOURLY_DIVISOR,
  hourlyWageOf,
  payableHours,
  restDayBands,
  splitByWeight,
  STATUTORY_HOLIDAYS,
  STATUTORY_MULTIPLIERS,
  statutoryHolidays,
  workDaysOf,
  type PayableDay,
} from "../../declaration/pay";
import { timesheetDays, timesheetTotals, type TimesheetInput, type TimesheetPresence, type TimesheetShift } from "../../declaration/timesheet";
import { sheetDays, timesheetSettings } from "../../declaration/timesheet-answer";
import { inProcessZone } from "./processZone";

inProcessZone("UTC");

const WIB = "Asia/Jakarta";
const H = 60;
const DAY: TimesheetShift = { id: 1, name: "Day", start_time: "08:00", end_time: "17:00", grace_minutes: 15, break_minutes: 60 };
const NIGHT: TimesheetShift = { id: 2, name: "Night", start_time: "21:00", end_time: "05:00", grace_minutes: 10, break_minutes: 0 };
const hms = (t: string) => (t.length === 5 ? `${t}:00` : t);
const wib = (date: string, inAt: string, outAt: string, nextDay?: string): TimesheetPresence => ({
  clock_in: `${date}T${hms(inAt)}+07:00`,
  clock_out: `${nextDay ?? date}T${hms(outAt)}+07:00`,
  zone: WIB,
});
const sheet = (over: Partial<TimesheetInput>): TimesheetInput => ({
  presences: [],
  shiftOn: () => DAY,
  zone: WIB,
  from: "2026-11-02",
  to: "2026-11-08",
  now: Date.parse("2027-02-01T00:00:00Z"),
  ...over,
});
const payable = (over: Partial<PayableDay>): PayableDay => ({
  date: "2026-11-02",
  regularMinutes: 0,
  workdayOvertimeMinutes: 0,
  restDayOvertimeMinutes: 0,
  restKind: null,
  ...over,
});
/** A monthly wage whose hourly wage is 30,000 rupiah. */
const MONTHLY = 30_000 * HOURLY_DIVISOR;

describe("work days and rest days", () => {
  it("a 5-day week works Monday-Friday, a 6-day week Monday-Saturday", () => {
    expect(workDaysOf(5)).toEqual([1, 2, 3, 4, 5]);
    expect(workDaysOf(6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("hours on a rest day are all overtime, none regular, and do not count towards the weekly threshold", () => {
    // Monday-Friday 8 h each (40 h), Saturday 4 h: in a 5-day week Saturday is a rest day.
    const week = ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06"].map((d) => wib(d, "08:00", "17:00"));
    const days = timesheetDays(sheet({ presences: [...week, wib("2026-11-07", "08:00", "12:00")], workDays: workDaysOf(5) }));
    const sat = days.find((d) => d.date === "2026-11-07")!;
    expect([sat.kind, sat.restKind, sat.workedMinutes, sat.regularMinutes, sat.weeklyOvertimeMinutes, sat.restDayOvertimeMinutes, sat.overtimeMinutes]).toEqual([
      "worked",
      "rest_day",
      4 * H,
      0,
      0,
      4 * H,
      4 * H,
    ]);
    expect(days.filter((d) => d.date < "2026-11-07").map((d) => [d.restKind, d.regularMinutes / H, d.overtimeMinutes])).toEqual(Array(5).fill([null, 8, 0]));
    const t = timesheetTotals(days);
    expect([t.regularMinutes / H, t.overtimeMinutes / H, t.restDayOvertimeMinutes / H]).toEqual([40, 4, 4]);
    // The same Saturday in a 6-day week is a work day: within the daily threshold, beyond the week's 40 h.
    const six = timesheetDays(sheet({ presences: [...week, wib("2026-11-07", "08:00", "12:00")], workDays: workDaysOf(6) })).find((d) => d.date === "2026-11-07")!;
    expect([six.restKind, six.regularMinutes, six.weeklyOvertimeMinutes, six.restDayOvertimeMinutes]).toEqual([null, 0, 4 * H, 0]);
  });

  it("a public holiday on a weekday is overtime from the first minute, and a holiday without work is off", () => {
    const days = timesheetDays(
      sheet({
        presences: [wib("2026-08-17", "08:00", "17:00")],
        from: "2026-08-17",
        to: "2026-08-18",
        daysOff: ["2026-08-17", "2026-08-18"],
        workDays: workDaysOf(5),
      }),
    );
    expect(days.map((d) => [d.date, d.kind, d.restKind, d.regularMinutes, d.restDayOvertimeMinutes])).toEqual([
      ["2026-08-17", "worked", "holiday", 0, 8 * H],
      ["2026-08-18", "off", "holiday", 0, 0],
    ]);
  });
});

describe("night shifts across midnight", () => {
  it("count on the evening they start: a Friday 31 July night into Saturday 1 August is July's work day", () => {
    const days = timesheetDays(
      sheet({ presences: [wib("2026-07-31", "21:00", "06:00", "2026-08-01")], shiftOn: () => NIGHT, from: "2026-07-31", to: "2026-08-01", workDays: workDaysOf(5) }),
    );
    expect(days.map((d) => [d.date, d.kind, d.restKind, d.workedMinutes, d.regularMinutes, d.dailyOvertimeMinutes, d.restDayOvertimeMinutes])).toEqual([
      ["2026-07-31", "worked", null, 9 * H, 8 * H, 1 * H, 0],
      ["2026-08-01", "off", "rest_day", 0, 0, 0, 0],
    ]);
  });

  it("a night starting on New Year's Eve (a work day) is a work day's; one starting on New Year's Day is the holiday's, after midnight too", () => {
    const days = timesheetDays(
      sheet({
        presences: [wib("2026-12-31", "21:00", "05:00", "2027-01-01"), wib("2027-01-01", "21:00", "05:00", "2027-01-02")],
        shiftOn: () => NIGHT,
        from: "2026-12-31",
        to: "2027-01-01",
        daysOff: ["2027-01-01"],
        workDays: workDaysOf(5),
      }),
    );
    expect(days.map((d) => [d.date, d.restKind, d.regularMinutes, d.restDayOvertimeMinutes])).toEqual([
      ["2026-12-31", null, 8 * H, 0],
      ["2027-01-01", "holiday", 0, 8 * H],
    ]);
  });
});

describe("overtime multipliers (Kepmenaker 102/2004 art. 11)", () => {
  it("statutory defaults", () => {
    expect(STATUTORY_MULTIPLIERS).toEqual({ workdayFirst: 1.5, workdayLater: 2, restdayFirst: 2, restdaySecond: 3, restdayLater: 4 });
  });

  it("a work day: the first overtime hour 1.5x, each later one 2x", () => {
    expect(payableHours(payable({ regularMinutes: 8 * H, workdayOvertimeMinutes: 3 * H }), 5, STATUTORY_MULTIPLIERS)).toEqual({ regular: 8, overtime: 1.5 + 2 * 2 });
    expect(payableHours(payable({ workdayOvertimeMinutes: 30 }), 5, STATUTORY_MULTIPLIERS).overtime).toBe(0.75);
  });

  it("a rest day of a 5-day week: 8 hours 2x, the 9th 3x, the 10th and 11th 4x", () => {
    expect(restDayBands(5, "rest_day", "2026-11-07")).toEqual([8 * H, H, 2 * H]);
    expect(payableHours(payable({ date: "2026-11-07", restDayOvertimeMinutes: 11 * H, restKind: "rest_day" }), 5, STATUTORY_MULTIPLIERS).overtime).toBe(8 * 2 + 3 + 2 * 4);
    // Beyond the statute's last band: still 4x.
    expect(payableHours(payable({ date: "2026-11-07", restDayOvertimeMinutes: 12 * H, restKind: "rest_day" }), 5, STATUTORY_MULTIPLIERS).overtime).toBe(27 + 4);
  });

  it("a rest day of a 6-day week: 7 hours 2x, the 8th 3x, the 9th and 10th 4x", () => {
    expect(restDayBands(6, "rest_day", "2026-11-08")).toEqual([7 * H, H, 2 * H]);
    expect(payableHours(payable({ date: "2026-11-08", restDayOvertimeMinutes: 10 * H, restKind: "rest_day" }), 6, STATUTORY_MULTIPLIERS).overtime).toBe(7 * 2 + 3 + 2 * 4);
  });

  it("a holiday on a 6-day week's shortest work day (Saturday 1 May 2027): 5 hours 2x, the 6th 3x, the 7th and 8th 4x", () => {
    expect(restDayBands(6, "holiday", "2027-05-01")).toEqual([5 * H, H, 2 * H]);
    expect(payableHours(payable({ date: "2027-05-01", restDayOvertimeMinutes: 8 * H, restKind: "holiday" }), 6, STATUTORY_MULTIPLIERS).overtime).toBe(5 * 2 + 3 + 2 * 4);
    // On a weekday a 6-day week's holiday has the 7-hour band; in a 5-day week the 8-hour one.
    expect(restDayBands(6, "holiday", "2026-08-17")).toEqual([7 * H, H, 2 * H]);
    expect(restDayBands(5, "holiday", "2027-05-01")).toEqual([8 * H, H, 2 * H]);
  });

  it("a company's own multipliers replace the statutory ones; empty or bad values fall back to them", () => {
    const s = timesheetSettings({ ot_workday_first: 2, ot_restday_later: 5, ot_workday_later: null, ot_restday_first: "x", work_days_per_week: 6 }, WIB);
    expect(s.multipliers).toEqual({ workdayFirst: 2, workdayLater: 2, restdayFirst: 2, restdaySecond: 3, restdayLater: 5 });
    expect([s.week, s.answer.work_days_per_week, s.answer.ot_workday_first]).toEqual([6, 6, 2]);
    expect(timesheetSettings(undefined, WIB).week).toBe(5);
  });
});

describe("labour cost", () => {
  it("the hourly wage is 1/173 of the monthly wage, an hourly rate overrides it, neither: none", () => {
    expect(hourlyWageOf({ monthly_wage: 5_190_000 })).toBe(30_000);
    expect(hourlyWageOf({ monthly_wage: 5_190_000, hourly_rate: 40_000 })).toBe(40_000);
    expect(hourlyWageOf({ monthly_wage: null, hourly_rate: null })).toBeNull();
    expect(hourlyWageOf(undefined)).toBeNull();
  });

  it("regular hours x hourly wage + overtime pay, integer rupiah", () => {
    // 8 regular hours and 2 overtime: 8 + 1.5 + 2 = 11.5 hours' wage.
    expect(dayLabourCost(payable({ regularMinutes: 8 * H, workdayOvertimeMinutes: 2 * H }), 30_000, 5, STATUTORY_MULTIPLIERS)).toEqual({
      regular: 240_000,
      overtime: 105_000,
      total: 345_000,
    });
    // A rest day's 11 hours: 27 hours' wage. Rounded once: 1/173 of 5,000,000 for 7 h 20 min.
    expect(dayLabourCost(payable({ date: "2026-11-07", restDayOvertimeMinutes: 11 * H, restKind: "rest_day" }), 30_000, 5, STATUTORY_MULTIPLIERS).total).toBe(810_000);
    expect(dayLabourCost(payable({ regularMinutes: 440 }), 5_000_000 / 173, 5, STATUTORY_MULTIPLIERS).total).toBe(211_946);
  });

  it("splits a total by weights in integers that add up to it", () => {
    expect(splitByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByWeight(345_000, [300, 270])).toEqual([181_579, 163_421]);
    expect(splitByWeight(10, [0, 0])).toEqual([5, 5]);
    expect(splitByWeight(0, [])).toEqual([]);
  });

  it("a person's days on the timesheet: cost per day, per presence (project) and in total; none without pay or a rate", () => {
    const rows = {
      from: "2026-11-06",
      to: "2026-11-07",
      now: Date.parse("2026-12-01T00:00:00Z"),
      rule: { dailyMinutes: 8 * H, weeklyMinutes: 40 * H },
      companyZone: WIB,
      projectZone: () => WIB,
      presences: [
        // Friday: 5 h at site 1, then 5 h at site 2 (1 h off the clock between: the break), 10 h worked.
        { id: 1, user_id: 7, project_id: 1, clock_in: "2026-11-06T07:00:00+07:00", clock_out: "2026-11-06T12:00:00+07:00", presence_date: "2026-11-06" },
        { id: 2, user_id: 7, project_id: 2, clock_in: "2026-11-06T13:00:00+07:00", clock_out: "2026-11-06T18:00:00+07:00", presence_date: "2026-11-06" },
        // Saturday, a rest day: 4 h at site 2.
        { id: 3, user_id: 7, project_id: 2, clock_in: "2026-11-07T08:00:00+07:00", clock_out: "2026-11-07T12:00:00+07:00", presence_date: "2026-11-07" },
      ],
      shifts: [],
      assignments: [],
      corrections: [],
      approvals: [],
      names: new Map<number, string>(),
      calendar: { week: 5 as const, holidays: [] },
    };
    const paid = sheetDays({ ...rows, pay: { multipliers: STATUTORY_MULTIPLIERS, hourlyOf: (id) => (id === 7 ? hourlyWageOf({ monthly_wage: MONTHLY }) : null) } }, [7, 8]);
    const p = paid.get(7)!;
    // Friday: 8 h + 1.5 + 2 = 11.5 h x 30,000; Saturday 4 h x 2 = 8 h.
    expect(p.days.map((d) => [d.date, d.rest_kind, d.rest_day_overtime_minutes, d.labour_cost])).toEqual([
      ["2026-11-06", null, 0, 345_000],
      ["2026-11-07", "rest_day", 4 * H, 240_000],
    ]);
    expect(p.days[0].presences.map((x) => [x.project_id, x.labour_cost])).toEqual([
      [1, 172_500],
      [2, 172_500],
    ]);
    expect([p.totals.labour_cost, p.totals.rest_day_overtime_minutes, p.hourlyWage]).toEqual([585_000, 4 * H, 30_000]);
    // A person without a pay rate, and a caller who may not see pay: no cost anywhere.
    expect(paid.get(8)!.totals.labour_cost).toBeNull();
    const unpaid = sheetDays(rows, [7]).get(7)!;
    expect([unpaid.totals.labour_cost, unpaid.days[0].labour_cost, unpaid.days[0].presences[0].labour_cost, unpaid.hourlyWage]).toEqual([null, null, null, null]);
  });
});

describe("statutory holidays", () => {
  it("seeds only the fixed dates of Indonesian law, each naming its source", () => {
    expect(STATUTORY_HOLIDAYS.map((h) => h.monthDay)).toEqual(["01-01", "05-01", "06-01", "08-17", "12-25"]);
    const rows = statutoryHolidays([2026, 2027]);
    expect(rows).toHaveLength(10);
    expect(rows[2]).toEqual({ date: "2026-06-01", name: "Hari Lahir Pancasila", description: "Keppres 24/2016" });
    expect(rows.every((r) => /^Keppres/.test(r.description))).toBe(true);
  });
});
