// Search bodies over rows a handler computed (resources without a table: control-monitoring,
// the legacy dashboards, menu-company-role, ...). The same rules as the table search
// (server/records/query.ts, docs/api.md "Search body"): columns, operators and
// order columns must be declared fields, values are coerced per field type, `like` is
// case-insensitive on text fields, nulls sort last, paging and its cap. Rows are compared in
// their stored encoding (server/db/codec.ts), so a date, a datetime with any offset or a
// boolean filters exactly as it would on a table.
import type { ResolvedField, ResolvedResource } from "../../declaration";
import type { Actor } from "../access/actor";
import type { Db } from "../db/connection";
import { columnKindOf, encodeValue } from "../db/codec";
import { page, type Answer } from "../http/envelope";
import { badRequest } from "../http/errors";
import { t, type Lang } from "../i18n/messages";
import { attachLabels } from "./labels";
import { LIMITS } from "../http/limits";
import { OPERATORS, filterValue, parseOrders, parsePaging, queryableField, type Order, type Operator } from "./query";
import { DEFAULT_MAX_PAGE } from "./store";

export type Row = Record<string, unknown>;
type Test = (row: Row) => boolean;

export interface SearchBody {
  paging?: unknown;
  columns?: unknown;
  orders?: unknown;
  [k: string]: unknown;
}

export interface Column {
  data: string;
  value?: unknown;
  value1?: unknown;
  operator?: string;
}

const bad = (
  where: "columns" | "orders",
  key: "unknown_column" | "unknown_operator" | "unknown_order" | "bad_search_value" | "too_many_columns",
  params: Record<string, string | number>,
) => badRequest({ [where]: { key, params } }, "bad_request");

export const bodyOf = (body: unknown): SearchBody => (body && typeof body === "object" && !Array.isArray(body) ? (body as SearchBody) : {});

/** The columns of a search body as a list (400 when `columns` is not a list of objects). */
export function columnsOf(body: SearchBody): Column[] {
  const cols = body.columns;
  if (cols === undefined || cols === null) return [];
  if (!Array.isArray(cols)) throw bad("columns", "unknown_column", { name: String(cols) });
  // The same bound as a table's search (server/http/limits.ts), though these filter in memory.
  if (cols.length > LIMITS.searchColumns) throw bad("columns", "too_many_columns", { max: LIMITS.searchColumns });
  for (const c of cols) if (!c || typeof c !== "object") throw bad("columns", "unknown_column", { name: String(c) });
  return cols as Column[];
}

/**
 * Takes the columns named `names` out of the body (handlers read them themselves, e.g. a
 * `date` that decides which rows exist, or a `kind` that is not a field). Answers the taken
 * columns and the body without them.
 */
export function takeColumns(body: SearchBody, names: readonly string[]): { taken: Column[]; rest: SearchBody } {
  const all = columnsOf(body);
  return {
    taken: all.filter((c) => names.includes(c.data)),
    rest: { ...body, columns: all.filter((c) => !names.includes(c.data)) },
  };
}

const absent = (v: unknown) => v === undefined || v === "";

/** Stored form of a row value (null stays null). */
const stored = (f: ResolvedField, v: unknown): string | number | null => (v === undefined || v === null ? null : encodeValue(f, v));

function compare(a: string | number, b: string | number): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** One column → a row test (SQL semantics: a null row value matches only null/notnull tests). */
function testOf(r: ResolvedResource, c: Column): Test | null {
  const f = queryableField(r, c.data);
  if (!f) throw bad("columns", "unknown_column", { name: String(c.data) });
  const operator = c.operator ?? "=";
  if (typeof operator !== "string" || !(OPERATORS as readonly string[]).includes(operator)) {
    throw bad("columns", "unknown_operator", { name: f.name, op: String(operator) });
  }
  const op = operator as Operator;
  const val = (row: Row) => stored(f, row[f.name]);
  const coerce = (v: unknown): string | number | null => {
    const got = filterValue(f, v);
    if (!got.ok) throw bad("columns", "bad_search_value", { name: f.name });
    return got.value as string | number | null;
  };
  if (op === "null") return (row) => val(row) === null;
  if (op === "notnull") return (row) => val(row) !== null;
  const { value, value1 } = c;
  if (op === "like") {
    if (absent(value) || value === null) return null;
    if ((typeof value !== "string" && typeof value !== "number") || columnKindOf(f) !== "text" || String(value).length > 255) {
      throw bad("columns", "unknown_operator", { name: f.name, op });
    }
    const needle = String(value).toLowerCase();
    return (row) => {
      const v = val(row);
      return v !== null && String(v).toLowerCase().includes(needle);
    };
  }
  if (op === "in") {
    const list = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : value === undefined ? null : [value];
    if (list === null) return null;
    if (list.length > 1000) throw bad("columns", "bad_search_value", { name: f.name });
    const set = new Set(list.map(coerce));
    return (row) => {
      const v = val(row);
      return v !== null && set.has(v);
    };
  }
  if (op === "range") {
    const lo = absent(value) || value === null ? null : coerce(value);
    const hi = absent(value1) || value1 === null ? null : coerce(value1);
    if (lo === null && hi === null) return null;
    return (row) => {
      const v = val(row);
      return v !== null && (lo === null || compare(v, lo) >= 0) && (hi === null || compare(v, hi) <= 0);
    };
  }
  if (absent(value)) return null;
  if (value === null) {
    if (op === "=") return (row) => val(row) === null;
    if (op === "!=") return (row) => val(row) !== null;
    return null;
  }
  const x = coerce(value);
  if (x === null) return null;
  return (row) => {
    const v = val(row);
    if (v === null) return false;
    const d = compare(v, x);
    switch (op) {
      case "=":
        return d === 0;
      case "!=":
        return d !== 0;
      case "<":
        return d < 0;
      case "<=":
        return d <= 0;
      case ">":
        return d > 0;
      default:
        return d >= 0;
    }
  };
}

/** Sorts in place by the orders; nulls last in both directions (as the table search). */
export function sortRows(r: ResolvedResource, rows: Row[], orders: readonly Order[]): void {
  const fields = orders.map((o) => ({ o, f: r.fields.find((x) => x.name === o.column) }));
  rows.sort((a, b) => {
    for (const { o, f } of fields) {
      const x = f ? stored(f, a[o.column]) : ((a[o.column] ?? null) as string | number | null);
      const y = f ? stored(f, b[o.column]) : ((b[o.column] ?? null) as string | number | null);
      if (x === null && y === null) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      const d = compare(x, y);
      if (d !== 0) return o.direction === "asc" ? d : -d;
    }
    return 0;
  });
}

export interface ComputedSearchOptions {
  /** Order when the body gives none (before the resource's defaultSort). */
  defaultOrder?: Order[];
  /**
   * Fields that cost a query to fill (distances, counts): filled for every row only when the
   * body filters or sorts by one of them, otherwise just for the rows of the answered page.
   */
  lazy?: { fields: readonly string[]; fill(rows: Row[]): Promise<void> };
  /** Add `F_label` for ref fields (as every table search answers). Needs db and actor. */
  labels?: { db: Db; actor: Actor };
  lang?: Lang;
}

export interface ComputedPage {
  data: Row[];
  recordsTotal: number;
  recordsFiltered: number;
  message?: string;
}

/** The parsed parts of a body, for handlers that filter before building every row. */
export function parseSearch(r: ResolvedResource, body: SearchBody, defaultOrder?: Order[]) {
  const tests = columnsOf(body)
    .map((c) => testOf(r, c))
    .filter((x): x is Test => x !== null);
  const explicit = body.orders !== undefined && body.orders !== null;
  const orders = explicit || !defaultOrder ? parseOrders(r, body.orders) : defaultOrder;
  const paging = parsePaging(body.paging);
  const touched = new Set<string>([...columnsOf(body).map((c) => c.data), ...(explicit ? orders.map((o) => o.column) : [])]);
  return { tests, orders, paging, touched };
}

/** Filters, sorts and pages computed rows like POST R/search. */
export async function searchRows(r: ResolvedResource, rows: Row[], rawBody: unknown, o: ComputedSearchOptions = {}): Promise<ComputedPage> {
  const body = bodyOf(rawBody);
  const { tests, orders, paging, touched } = parseSearch(r, body, o.defaultOrder);
  const eager = o.lazy && o.lazy.fields.some((f) => touched.has(f));
  if (o.lazy && eager) await o.lazy.fill(rows);
  const filtered = tests.length ? rows.filter((row) => tests.every((test) => test(row))) : [...rows];
  sortRows(r, filtered, orders);
  const cap = r.maxPageLength ?? DEFAULT_MAX_PAGE;
  const length = paging.length === -1 || paging.length > cap ? cap : paging.length;
  const data = filtered.slice(paging.start, paging.start + length);
  if (o.lazy && !eager && data.length) await o.lazy.fill(data);
  if (o.labels) await attachLabels(o.labels.db, o.labels.actor, r, data);
  const out: ComputedPage = { data, recordsTotal: rows.length, recordsFiltered: filtered.length };
  if ((paging.length === -1 || paging.length > cap) && filtered.length - paging.start > cap) {
    out.message = t(o.lang ?? "en", "page_capped", { cap, total: filtered.length });
  }
  return out;
}

export const asPage = (p: ComputedPage): Answer => page(p.data, p.recordsTotal, p.recordsFiltered, p.message);
