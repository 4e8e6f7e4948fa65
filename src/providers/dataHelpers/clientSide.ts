// Filtering, sorting and paging on the client, for resources that only offer GET R/list
// (the same operators as the search API, so a screen behaves the same on either).
import type { CrudFilter, CrudSort, LogicalFilter, Pagination } from "@refinedev/core";
import { DEFAULT_PAGE_SIZE, flattenFilters } from "./searchBody";
import { UnsupportedFilterError } from "./errors";

type Row = Record<string, unknown>;

const isBlank = (v: unknown): boolean => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);
const same = (a: unknown, b: unknown): boolean => a === b || (a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b));

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: "base" });
}

function matches(row: Row, f: LogicalFilter): boolean {
  const v = row[f.field];
  switch (f.operator) {
    case "null":
      return v === null || v === undefined;
    case "nnull":
      return v !== null && v !== undefined;
    default:
      if (isBlank(f.value)) return true;
  }
  switch (f.operator) {
    case "eq":
      return same(v, f.value);
    case "ne":
      return !same(v, f.value);
    case "lt":
      return compare(v, f.value) < 0;
    case "lte":
      return compare(v, f.value) <= 0;
    case "gt":
      return compare(v, f.value) > 0;
    case "gte":
      return compare(v, f.value) >= 0;
    case "contains":
      return v !== null && v !== undefined && String(v).toLowerCase().includes(String(f.value).toLowerCase());
    case "in":
      return (Array.isArray(f.value) ? f.value : [f.value]).some((x) => same(v, x));
    case "between": {
      const [from, to] = f.value as unknown[];
      return (isBlank(from) || compare(v, from) >= 0) && (isBlank(to) || compare(v, to) <= 0);
    }
    default:
      throw new UnsupportedFilterError(`filter operator "${f.operator}" on "${f.field}" is not supported`);
  }
}

export function applyClientSide<T extends Row>(rows: readonly T[], p: { pagination?: Pagination; filters?: CrudFilter[]; sorters?: CrudSort[] }): { data: T[]; total: number } {
  const filters = flattenFilters(p.filters);
  let out = rows.filter((r) => filters.every((f) => matches(r, f)));
  const sorter = p.sorters?.[0];
  if (sorter) {
    const dir = sorter.order === "desc" ? -1 : 1;
    out = [...out].sort((a, b) => dir * compare(a[sorter.field], b[sorter.field]));
  }
  const total = out.length;
  // "client" mode: Refine slices itself; "off": everything.
  if (p.pagination?.mode === "off" || p.pagination?.mode === "client") return { data: out, total };
  const pageSize = p.pagination?.pageSize ?? DEFAULT_PAGE_SIZE;
  const start = ((p.pagination?.currentPage ?? 1) - 1) * pageSize;
  return { data: out.slice(start, start + pageSize), total };
}
