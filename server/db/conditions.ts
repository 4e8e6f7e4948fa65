// WHERE conditions as bound SQL fragments, the same on SQLite and PostgreSQL. Identifiers go
// through sql.ref (quoted), values are always parameters.
import { sql, type RawBuilder, type SqlBool } from "kysely";

export type Cond = RawBuilder<SqlBool>;

const ref = (col: string) => sql.ref(col);

export const eq = (col: string, v: unknown): Cond => (v === null ? isNull(col) : sql<SqlBool>`${ref(col)} = ${v}`);
export const ne = (col: string, v: unknown): Cond => (v === null ? notNull(col) : sql<SqlBool>`${ref(col)} <> ${v}`);
export const cmp = (col: string, op: "<" | "<=" | ">" | ">=", v: unknown): Cond => sql<SqlBool>`${ref(col)} ${sql.raw(op)} ${v}`;
export const isNull = (col: string): Cond => sql<SqlBool>`${ref(col)} is null`;
export const notNull = (col: string): Cond => sql<SqlBool>`${ref(col)} is not null`;
export const never = (): Cond => sql<SqlBool>`1 = 0`;
export const inList = (col: string, vs: readonly unknown[]): Cond =>
  vs.length === 0 ? never() : sql<SqlBool>`${ref(col)} in (${sql.join(vs)})`;
export const notInList = (col: string, vs: readonly unknown[]): Cond =>
  vs.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${ref(col)} not in (${sql.join(vs)})`;
export const between = (col: string, a: unknown, b: unknown): Cond => sql<SqlBool>`${ref(col)} between ${a} and ${b}`;

/**
 * Contains, ignoring case (%, _ and \ in the text are literal). PostgreSQL's LIKE is
 * case-sensitive: both sides lowered. SQLite's LIKE already ignores ASCII case, and its lower()
 * folds only ASCII too, so the plain LIKE matches the same rows without a lower() per row.
 */
export const contains = (col: string, text: string, dialect: "sqlite" | "postgres" = "postgres"): Cond => {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (dialect === "sqlite") return sql<SqlBool>`${ref(col)} like ${pattern} escape '\\'`;
  return sql<SqlBool>`lower(${ref(col)}) like lower(${pattern}) escape '\\'`;
};

/** Applies conditions to any Kysely builder with `where(expression)`. */
export function whereAll<T extends { where(e: Cond): T }>(qb: T, conds: readonly Cond[]): T {
  let q = qb;
  for (const c of conds) q = q.where(c);
  return q;
}
