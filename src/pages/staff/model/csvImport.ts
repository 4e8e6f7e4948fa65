// A staff CSV → the rows import-preview takes: the header row names the columns (a field's name,
// or its label in the user's language, without regard to case), each other row a person; enum
// values by their value or their label; refs as written (the server matches names); empty cells
// left out; a cell the product's own export made safe for spreadsheets ("'=…") is read as the text
// it was. Columns that name no field are reported, not sent. Parsing is papaparse's (quotes,
// commas and line breaks inside quotes, a byte-order mark, ";" as Excel writes it in some locales).
import type { ResolvedField } from "../../../../declaration";
import { csvLine } from "../../../crud/csv";
import { enumLabelKey } from "../../../crud/model";
import { unneutralizedCell } from "../../../lib/spreadsheetCell";

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface ParsedImport {
  /** One item per data row: field name → value as the server takes it. */
  items: Record<string, unknown>[];
  /** Header cells that name no field. */
  unknownColumns: string[];
  /** Fields the file has a column for, in file order. */
  columns: ResolvedField[];
}

const norm = (s: string) => s.trim().toLowerCase();

/** The rows of a CSV text (empty lines dropped). */
export async function parseCsv(text: string): Promise<string[][]> {
  const { default: Papa } = await import("papaparse");
  const res = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  return res.data.map((row) => row.map((c) => String(c ?? "")));
}

/** Which field each header cell names (null: none). */
export function columnFields(headers: readonly string[], fields: readonly ResolvedField[], label: (f: ResolvedField) => string): Array<ResolvedField | null> {
  const byName = new Map<string, ResolvedField>();
  for (const f of fields) {
    byName.set(norm(f.name), f);
    byName.set(norm(label(f)), f);
  }
  return headers.map((h) => byName.get(norm(h)) ?? null);
}

function cellValue(f: ResolvedField, cell: string, t: Translate): unknown {
  const v = unneutralizedCell(cell.trim());
  if (f.type === "enum") {
    const hit = (f.options ?? []).find((o) => norm(o) === norm(v) || norm(t(enumLabelKey(f, o))) === norm(v));
    return hit ?? v;
  }
  if (f.type === "boolean") {
    const yes = [t("common.yes"), "true", "1", "yes"].map(norm);
    const no = [t("common.no"), "false", "0", "no"].map(norm);
    return yes.includes(norm(v)) ? true : no.includes(norm(v)) ? false : v;
  }
  if ((f.type === "integer" || f.type === "number") && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  return v;
}

/** The file's rows as import items. */
export function importItems(rows: readonly string[][], fields: readonly ResolvedField[], label: (f: ResolvedField) => string, t: Translate): ParsedImport {
  const [headers = [], ...data] = rows;
  const map = columnFields(headers, fields, label);
  const items = data.map((row) => {
    const item: Record<string, unknown> = {};
    map.forEach((f, i) => {
      const cell = row[i];
      if (f && cell !== undefined && cell.trim() !== "") item[f.name] = cellValue(f, cell, t);
    });
    return item;
  });
  return {
    items,
    unknownColumns: headers.filter((h, i) => !map[i] && h.trim() !== ""),
    columns: map.filter((f): f is ResolvedField => f !== null),
  };
}

/** A template: the header row, in the user's language. */
export const templateCsv = (fields: readonly ResolvedField[], label: (f: ResolvedField) => string): string => csvLine(fields.map(label));
