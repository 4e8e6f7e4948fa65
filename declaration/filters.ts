// How a generated list filters and sorts: the filter bar above it offers each field declared (or
// resolved) `filter`, as text contains, dates within a range, and everything else (enums, refs,
// booleans, numbers) equal to a value; the list opens in the resource's defaultSort (else by
// id), which a column header turns the other way. The web app's filter bar sends these; the
// server makes its search indexes from them (server/db/search-indexes.ts).
import type { ResolvedField, ResolvedResource } from "./resolve";
import type { FieldType } from "./types";

export type FilterKind = "contains" | "between" | "eq";

const TEXT: ReadonlySet<FieldType> = new Set(["string", "text", "email", "phone", "url", "color", "icon", "image", "file"]);

export const filterKindOf = (f: Pick<ResolvedField, "type">): FilterKind => (TEXT.has(f.type) ? "contains" : f.type === "date" || f.type === "datetime" ? "between" : "eq");

/** The fields a resource's list offers as filters. */
export const listFilters = (r: ResolvedResource): ResolvedField[] => r.fields.filter((f) => f.filter && !f.virtual);

/** The order a resource's list opens in (the server's default order of a search). */
export const listSortOf = (r: Pick<ResolvedResource, "defaultSort">): { field: string; order: "asc" | "desc" } => r.defaultSort ?? { field: "id", order: "asc" };
