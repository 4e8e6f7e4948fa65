// Queries compiled once per shape. Building a query with Kysely and compiling it costs 20-40 µs
// (a search's page and count: ~5 % of a never-repeated search's CPU, bench:api profiles), and
// people's filters differ mostly in their values: status = 'planning' and status = 'completed'
// compile to the same SQL. A query whose WHERE is a list of conditions (server/db/conditions.ts,
// plain `sql` fragments) is compiled the first time its shape is asked (the conditions' SQL
// fragments, column references and the number of values, not the values) and later bound to the
// values of each: the same SQL text and the same parameters as compiling it, checked when the
// shape is first compiled (a shape whose parameters are not its conditions' values, in order,
// followed by the query's own, is compiled every time). Kept per dialect (its compiler writes the
// SQL; every schema and transaction of it alike) in an LRU bounded by entries and bytes (QUERY_TEMPLATE_CACHE, server/cache.ts);
// a shape with more than MAX_TEMPLATE_VALUES values (a long `in` list) is not kept.
import { CompiledQuery, type OperationNode } from "kysely";
import { LRUCache } from "lru-cache";
import { QUERY_TEMPLATE_CACHE } from "../cache";
import type { Cond } from "./conditions";
import { dialectOf, type Db, type DialectName } from "./connection";

/** Most values a kept shape binds: longer `in` lists are compiled each time (their keys would be big). */
export const MAX_TEMPLATE_VALUES = 100;

interface Template {
  /** The compiled SQL, with a query node that holds no values (the first query's values are not kept). */
  base: CompiledQuery;
}

/** Per dialect (its compiler writes the SQL): a transaction's Kysely shares its database's. */
const TEMPLATES = new Map<DialectName, LRUCache<string, Template>>();

const templatesOf = (db: Db): LRUCache<string, Template> => {
  const dialect = dialectOf(db);
  let t = TEMPLATES.get(dialect);
  if (!t)
    TEMPLATES.set(
      dialect,
      (t = new LRUCache<string, Template>({
        max: QUERY_TEMPLATE_CACHE.max,
        maxSize: QUERY_TEMPLATE_CACHE.maxBytes,
        maxEntrySize: QUERY_TEMPLATE_CACHE.maxEntryBytes,
        sizeCalculation: (e, key) => 2 * key.length + 2 * e.base.sql.length + 128,
      })),
    );
  return t;
};

/** A `sql` template's fragments are one array per place in the code: its key is made once. */
const FRAGMENT_KEYS = new WeakMap<readonly string[], string>();
function fragmentsKey(fragments: readonly string[]): string {
  let key = FRAGMENT_KEYS.get(fragments);
  if (key === undefined) FRAGMENT_KEYS.set(fragments, (key = JSON.stringify(fragments)));
  return key;
}

/**
 * The shape of `node` written to `parts` and its values pushed to `values`, in the order the
 * compiler visits them; false when it has a value the compiler writes into the SQL (immediate).
 */
function shapeOf(node: OperationNode, parts: string[], values: unknown[]): boolean {
  if (node.kind === "ValueNode") {
    const v = node as unknown as { value: unknown; immediate?: boolean };
    if (v.immediate) return false;
    values.push(v.value);
    parts.push("?");
    return true;
  }
  if (node.kind === "RawNode") {
    const raw = node as unknown as { sqlFragments: readonly string[]; parameters: readonly OperationNode[] };
    parts.push("(", fragmentsKey(raw.sqlFragments));
    for (const p of raw.parameters) if (!shapeOf(p, parts, values)) return false;
    parts.push(")");
    return true;
  }
  const ref = node as unknown as { kind: string; table?: unknown; column?: { kind: string; column?: { name?: unknown } } };
  if (ref.kind === "ReferenceNode" && ref.table === undefined && ref.column?.kind === "ColumnNode" && typeof ref.column.column?.name === "string") {
    parts.push(`c${JSON.stringify(ref.column.column.name)}`);
    return true;
  }
  // Anything else (a qualified reference, a table, a sub-query built with Kysely) as it is: any
  // value inside it is part of the shape, and then not among `values` (the check below fails).
  parts.push(JSON.stringify(node));
  return true;
}

/**
 * `compile()`'s query (its WHERE: `conds`, in order, and nothing else bound before them; then
 * the parameters `tail`), from the shape's kept SQL when `key` (what else decides the SQL: the
 * table, the columns, the order) and the conditions' shape were compiled before.
 */
export function boundQuery(db: Db, key: string, conds: readonly Cond[], tail: readonly unknown[], compile: () => CompiledQuery): CompiledQuery {
  const parts: string[] = [key];
  const values: unknown[] = [];
  for (const c of conds) if (!shapeOf(c.toOperationNode(), parts, values)) return compile();
  if (values.length > MAX_TEMPLATE_VALUES) return compile();
  const shape = parts.join("\u0000");
  const templates = templatesOf(db);
  const hit = templates.get(shape);
  if (hit) return { ...hit.base, parameters: [...values, ...tail] };
  const compiled = compile();
  const p = compiled.parameters;
  const bound = p.length === values.length + tail.length && values.every((v, i) => Object.is(v, p[i])) && tail.every((v, i) => Object.is(v, p[values.length + i]));
  if (bound) templates.set(shape, { base: CompiledQuery.raw(compiled.sql, []) });
  return compiled;
}

/** Entries and bytes of the query templates of this database's dialect (tests, bench). */
export function templateCacheSize(db: Db): { entries: number; bytes: number } {
  const t = TEMPLATES.get(dialectOf(db));
  return { entries: t?.size ?? 0, bytes: t?.calculatedSize ?? 0 };
}
