// The five inputs of issue 7 that answered 500 (SQLite "datatype mismatch", "Expression tree is
// too large", stack overflows, "Invalid time value") and the limits declared in
// server/http/limits.ts: each is a 400 in the envelope naming the field, and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../server/http/limits";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
beforeAll(async () => {
  env = await setupServer();
  for (const name of ["Survey", "Sipil", "Listrik"]) expect((await env.call(env.adminA, "POST", "/api/divisi/add", { name })).status).toBe(200);
});
afterAll(async () => {
  await env?.close();
});

const search = (body: unknown, lang = "en") => env.call(env.adminA, "POST", "/api/divisi/search", body, { "accept-language": lang });
/** `depth` arrays, one inside the other, around `inner`. */
const nested = (depth: number, inner: unknown = 1): unknown => {
  let v = inner;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};
/** The same as JSON text (a value this deep cannot go through JSON.stringify in the test either). */
const nestedText = (depth: number, inner = "1") => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;
const post = (url: string, text: string) =>
  env.app.inject({ method: "POST", url, headers: { authorization: `Bearer ${env.adminA.token}`, "content-type": "application/json" }, payload: text });
const templates = async () => (await env.db.selectFrom("template_gantt").select(["id", "structure"]).execute()) as Array<{ id: number; structure: string | null }>;

describe("issue 7 faults answer 400 with the field named", () => {
  it("fault 1: a paging.start past 2^53 (2^63, 1e20, 1e308) is refused as paging.start", async () => {
    for (const text of ['{"paging":{"start":9223372036854775808,"length":10}}', '{"paging":{"start":1e20,"length":10}}', '{"paging":{"start":1e308,"length":10}}']) {
      const res = await post("/api/divisi/search", text);
      expect(res.statusCode, text).toBe(400);
      expect(res.json()).toMatchObject({ status: false, errors: { "paging.start": "Must be a whole number, 0 or more." } });
    }
    const len = await search({ paging: { start: 0, length: 2 ** 64 } });
    expect(len.status).toBe(400);
    expect(Object.keys(len.body.errors)).toEqual(["paging.length"]);
    // The largest safe offset is a valid (empty) page; -1 still means all.
    expect((await search({ paging: { start: Number.MAX_SAFE_INTEGER, length: 10 } })).body).toMatchObject({ status: true, data: [] });
    expect((await search({ paging: { start: 0, length: -1 } })).body.data).toHaveLength(3);
  });

  it("fault 2: more search columns than LIMITS.searchColumns (999 failed in SQLite) is refused as columns", async () => {
    const columns = (n: number) => Array.from({ length: n }, () => ({ data: "name", operator: "!=", value: "x" }));
    for (const n of [LIMITS.searchColumns + 1, 999, 5000]) {
      const res = await search({ columns: columns(n) });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ columns: `At most ${LIMITS.searchColumns} columns.` });
    }
    expect((await search({ columns: columns(LIMITS.searchColumns) })).body.data).toHaveLength(3);
    const orders = await search({ orders: { columns: Array.from({ length: LIMITS.searchColumns + 1 }, () => "name") } });
    expect(orders.status).toBe(400);
    expect(Object.keys(orders.body.errors)).toEqual(["orders"]);
    // Computed searches (rows built in memory, e.g. the legacy dashboard) keep the same bound.
    const computed = await env.call(env.adminA, "POST", "/legacy/dashboard-proyek/search", {
      columns: Array.from({ length: LIMITS.searchColumns + 1 }, () => ({ data: "name", value: "x" })),
    });
    expect(computed.status).toBe(400);
    expect(computed.body.errors).toEqual({ columns: `At most ${LIMITS.searchColumns} columns.` });
  });

  it("fault 3: arrays nested 3,200 levels in orders.columns, paging.start, paging.length or columns[].data are refused at parse time", async () => {
    const deep = nestedText(3200);
    const cases: Array<[string, string]> = [
      [`{"orders":{"columns":${deep}}}`, "orders.columns"],
      [`{"paging":{"start":${deep},"length":10}}`, "paging.start"],
      [`{"paging":{"start":0,"length":${deep}}}`, "paging.length"],
      [`{"columns":[{"data":${deep},"value":"x"}]}`, "columns.0.data"],
    ];
    for (const [text, field] of cases) {
      const res = await post("/api/divisi/search", text);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toEqual({
        status: false,
        key: "validation_failed",
        message: "Some fields are not valid.",
        errors: { [field]: `Nested too deeply (at most ${LIMITS.jsonDepth} levels).` },
      });
    }
    // Within the body's depth, such values are still just wrong values, named as before.
    const shallow = await search({ orders: { columns: nested(20, "name") }, paging: { start: nested(20) } });
    expect(shallow.status).toBe(400);
  });

  it("fault 4: a date-time filter out of a Date's range (8640000000000001, 1e308) is a bad value of that column", async () => {
    for (const value of [8640000000000001, 1e308, -8640000000000001]) {
      const res = await search({ columns: [{ data: "created_at", operator: ">=", value }] });
      expect(res.status, String(value)).toBe(400);
      expect(res.body.errors).toEqual({ columns: "Not a valid value for created_at." });
    }
    const id = await search({ columns: [{ data: "created_at", operator: ">=", value: 8640000000000001 }] }, "id");
    expect(id.body.errors).toEqual({ columns: "Nilai tidak valid untuk created_at." });
    // In range, a number still filters a datetime.
    expect((await search({ columns: [{ data: "created_at", operator: ">=", value: 0 }] })).body.data).toHaveLength(3);
  });

  it("fault 5: a JSON field nested 5,000 levels on add or update is refused as that field, and nothing is stored", async () => {
    const before = await templates();
    const add = await post("/api/template-gantt/add", `{"name":"Deep","structure":${nestedText(5000)}}`);
    expect(add.statusCode).toBe(400);
    expect(add.json().errors).toEqual({ structure: `Nested too deeply (at most ${LIMITS.jsonDepth} levels).` });
    expect(await templates()).toEqual(before);

    const made = await env.call(env.adminA, "POST", "/api/template-gantt/add", { name: "Shallow", structure: { tasks: [{ id: 1, children: [{ id: 2 }] }] } });
    expect(made.status).toBe(200);
    const stored = await templates();
    const upd = await env.app.inject({
      method: "PUT",
      url: `/api/template-gantt/update/${made.body.data.id}`,
      headers: { authorization: `Bearer ${env.adminA.token}`, "content-type": "application/json" },
      payload: `{"structure":${nestedText(5000)}}`,
    });
    expect(upd.statusCode).toBe(400);
    expect(Object.keys(upd.json().errors)).toEqual(["structure"]);
    // Deeper than a JSON field may be, though the body's depth allows it.
    const field = await env.call(env.adminA, "PUT", `/api/template-gantt/update/${made.body.data.id}`, { structure: nested(LIMITS.jsonFieldDepth + 1) });
    expect(field.status).toBe(400);
    expect(field.body.errors).toEqual({ structure: `Nested too deeply (at most ${LIMITS.jsonFieldDepth} levels).` });
    // And bigger than a JSON field may be.
    const big = await env.call(env.adminA, "PUT", `/api/template-gantt/update/${made.body.data.id}`, { structure: { notes: "x".repeat(LIMITS.jsonFieldChars) } });
    expect(big.status).toBe(400);
    expect(big.body.errors).toEqual({ structure: `At most ${LIMITS.jsonFieldChars} characters of JSON.` });
    expect(await templates()).toEqual(stored);
  });
});

describe("messages name the field without echoing the input", () => {
  it("an unknown column named by a 1 MB string or a structure answers a short message", async () => {
    const long = await search({ columns: [{ data: "x".repeat(1_000_000), value: 1 }] });
    expect(long.status).toBe(400);
    expect(long.raw.length).toBeLessThan(500);
    const obj = await search({ columns: [{ data: { a: [1, 2] }, value: 1 }] });
    expect(obj.body.errors).toEqual({ columns: "Unknown column: {…}." });
  });
});
