// The export's tables (./exportTable.ts) as an XLSX workbook a payroll reads: the timesheet sheet
// and the hours per project sheet, each with the columns' titles as its bold first row. Cells by
// their column's kind: hours are numbers shown "0.00" (decimal hours), whole numbers "0", dates
// real date cells "dd-mm-yyyy" and times date-time cells "dd-mm-yyyy hh:mm", both holding the
// site's wall clock (what the screen shows, whatever the zone of the machine opening the file);
// text through spreadsheetCell (src/lib/spreadsheetCell.ts: text a spreadsheet would run starts
// with an apostrophe). exceljs (~930 KB) comes with a dynamic import, on the first export.
import { spreadsheetCell } from "../../../lib/spreadsheetCell";
import type { ExportKind, ExportSheet, ExportValue } from "./exportTable";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Each kind's number format in the workbook. */
export const XLSX_FORMATS: Record<ExportKind, string | undefined> = {
  text: undefined,
  date: "dd-mm-yyyy",
  time: "dd-mm-yyyy hh:mm",
  hours: "0.00",
  integer: "0",
};

/**
 * A wall-clock date or time (YYYY-MM-DD, YYYY-MM-DDTHH:mm) as the Date exceljs writes: its UTC
 * fields are the wall clock, so the cell shows it as it is.
 */
export function wallClockDate(v: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(v);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0))) : null;
}

function cellOf(v: ExportValue, kind: ExportKind): string | number | Date | null {
  if (v === "") return null;
  if (kind === "date" || kind === "time") return typeof v === "string" ? (wallClockDate(v) ?? spreadsheetCell(v)) : v;
  return spreadsheetCell(v);
}

export interface NamedSheet {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any sheet's columns
  table: ExportSheet<any>;
}

export async function xlsxBytes(sheets: readonly NamedSheet[]): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  for (const { name, table } of sheets) {
    const sheet = book.addWorksheet(name);
    sheet.columns = table.columns.map((c) => ({
      header: String(spreadsheetCell(c.title)),
      key: c.key,
      width: Math.max(c.kind === "time" ? 17 : 12, c.title.length + 2),
      style: XLSX_FORMATS[c.kind] ? { numFmt: XLSX_FORMATS[c.kind] } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    for (const r of table.rows) sheet.addRow(table.columns.map((c) => cellOf(r[c.key] as ExportValue, c.kind)));
  }
  return (await book.xlsx.writeBuffer()) as ArrayBuffer;
}
