// Queries compiled once per shape (server/db/query-templates.ts): bound to another body's values
// they are the query Kysely compiles for it, on both databases; what cannot be bound so is
// compiled every time; searches of one shape answer each its own rows and counts.
import { sql, type SqlBool } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { between, cmp, contains, eq, inList, isNull, ne, notNull, whereAll, type Cond } from "../../server/db/conditions";
import { dynamicDb } from "../../server/db/dynamic";
import { MAX_TEMPLATE_VALUES, boundQuery, templateCacheSize } from "../../server/db/query-templates";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
beforeAll(async () => {
  env = await setupServer();
  for (const name of ["Alpha", "Beta", "Gamma", "Delta", "Epsilon"]) expect((await env.call(env.adminA, "POST", "/api/divisi/add", { name })).status).toBe(200);
});
afterAll(async () => {
  await env?.close();
});

const compileRows = (conds: readonly Cond[]) => () => whereAll(dynamicDb(env.db).selectFrom("divisi").selectAll(), conds).orderBy("id").limit(1).offset(0).compile();

/** The bound query and the compiled one, side by side (SQL and parameters). */
function both(key: string, conds: Cond[]) {
  const bound = boundQuery(env.db, key, conds, [1, 0], compileRows(conds));
  const compiled = compileRows(conds)();
  return { bound: { sql: bound.sql, parameters: [...bound.parameters] }, compiled: { sql: compiled.sql, parameters: [...compiled.parameters] } };
}

/** Conditions of one shape, made with different values (as two bodies would). */
const SHAPES: Array<[string, (i: number) => Cond[]]> = [
  ["=", (i) => [eq("company_id", env.companyA), eq("name", `n${i}`)]],
  ["<> and <", (i) => [ne("name", `x${i}`), cmp("id", "<", 100 + i)]],
  ["between", (i) => [between("created_at", `2026-0${i}-01`, `2026-0${i}-28`)]],
  ["in", (i) => [inList("id", [i, i + 1, i + 2])]],
  ["like", (i) => [contains("name", `al${i}`, env.dialect)]],
  ["null", (i) => [i % 2 ? isNull("description") : isNull("description"), notNull("name")]],
  ["raw with nested values", (i) => [sql<SqlBool>`id in (select d.id from divisi as d where d.company_id = ${env.companyA + i} and ${sql<SqlBool>`d.name <> ${`z${i}`}`})`]],
];

describe("queries compiled once per shape", () => {
  it.each(SHAPES)("%s: bound to other values, the SQL and parameters Kysely compiles", (name, make) => {
    for (const i of [1, 2, 3]) {
      const { bound, compiled } = both(`test\u0000${name}`, make(i));
      expect(bound).toEqual(compiled);
    }
  });

  it("the number of values is part of the shape", () => {
    for (const n of [1, 2, 5, 1, 5]) {
      const { bound, compiled } = both("test\u0000in-lengths", [
        inList(
          "id",
          Array.from({ length: n }, (_, k) => k + 10),
        ),
      ]);
      expect(bound).toEqual(compiled);
    }
  });

  it("a condition binding a value elsewhere than its own (a Kysely sub-query) is compiled every time, right", () => {
    const sub = (i: number): Cond => sql<SqlBool>`id in (${dynamicDb(env.db).selectFrom("divisi").select("id").where("name", "=", `s${i}`)})`;
    const before = templateCacheSize(env.db).entries;
    for (const i of [1, 2]) {
      const { bound, compiled } = both("test\u0000sub", [eq("company_id", i), sub(i)]);
      expect(bound).toEqual(compiled);
      expect(bound.parameters).toContain(`s${i}`);
    }
    expect(templateCacheSize(env.db).entries).toBe(before);
  });

  it(`an in list of more than ${MAX_TEMPLATE_VALUES} values is compiled and not kept`, () => {
    const before = templateCacheSize(env.db).entries;
    const { bound, compiled } = both("test\u0000long", [
      inList(
        "id",
        Array.from({ length: MAX_TEMPLATE_VALUES + 1 }, (_, k) => k),
      ),
    ]);
    expect(bound).toEqual(compiled);
    expect(templateCacheSize(env.db).entries).toBe(before);
  });

  it("searches of one shape answer each their own rows and counts, page after page", async () => {
    const search = async (name: string, start = 0) =>
      (
        await env.call(env.adminA, "POST", "/api/divisi/search", {
          columns: [{ data: "name", operator: "!=", value: name }],
          orders: { columns: ["name"], ascending: true },
          paging: { start, length: 2 },
        })
      ).body;
    for (const name of ["Alpha", "Gamma", "Epsilon"]) {
      const names: string[] = [];
      for (const start of [0, 2]) {
        const page = await search(name, start);
        expect(page.recordsFiltered).toBe(4);
        names.push(...page.data.map((d: { name: string }) => d.name));
      }
      expect(names).toEqual(["Alpha", "Beta", "Delta", "Epsilon", "Gamma"].filter((n) => n !== name));
    }
    const one = async (name: string) => (await env.call(env.adminA, "POST", "/api/divisi/search", { columns: [{ data: "name", value: name }] })).body;
    expect((await one("Beta")).data.map((d: { name: string }) => d.name)).toEqual(["Beta"]);
    expect((await one("Delta")).data.map((d: { name: string }) => d.name)).toEqual(["Delta"]);
    // Another company's admin, same shape: none of company A's rows.
    expect((await env.call(env.adminB, "POST", "/api/divisi/search", { columns: [{ data: "name", value: "Beta" }] })).body.recordsFiltered).toBe(0);
  });
});
