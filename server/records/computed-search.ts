// Search bodies over rows a handler computed (resources without a table: control-monitoring,
// the legacy dashboards, menu-company-role, ...). The same rules as the table search
// (server/records/query.ts, docs/api.md "Search body"): columns, operators and
// order columns must be declared fields, values are coerced per field type, `like` is
// case-insensitive on text fields, nulls sort last, paging and its cap. Rows are compared in
// their stored encoding (server/db/codec.ts), so a date, a datetime with any offset or a
// boolean filters exactly as it would on a table.
import type { ResolvedResource } from "../../declaration";
import type { Actor } from "../access/actor";
import type { Db } from "../db/connection";
import { encodeValue } from "../db/codec";
import { page, type Answer } from "../http/envelope";
import { badRequest } from "../http/errors";
import { t, type Lang } from "../i18n/messages";
import { attachLabels } from "./labels";
import { LIMITS } from "../http/limits";
import { compareStored, holdsAll, type StoredOf } from "../db/conditions-in-memory";
import { pageWindow } from "./page-window";
import { parseColumns, parseOrders, parsePaging, type Order } from "./query";

export type Row = Record<string, unknown>;

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

/** A row's values as the database would hold them (codec.ts encodeValue; undeclared columns as they are). */
export function storedOf(r: ResolvedResource, row: Row): StoredOf {
  return (col) => {
    const v = row[col];
    if (v === undefined || v === null) return null;
    const f = r.fields.find((x) => x.name === col);
    return f ? encodeValue(f, v) : v;
  };
}

/** Sorts in place by the orders over the stored values; nulls last in both directions (as the table search). */
export function sortRows(r: ResolvedResource, rows: Row[], orders: readonly Order[]): void {
  const keyed = new Map(rows.map((row) => [row, storedOf(r, row)]));
  rows.sort((a, b) => {
    for (const o of orders) {
      const x = keyed.get(a)!(o.column);
      const y = keyed.get(b)!(o.column);
      if (x === null && y === null) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      const d = compareStored(x, y);
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
  // The table search's own parser: the same checks, limits and coerced values (the dialect only
  // shapes SQL, which is not built here).
  const conds = parseColumns(r, body.columns, "sqlite");
  const explicit = body.orders !== undefined && body.orders !== null;
  const orders = explicit || !defaultOrder ? parseOrders(r, body.orders) : defaultOrder;
  const paging = parsePaging(body.paging);
  const touched = new Set<string>([...columnsOf(body).map((c) => c.data), ...(explicit ? orders.map((o) => o.column) : [])]);
  return { conds, orders, paging, touched };
}

/** Filters, sorts and pages computed rows like POST R/search. */
export async function searchRows(r: ResolvedResource, rows: Row[], rawBody: unknown, o: ComputedSearchOptions = {}): Promise<ComputedPage> {
  const body = bodyOf(rawBody);
  const { conds, orders, paging, touched } = parseSearch(r, body, o.defaultOrder);
  const eager = o.lazy && o.lazy.fields.some((f) => touched.has(f));
  if (o.lazy && eager) await o.lazy.fill(rows);
  const filtered = conds.length ? rows.filter((row) => holdsAll(conds, storedOf(r, row))) : [...rows];
  sortRows(r, filtered, orders);
  const { start, length, capped } = pageWindow(r, paging);
  const data = filtered.slice(start, start + length);
  if (o.lazy && !eager && data.length) await o.lazy.fill(data);
  if (o.labels) await attachLabels(o.labels.db, o.labels.actor, r, data);
  const out: ComputedPage = { data, recordsTotal: rows.length, recordsFiltered: filtered.length };
  if (capped && filtered.length - start > length) out.message = t(o.lang ?? "en", "page_capped", { cap: length, total: filtered.length });
  return out;
}

export const asPage = (p: ComputedPage): Answer => page(p.data, p.recordsTotal, p.recordsFiltered, p.message);
