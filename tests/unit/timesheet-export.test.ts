// The timesheet page's pure model: the search query its filters make, the pay period quick picks,
// and the export's columns and rows (one per person and day, then the person's totals), times on
// the day's zone, hours as decimal hours, and the XLSX read back.
import { describe, expect, it } from "vitest";
import { EXPORT_COLUMNS, exportTable, PROJECT_COLUMNS, projectTable, timeInZone } from "../../src/pages/timesheet/model/exportTable";
import { csvRows } from "../../src/pages/timesheet/model/csvExport";
import dayjs from "dayjs";
import { beyondMaxRange, filtersFromUrl, pickPeriod, searchQuery } from "../../src/pages/timesheet/model/filters";
import type { TimesheetPersonRow } from "../../src/pages/timesheet/model/types";
import { WORKED_DAY } from "../fixtures/timesheet";
import { toCsv } from "../../src/crud/csv";
import { xlsxBytes } from "../../src/pages/timesheet/model/xlsx";

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key}${JSON.stringify(o)}` : key);

const ANI: TimesheetPersonRow = {
  user_id: 7,
  name: "Ani",
  code: "E-007",
  nik: "3174041234560001",
  role_name: "Worker",
  division_name: "Civil",
  days: [
    // Locked, its clock-out corrected to 11:42.
    {
      ...WORKED_DAY,
      locked: true,
      presences: [
        {
          ...WORKED_DAY.presences[0]!,
          clock_out: "2026-11-23T11:42:00.000Z",
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

  it("takes the range a link carries (the home's attendance card), and none that the server would refuse", () => {
    const url = (q: string) => filtersFromUrl(new URLSearchParams(q));
    expect(url("from=2026-11-25&to=2026-11-25")).toEqual({ from: "2026-11-25", to: "2026-11-25" });
    expect(searchQuery(url("from=2026-11-25&to=2026-11-25"))).toEqual({ from: "2026-11-25", to: "2026-11-25" });
    for (const bad of ["", "from=2026-11-25", "from=2026-11-26&to=2026-11-25", "from=2026-02-30&to=2026-03-01", "from=2026-01-01&to=2026-03-04", "from=<x>&to=1"])
      expect(url(bad), bad).toEqual({ from: "", to: "" });
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
const HOURS_ONLY = EXPORT_COLUMNS.map((c) => c.key).filter((k) => k !== "labour_cost" && k !== "labour_cost_by_site");

describe("timesheet export", () => {
  const keys = HOURS_ONLY;

  it("has the same columns for every row, one row per day and a totals row per person", () => {
    const { columns, rows } = exportTable([ANI, { ...ANI, user_id: 8, name: "Budi", code: "E-008", nik: null }], t);
    expect(columns.map((c) => c.key)).toEqual(keys);
    expect(columns.slice(0, 3)).toEqual([
      { key: "employee_code", kind: "text", title: "timesheet.col.employee_code" },
      { key: "nik", kind: "text", title: "timesheet.col.nik" },
      { key: "name", kind: "text", title: "timesheet.col.name" },
    ]);
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => [r.employee_code, r.nik, r.name, r.date])).toEqual([
      ["E-007", "3174041234560001", "Ani", "2026-11-23"],
      ["E-007", "3174041234560001", "Ani", "2026-11-24"],
      ["E-007", "3174041234560001", "Ani", ""],
      ["E-008", "", "Budi", "2026-11-23"],
      ["E-008", "", "Budi", "2026-11-24"],
      ["E-008", "", "Budi", ""],
    ]);
    for (const r of rows) expect(Object.keys(r)).toEqual(keys);
  });

  it("holds hours as decimal hours, dates and times on the day's zone, whatever the viewer's hours format", () => {
    const [day, absent, total] = exportTable([ANI], t).rows;
    expect(day).toMatchObject({
      date: "2026-11-23",
      zone: "Asia/Jakarta",
      site: "Tower A",
      shift: "Morning",
      clock_in: "2026-11-23T08:12",
      clock_out: "2026-11-23T18:42",
      clock_in_place: "timesheet.inside",
      clock_out_place: "timesheet.outside",
      break: 1,
      worked: 9.5,
      regular: 8,
      overtime: 1.5,
      late_minutes: 12,
      status: 'timesheet.kind.worked, timesheet.lateMinutes{"count":12}',
      sent_late: "timesheet.yes",
      corrected: "timesheet.yes",
      locked: "timesheet.yes",
    });
    expect(absent).toMatchObject({ status: "timesheet.kind.absent", clock_in: "", worked: 0, late_minutes: "", locked: "" });
    expect(total).toMatchObject({ date: "", worked: 9.5, overtime: 1.5, status: 'timesheet.total: timesheet.totalsStatus{"worked":1,"late":1,"absent":1,"leave":0}' });
  });

  it("takes a day's first clock-in and last clock-out, and lists its sites once each", () => {
    const day = ANI.days[0]!;
    const second = { ...day.presences[0]!, id: 32, project_name: "Tower B", clock_in: "2026-11-23T12:30:00.000Z", clock_out: null, worked_minutes: null };
    const [row] = exportTable([{ ...ANI, days: [{ ...day, presences: [day.presences[0]!, second] }] }], t).rows;
    expect(row).toMatchObject({ clock_in: "2026-11-23T08:12", clock_out: "", site: "Tower A / Tower B" });
  });

  it("makes CSV rows keyed by the columns' titles: decimal hours with a dot, ISO dates", () => {
    const odd = { ...ANI, days: [{ ...ANI.days[0]!, worked_minutes: 490 }] };
    const csv = toCsv(csvRows(exportTable([odd], t)));
    const lines = csv.split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(keys.map((k) => `"timesheet.col.${k}"`).join(","));
    expect(lines[1]).toContain('"E-007","3174041234560001","Ani","Worker","Civil","2026-11-23","Asia/Jakarta","Tower A"');
    expect(lines[1]).toContain('"2026-11-23 08:12","2026-11-23 18:42"');
    expect(lines[1]).toContain('"1","8.17","8","1.5","","12"');
  });

  it("neutralises text a spreadsheet would run, in CSV and XLSX alike", async () => {
    const evil = { ...ANI, name: '=HYPERLINK("http://evil.example","x")', code: "+1", days: [] };
    const table = exportTable([evil], t);
    expect(toCsv(csvRows(table))).toContain(`"'+1","3174041234560001","'=HYPERLINK(""http://evil.example"",""x"")"`);
    const book = await readBack(await xlsxBytes([{ name: "Timesheet", table }]));
    const row = book.getWorksheet("Timesheet")!.getRow(2);
    expect([row.getCell(1).value, row.getCell(3).value]).toEqual(["'+1", `'=HYPERLINK("http://evil.example","x")`]);
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
    const { columns, rows } = exportTable([paid], t);
    expect(columns.map((c) => c.key)).toEqual(EXPORT_COLUMNS.map((c) => c.key));
    expect(rows[0]).toMatchObject({ site: "Tower A / Depot", labour_cost: 345_000, labour_cost_by_site: "Tower A: 172500 / Depot: 172500" });
    expect(rows[1]).toMatchObject({ status: "timesheet.kind.absent, timesheet.restKind.holiday", labour_cost: 0, labour_cost_by_site: "" });
    expect(rows[2]).toMatchObject({ labour_cost: 345_000, rest_day_overtime: 0 });
  });

  it("writes no time without one, and another zone's clock for another site", () => {
    expect(timeInZone(null, "Asia/Jakarta")).toBe("");
    expect(timeInZone("2026-11-23T01:12:00.000Z", "Asia/Jayapura")).toBe("2026-11-23T10:12");
  });

  it("sums each person's hours per project, the days they worked there, without a project apart", () => {
    const day = ANI.days[0]!;
    const b = { ...day.presences[0]!, id: 40, project_id: 2, project_name: "Bridge", worked_minutes: 45, regular_minutes: 45, overtime_minutes: 0 };
    const none = { ...day.presences[0]!, id: 41, project_id: null, project_name: null, worked_minutes: 30, regular_minutes: 12, overtime_minutes: 18 };
    const budi = {
      ...ANI,
      user_id: 8,
      name: "Budi",
      code: null,
      nik: null,
      days: [
        { ...day, presences: [b, none] },
        { ...day, date: "2026-11-24", presences: [b] },
      ],
    };
    const { columns, rows } = projectTable([ANI, budi], t);
    // Without pay in the answer: no labour cost column.
    expect(columns.map((c) => c.key)).toEqual(PROJECT_COLUMNS.map((c) => c.key).filter((k) => k !== "labour_cost"));
    expect(rows).toEqual([
      { project: "Bridge", employee_code: "", nik: "", name: "Budi", days: 2, worked: 1.5, regular: 1.5, overtime: 0 },
      { project: "timesheet.noProject", employee_code: "", nik: "", name: "Budi", days: 1, worked: 0.5, regular: 0.2, overtime: 0.3 },
      { project: "Tower A", employee_code: "E-007", nik: "3174041234560001", name: "Ani", days: 1, worked: 9.5, regular: 8, overtime: 1.5 },
    ]);
  });

  it("splits a day's regular, overtime and labour cost over its sites as the server's shares say, cost only with pay, empty without a pay rate", () => {
    const day = ANI.days[0]!;
    const tower = { ...day.presences[0]!, worked_minutes: 380, regular_minutes: 320, overtime_minutes: 60, labour_cost: 230_000 };
    const depot = { ...day.presences[0]!, id: 32, project_id: 2, project_name: "Depot", worked_minutes: 190, regular_minutes: 160, overtime_minutes: 30, labour_cost: 115_000 };
    const ani = { ...ANI, hourly_wage: 28_902, days: [{ ...day, labour_cost: 345_000, presences: [tower, depot] }], totals: { ...ANI.totals, labour_cost: 345_000 } };
    const budi = { ...ANI, user_id: 8, name: "Budi", code: null, nik: null, hourly_wage: null, days: [{ ...day, presences: [{ ...depot, id: 33, labour_cost: null }] }] };
    const { columns, rows } = projectTable([ani, budi], t);
    expect(columns.map((c) => c.key)).toEqual(PROJECT_COLUMNS.map((c) => c.key));
    expect(rows).toEqual([
      { project: "Depot", employee_code: "E-007", nik: "3174041234560001", name: "Ani", days: 1, worked: 190 / 60, regular: 160 / 60, overtime: 0.5, labour_cost: 115_000 },
      { project: "Depot", employee_code: "", nik: "", name: "Budi", days: 1, worked: 190 / 60, regular: 160 / 60, overtime: 0.5, labour_cost: "" },
      { project: "Tower A", employee_code: "E-007", nik: "3174041234560001", name: "Ani", days: 1, worked: 380 / 60, regular: 320 / 60, overtime: 1, labour_cost: 230_000 },
    ]);
    // The sites add up to the person's day.
    const ofAni = rows.filter((r) => r.name === "Ani");
    expect(ofAni.reduce((a, r) => a + Number(r.labour_cost), 0)).toBe(345_000);
    expect(ofAni.reduce((a, r) => a + Number(r.regular) + Number(r.overtime), 0)).toBeCloseTo(9.5);
  });
});

async function readBack(bytes: ArrayBuffer) {
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes);
  return book;
}

describe("timesheet XLSX", () => {
  it("holds numbers as numbers, dates and times as dates on the site's clock, and the per-project sheet", async () => {
    const table = exportTable([ANI], t);
    const book = await readBack(
      await xlsxBytes([
        { name: "Timesheet", table },
        { name: "Per project", table: projectTable([ANI], t) },
      ]),
    );
    const sheet = book.getWorksheet("Timesheet")!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(sheet.rowCount).toBe(4);
    expect(values(1)).toEqual(table.columns.map((c) => c.title));
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const cell = (row: number, key: string) => sheet.getRow(row).getCell(table.columns.findIndex((c) => c.key === key) + 1);
    expect(cell(2, "date").value).toEqual(new Date("2026-11-23T00:00:00Z"));
    expect(cell(2, "date").numFmt).toBe("dd-mm-yyyy");
    expect(cell(2, "clock_in").value).toEqual(new Date("2026-11-23T08:12:00Z"));
    expect(cell(2, "clock_in").numFmt).toBe("dd-mm-yyyy hh:mm");
    expect(cell(2, "worked").value).toBe(9.5);
    expect(cell(2, "worked").numFmt).toBe("0.00");
    expect(cell(2, "late_minutes").value).toBe(12);
    expect(cell(3, "late_minutes").value).toBe(null);
    expect(cell(4, "worked").value).toBe(9.5);
    expect(cell(2, "nik").value).toBe("3174041234560001");
    const perProject = book.getWorksheet("Per project")!;
    expect((perProject.getRow(2).values as unknown[]).slice(1)).toEqual(["Tower A", "E-007", "3174041234560001", "Ani", 1, 9.5, 8, 1.5]);
  });

  it("writes the per-project sheet's labour cost as a number when the answer carries pay", async () => {
    const day = ANI.days[0]!;
    const ani = {
      ...ANI,
      hourly_wage: 30_000,
      days: [{ ...day, labour_cost: 345_000, presences: [{ ...day.presences[0]!, labour_cost: 345_000 }] }],
      totals: { ...ANI.totals, labour_cost: 345_000 },
    };
    const table = projectTable([ani], t);
    const book = await readBack(await xlsxBytes([{ name: "Per project", table }]));
    const sheet = book.getWorksheet("Per project")!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(table.columns.map((c) => c.title));
    expect(table.columns.map((c) => c.key).slice(-4)).toEqual(["worked", "regular", "overtime", "labour_cost"]);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(["Tower A", "E-007", "3174041234560001", "Ani", 1, 9.5, 8, 1.5, 345_000]);
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
