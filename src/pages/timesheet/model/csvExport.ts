// The export's timesheet table (./exportTable.ts) as CSV rows, the XLSX's columns: hours as
// decimal hours with a dot, rounded to the hundredth ("7.5", "8.17"), dates ISO ("2026-11-23"),
// times the site's wall clock "2026-11-23 08:12" (the zone in its own column). src/crud/csv.ts
// writes them (every cell through spreadsheetCell).
import type { ExportSheet, ExportValue } from "./exportTable";

const csvValue = (v: ExportValue, kind: string): ExportValue => {
  if (v === "") return "";
  if (kind === "hours" && typeof v === "number") return Math.round(v * 100) / 100;
  if (kind === "time" && typeof v === "string") return v.replace("T", " ");
  return v;
};

/** One object per row keyed by the columns' titles. */
export const csvRows = <K extends string>(table: ExportSheet<K>): Record<string, ExportValue>[] =>
  table.rows.map((r) => Object.fromEntries(table.columns.map((c) => [c.title, csvValue(r[c.key], c.kind)])));
