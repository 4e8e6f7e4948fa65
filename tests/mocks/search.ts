// The search body of the contract (paging, columns with operators, orders) applied to rows.
import type { ResolvedField, ResolvedResource } from "../../declaration";
import type { Row } from "./db";

export interface SearchColumn {
  data: string;
  value?: unknown;
  value1?: unknown;
  operator?: string;
}
export interface SearchBody {
  paging?: { start?: number; length?: number };
  columns?: SearchColumn[];
  orders?: { columns?: string[]; ascending?: boolean };
}

export const OPERATORS = ["=", "!=", "<", "<=", ">", ">=", "like", "in", "range", "null", "notnull"] as const;

const NUMERIC = new Set(["integer", "number", "money", "percent", "ref"]);

/** A comparable form of a value of the field's type: numbers, epoch ms for datetimes, text. */
function comparable(f: ResolvedField | undefined, v: unknown): number | string | boolean | null {
  if (v === null || v === undefined) return null;
  if (f && NUMERIC.has(f.type)) return Number(v);
  if (f?.type === "boolean") return v === true || v === "true" || v === 1 || v === "1";
  if (f?.type === "datetime") return new Date(String(v)).getTime();
  return String(v);
}

function matches(f: ResolvedField | undefined, rowValue: unknown, c: SearchColumn): boolean {
  const op = c.operator ?? "=";
  const a = comparable(f, rowValue);
  if (op === "null") return a === null || a === "";
  if (op === "notnull") return !(a === null || a === "");
  if (op === "like") return a !== null && String(rowValue).toLowerCase().includes(String(c.value ?? "").toLowerCase());
  if (op === "in") return Array.isArray(c.value) && c.value.some((x) => comparable(f, x) === a);
  if (a === null) return false;
  const b = comparable(f, c.value);
  if (b === null) return false;
  switch (op) {
    case "=":
      return a === b;
    case "!=":
      return a !== b;
    case "<":
      return a < b;
    case "<=":
      return a <= b;
    case ">":
      return a > b;
    case ">=":
      return a >= b;
    case "range": {
      const b1 = comparable(f, c.value1);
      return b1 !== null && a >= b && a <= b1;
    }
    default:
      return false;
  }
}

/** What is wrong with the body's columns/orders for this resource, if anything. */
export function checkSearch(r: ResolvedResource, body: SearchBody): Record<string, string> | undefined {
  const names = new Set(r.fields.map((f) => f.name));
  for (const c of body.columns ?? []) {
    if (!names.has(c.data)) return { columns: `unknown column ${c.data}` };
    if (c.operator !== undefined && !(OPERATORS as readonly string[]).includes(c.operator)) return { columns: `unknown operator ${c.operator}` };
  }
  for (const o of body.orders?.columns ?? []) if (!names.has(o)) return { orders: `unknown order column ${o}` };
  return undefined;
}

export function filterRows(r: ResolvedResource, rows: Row[], columns: SearchColumn[] = []): Row[] {
  const byName = new Map(r.fields.map((f) => [f.name, f]));
  return rows.filter((row) => columns.every((c) => matches(byName.get(c.data), row[c.data], c)));
}

export function sortRows(r: ResolvedResource, rows: Row[], orders?: SearchBody["orders"]): Row[] {
  const cols = orders?.columns?.length ? orders.columns : r.defaultSort ? [r.defaultSort.field] : ["id"];
  const asc = orders?.columns?.length ? orders.ascending !== false : r.defaultSort ? r.defaultSort.order === "asc" : true;
  const byName = new Map(r.fields.map((f) => [f.name, f]));
  return [...rows].sort((x, y) => {
    for (const c of cols) {
      const a = comparable(byName.get(c), x[c]);
      const b = comparable(byName.get(c), y[c]);
      if (a === b) continue;
      if (a === null) return 1; // nulls last either way
      if (b === null) return -1;
      const d = a < b ? -1 : 1;
      return asc ? d : -d;
    }
    return 0;
  });
}

export function page<T>(rows: T[], paging?: SearchBody["paging"]): T[] {
  const start = Math.max(0, paging?.start ?? 0);
  const length = paging?.length ?? 10;
  return length === -1 ? rows.slice(start) : rows.slice(start, start + length);
}
