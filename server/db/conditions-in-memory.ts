// The conditions of conditions.ts evaluated over rows in memory, as the database would: values
// as stored (codec.ts encodeValue), a comparison with NULL never holds, text compares by code
// point (SQLite's BINARY collation), `contains` ignores case. Used by the web tests' contract
// mock (tests/mocks), so it filters with the very conditions the server's search builds.
import { shapeOf, type Cond } from "./conditions";

/** A row's stored value of a column (null when it has none). */
export type StoredOf = (col: string) => unknown;

/** SQLite's order of stored values: numbers before text; NULLs are the caller's (never compared here). */
export function compareStored(a: unknown, b: unknown): number {
  const na = typeof a === "number";
  const nb = typeof b === "number";
  if (na && nb) return (a as number) - (b as number);
  if (na !== nb) return na ? -1 : 1;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

const absent = (v: unknown) => v === null || v === undefined;
/** `x = NULL` is never true in SQL. */
const same = (a: unknown, b: unknown) => !absent(b) && compareStored(a, b) === 0;
const order = (a: unknown, b: unknown) => (absent(b) ? NaN : compareStored(a, b));

export function holds(c: Cond, stored: StoredOf): boolean {
  const shape = shapeOf(c);
  if (!shape) throw new Error("conditions-in-memory: a condition not made by db/conditions.ts");
  switch (shape.op) {
    case "never":
      return false;
    case "always":
      return true;
    case "null":
      return absent(stored(shape.col));
    case "notnull":
      return !absent(stored(shape.col));
  }
  const v = stored(shape.col);
  if (absent(v)) return false;
  switch (shape.op) {
    case "=":
      return same(v, shape.value);
    case "<>":
      return !same(v, shape.value);
    case "<":
      return order(v, shape.value) < 0;
    case "<=":
      return order(v, shape.value) <= 0;
    case ">":
      return order(v, shape.value) > 0;
    case ">=":
      return order(v, shape.value) >= 0;
    case "in":
      return shape.values.some((x) => same(v, x));
    case "notin":
      return !shape.values.some((x) => absent(x) || same(v, x)); // NOT IN (.., NULL) is never true
    case "between":
      return order(v, shape.low) >= 0 && order(v, shape.high) <= 0;
    case "contains":
      return String(v).toLowerCase().includes(shape.text.toLowerCase());
  }
}

/** Every condition holds (a WHERE of ANDs, like whereAll). */
export const holdsAll = (conds: readonly Cond[], stored: StoredOf): boolean => conds.every((c) => holds(c, stored));
