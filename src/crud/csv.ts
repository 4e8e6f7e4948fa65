// CSV text and its download, as every export writes them: each cell made safe for spreadsheets
// (src/lib/spreadsheetCell.ts: text a spreadsheet would run as a formula starts with an
// apostrophe; numbers stay numbers), every value quoted (quotes doubled), the first row's keys as
// the header, CRLF between rows, a byte-order mark so that spreadsheet programs read UTF-8.
// (What Refine's useExport did through papaparse, whose 18 KB it imports statically into the
// shell's chunk.)
import { spreadsheetCell, type CellInput } from "../lib/spreadsheetCell";

type Row = Record<string, CellInput>;

const quote = (v: CellInput): string => `"${String(spreadsheetCell(v)).replace(/"/g, '""')}"`;

/** One line of CSV: the cells, safe and quoted, separated by commas. */
export const csvLine = (cells: readonly CellInput[]): string => cells.map(quote).join(",");

/** CSV of the rows; "" when there are none. */
export function toCsv(rows: readonly Row[]): string {
  if (rows.length === 0) return "";
  const keys = Object.keys(rows[0]);
  return [csvLine(keys), ...rows.map((r) => csvLine(keys.map((k) => r[k])))].join("\r\n");
}

/** Offers the text as a file download (spaces in the name become underscores). */
export function downloadCsv(filename: string, csv: string): void {
  downloadBlob(`${filename.replace(/ /g, "_")}.csv`, new Blob([`\uFEFF${csv}`], { type: "text/csv;charset=utf8;" }));
}

/** Offers the blob as a file download named `name`. */
export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.download = name;
  link.href = url;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url));
}
