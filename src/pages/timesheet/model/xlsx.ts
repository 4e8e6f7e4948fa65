// The export's table (./exportTable.ts) as an XLSX workbook: one sheet, the columns' titles as its
// bold first row, then the rows, every cell through spreadsheetCell (src/lib/spreadsheetCell.ts:
// text a spreadsheet would run starts with an apostrophe; numbers stay number cells). exceljs
// (~930 KB) comes with a dynamic import, on the first export.
import { spreadsheetCell } from "../../../lib/spreadsheetCell";
import type { ExportTable } from "./exportTable";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export async function xlsxBytes(table: ExportTable, sheetName: string): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.columns = table.columns.map((c) => ({ header: String(spreadsheetCell(c.title)), key: c.key, width: Math.max(12, c.title.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const r of table.rows) sheet.addRow(table.columns.map((c) => spreadsheetCell(r[c.key])));
  return (await book.xlsx.writeBuffer()) as ArrayBuffer;
}
