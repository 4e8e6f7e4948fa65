// Generators of hostile requests (fast-check) shared by the property test
// (tests/server/hostile-fuzz.test.ts) and the fuzz run (bench/fuzz.ts): wrong types, huge and
// tiny numbers, deep nesting, long strings, unknown keys, __proto__, to search, add, update
// and delete of any resource.
import fc from "fast-check";
import { API_RESOURCES, RESOURCE_BY_NAME, type ResolvedResource } from "../../declaration";
import { OPERATORS } from "../../server/records/query";

/**
 * `depth` arrays or objects, one inside the other: held as this marker and written out as text
 * by `bodyText` (fast-check's reports and JSON.stringify recurse and would overflow themselves).
 */
class Deep {
  constructor(
    readonly depth: number,
    readonly asObject: boolean,
  ) {}
  toJSON() {
    return `\u0001${this.depth}:${this.asObject ? 1 : 0}\u0001`;
  }
  [fc.toStringMethod]() {
    return `<${this.depth} nested ${this.asObject ? "objects" : "arrays"}>`;
  }
}
export const bodyText = (body: unknown): string =>
  JSON.stringify(body).replace(/"\\u0001(\d+):([01])\\u0001"/g, (_, d: string, o: string) =>
    o === "1" ? `${'{"a":'.repeat(Number(d))}1${"}".repeat(Number(d))}` : `${"[".repeat(Number(d))}1${"]".repeat(Number(d))}`,
  );

const number = fc.oneof(
  {
    arbitrary: fc.constantFrom(2 ** 63, 1e20, 1e308, -1e308, 8640000000000001, -8640000000000001, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1, -1, 0, -0, 5e-324, 0.1),
    weight: 3,
  },
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\u0007bell",
    "\ud800",
    "'; drop table divisi; --",
    "%_\\",
    "__proto__",
    "9223372036854775808",
    "1e308",
    "-1",
    "2026-13-45",
    "2026-02-29T25:61:00Z",
    "NaN",
    "Infinity",
    "[1,2]",
    '{"a":1}',
    "true",
  ),
  fc.integer({ min: 256, max: 200_000 }).map((n) => "x".repeat(n)),
);
const key = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "columns",
    "orders",
    "paging",
    "start",
    "length",
    "data",
    "value",
    "value1",
    "operator",
    "ascending",
    "items",
    "id",
    "company_id",
    "name",
    "structure",
  ),
  fc.string({ maxLength: 8 }),
);
const leaf = fc.oneof(number, text, fc.boolean(), fc.constant(null));
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(key, tie("value"), { maxKeys: 4 }),
    { arbitrary: fc.tuple(fc.oneof(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 3000, max: 6000 })), fc.boolean()).map(([d, o]) => new Deep(d, o)), weight: 2 },
    fc.integer({ min: 2, max: 1200 }).map((n) => Array.from({ length: n }, (_, i) => i)),
  ),
}));

const fieldName = (r: ResolvedResource) => fc.oneof(fc.constantFrom(...r.fields.map((f) => f.name), "id", "created_at", "updated_at", "company_id", "password"), value);
const column = (r: ResolvedResource) => fc.record({ data: fieldName(r), operator: fc.oneof(fc.constantFrom(...OPERATORS), value), value, value1: value }, { requiredKeys: [] });
const searchBody = (r: ResolvedResource) =>
  fc.oneof(
    fc.record(
      {
        columns: fc.oneof(
          fc.array(column(r), { maxLength: 4 }),
          fc.integer({ min: 40, max: 1200 }).map((n) => Array.from({ length: n }, () => ({ data: "id", operator: ">", value: 0 }))),
          value,
        ),
        orders: fc.oneof(fc.record({ columns: fc.oneof(fieldName(r), fc.array(fieldName(r), { maxLength: 3 })), ascending: value }, { requiredKeys: [] }), value),
        paging: fc.oneof({ arbitrary: fc.record({ start: fc.oneof(number, value), length: fc.oneof(number, value) }, { requiredKeys: [] }), weight: 3 }, value),
        junk: value,
      },
      { requiredKeys: [] },
    ),
    value,
  );
const recordBody = (r: ResolvedResource) => fc.oneof(fc.dictionary(fc.oneof(fc.constantFrom(...r.fields.map((f) => f.name)), key), value, { maxKeys: 6 }), value);
const idPart = fc.oneof(fc.constantFrom("1", "2", "3", "0", "-1", "1.5", "1e308", "9223372036854775808", "abc", "%00", "%2e%2e", "1;2"), fc.nat(50).map(String));

export type Call = { method: "POST" | "PUT" | "DELETE"; url: string; body: unknown };
/** A hostile request to search, add, update or delete of one of `names` (resources with a table). */
export const hostileCall = (names: readonly string[]): fc.Arbitrary<{ name: string; c: Call }> =>
  fc.constantFrom(...names).chain((name) => {
    const r = RESOURCE_BY_NAME.get(name)!;
    const base = `/api/${r.path}`;
    const has = (op: string) => r.operations.some((o) => o.name === op);
    const calls: Array<fc.Arbitrary<Call>> = [];
    if (has("search")) calls.push(searchBody(r).map((body) => ({ method: "POST" as const, url: `${base}/search`, body })));
    if (has("add")) calls.push(recordBody(r).map((body) => ({ method: "POST" as const, url: `${base}/add`, body })));
    if (has("update")) calls.push(fc.tuple(idPart, recordBody(r)).map(([id, body]) => ({ method: "PUT" as const, url: `${base}/update/${id}`, body })));
    if (has("delete")) calls.push(fc.tuple(idPart, fc.option(value)).map(([id, body]) => ({ method: "DELETE" as const, url: `${base}/delete/${id}`, body })));
    return fc.oneof(...calls).map((c) => ({ name, c }));
  });

/** Names of resources with a table and at least one of search, add, update, delete. */
export const fuzzableResources = (): string[] =>
  API_RESOURCES.filter((r) => r.table && r.operations.some((o) => ["search", "add", "update", "delete"].includes(o.name))).map((r) => r.name);
