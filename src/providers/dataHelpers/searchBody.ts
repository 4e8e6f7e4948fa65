// Refine's list parameters → the contract's search body
// { paging: { start, length }, columns: [{ data, value, value1?, operator }], orders }.
import type { CrudFilter, CrudSort, LogicalFilter, Pagination } from "@refinedev/core";
import { UnsupportedFilterError } from "./errors";

export interface SearchColumn {
  data: string;
  value?: unknown;
  value1?: unknown;
  operator: string;
}

export interface SearchBody {
  paging: { start: number; length: number };
  columns: SearchColumn[];
  orders?: { columns: string[]; ascending: boolean };
}

export const DEFAULT_PAGE_SIZE = 10;

const OPERATORS: Partial<Record<LogicalFilter["operator"], string>> = {
  eq: "=",
  ne: "!=",
  lt: "<",
  lte: "<=",
  gt: ">",
  gte: ">=",
  contains: "like",
  in: "in",
  between: "range",
  null: "null",
  nnull: "notnull",
};

/** An empty filter value (a cleared search field): the filter is left out. */
const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || v === "" || (Array.isArray(v) && (v.length === 0 || v.every((x) => x === undefined || x === null || x === "")));

/** Flattens "and" groups into logical filters; "or" cannot be sent (the contract has only AND). */
export function flattenFilters(filters: readonly CrudFilter[] = []): LogicalFilter[] {
  const out: LogicalFilter[] = [];
  for (const f of filters) {
    if (f.operator === "and") out.push(...flattenFilters(f.value));
    else if (f.operator === "or") throw new UnsupportedFilterError('"or" filters are not supported: the search API combines columns with AND only');
    else out.push(f as LogicalFilter);
  }
  return out;
}

export function toColumns(filters: readonly CrudFilter[] = []): SearchColumn[] {
  const columns: SearchColumn[] = [];
  for (const f of flattenFilters(filters)) {
    const operator = OPERATORS[f.operator];
    if (!operator) throw new UnsupportedFilterError(`filter operator "${f.operator}" on "${f.field}" is not supported by the search API`);
    if (operator === "null" || operator === "notnull") {
      columns.push({ data: f.field, operator });
      continue;
    }
    if (isBlank(f.value)) continue;
    if (operator === "range") {
      const [from, to] = Array.isArray(f.value) ? f.value : [];
      columns.push({ data: f.field, value: from, value1: to, operator });
    } else if (operator === "in") {
      columns.push({ data: f.field, value: Array.isArray(f.value) ? f.value : [f.value], operator });
    } else {
      columns.push({ data: f.field, value: f.value, operator });
    }
  }
  return columns;
}

/** Refine's first sorter gives the orders (the contract orders by one set of columns). */
export function toOrders(sorters: readonly CrudSort[] = []): SearchBody["orders"] | undefined {
  const first = sorters[0];
  return first ? { columns: [first.field], ascending: first.order !== "desc" } : undefined;
}

/** "off" and "client" fetch everything (Refine slices client pages itself). */
export function toPaging(pagination?: Pagination): SearchBody["paging"] {
  if (pagination?.mode === "off" || pagination?.mode === "client") return { start: 0, length: -1 };
  const pageSize = pagination?.pageSize ?? DEFAULT_PAGE_SIZE;
  const currentPage = pagination?.currentPage ?? 1;
  return { start: (currentPage - 1) * pageSize, length: pageSize };
}

export function toSearchBody(p: { pagination?: Pagination; filters?: CrudFilter[]; sorters?: CrudSort[] }): SearchBody {
  const body: SearchBody = { paging: toPaging(p.pagination), columns: toColumns(p.filters) };
  const orders = toOrders(p.sorters);
  if (orders) body.orders = orders;
  return body;
}
