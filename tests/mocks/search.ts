// The search body of the contract applied to in-memory rows with the server's own code: the body
// is parsed by server/records/query.ts (so the same bodies are refused with the same 400s), the
// conditions it yields are evaluated by server/db/conditions-in-memory.ts over the rows' stored
// values (server/db/codec.ts, through server/records/computed-search.ts storedOf and sortRows), and paging is capped by server/records/page-window.ts.
import type { ResolvedResource } from "../../declaration";
import { holdsAll } from "../../server/db/conditions-in-memory";
import type { Cond } from "../../server/db/conditions";
import { t, type Lang } from "../../server/i18n/messages";
import { sortRows as sortStored, storedOf } from "../../server/records/computed-search";
import { pageWindow } from "../../server/records/page-window";
import { filtersFromQuery, parseColumns, parseOrders, parsePaging, type Order } from "../../server/records/query";
import type { Row } from "./db";

export interface SearchAnswer {
  rows: Row[];
  recordsTotal: number;
  recordsFiltered: number;
  /** `page_capped`, as the server says it when a capped page leaves rows out. */
  message?: string;
}

const asObject = (body: unknown): Record<string, unknown> => (body && typeof body === "object" ? (body as Record<string, unknown>) : {});

export const filterRows = (r: ResolvedResource, rows: Row[], conds: readonly Cond[]): Row[] => rows.filter((row) => holdsAll(conds, storedOf(r, row)));

/** ORDER BY the stored values, NULLs last in either direction: the computed search's own sort. */
export function sortRows(r: ResolvedResource, rows: Row[], orders: Order[] = parseOrders(r, undefined)): Row[] {
  const out = [...rows];
  sortStored(r, out, orders);
  return out;
}

/** POST R/search over `rows` (already limited to the tenant and path parameters). Throws the server's HttpErrors. */
export function searchRows(r: ResolvedResource, rows: Row[], body: unknown, lang: Lang): SearchAnswer {
  const b = asObject(body);
  const conds = parseColumns(r, b.columns, "sqlite");
  const orders = parseOrders(r, b.orders);
  const { start, length, capped } = pageWindow(r, parsePaging(b.paging));
  const filtered = sortRows(r, filterRows(r, rows, conds), orders);
  // Declared big tables answer the filtered count as the total (server/records/store.ts search).
  const recordsTotal = conds.length === 0 || r.maxPageLength ? filtered.length : rows.length;
  const out: SearchAnswer = { rows: filtered.slice(start, start + length), recordsTotal, recordsFiltered: filtered.length };
  if (capped && filtered.length - start > length) out.message = t(lang, "page_capped", { cap: length, total: filtered.length });
  return out;
}

/** POST R/total. */
export const totalRows = (r: ResolvedResource, rows: Row[], body: unknown): number => filterRows(r, rows, parseColumns(r, asObject(body).columns, "sqlite")).length;

/** GET R/list?field=value: equality filters, default order, capped like a page. */
export function listRows(r: ResolvedResource, rows: Row[], query: unknown, lang: Lang): { rows: Row[]; message?: string } {
  const { length: cap } = pageWindow(r, { start: 0, length: -1 });
  const all = sortRows(r, filterRows(r, rows, filtersFromQuery(r, query)));
  if (all.length <= cap) return { rows: all };
  return { rows: all.slice(0, cap), message: t(lang, "page_capped", { cap, total: `${cap}+` }) };
}
