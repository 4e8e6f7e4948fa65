// WHERE conditions as bound SQL fragments, the same on SQLite and PostgreSQL. Identifiers go
// through sql.ref (quoted), values are always parameters.
import { sql, type RawBuilder, type SqlBool } from "kysely";

export type Cond = RawBuilder<SqlBool>;

/**
 * What a condition means, kept beside its SQL (a WeakMap, nothing changes in the query) so the
 * web tests' contract mock can evaluate the server's own conditions over in-memory rows
 * (conditions-in-memory.ts) instead of re-implementing the search semantics.
 */
export type CondShape =
  | { op: "=" | "<>" | "<" | "<=" | ">" | ">="; col: string; value: unknown }
  | { op: "null" | "notnull"; col: string }
  | { op: "in" | "notin"; col: string; values: readonly unknown[] }
  | { op: "between"; col: string; low: unknown; high: unknown }
  | { op: "contains"; col: string; text: string }
  | { op: "never" }
  | { op: "always" };

const SHAPES = new WeakMap<Cond, CondShape>();
const shaped = (c: Cond, shape: CondShape): Cond => {
  SHAPES.set(c, shape);
  return c;
};
/** The meaning of a condition made here; undefined for SQL written elsewhere. */
export const shapeOf = (c: Cond): CondShape | undefined => SHAPES.get(c);

const ref = (col: string) => sql.ref(col);

export const eq = (col: string, v: unknown): Cond => (v === null ? isNull(col) : shaped(sql<SqlBool>`${ref(col)} = ${v}`, { op: "=", col, value: v }));
export const ne = (col: string, v: unknown): Cond => (v === null ? notNull(col) : shaped(sql<SqlBool>`${ref(col)} <> ${v}`, { op: "<>", col, value: v }));
export const cmp = (col: string, op: "<" | "<=" | ">" | ">=", v: unknown): Cond => shaped(sql<SqlBool>`${ref(col)} ${sql.raw(op)} ${v}`, { op, col, value: v });
export const isNull = (col: string): Cond => shaped(sql<SqlBool>`${ref(col)} is null`, { op: "null", col });
export const notNull = (col: string): Cond => shaped(sql<SqlBool>`${ref(col)} is not null`, { op: "notnull", col });
export const never = (): Cond => shaped(sql<SqlBool>`1 = 0`, { op: "never" });
export const inList = (col: string, vs: readonly unknown[]): Cond =>
  vs.length === 0 ? never() : shaped(sql<SqlBool>`${ref(col)} in (${sql.join(vs)})`, { op: "in", col, values: vs });
export const notInList = (col: string, vs: readonly unknown[]): Cond =>
  vs.length === 0 ? shaped(sql<SqlBool>`1 = 1`, { op: "always" }) : shaped(sql<SqlBool>`${ref(col)} not in (${sql.join(vs)})`, { op: "notin", col, values: vs });
export const between = (col: string, a: unknown, b: unknown): Cond => shaped(sql<SqlBool>`${ref(col)} between ${a} and ${b}`, { op: "between", col, low: a, high: b });

/**
 * Contains, ignoring case (%, _ and \ in the text are literal). PostgreSQL's LIKE is
 * case-sensitive: both sides lowered. SQLite's LIKE already ignores ASCII case, and its lower()
 * folds only ASCII too, so the plain LIKE matches the same rows without a lower() per row.
 */
export const contains = (col: string, text: string, dialect: "sqlite" | "postgres" = "postgres"): Cond => {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const shape: CondShape = { op: "contains", col, text };
  if (dialect === "sqlite") return shaped(sql<SqlBool>`${ref(col)} like ${pattern} escape '\\'`, shape);
  return shaped(sql<SqlBool>`lower(${ref(col)}) like lower(${pattern}) escape '\\'`, shape);
};

/** Applies conditions to any Kysely builder with `where(expression)`. */
export function whereAll<T extends { where(e: Cond): T }>(qb: T, conds: readonly Cond[]): T {
  let q = qb;
  for (const c of conds) q = q.where(c);
  return q;
}
