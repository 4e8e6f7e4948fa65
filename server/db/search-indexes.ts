// The composite indexes a resource's list searches need, made from the declaration: the filters
// its list offers and the order it opens in (declaration/filters.ts). A list asks for its
// tenant's rows (company_id), filtered by some of those fields, in its default order (or the
// other way), a page at an offset, and counts the rows that match. Per table:
// - one index per equality filter (enum, ref, boolean, number): tenant, that field, the sort
//   field, id, then the other filter fields;
// - one for no equality filter: tenant, the sort field, id, then the filter fields.
// The leading columns give the filter's rows already in the list's order, so a page is read from
// the index at its offset and a count is one index range, never a sort or a table scan. The
// other filters' columns follow so a second or third filter (status and type, type and manager) is
// tested on the index entry: the database walks the most selective filter's range (planner
// statistics pick it) and reads table rows only for the page. Text filters (`like`, contains)
// are not in them: a wider index made every count slower than reading the matching rows
// (bench:api). Date ranges on another field than the sort are, like the equality filters.
// SQLite reads one index either way; PostgreSQL's index order has NULLs at one end, and the
// server sorts NULLs last both ways, so there a sort on a field other than id gets the index
// twice, ascending and descending (id alone reads one backwards).
// Bound: MAX_SEARCH_INDEXES per table (per direction on PostgreSQL). Every index is written by
// every insert and by updates of its columns, and holds a copy of its columns: eight keep a
// project write within ~0.1 ms on SQLite (bench:api's writes) while covering every list
// declared today (the most equality filters of one list: issue's seven). A declaration over it
// fails here (and in the unit tests): offer fewer filters, or raise the bound knowing that.
// Tables declaring maxPageLength (waypoints) are the big ones with hand-made indexes
// (migrations 001, 010, 020): none is made for them.
import { createHash } from "node:crypto";
import { filterKindOf, listFilters, listSortOf, type ResolvedResource } from "../../declaration";
import type { DialectName } from "./connection";

export const MAX_SEARCH_INDEXES = 8;

/** Names of the search indexes start so (a migration syncs exactly these). */
export const SEARCH_INDEX_PREFIX = "sx_";

export interface SearchIndexSpec {
  table: string;
  name: string;
  columns: string[];
  /** The column the list sorts by (after the equality prefix). */
  sort: string;
  /** PostgreSQL: the sort column's and id's direction (NULLs last); absent on SQLite, which reads one index both ways. */
  direction?: "asc" | "desc";
}

/** The tenant columns every read of the resource is narrowed by (server/access/scope.ts). */
export function tenantColumnsOf(r: ResolvedResource): string[] {
  if (r.scope === "company") return ["company_id"];
  if (r.scope === "platform" && r.tenantField && r.tenantField !== "id") return [r.tenantField];
  return [];
}

const unique = (cols: string[]): string[] => [...new Set(cols)];

function nameOf(table: string, lead: string, columns: string[], direction: string | undefined): string {
  const hash = createHash("sha1")
    .update(`${columns.join(",")}|${direction ?? ""}`)
    .digest("hex")
    .slice(0, 6);
  const name = `${SEARCH_INDEX_PREFIX}${table}_${lead}_${hash}`;
  return name.length <= 63 ? name : `${name.slice(0, 56)}_${hash}`;
}

export function searchIndexesOf(r: ResolvedResource, dialect: DialectName): SearchIndexSpec[] {
  if (!r.table || r.maxPageLength) return [];
  const table = r.table;
  const tenant = tenantColumnsOf(r);
  const sort = listSortOf(r).field;
  const order = sort === "id" ? ["id"] : [sort, "id"];
  const filters = listFilters(r).filter((f) => !tenant.includes(f.name));
  const eqs = filters.filter((f) => filterKindOf(f) === "eq").map((f) => f.name);
  const ranges = filters.filter((f) => filterKindOf(f) === "between").map((f) => f.name);
  const leads = [
    { lead: "all", columns: unique([...tenant, ...order, ...eqs, ...ranges]) },
    ...eqs.map((e) => ({ lead: e, columns: unique([...tenant, e, ...order, ...eqs, ...ranges]) })),
  ];
  if (leads.length > MAX_SEARCH_INDEXES) {
    throw new Error(`${r.name}: its list offers ${eqs.length} equality filters, ${leads.length} search indexes; at most ${MAX_SEARCH_INDEXES} (server/db/search-indexes.ts)`);
  }
  const directions: Array<"asc" | "desc" | undefined> = dialect === "postgres" && sort !== "id" ? ["asc", "desc"] : [undefined];
  return leads.flatMap(({ lead, columns }) =>
    directions.map((direction) => ({ table, name: nameOf(table, lead, columns, direction), columns, sort, ...(direction ? { direction } : {}) })),
  );
}

/** Every table's search indexes on a dialect. */
export const searchIndexPlan = (resources: readonly ResolvedResource[], dialect: DialectName): SearchIndexSpec[] => resources.flatMap((r) => searchIndexesOf(r, dialect));
