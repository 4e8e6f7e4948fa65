// The search body (docs/api.md "Search body") turned into bound conditions, order and paging. Columns
// and order columns must be fields of the resource (id, created_at, updated_at included;
// password fields never); operators are the contract's; values are coerced per field type.
import type { ResolvedField, ResolvedResource } from "../../declaration";
import { between, cmp, contains, eq, inList, isNull, ne, notNull, type Cond } from "../db/conditions";
import { columnKindOf, encodeValue } from "../db/codec";
import type { DialectName } from "../db/connection";
import { badRequest, type FieldErrors } from "../http/errors";
import { LIMITS } from "../http/limits";
import { checkValue, isValidDate } from "../validation/fields";

export const OPERATORS = ["=", "!=", "<", "<=", ">", ">=", "like", "in", "range", "null", "notnull"] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Order {
  column: string;
  direction: "asc" | "desc";
}

export interface Paging {
  start: number;
  /** -1 = all (capped by the caller). */
  length: number;
}

const MAX_IN = LIMITS.inValues;

/** A client's value shown in a message: short, and never String() of a structure (it recurses). */
const shown = (v: unknown): string =>
  typeof v === "string"
    ? v.length > 64
      ? `${v.slice(0, 64)}…`
      : v
    : typeof v === "number" || typeof v === "boolean" || v === null || v === undefined
      ? String(v)
      : Array.isArray(v)
        ? "[…]"
        : "{…}";

export const queryableField = (r: ResolvedResource, name: unknown): ResolvedField | undefined =>
  typeof name === "string" ? r.fields.find((f) => f.name === name && f.type !== "password" && !f.virtual) : undefined;

const bad = (
  where: "columns" | "orders",
  key: "unknown_column" | "unknown_operator" | "unknown_order" | "bad_search_value" | "too_many_columns",
  params: Record<string, string | number>,
) => badRequest({ [where]: { key, params } }, "bad_request");

/** A field as a filter checks it: no bounds, at most LIMITS.filterChars, JSON compared as its stored text. Made once per field (a copy per value was a third of parsing a body). */
const FILTER_FIELDS = new WeakMap<ResolvedField, ResolvedField>();
function filterFieldOf(f: ResolvedField): ResolvedField {
  let asField = FILTER_FIELDS.get(f);
  if (!asField) FILTER_FIELDS.set(f, (asField = { ...f, type: f.type === "json" ? "text" : f.type, min: undefined, max: undefined, maxLength: LIMITS.filterChars }));
  return asField;
}

/** A filter value as stored: like a written value, minus bounds (a filter may ask for more than 100 %). */
export function filterValue(f: ResolvedField, v: unknown): { ok: true; value: unknown } | { ok: false } {
  if (f.type === "password") return { ok: false };
  let input = v;
  // A date alone filters a datetime from that day's start (UTC).
  if (f.type === "datetime" && typeof v === "string" && isValidDate(v)) input = `${v}T00:00:00Z`;
  // Outside a Date's range (±8.64e15 ms) the number stays a number, which no datetime accepts.
  if (f.type === "datetime" && typeof v === "number" && Math.abs(v) <= LIMITS.maxDateMs) input = new Date(v).toISOString();
  const c = checkValue(filterFieldOf(f), input, true);
  if (!c.ok) return { ok: false };
  return { ok: true, value: f.type === "json" ? c.value : encodeValue(f, c.value) };
}

/** `dialect`: the SQL of `like` differs (db/conditions.ts contains); the matches do not. */
export function parseColumns(r: ResolvedResource, columns: unknown, dialect: DialectName = "postgres"): Cond[] {
  return parseColumnsKeyed(r, columns, dialect).conds;
}

/**
 * The conditions of `columns` and their normalized form (field, operator, coerced values: all
 * the query depends on, nothing the client added), a cache key that no ignored input can grow.
 */
export function parseColumnsKeyed(r: ResolvedResource, columns: unknown, dialect: DialectName = "postgres"): { conds: Cond[]; key: unknown[] } {
  const key: unknown[] = [];
  if (columns === undefined || columns === null) return { conds: [], key };
  if (!Array.isArray(columns)) throw bad("columns", "unknown_column", { name: shown(columns) });
  if (columns.length > LIMITS.searchColumns) throw bad("columns", "too_many_columns", { max: LIMITS.searchColumns });
  const conds: Cond[] = [];
  const push = (c: Cond, ...normalized: unknown[]) => {
    conds.push(c);
    key.push(normalized);
  };
  for (const c of columns) {
    if (!c || typeof c !== "object") throw bad("columns", "unknown_column", { name: shown(c) });
    const { data, value, value1 } = c as Record<string, unknown>;
    const operator = (c as Record<string, unknown>).operator ?? "=";
    const f = queryableField(r, data);
    if (!f) throw bad("columns", "unknown_column", { name: shown(data) });
    if (typeof operator !== "string" || !(OPERATORS as readonly string[]).includes(operator)) {
      throw bad("columns", "unknown_operator", { name: f.name, op: shown(operator) });
    }
    const op = operator as Operator;
    if (op === "null") {
      push(isNull(f.name), f.name, op);
      continue;
    }
    if (op === "notnull") {
      push(notNull(f.name), f.name, op);
      continue;
    }
    const coerce = (v: unknown) => {
      const got = filterValue(f, v);
      if (!got.ok) throw bad("columns", "bad_search_value", { name: f.name });
      return got.value;
    };
    const absent = (v: unknown) => v === undefined || v === "";
    if (op === "like") {
      if (absent(value) || value === null) continue;
      if ((typeof value !== "string" && typeof value !== "number") || columnKindOf(f) !== "text" || String(value).length > LIMITS.likeChars) {
        throw bad("columns", "unknown_operator", { name: f.name, op });
      }
      push(contains(f.name, String(value), dialect), f.name, op, String(value));
      continue;
    }
    if (op === "in") {
      const list = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : value === undefined ? null : [value];
      if (list === null) continue;
      if (list.length > MAX_IN) throw bad("columns", "bad_search_value", { name: f.name });
      const values = list.map(coerce);
      push(inList(f.name, values), f.name, op, values);
      continue;
    }
    if (op === "range") {
      const lo = absent(value) || value === null ? undefined : coerce(value);
      const hi = absent(value1) || value1 === null ? undefined : coerce(value1);
      if (lo !== undefined && hi !== undefined) push(between(f.name, lo, hi), f.name, op, lo, hi);
      else if (lo !== undefined) push(cmp(f.name, ">=", lo), f.name, ">=", lo);
      else if (hi !== undefined) push(cmp(f.name, "<=", hi), f.name, "<=", hi);
      continue;
    }
    if (absent(value)) continue;
    if (value === null) {
      if (op === "=") push(isNull(f.name), f.name, "null");
      else if (op === "!=") push(notNull(f.name), f.name, "notnull");
      continue;
    }
    const v = coerce(value);
    if (op === "=") push(eq(f.name, v), f.name, op, v);
    else if (op === "!=") push(ne(f.name, v), f.name, op, v);
    else push(cmp(f.name, op, v), f.name, op, v);
  }
  return { conds, key };
}

export function parseOrders(r: ResolvedResource, orders: unknown): Order[] {
  const fallback: Order[] = r.defaultSort ? [{ column: r.defaultSort.field, direction: r.defaultSort.order }] : [];
  if (orders === undefined || orders === null) return withTieBreak(fallback);
  if (typeof orders !== "object" || Array.isArray(orders)) throw bad("orders", "unknown_order", { name: shown(orders) });
  const o = orders as Record<string, unknown>;
  const cols = o.columns === undefined || o.columns === null ? [] : Array.isArray(o.columns) ? o.columns : [o.columns];
  if (cols.length > LIMITS.searchColumns) throw bad("orders", "too_many_columns", { max: LIMITS.searchColumns });
  const direction = o.ascending === false || o.ascending === "false" ? "desc" : "asc";
  const out: Order[] = [];
  for (const c of cols) {
    const f = queryableField(r, c);
    if (!f) throw bad("orders", "unknown_order", { name: shown(c) });
    out.push({ column: f.name, direction });
  }
  return withTieBreak(out.length ? out : fallback);
}

/** Paging stays stable when the order column has equal values. */
const withTieBreak = (o: Order[]): Order[] => (o.some((x) => x.column === "id") ? o : [...o, { column: "id", direction: o[0]?.direction ?? "asc" }]);

/** A paging number: a safe integer given as a number or as digits (a query string's). */
function pagingNumber(v: unknown, fallback: number): number {
  if (v === undefined) return fallback;
  const n = typeof v === "number" ? v : typeof v === "string" && /^\s*-?\d{1,16}\s*$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) ? n : NaN;
}

export function parsePaging(paging: unknown): Paging {
  if (paging === undefined || paging === null) return { start: 0, length: 10 };
  if (typeof paging !== "object" || Array.isArray(paging)) throw badRequest({ paging: { key: "bad_paging" } }, "bad_paging");
  const p = paging as Record<string, unknown>;
  const start = pagingNumber(p.start, 0);
  const length = pagingNumber(p.length, 10);
  const errors: FieldErrors = {};
  if (!(start >= 0)) errors["paging.start"] = { key: "bad_paging_start" };
  if (!(length >= -1)) errors["paging.length"] = { key: "bad_paging_length" };
  if (Object.keys(errors).length) throw badRequest(errors, "bad_paging");
  return { start, length };
}

/** `GET R/list?issue_id=4`: equality on declared fields; other keys are ignored. */
export function filtersFromQuery(r: ResolvedResource, query: unknown): Cond[] {
  const conds: Cond[] = [];
  if (!query || typeof query !== "object") return conds;
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    const f = queryableField(r, k);
    if (!f || f.name === "company_id" || v === undefined || v === "") continue;
    const list = Array.isArray(v) ? v : [v];
    const values = list.map((x) => {
      const got = filterValue(f, x);
      if (!got.ok) throw bad("columns", "bad_search_value", { name: f.name });
      return got.value;
    });
    conds.push(values.length === 1 ? eq(f.name, values[0]) : inList(f.name, values));
  }
  return conds;
}
