// The search body of the contract applied to in-memory rows with the server's own code: the body
// is parsed by server/records/query.ts (so the same bodies are refused with the same 400s), the
// conditions it yields are evaluated by server/db/conditions-in-memory.ts over the rows' stored
// values (server/db/codec.ts, through server/records/computed-search.ts storedOf and sortRows), and paging is capped by server/records/page-window.ts.
// Counts past COUNT_ESTIMATE.above follow server/records/count-estimates.ts: after a write of the
// resource, the last exact count, marked `estimated`, until refreshMs has passed.
import type { ResolvedResource } from "../../declaration";
import { holdsAll } from "../../server/db/conditions-in-memory";
import type { Cond } from "../../server/db/conditions";
import { COUNT_ESTIMATE } from "../../server/cache";
import { t, type Lang } from "../../server/i18n/messages";
import { sortRows as sortStored, storedOf } from "../../server/records/computed-search";
import { pageWindow } from "../../server/records/page-window";
import { filtersFromQuery, parseColumns, parseColumnsKeyed, parseOrders, parsePaging, type Order } from "../../server/records/query";
import type { CountName } from "../../server/records/store";
import type { Row } from "./db";

export interface SearchAnswer {
  rows: Row[];
  recordsTotal: number;
  recordsFiltered: number;
  /** `page_capped`, as the server says it when a capped page leaves rows out. */
  message?: string;
  /** The counts answered as estimates. */
  estimated?: CountName[];
}

/** The last exact counts, by resource, tenant and normalized columns, with the resource's write count then. */
export type KeptCounts = Map<string, { n: number; version: number; at: number }>;

/** What a search's counts depend on in the mock: its kept counts, the resource's writes, the tenant. */
export interface CountContext {
  kept: KeptCounts;
  version: number;
  tenant: string;
}

function counted(r: ResolvedResource, c: CountContext | undefined, columnsKey: string, exact: number): { n: number; estimated: boolean } {
  if (!c) return { n: exact, estimated: false };
  const key = `${r.name}\u0000${c.tenant}\u0000${columnsKey}`;
  const last = c.kept.get(key);
  const now = Date.now();
  if (last && last.version !== c.version && last.n > COUNT_ESTIMATE.above) {
    if (now - last.at > COUNT_ESTIMATE.refreshMs) c.kept.set(key, { n: exact, version: c.version, at: now });
    return { n: last.n, estimated: true };
  }
  c.kept.set(key, { n: exact, version: c.version, at: now });
  return { n: exact, estimated: false };
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
export function searchRows(r: ResolvedResource, rows: Row[], body: unknown, lang: Lang, counts?: CountContext): SearchAnswer {
  const b = asObject(body);
  const { conds, key } = parseColumnsKeyed(r, b.columns, "sqlite");
  const orders = parseOrders(r, b.orders);
  const { start, length, capped } = pageWindow(r, parsePaging(b.paging));
  const filtered = sortRows(r, filterRows(r, rows, conds), orders);
  const page = filtered.slice(start, start + length);
  // A page that is not full ends the result: its count is exact.
  const ended = page.length < length && (page.length > 0 || start === 0);
  const byFilter = ended ? { n: filtered.length, estimated: false } : counted(r, counts, JSON.stringify(key), filtered.length);
  // Declared big tables answer the filtered count as the total (server/records/store.ts search).
  const all = conds.length === 0 || r.maxPageLength ? byFilter : counted(r, counts, "[]", rows.length);
  const out: SearchAnswer = { rows: page, recordsTotal: all.n, recordsFiltered: byFilter.n };
  if (all.estimated || byFilter.estimated) out.estimated = [...(all.estimated ? ["recordsTotal" as const] : []), ...(byFilter.estimated ? ["recordsFiltered" as const] : [])];
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
