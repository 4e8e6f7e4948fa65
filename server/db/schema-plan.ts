// The tables the declaration asks for: one per resource with a table, an implicit `id`, one
// column per field (storage per server/db/codec.ts), indexes on company_id, on every ref
// column, and unique indexes for `unique` fields (per company for company-scope resources) and
// for a `uniqueKey` (a join's pair).
// Pure data: migrations store a snapshot of it (server/db/snapshots/), and the schema test
// compares the live declaration with the migrated database.
import { createHash } from "node:crypto";
import type { ResolvedResource } from "../../declaration";
import { columnKindOf, type ColumnKind } from "./codec";

export interface ColumnSpec {
  name: string;
  /** "id" = the integer primary key, generated. */
  kind: ColumnKind | "id";
}

export interface IndexSpec {
  name: string;
  columns: string[];
  unique?: boolean;
}

export interface TableSpec {
  /** The resource that owns the table. */
  resource: string;
  table: string;
  columns: ColumnSpec[];
  indexes: IndexSpec[];
}

/** Index names stay within PostgreSQL's 63 characters, stable for a given input. */
export function indexName(prefix: "ix" | "ux", table: string, columns: string[]): string {
  const name = `${prefix}_${table}_${columns.join("_")}`;
  if (name.length <= 63) return name;
  const hash = createHash("sha1").update(name).digest("hex").slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

export function planTable(r: ResolvedResource): TableSpec | null {
  if (!r.table) return null;
  const stored = r.fields.filter((f) => !f.virtual); // virtual fields have no column
  const columns: ColumnSpec[] = stored.map((f) => ({ name: f.name, kind: f.name === "id" ? "id" : columnKindOf(f) }));
  const indexes: IndexSpec[] = [];
  const company = r.scope === "company";
  if (company) indexes.push({ name: indexName("ix", r.table, ["company_id"]), columns: ["company_id"] });
  for (const f of stored) {
    if (f.type === "ref" && !(company && f.name === "company_id")) {
      indexes.push({ name: indexName("ix", r.table, [f.name]), columns: [f.name] });
    }
  }
  for (const f of stored) {
    if (!f.unique) continue;
    const cols = company ? ["company_id", f.name] : [f.name];
    indexes.push({ name: indexName("ux", r.table, [f.name]), columns: cols, unique: true });
  }
  // A join's pair (uniqueKey): its ids name rows of one company already.
  if (r.uniqueKey) indexes.push({ name: indexName("ux", r.table, [...r.uniqueKey]), columns: [...r.uniqueKey], unique: true });
  return { resource: r.name, table: r.table, columns, indexes };
}

export const planTables = (resources: readonly ResolvedResource[]): TableSpec[] => resources.map(planTable).filter((t): t is TableSpec => t !== null);
