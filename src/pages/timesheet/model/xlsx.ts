// The export's table (./exportTable.ts) as an XLSX workbook: one sheet, the columns' titles as its
// bold first row, then the rows. exceljs (~930 KB) comes with a dynamic import, on the first export.
import type { ExportTable } from "./exportTable";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export async function xlsxBytes(table: ExportTable, sheetName: string): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.columns = table.columns.map((c) => ({ header: c.title, key: c.key, width: Math.max(12, c.title.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const r of table.rows) sheet.addRow(r);
  return (await book.xlsx.writeBuffer()) as ArrayBuffer;
}
