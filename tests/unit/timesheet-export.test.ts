// The timesheet page's pure model: the search query its filters make, the pay period quick picks,
// and the export's columns and rows (one per person and day, then the person's totals), times on
// the day's zone and hours in the chosen format.
import { describe, expect, it } from "vitest";
import { csvRows, EXPORT_COLUMNS, exportTable, timeInZone } from "../../src/pages/timesheet/model/exportTable";
import dayjs from "dayjs";
import { beyondMaxRange, pickPeriod, searchQuery } from "../../src/pages/timesheet/model/filters";
import type { TimesheetPersonRow } from "../../src/pages/timesheet/model/types";
import { toCsv } from "../../src/crud/csv";
import { xlsxBytes } from "../../src/pages/timesheet/model/xlsx";

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key}${JSON.stringify(o)}` : key);

const ANI: TimesheetPersonRow = {
  user_id: 7,
  name: "Ani",
  role_name: "Worker",
  division_name: "Civil",
  days: [
    {
      date: "2026-11-23",
      zone: "Asia/Jakarta",
      kind: "worked",
      shift: { id: 1, name: "Morning", start_time: "08:00", end_time: "17:00" },
      worked_minutes: 570,
      break_minutes: 60,
      regular_minutes: 480,
      overtime_minutes: 90,
      rest_day_overtime_minutes: 0,
      rest_kind: null,
      labour_cost: null,
      late: true,
      late_minutes: 12,
      open: false,
      locked: true,
      flags: [],
      presences: [
        {
          id: 31,
          project_id: 1,
          project_name: "Tower A",
          clock_in: "2026-11-23T01:12:00.000Z",
          clock_out: "2026-11-23T11:42:00.000Z",
          worked_minutes: 570,
          breaks: [],
          clock_in_inside: true,
          clock_out_inside: false,
          clock_in_loc: null,
          clock_out_loc: null,
          image_selfie: null,
          image_selfie_out: null,
          sent_late: true,
          presence_status: "late",
          labour_cost: null,
          corrections: [
            { field: "clock_out", original: "2026-11-23T12:00:00.000Z", corrected: "2026-11-23T11:42:00.000Z", reason: "forgot", by_name: "Sari", at: "2026-11-24T02:00:00.000Z" },
          ],
        },
      ],
    },
    {
      date: "2026-11-24",
      zone: "Asia/Jakarta",
      kind: "absent",
      shift: null,
      worked_minutes: 0,
      break_minutes: 0,
      regular_minutes: 0,
      overtime_minutes: 0,
      rest_day_overtime_minutes: 0,
      rest_kind: null,
      labour_cost: null,
      late: false,
      late_minutes: 0,
      open: false,
      locked: false,
      flags: [],
      presences: [],
    },
  ],
  totals: {
    worked_minutes: 570,
    break_minutes: 60,
    regular_minutes: 480,
    overtime_minutes: 90,
    rest_day_overtime_minutes: 0,
    days_worked: 1,
    late_days: 1,
    absent_days: 1,
    leave_days: 0,
  },
  approvals: [],
  flagged_days: 0,
  hourly_wage: null,
};

describe("timesheet search query", () => {
  it("sends from and to always, the other filters only when chosen", () => {
    expect(searchQuery({ from: "2026-11-23", to: "2026-11-29" })).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(searchQuery({ from: "2026-11-23", to: "2026-11-29", project_id: 4, division_id: null, shift_id: 2, user_id: 7 })).toEqual({
      from: "2026-11-23",
      to: "2026-11-29",
      project_id: 4,
      shift_id: 2,
      user_id: 7,
    });
  });

  it("picks the current, previous and next pay period", () => {
    const now = Date.parse("2026-11-26T20:00:00Z"); // 27-11-2026 03:00 in Jakarta: a Friday
    expect(pickPeriod("weekly", "current", { from: "" }, "Asia/Jakarta", now)).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(pickPeriod("weekly", "current", { from: "" }, "UTC", now)).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(pickPeriod("monthly", "previous", { from: "2026-11-01" }, "Asia/Jakarta", now)).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(pickPeriod("monthly", "next", { from: "2026-11-01" }, "Asia/Jakarta", now)).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(pickPeriod("weekly", "next", { from: "2026-11-23" }, "Asia/Jakarta", now)).toEqual({ from: "2026-11-30", to: "2026-12-06" });
  });
});

/** The columns without pay (an answer without labour cost: a viewer who may not see wages). */
const HOURS_ONLY = EXPORT_COLUMNS.filter((k) => k !== "labour_cost" && k !== "labour_cost_by_site");

describe("timesheet export", () => {
  it("has the same columns for every row, one row per day and a totals row per person", () => {
    const { columns, rows } = exportTable([ANI, { ...ANI, user_id: 8, name: "Budi" }], "clock", "en", t);
    expect(columns.map((c) => c.key)).toEqual(HOURS_ONLY);
    expect(columns[0]).toEqual({ key: "name", title: "timesheet.col.name" });
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => [r.name, r.date])).toEqual([
      ["Ani", "23-11-2026"],
      ["Ani", "24-11-2026"],
      ["Ani", "timesheet.total"],
      ["Budi", "23-11-2026"],
      ["Budi", "24-11-2026"],
      ["Budi", "timesheet.total"],
    ]);
    for (const r of rows) expect(Object.keys(r)).toEqual(HOURS_ONLY);
  });

  it("writes times on the day's zone and hours in the chosen format", () => {
    const [day, absent, total] = exportTable([ANI], "clock", "en", t).rows;
    expect(day).toMatchObject({
      zone: "Asia/Jakarta",
      shift: "Morning",
      clock_in: "23-11-2026 08:12",
      clock_out: "23-11-2026 18:42",
      clock_in_place: "timesheet.inside",
      clock_out_place: "timesheet.outside",
      break: "1:00",
      worked: "9:30",
      regular: "8:00",
      overtime: "1:30",
      late_minutes: 12,
      status: 'timesheet.kind.worked, timesheet.lateMinutes{"count":12}',
      sent_late: "timesheet.yes",
      corrected: "timesheet.yes",
      locked: "timesheet.yes",
    });
    expect(absent).toMatchObject({ status: "timesheet.kind.absent", clock_in: "", worked: "0:00", late_minutes: "", locked: "" });
    expect(total).toMatchObject({ worked: "9:30", overtime: "1:30", status: 'timesheet.totalsStatus{"worked":1,"late":1,"absent":1,"leave":0}' });
    const decimal = exportTable([ANI], "decimal", "id", t).rows;
    expect(decimal[0]).toMatchObject({ worked: "9,5", overtime: "1,5", break: "1" });
  });

  it("makes CSV rows keyed by the columns' titles", () => {
    const csv = toCsv(csvRows(exportTable([ANI], "decimal", "en", t)));
    const lines = csv.split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(HOURS_ONLY.map((k) => `"timesheet.col.${k}"`).join(","));
    expect(lines[1]).toContain('"23-11-2026 08:12","23-11-2026 18:42"');
    expect(lines[1]).toContain('"9.5","8","1.5"');
  });

  it("writes the labour cost of each day and site and the person's total when the answer carries pay, and the rest-day overtime", () => {
    const paid: TimesheetPersonRow = {
      ...ANI,
      hourly_wage: 30_000,
      days: [
        {
          ...ANI.days[0],
          labour_cost: 345_000,
          rest_day_overtime_minutes: 0,
          presences: [
            { ...ANI.days[0].presences[0], project_name: "Tower A", labour_cost: 172_500 },
            { ...ANI.days[0].presences[0], id: 32, project_name: "Depot", labour_cost: 172_500 },
          ],
        },
        { ...ANI.days[1], rest_kind: "holiday", labour_cost: 0 },
      ],
      totals: { ...ANI.totals, labour_cost: 345_000, rest_day_overtime_minutes: 0 },
    };
    const { columns, rows } = exportTable([paid], "clock", "en", t);
    expect(columns.map((c) => c.key)).toEqual([...EXPORT_COLUMNS]);
    expect(rows[0]).toMatchObject({ site: "Tower A / Depot", labour_cost: 345_000, labour_cost_by_site: "Tower A: 172500 / Depot: 172500" });
    expect(rows[1]).toMatchObject({ status: "timesheet.kind.absent, timesheet.restKind.holiday", labour_cost: 0, labour_cost_by_site: "" });
    expect(rows[2]).toMatchObject({ labour_cost: 345_000, rest_day_overtime: "0:00" });
  });

  it("writes no time without one, and another zone's clock for another site", () => {
    expect(timeInZone(null, "Asia/Jakarta")).toBe("");
    expect(timeInZone("2026-11-23T01:12:00.000Z", "Asia/Jayapura")).toBe("23-11-2026 10:12");
  });
});

describe("timesheet XLSX", () => {
  it("holds the same columns and rows as the CSV", async () => {
    const table = exportTable([ANI], "clock", "en", t);
    const bytes = await xlsxBytes(table, "Timesheet");
    const { default: ExcelJS } = await import("exceljs");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes);
    const sheet = book.getWorksheet("Timesheet")!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(sheet.rowCount).toBe(4);
    expect(values(1)).toEqual(table.columns.map((c) => c.title));
    expect(sheet.getRow(1).font?.bold).toBe(true);
    for (let i = 0; i < 3; i++) expect(values(i + 2).map((v) => v ?? "")).toEqual(table.columns.map((c) => table.rows[i]![c.key]));
  });
});

describe("the range picker's limit", () => {
  it("allows 62 days from the first pick either way, not 63, and anything before a first pick", () => {
    const from = dayjs("2026-11-01T15:30:00");
    expect(beyondMaxRange(dayjs("2027-01-01T08:00:00"), from)).toBe(false); // 1 Nov..1 Jan: 62 days
    expect(beyondMaxRange(dayjs("2027-01-02"), from)).toBe(true);
    expect(beyondMaxRange(dayjs("2026-09-01"), from)).toBe(false); // 1 Sep..1 Nov: 62 days
    expect(beyondMaxRange(dayjs("2026-08-31"), from)).toBe(true);
    expect(beyondMaxRange(dayjs("2030-01-01"), undefined)).toBe(false);
  });
});
