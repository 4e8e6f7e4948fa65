// The timesheet's rules (declaration/timesheet.ts) in a UTC process, as the server runs: a week of
// daily then weekly overtime, a shift across midnight, days on the clock of WIB, WITA and WIT (and
// of a zone with a DST change), late or on time at the grace's edge, absent, leave and days off,
// hours written 7:30 or 7.5, and pay periods across a month's end.
import { describe, expect, it } from "vitest";
import {
  adjacentPayPeriod,
  attributeClockIn,
  dayMinutes,
  dayOfPresence,
  formatHours,
  parseHours,
  payPeriodOf,
  presenceConflict,
  timesheetDays,
  timesheetTotals,
  type TimesheetInput,
  type TimesheetPresence,
  type TimesheetShift,
} from "../../declaration/timesheet";
import { presenceStatus } from "../../server/field/rules";
import { inProcessZone } from "./processZone";

inProcessZone("UTC");

const WIB = "Asia/Jakarta";
const WITA = "Asia/Makassar";
const WIT = "Asia/Jayapura";
const H = 60;

const DAY: TimesheetShift = { id: 1, name: "Day", start_time: "08:00", end_time: "17:00", grace_minutes: 15, break_minutes: 60 };
const NIGHT: TimesheetShift = { id: 2, name: "Night", start_time: "21:00", end_time: "05:00", grace_minutes: 10, break_minutes: 30 };

const hms = (t: string) => (t.length === 5 ? `${t}:00` : t);
/** A presence on WIB's clock (+07:00): date, clock-in and clock-out as HH:mm[:ss] (out on `nextDay` when given). */
const wib = (date: string, inAt: string, outAt: string | null, nextDay?: string): TimesheetPresence => ({
  clock_in: `${date}T${hms(inAt)}+07:00`,
  clock_out: outAt === null ? null : `${nextDay ?? date}T${hms(outAt)}+07:00`,
  zone: WIB,
});

/** The week of Monday 2 November 2026 (WIB). */
const MON = "2026-11-02";
const AFTER_THE_WEEK = Date.parse("2026-11-09T12:00:00+07:00");

const sheet = <P extends TimesheetPresence = TimesheetPresence>(over: Partial<TimesheetInput<P>>): TimesheetInput<P> => ({
  presences: [],
  shiftOn: () => DAY,
  zone: WIB,
  from: MON,
  to: "2026-11-08",
  now: AFTER_THE_WEEK,
  // Every day a work day: the thresholds' rules here; rest days and holidays are tests/unit/pay.test.ts's.
  workDays: [1, 2, 3, 4, 5, 6, 7],
  ...over,
});

/** Monday 10 h, Tuesday-Thursday 8 h, Friday 9 h (a 60-minute break deducted each day), Saturday 4 h. */
const WEEK = [
  wib("2026-11-02", "08:00", "19:00"),
  wib("2026-11-03", "08:00", "17:00"),
  wib("2026-11-04", "08:00", "17:00"),
  wib("2026-11-05", "08:00", "17:00"),
  wib("2026-11-06", "08:00", "18:00"),
  wib("2026-11-07", "08:00", "13:00"),
];

describe("regular and overtime: daily first, then weekly", () => {
  it("splits a week of 47 hours into 40 regular, 3 daily and 4 weekly overtime", () => {
    // A 6-day week (Monday-Saturday): Saturday's hours follow the thresholds; Sunday is a rest day.
    const days = timesheetDays(sheet({ presences: WEEK, workDays: [1, 2, 3, 4, 5, 6] }));
    expect(days.map((d) => d.date)).toEqual(["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-07", "2026-11-08"]);
    expect(days.map((d) => d.workedMinutes / H)).toEqual([10, 8, 8, 8, 9, 4, 0]);
    expect(days.map((d) => d.breakMinutes)).toEqual([60, 60, 60, 60, 60, 60, 0]);
    expect(days.map((d) => d.regularMinutes / H)).toEqual([8, 8, 8, 8, 8, 0, 0]);
    expect(days.map((d) => d.dailyOvertimeMinutes / H)).toEqual([2, 0, 0, 0, 1, 0, 0]);
    // Saturday's 4 hours lie beyond the week's 40 regular ones.
    expect(days.map((d) => d.weeklyOvertimeMinutes / H)).toEqual([0, 0, 0, 0, 0, 4, 0]);
    expect(days.map((d) => d.kind)).toEqual(["worked", "worked", "worked", "worked", "worked", "worked", "off"]);
    const t = timesheetTotals(days);
    expect([t.workedMinutes, t.regularMinutes, t.overtimeMinutes, t.dailyOvertimeMinutes, t.weeklyOvertimeMinutes].map((m) => m / H)).toEqual([47, 40, 7, 3, 4]);
    expect(t.daysWorked).toBe(6);
    expect(t.absentDays).toBe(0);
  });

  it("with a weekly rule only, the day that crosses 40 hours is split", () => {
    const days = timesheetDays(sheet({ presences: WEEK, rule: { dailyMinutes: null, weeklyMinutes: 40 * H } }));
    // 10 + 8 + 8 + 8 = 34 by Thursday: 6 of Friday's 9 are regular.
    expect(days.map((d) => d.regularMinutes / H)).toEqual([10, 8, 8, 8, 6, 0, 0]);
    expect(days.map((d) => d.weeklyOvertimeMinutes / H)).toEqual([0, 0, 0, 0, 3, 4, 0]);
    expect(days.every((d) => d.dailyOvertimeMinutes === 0)).toBe(true);
  });

  it("with a daily rule only, nothing is weekly overtime; with no rule, nothing is overtime", () => {
    const daily = timesheetTotals(timesheetDays(sheet({ presences: WEEK, rule: { dailyMinutes: 8 * H, weeklyMinutes: null } })));
    expect([daily.regularMinutes / H, daily.overtimeMinutes / H, daily.weeklyOvertimeMinutes]).toEqual([44, 3, 0]);
    const none = timesheetTotals(timesheetDays(sheet({ presences: WEEK, rule: { dailyMinutes: null, weeklyMinutes: null } })));
    expect([none.regularMinutes / H, none.overtimeMinutes]).toEqual([47, 0]);
  });

  it("a range from mid-week counts the week's earlier days towards 40 hours when their presences are passed", () => {
    const fromThursday = timesheetDays(sheet({ presences: WEEK, from: "2026-11-05" }));
    expect(fromThursday.map((d) => d.date)).toEqual(["2026-11-05", "2026-11-06", "2026-11-07", "2026-11-08"]);
    expect(fromThursday.find((d) => d.date === "2026-11-07")!.weeklyOvertimeMinutes).toBe(4 * H);
    // Without Monday-Wednesday's presences the week has not reached 40 hours by Saturday.
    const alone = timesheetDays(sheet({ presences: WEEK.slice(3), from: "2026-11-05" }));
    expect(alone.find((d) => d.date === "2026-11-07")!.regularMinutes).toBe(4 * H);
    expect(timesheetTotals(alone).weeklyOvertimeMinutes).toBe(0);
  });

  it("a new week starts on Monday: the next Monday's hours are regular again", () => {
    const days = timesheetDays(sheet({ presences: [...WEEK, wib("2026-11-09", "08:00", "13:00")], to: "2026-11-09", now: Date.parse("2026-11-10T12:00:00+07:00") }));
    const monday = days.at(-1)!;
    expect(monday.date).toBe("2026-11-09");
    expect([monday.regularMinutes, monday.overtimeMinutes]).toEqual([4 * H, 0]);
  });
});

describe("a shift across midnight belongs to the day it started", () => {
  it("counts a 21:00-05:00 WITA shift whole on its first day, its break deducted, on time within the grace", () => {
    const p: TimesheetPresence = { clock_in: "2026-11-03T21:05:00+08:00", clock_out: "2026-11-04T06:30:00+08:00", zone: WITA, shift: NIGHT };
    const days = timesheetDays(sheet({ presences: [p], shiftOn: () => NIGHT, zone: WITA, from: "2026-11-03", to: "2026-11-04" }));
    const [tue, wed] = days;
    // 9 h 25 min less the 30-minute break: 8 h 55 min, 55 minutes beyond 8 hours.
    expect([tue.date, tue.workedMinutes, tue.breakMinutes, tue.regularMinutes, tue.dailyOvertimeMinutes]).toEqual(["2026-11-03", 535, 30, 480, 55]);
    expect(tue.late).toBe(false);
    expect(wed.workedMinutes).toBe(0);
    // Wednesday night's shift (21:00 to Thursday 05:00 WITA) has ended by the 9th: absent.
    expect(wed.kind).toBe("absent");
  });

  it("a clock-in after midnight on a night shift is late on the previous day's shift", () => {
    const p: TimesheetPresence = { clock_in: "2026-11-04T00:20:00+08:00", clock_out: "2026-11-04T05:00:00+08:00", zone: WITA };
    expect(dayOfPresence(p, () => NIGHT)).toEqual({ date: "2026-11-03", shift: NIGHT });
    const [tue, wed] = timesheetDays(sheet({ presences: [p], shiftOn: () => NIGHT, zone: WITA, from: "2026-11-03", to: "2026-11-04" }));
    expect([tue.kind, tue.late, tue.lateMinutes]).toEqual(["worked", true, 200]);
    expect(wed.presences).toEqual([]);
    // The same rule as the server's on clock-in.
    expect(presenceStatus(20, NIGHT)).toBe("late");
  });

  it("a Sunday night shift counts in the week it started: weekly overtime, and Monday starts afresh", () => {
    const fullWeek = [
      wib("2026-11-02", "08:00", "17:00"),
      wib("2026-11-03", "08:00", "17:00"),
      wib("2026-11-04", "08:00", "17:00"),
      wib("2026-11-05", "08:00", "17:00"),
      wib("2026-11-06", "08:00", "17:00"),
    ];
    const sunday: TimesheetPresence = { ...wib("2026-11-08", "21:00", "05:00", "2026-11-09"), shift: NIGHT };
    const days = timesheetDays(sheet({ presences: [...fullWeek, sunday], to: "2026-11-09", now: Date.parse("2026-11-10T12:00:00+07:00") }));
    const sun = days.find((d) => d.date === "2026-11-08")!;
    expect([sun.workedMinutes, sun.regularMinutes, sun.weeklyOvertimeMinutes]).toEqual([450, 0, 450]);
    const mon = days.find((d) => d.date === "2026-11-09")!;
    expect([mon.workedMinutes, mon.presences.length]).toEqual([0, 0]);
  });

  it("counts elapsed time across a DST change (Europe/Berlin's night of 25 October 2026: 9 hours, not 8)", () => {
    const shift: TimesheetShift = { start_time: "22:00", end_time: "06:00", grace_minutes: 0, break_minutes: 0 };
    const p: TimesheetPresence = { clock_in: "2026-10-24T22:00:00+02:00", clock_out: "2026-10-25T06:00:00+01:00", zone: "Europe/Berlin", shift };
    const [sat] = timesheetDays(sheet({ presences: [p], shiftOn: () => shift, zone: "Europe/Berlin", from: "2026-10-24", to: "2026-10-24" }));
    expect([sat.workedMinutes, sat.dailyOvertimeMinutes, sat.late]).toEqual([540, 60, false]);
  });
});

describe("night shift attribution across midnight and a month end (rule 1)", () => {
  // A person on nights until 30 November, on days from 1 December (a rotation).
  const rota = (date: string) => (date <= "2026-11-30" ? NIGHT : DAY);
  const at = (iso: string) => attributeClockIn(Date.parse(iso), WIB, rota);

  it("puts the after-midnight clock-in of 30 November's night shift on 30 November, late; the day shift's early clock-in on 1 December", () => {
    expect(at("2026-11-30T20:55:00+07:00")).toEqual({ date: "2026-11-30", shift: NIGHT });
    expect(at("2026-12-01T00:30:00+07:00")).toEqual({ date: "2026-11-30", shift: NIGHT });
    // 06:30: inside both windows (the night's ends at 07:00); the day shift's start is nearer.
    expect(at("2026-12-01T06:30:00+07:00")).toEqual({ date: "2026-12-01", shift: DAY });
    // In no window (the night's from 19:00, the day's to 19:00): the calendar day.
    expect(attributeClockIn(Date.parse("2026-12-01T03:00:00+07:00"), WIB, () => DAY)).toEqual({ date: "2026-12-01", shift: DAY });
  });

  it("counts the night whole in November's monthly period, late by 210 minutes; December starts with the day shift", () => {
    const night = { ...wib("2026-12-01", "00:30", "05:00"), presence_date: "2026-11-30", shift: NIGHT };
    const day = { ...wib("2026-12-01", "07:55", "17:00"), presence_date: "2026-12-01", shift: DAY };
    const days = timesheetDays(sheet({ presences: [night, day], shiftOn: rota, from: "2026-11-30", to: "2026-12-01", now: Date.parse("2026-12-02T12:00:00+07:00") }));
    expect(days.map((d) => [d.date, d.kind, d.workedMinutes, d.lateMinutes])).toEqual([
      ["2026-11-30", "worked", 240, 210], // 4 h 30 less the night's 30-minute break
      ["2026-12-01", "worked", 485, 0],
    ]);
    expect(payPeriodOf("monthly", days[0].date, WIB).end).toBe("2026-11-30");
    // Without a stored day the clock-in is attributed the same way.
    const [nov] = timesheetDays(sheet({ presences: [wib("2026-12-01", "00:30", "05:00")], shiftOn: rota, from: "2026-11-30", to: "2026-11-30" }));
    expect([nov.presences.length, nov.lateMinutes]).toEqual([1, 210]);
  });

  it("on WITA's clock at a site in Makassar: 23:30 WIB is 00:30 WITA, the night shift of the evening before there", () => {
    const wita = attributeClockIn(Date.parse("2026-11-30T23:30:00+07:00"), WITA, () => NIGHT);
    expect(wita).toEqual({ date: "2026-11-30", shift: NIGHT });
    expect(attributeClockIn(Date.parse("2026-11-30T23:30:00+07:00"), WITA, () => DAY).date).toBe("2026-12-01");
  });
});

describe("several presences a day, break punches, flags, frozen days", () => {
  it("adds up two sites' presences; the hour between them is the break; each presence's share adds up to the day", () => {
    const morning = { ...wib(MON, "07:55", "12:00"), id: 1 };
    const afternoon = { ...wib(MON, "13:00", "17:30"), id: 2 };
    const [d] = timesheetDays(sheet({ presences: [afternoon, morning], to: MON }));
    expect([d.workedMinutes, d.breakMinutes, d.late]).toEqual([515, 0, false]);
    expect(d.presences.map((p) => p.id)).toEqual([1, 2]);
    expect(d.presenceMinutes).toEqual([245, 270]);
  });

  it("deducts punched breaks, or the shift's when it is more; the rest from the longest presence", () => {
    const withLunch = { ...wib(MON, "08:00", "17:00"), breaks: [{ start: `${MON}T12:00:00+07:00`, end: `${MON}T13:15:00+07:00` }] };
    expect(dayMinutes([{ inMs: Date.parse(String(withLunch.clock_in)), outMs: Date.parse(String(withLunch.clock_out)), breaks: withLunch.breaks }], 60)).toEqual({
      worked: 465,
      brk: 75,
      each: [465],
    });
    const short = { ...wib(MON, "08:00", "17:00"), breaks: [{ start: `${MON}T12:00:00+07:00`, end: `${MON}T12:10:00+07:00` }] };
    const [d] = timesheetDays(sheet({ presences: [short], to: MON }));
    expect([d.workedMinutes, d.breakMinutes]).toEqual([480, 60]);
    // A break still running or outside the presence counts nothing.
    const running = { ...wib(MON, "08:00", "12:00"), breaks: [{ start: `${MON}T11:00:00+07:00`, end: null }] };
    expect(timesheetDays(sheet({ presences: [running], to: MON }))[0].workedMinutes).toBe(240);
  });

  it("flags a missing clock-out, a presence over 12 hours and overlapping presences", () => {
    const forgot = wib(MON, "08:00", null);
    const next = wib("2026-11-03", "08:00", "17:00");
    const long = wib("2026-11-04", "06:00", "19:30");
    const a = wib("2026-11-05", "08:00", "12:00");
    const b = wib("2026-11-05", "11:00", "17:00");
    const days = timesheetDays(sheet({ presences: [forgot, next, long, a, b], to: "2026-11-06" }));
    expect(days.map((d) => d.flags)).toEqual([["missing_clock_out"], [], ["long_presence"], ["overlap"], []]);
    // An open presence of today is not missing its clock-out yet.
    const [today] = timesheetDays(sheet({ presences: [forgot], to: MON, now: Date.parse(`${MON}T15:00:00+07:00`) }));
    expect([today.open, today.flags]).toEqual([true, []]);
  });

  it("refuses (presenceConflict) a presence over 24 hours or overlapping another, open ones included", () => {
    const h = (t: string) => Date.parse(`${MON}T${t}:00+07:00`);
    const others = [
      { inMs: h("08:00"), outMs: h("12:00") },
      { inMs: h("18:00"), outMs: null },
    ];
    expect(presenceConflict({ inMs: h("12:00"), outMs: h("17:00") }, others)).toBeNull();
    expect(presenceConflict({ inMs: h("11:59"), outMs: h("17:00") }, others)).toEqual({ kind: "overlap", with: others[0] });
    expect(presenceConflict({ inMs: h("13:00"), outMs: h("19:00") }, others)).toEqual({ kind: "overlap", with: others[1] });
    expect(presenceConflict({ inMs: h("00:00"), outMs: h("00:00") + 24 * 3600_000 + 60_000 }, [])).toEqual({ kind: "too_long" });
  });

  it("keeps a frozen day's figures and counts its regular minutes towards the week", () => {
    const frozen = new Map([
      [MON, { kind: "worked" as const, workedMinutes: 2400, breakMinutes: 0, regularMinutes: 2400, dailyOvertimeMinutes: 0, weeklyOvertimeMinutes: 0, lateMinutes: 0 }],
    ]);
    const days = timesheetDays(sheet({ presences: [wib(MON, "08:00", "17:00"), wib("2026-11-03", "08:00", "17:00")], to: "2026-11-03", frozen }));
    expect(days.map((d) => [d.frozen, d.workedMinutes, d.regularMinutes, d.weeklyOvertimeMinutes])).toEqual([
      [true, 2400, 2400, 0],
      [false, 480, 0, 480],
    ]);
  });
});

describe("days on the site's clock in a UTC process", () => {
  // 23:30 UTC on 4 November: 06:30 WIB, 07:30 WITA, 08:30 WIT on the 5th; 16:30 UTC: 23:30 WIB on the 4th, 01:30 WIT on the 5th.
  it("puts one instant on the site's date and measures lateness on its clock (WIB, WITA, WIT)", () => {
    const at = (clockIn: string, zone: string) => {
      const p: TimesheetPresence = { clock_in: clockIn, clock_out: null, zone };
      return timesheetDays(sheet({ presences: [p], zone, from: "2026-11-04", to: "2026-11-05" })).filter((d) => d.presences.length);
    };
    const early = "2026-11-04T23:30:00Z";
    expect(at(early, WIB).map((d) => [d.date, d.late, d.open])).toEqual([["2026-11-05", false, true]]);
    expect(at(early, WITA).map((d) => [d.date, d.late])).toEqual([["2026-11-05", false]]);
    expect(at(early, WIT).map((d) => [d.date, d.late, d.lateMinutes])).toEqual([["2026-11-05", true, 30]]);
    const evening = "2026-11-04T16:30:00Z";
    expect(at(evening, WIB).map((d) => d.date)).toEqual(["2026-11-04"]);
    expect(at(evening, WIT).map((d) => d.date)).toEqual(["2026-11-05"]);
  });

  it("hands the caller's rows back on their day, in clock-in order (selfies, places, sent late)", () => {
    const rows = [
      { ...wib(MON, "13:00", "17:00"), id: 8, sent_late: true, work_area_in: "outside" },
      { ...wib(MON, "07:55", "12:00"), id: 7, sent_late: false, work_area_in: "inside" },
    ];
    const [d] = timesheetDays(sheet({ presences: rows, to: MON }));
    expect(d.presences.map((p) => [p.id, p.sent_late, p.work_area_in])).toEqual([
      [7, false, "inside"],
      [8, true, "outside"],
    ]);
    // 4 h 05 + 4 h: the hour off the clock between them is the shift's break, not deducted again;
    // on time by the first clock-in.
    expect([d.workedMinutes, d.breakMinutes, d.late]).toEqual([485, 0, false]);
    // Back after 20 minutes only: the 40 left of the hour's break are deducted.
    const short = timesheetDays(sheet({ presences: [wib(MON, "08:00", "12:00"), wib(MON, "12:20", "17:00")], to: MON }))[0];
    expect([short.workedMinutes, short.breakMinutes]).toEqual([520 - 40, 40]);
  });

  it("an open presence counts no minutes and is marked open", () => {
    const [d] = timesheetDays(sheet({ presences: [wib(MON, "08:00", null)], to: MON }));
    expect([d.kind, d.open, d.workedMinutes]).toEqual(["worked", true, 0]);
    expect(timesheetTotals([d]).openDays).toBe(1);
  });
});

describe("late at the grace's edge (08:00, 15 minutes' grace)", () => {
  const day = (inAt: string) => timesheetDays(sheet({ presences: [wib(MON, inAt, "17:00")], to: MON }))[0];

  it("is on time at 08:15 (the last second of that minute too) and late at 08:16", () => {
    expect(day("07:50").late).toBe(false);
    expect(day("08:15").late).toBe(false);
    expect(day("08:15:59").late).toBe(false);
    expect([day("08:16").late, day("08:16").lateMinutes]).toEqual([true, 16]);
  });

  it("nobody is late without a shift", () => {
    const [d] = timesheetDays(sheet({ presences: [wib(MON, "11:00", "17:00")], shiftOn: () => null, to: MON }));
    expect([d.kind, d.late, d.shift]).toEqual(["worked", false, null]);
  });
});

describe("absent, leave, scheduled and days off", () => {
  it("marks a work day without a clock-in absent once its shift has ended, scheduled before", () => {
    const days = timesheetDays(sheet({ presences: [wib(MON, "08:00", "17:00")], to: "2026-11-03", now: Date.parse("2026-11-03T16:59:00+07:00") }));
    expect(days.map((d) => d.kind)).toEqual(["worked", "scheduled"]);
    const later = timesheetDays(sheet({ presences: [wib(MON, "08:00", "17:00")], to: "2026-11-03", now: Date.parse("2026-11-03T17:00:00+07:00") }));
    expect(later.map((d) => d.kind)).toEqual(["worked", "absent"]);
    expect(timesheetTotals(later).absentDays).toBe(1);
  });

  it("a weekend, a holiday and a day without a shift are off; leave and a sick note are leave", () => {
    const days = timesheetDays(
      sheet({
        presences: [{ clock_in: null, clock_out: null, zone: WIB, presence_date: "2026-11-05", presence_status: "sick" }],
        shiftOn: (date) => (date === "2026-11-06" ? null : DAY),
        daysOff: ["2026-11-03"],
        leave: ["2026-11-04"],
        workDays: [1, 2, 3, 4, 5],
      }),
    );
    expect(days.map((d) => [d.date, d.kind])).toEqual([
      ["2026-11-02", "absent"],
      ["2026-11-03", "off"],
      ["2026-11-04", "leave"],
      ["2026-11-05", "leave"],
      ["2026-11-06", "off"],
      ["2026-11-07", "off"],
      ["2026-11-08", "off"],
    ]);
    const t = timesheetTotals(days);
    expect([t.absentDays, t.leaveDays, t.daysWorked]).toEqual([1, 2, 0]);
  });

  it("a six-day company's Saturday is a work day; an absence recorded ahead is absent before the shift ends", () => {
    const days = timesheetDays(
      sheet({
        presences: [{ clock_in: null, clock_out: null, zone: WIB, presence_date: "2026-11-07", presence_status: "absent" }],
        workDays: [1, 2, 3, 4, 5, 6],
        from: "2026-11-06",
        now: Date.parse("2026-11-07T09:00:00+07:00"),
      }),
    );
    expect(days.map((d) => d.kind)).toEqual(["absent", "absent", "off"]);
  });
});

describe("hours as 7:30 or 7.5", () => {
  it("formats minutes in either form", () => {
    expect([formatHours(450, "clock"), formatHours(450, "decimal")]).toEqual(["7:30", "7.5"]);
    expect(formatHours(450, "decimal", "id")).toBe("7,5");
    expect([formatHours(445, "clock"), formatHours(445, "decimal")]).toEqual(["7:25", "7.42"]);
    expect([formatHours(480, "clock"), formatHours(480, "decimal")]).toEqual(["8:00", "8"]);
    expect([formatHours(5, "clock"), formatHours(0, "decimal"), formatHours(2820, "clock")]).toEqual(["0:05", "0", "47:00"]);
  });

  it("reads either form back", () => {
    expect(["7:30", "7.5", "7,5", " 8 ", "0:05", "47:00"].map(parseHours)).toEqual([450, 450, 450, 480, 5, 2820]);
    expect(["7:75", "abc", "", "-1", "7:5"].map(parseHours)).toEqual([null, null, null, null, null]);
  });
});

describe("pay periods across a month's end (WIB)", () => {
  it("weekly: Monday to Sunday", () => {
    const p = payPeriodOf("weekly", "2026-12-02", WIB);
    expect([p.start, p.end]).toEqual(["2026-11-30", "2026-12-06"]);
    expect(new Date(p.startMs).toISOString()).toBe("2026-11-29T17:00:00.000Z");
    expect(new Date(p.endMs).toISOString()).toBe("2026-12-06T17:00:00.000Z");
    const before = adjacentPayPeriod(p, -1, WIB);
    expect([before.start, before.end]).toEqual(["2026-11-23", "2026-11-29"]);
  });

  it("two-weekly: 14 days from the anchor Monday, before and after it", () => {
    expect(["2026-11-29", "2026-11-30"].map((d) => [payPeriodOf("two_weekly", d, WIB).start, payPeriodOf("two_weekly", d, WIB).end])).toEqual([
      ["2026-11-16", "2026-11-29"],
      ["2026-11-30", "2026-12-13"],
    ]);
    const across = payPeriodOf("two_weekly", "2026-12-01", WIB, "2026-01-05");
    expect([across.start, across.end]).toEqual(["2026-11-23", "2026-12-06"]);
    expect([adjacentPayPeriod(across, 1, WIB, "2026-01-05").start, adjacentPayPeriod(across, 2, WIB, "2026-01-05").end]).toEqual(["2026-12-07", "2027-01-03"]);
    const first = payPeriodOf("two_weekly", "2023-12-31", WIB);
    expect([first.start, first.end]).toEqual(["2023-12-18", "2023-12-31"]);
  });

  it("monthly: the calendar month, an instant by its date on the zone's clock", () => {
    const nov = payPeriodOf("monthly", "2026-11-30", WIB);
    expect([nov.start, nov.end]).toEqual(["2026-11-01", "2026-11-30"]);
    // 17:30 UTC on 30 November is 00:30 WIB on 1 December.
    const instant = "2026-11-30T17:30:00Z";
    expect(payPeriodOf("monthly", instant, WIB).start).toBe("2026-12-01");
    expect(payPeriodOf("monthly", instant, "UTC").start).toBe("2026-11-01");
    const dec = payPeriodOf("monthly", Date.parse(instant), WIT);
    expect([dec.start, dec.end, new Date(dec.startMs).toISOString()]).toEqual(["2026-12-01", "2026-12-31", "2026-11-30T15:00:00.000Z"]);
    const feb = adjacentPayPeriod(payPeriodOf("monthly", "2027-01-31", WIB), 1, WIB);
    expect([feb.start, feb.end]).toEqual(["2027-02-01", "2027-02-28"]);
  });
});
