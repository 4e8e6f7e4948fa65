// The web tests' contract mock (tests/mocks) answers like the server: one table of search bodies
// (valid and invalid) and one of add/update bodies go to the real server and to the mock's
// functions over the same rows; statuses, row ids, counts, messages and field errors must agree.
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCE_BY_NAME, type ResolvedResource } from "../../declaration";
import { errorEnvelope } from "../../server/http/error-handler";
import { HttpError } from "../../server/http/errors";
import { langOf } from "../../server/i18n/messages";
import { insertRows } from "../../server/seed/load";
import { createDb, type MockDb, type Row } from "../mocks/db";
import { searchRows, totalRows } from "../mocks/search";
import { validateBody } from "../mocks/validate";
import { checkRowWrite, visibleRows, type RowActor } from "../mocks/rowScope";
import { load, userWithMenus } from "./custom-fixture";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";

let env: TestEnv;
let mock: MockDb;
let typeA = 0;
let typeB = 0;
const resource = (name: string): ResolvedResource => RESOURCE_BY_NAME.get(name)!;

/** Both answers reduced to what a client depends on. */
interface Outcome {
  status: number;
  message?: string;
  errors?: Record<string, string>;
  ids?: unknown[];
  recordsTotal?: number;
  recordsFiltered?: number;
  total?: number;
}

const fromServer = (status: number, body: Record<string, unknown>): Outcome => ({
  status,
  message: status === 200 ? (body.message as string | undefined) : (body.message as string),
  errors: body.errors as Record<string, string> | undefined,
  ...(Array.isArray(body.data) ? { ids: (body.data as Row[]).map((x) => x.id) } : {}),
  ...(body.recordsTotal !== undefined ? { recordsTotal: body.recordsTotal as number, recordsFiltered: body.recordsFiltered as number } : {}),
  ...(body.data && typeof body.data === "object" && "total" in body.data ? { total: (body.data as { total: number }).total } : {}),
});

/** The mock's functions throw the server's HttpErrors; the mock answers them with the server's envelope. */
function fromMock(run: () => Outcome, acceptLanguage: string): Outcome {
  try {
    return run();
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    const { statusCode, body } = errorEnvelope(e, { headers: { "accept-language": acceptLanguage } } as unknown as FastifyRequest);
    return fromServer(statusCode, body as unknown as Record<string, unknown>);
  }
}

const mockRows = (name: string) => mock.rows(name).filter((x) => x.company_id === undefined || x.company_id === mock.companyId);

/** Every row the server answers (page by page: a page holds at most 1000). */
async function serverRows(name: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (;;) {
    const res = await env.call(env.adminA, "POST", `/api/${name}/search`, { paging: { start: rows.length, length: 1000 } });
    expect(res.status).toBe(200);
    rows.push(...(res.body.data as Row[]));
    if (rows.length >= res.body.recordsFiltered) return rows;
  }
}

beforeAll(async () => {
  env = await setupServer();
  // A thousand and more project types: pages above the cap (1000) are capped and say so.
  await insertRows(
    env.db,
    "project-type",
    Array.from({ length: 1003 }, (_, i) => ({ company_id: env.companyA, name: `Type ${String(i).padStart(4, "0")}`, code: i % 2 ? `T${i}` : null })),
  );
  const types = await env.call(env.adminA, "POST", "/api/project-type/search", { columns: [{ data: "name", value: "Type 000", operator: "like" }], orders: { columns: ["name"] } });
  [typeA, typeB] = (types.body.data as Row[]).map((x) => x.id as number);
  const projects = [
    {
      name: "Alpha road",
      code: "A-1",
      project_type_id: typeA,
      start_date: "2026-01-05",
      end_date: "2026-02-01",
      status: "planning",
      budget: 100,
      progress: 10,
      location: [106.8, -6.2],
    },
    { name: "Beta bridge", code: "B-2", project_type_id: typeB, start_date: "2026-03-01", end_date: "2026-04-01", status: "completed", budget: 300, progress: 100 },
    { name: "gamma 100% fibre", code: "c-3", project_type_id: typeA, start_date: "2026-05-01", end_date: "2026-06-01", status: "planning", budget: null },
    { name: "Delta_tower", code: "D-4", project_type_id: typeB, start_date: "2026-03-01", end_date: "2026-09-01", status: "in_progress", budget: 250.5, progress: 55 },
    { name: "Épsilon", code: "E-5", project_type_id: typeA, start_date: "2025-12-31", end_date: "2026-01-31", status: "on_hold", budget: 0 },
  ];
  for (const p of projects) expect((await env.call(env.adminA, "POST", "/api/project/add", p)).status).toBe(200);
  const t0 = Date.parse("2026-11-20T00:00:00Z");
  await insertRows(
    env.db,
    "waypoint",
    [0, 1, 2, 3, 4].map((i) => ({
      company_id: env.companyA,
      user_id: env.adminA.id,
      wptime: new Date(t0 + i * 6 * 3600e3).toISOString(),
      lon: 106 + i / 10,
      lat: -6 - i / 10,
      battery: i % 2 ? null : 50 + i,
    })),
  );
  // The mock holds what the server answers.
  mock = createDb(env.companyA);
  for (const name of ["project-type", "project", "human-resource", "waypoint"]) mock.seed(name, await serverRows(name));
}, 60_000);

afterAll(async () => {
  await env?.close();
});

type Case = [title: string, resource: string, body: unknown, lang?: string];

const SEARCHES: Case[] = [
  ["no body: default order and paging", "project", {}],
  ["page 2 by name descending", "project", { paging: { start: 1, length: 2 }, orders: { columns: ["name"], ascending: false } }],
  ["ascending as the string false", "project", { orders: { columns: "code", ascending: "false" } }],
  ["several order columns, nulls last", "project", { orders: { columns: ["budget", "name"] } }],
  ["nulls last descending too", "project", { orders: { columns: ["budget"], ascending: false } }],
  ["text order is by code point", "project", { orders: { columns: ["code"] } }],
  ["like: contains, ignoring case", "project", { columns: [{ data: "name", value: "ALP", operator: "like" }] }],
  ["like: % and _ are literal", "project", { columns: [{ data: "name", value: "0%", operator: "like" }] }],
  ["like: underscore literal", "project", { columns: [{ data: "name", value: "a_t", operator: "like" }] }],
  ["like on a geo column's text", "project", { columns: [{ data: "location", value: "106.8", operator: "like" }] }],
  ["like on a number column is refused", "project", { columns: [{ data: "budget", value: "1", operator: "like" }] }],
  ["like without a value is no filter", "project", { columns: [{ data: "name", value: "", operator: "like" }] }],
  ["= on text is case-sensitive", "project", { columns: [{ data: "code", value: "C-3", operator: "=" }] }],
  ["= with a number as text", "project", { columns: [{ data: "budget", value: "300", operator: "=" }] }],
  ["= null is is null", "project", { columns: [{ data: "budget", value: null, operator: "=" }] }],
  ["!= null is not null", "project", { columns: [{ data: "budget", value: null, operator: "!=" }] }],
  ["!= skips nulls", "project", { columns: [{ data: "status", value: "planning", operator: "!=" }] }],
  ["no operator means =", "project", { columns: [{ data: "status", value: "planning" }] }],
  ["< on dates", "project", { columns: [{ data: "start_date", value: "2026-03-01", operator: "<" }] }],
  [">= on dates", "project", { columns: [{ data: "start_date", value: "2026-03-01", operator: ">=" }] }],
  ["> on money", "project", { columns: [{ data: "budget", value: 100, operator: ">" }] }],
  ["<= on percent above its max", "project", { columns: [{ data: "progress", value: 150, operator: "<=" }] }],
  ["range is inclusive", "project", { columns: [{ data: "budget", value: 100, value1: 300, operator: "range" }] }],
  ["range from only", "project", { columns: [{ data: "budget", value: 250.5, operator: "range" }] }],
  ["range to only", "project", { columns: [{ data: "budget", value1: 100, operator: "range" }] }],
  ["range on dates", "project", { columns: [{ data: "end_date", value: "2026-02-01", value1: "2026-06-01", operator: "range" }] }],
  ["in a list", "project", { columns: [{ data: "status", value: ["planning", "on_hold"], operator: "in" }] }],
  ["in as comma text", "project", { columns: [{ data: "status", value: "completed,in_progress", operator: "in" }] }],
  ["in an empty list matches nothing", "project", { columns: [{ data: "status", value: [], operator: "in" }] }],
  ["null", "project", { columns: [{ data: "budget", operator: "null" }] }],
  ["notnull", "project", { columns: [{ data: "location", operator: "notnull" }] }],
  [
    "several columns are ANDed",
    "project",
    {
      columns: [
        { data: "status", value: "planning" },
        { data: "budget", operator: "notnull" },
      ],
    },
  ],
  ["datetime from a date alone", "project", { columns: [{ data: "created_at", value: "2000-01-01", operator: ">=" }] }],
  ["datetime before a date matches nothing", "project", { columns: [{ data: "created_at", value: "2000-01-01", operator: "<" }] }],
  ["id in", "project", { columns: [{ data: "id", value: [1, 3, 99], operator: "in" }] }],
  ["unknown column", "project", { columns: [{ data: "nope", value: 1 }] }],
  ["unknown column (Indonesian)", "project", { columns: [{ data: "nope", value: 1 }] }, "id-ID,id;q=0.9"],
  ["password column is unknown", "human-resource", { columns: [{ data: "password", value: "x" }] }],
  ["bad operator", "project", { columns: [{ data: "name", value: "x", operator: "~" }] }],
  ["bad value for a number", "project", { columns: [{ data: "budget", value: "abc", operator: ">" }] }],
  ["bad value for a date (Indonesian)", "project", { columns: [{ data: "start_date", value: "2026-02-30" }] }, "id"],
  ["bad value in a list", "project", { columns: [{ data: "budget", value: [1, "x"], operator: "in" }] }],
  ["bad value in a range", "project", { columns: [{ data: "end_date", value: "soon", value1: "2026-01-01", operator: "range" }] }],
  ["columns not a list", "project", { columns: "name" }],
  ["unknown order column", "project", { orders: { columns: ["nope"] } }],
  ["orders not an object", "project", { orders: ["name"] }],
  ["paging: all (-1)", "project", { paging: { start: 0, length: -1 } }],
  ["paging: start past the end", "project", { paging: { start: 50, length: 10 } }],
  ["paging: length 0 counts only", "project", { paging: { start: 0, length: 0 } }],
  ["paging: numbers as text", "project", { paging: { start: "1", length: "2" } }],
  ["paging: negative start", "project", { paging: { start: -1, length: 10 } }],
  ["paging: not an object", "project", { paging: 5 }],
  ["paging: fractional length (Indonesian)", "project", { paging: { start: 0, length: 2.5 } }, "id"],
  ["booleans from text", "human-resource", { columns: [{ data: "is_active", value: "true" }] }],
  ["booleans false", "human-resource", { columns: [{ data: "is_active", value: false }] }],
  ["capped: -1 gives the first 1000 and says so", "project-type", { paging: { start: 0, length: -1 }, orders: { columns: ["name"] } }],
  ["capped: above the cap from an offset", "project-type", { paging: { start: 2, length: 5000 } }],
  ["capped: nothing left out, nothing said", "project-type", { paging: { start: 10, length: -1 } }],
  ["capped: in Indonesian", "project-type", { paging: { start: 0, length: 1001 } }, "id"],
  ["code null or not", "project-type", { columns: [{ data: "code", operator: "null" }], paging: { start: 0, length: 3 } }],
  ["epoch ms datetimes: default order", "waypoint", {}],
  ["epoch ms from ISO with offset", "waypoint", { columns: [{ data: "wptime", value: "2026-11-20T13:00:00+07:00", operator: ">=" }] }],
  ["epoch ms from a date alone", "waypoint", { columns: [{ data: "wptime", value: "2026-11-21", operator: ">=" }] }],
  ["epoch ms from a number", "waypoint", { columns: [{ data: "wptime", value: Date.parse("2026-11-20T12:00:00Z"), operator: "=" }] }],
  ["epoch ms range", "waypoint", { columns: [{ data: "wptime", value: "2026-11-20T06:00:00Z", value1: "2026-11-20T18:00:00.000Z", operator: "range" }] }],
  [
    "epoch ms descending with a filter (big table: total = filtered)",
    "waypoint",
    { columns: [{ data: "battery", operator: "notnull" }], orders: { columns: ["wptime"], ascending: false } },
  ],
  ["epoch ms like is refused", "waypoint", { columns: [{ data: "wptime", value: "2026", operator: "like" }] }],
];

describe("search: the mock answers every body as the server does", () => {
  it.each(SEARCHES)("%s", async (_title, name, body, lang = "en") => {
    const server = await env.call(env.adminA, "POST", `/api/${name}/search`, body, { "accept-language": lang });
    const fromMockSearch = fromMock(() => {
      const found = searchRows(resource(name), mockRows(name), body, langOf(lang));
      return {
        status: 200,
        ids: found.rows.map((x) => x.id),
        recordsTotal: found.recordsTotal,
        recordsFiltered: found.recordsFiltered,
        ...(found.message ? { message: found.message } : {}),
      };
    }, lang);
    const expected = fromServer(server.status, server.body);
    expect(server.status).not.toBe(500);
    expect(fromMockSearch).toEqual(Object.fromEntries(Object.entries(expected).filter(([, v]) => v !== undefined)));
  });

  it("the table covers successes and refusals", async () => {
    const statuses = await Promise.all(SEARCHES.map(async ([, name, body]) => (await env.call(env.adminA, "POST", `/api/${name}/search`, body)).status));
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(30);
    expect(statuses.filter((s) => s === 400).length).toBeGreaterThan(10);
  });

  it.each(SEARCHES.filter(([, name]) => name === "project"))("total: %s", async (_title, name, body, lang = "en") => {
    const server = await env.call(env.adminA, "POST", `/api/${name}/total`, body, { "accept-language": lang });
    const mockTotal = fromMock(() => ({ status: 200, total: totalRows(resource(name), mockRows(name), body) }), lang);
    const expected = fromServer(server.status, server.body);
    expect(mockTotal).toEqual(Object.fromEntries(Object.entries(expected).filter(([, v]) => v !== undefined)));
  });
});

type WriteCase = [title: string, body: unknown, lang?: string];

const ADDS: WriteCase[] = [
  [
    "a valid add, normalized (trimmed, UTC)",
    { name: "  Zeta  ", code: "Z-1", project_type_id: 0, start_date: "2026-07-01", end_date: "2026-08-01", budget: 10, location: [1, 2], color: "#1677ff" },
  ],
  ["defaults fill missing fields", { name: "Eta", code: "H-1", project_type_id: 0, start_date: "2026-07-01", end_date: "2026-08-01" }],
  ["everything missing", {}],
  ["everything missing (Indonesian)", {}, "id"],
  ["empty strings are missing", { name: "", code: " ", project_type_id: 0, start_date: "2026-07-01", end_date: "2026-08-01" }],
  [
    "wrong types",
    { name: 5, code: "W-1", project_type_id: "1", start_date: "2026-02-30", end_date: "01-08-2026", budget: "12", progress: 101, status: "nope", location: [200, 0], color: "red" },
  ],
  ["wrong types (Indonesian)", { name: "x", code: "W-2", project_type_id: 0, start_date: "2026-07-01", end_date: "2026-08-01", budget: -1, progress: "50" }, "id"],
  ["a ref to a missing record", { name: "Theta", code: "T-404", project_type_id: 999999, start_date: "2026-07-01", end_date: "2026-08-01" }],
  ["a unique clash", { name: "Iota", code: "A-1", project_type_id: 0, start_date: "2026-07-01", end_date: "2026-08-01" }],
  ["unique values are case-sensitive", { name: "Kappa", code: "a-1", project_type_id: 0, start_date: "2026-07-01", end_date: "2026-08-01" }],
  [
    "server-owned and unknown fields are dropped",
    { id: 4242, company_id: 9, created_at: "2000-01-01T00:00:00Z", nope: 1, name: "Lambda", code: "L-1", project_type_id: 0, start_date: "2026-07-01", end_date: "2026-08-01" },
  ],
  ["not an object", [1, 2]],
  ["control characters", { name: "bad\u0001name", code: "X-1", project_type_id: 0, start_date: "2026-07-01", end_date: "2026-08-01" }],
];

/** `project_type_id: 0` in the table means "an existing type" (ids are the server's). */
const withType = (body: unknown): unknown =>
  body && typeof body === "object" && !Array.isArray(body) && (body as Row).project_type_id === 0 ? { ...(body as Row), project_type_id: typeA } : body;

describe("add and update: the mock validates as the server does", () => {
  it.each(ADDS)("add: %s", async (_title, raw, lang = "en") => {
    const body = withType(raw);
    const r = resource("project");
    let values: Row | undefined;
    const fromMockAdd = fromMock(() => {
      values = validateBody(r, body, mock, { mode: "create" });
      return { status: 200 };
    }, lang);
    const server = await env.call(env.adminA, "POST", "/api/project/add", body, { "accept-language": lang });
    const expected = fromServer(server.status, server.body);
    expect(fromMockAdd).toEqual({
      status: expected.status,
      ...(expected.status === 200 ? {} : { message: expected.message, ...(expected.errors ? { errors: expected.errors } : {}) }),
    });
    if (server.status === 200) {
      // The values the mock stores are the ones the server answers.
      const answered = server.body.data as Row;
      expect(Object.keys(values!).length).toBeGreaterThan(3);
      for (const [k, v] of Object.entries(values!)) expect([k, v]).toEqual([k, answered[k]]);
      mock.insert("project", answered);
    }
  });

  it.each<WriteCase>([
    ["only the fields sent are checked", { progress: 50 }],
    ["a required field emptied", { name: "" }],
    ["a required field emptied (Indonesian)", { name: null, budget: "x" }, "id"],
    ["its own unique value is no clash", { code: "B-2" }],
    ["another's unique value clashes", { code: "A-1" }],
  ])("update: %s", async (_title, body, lang = "en") => {
    const target = mockRows("project").find((x) => x.code === "B-2")!;
    const fromMockUpdate = fromMock(() => {
      validateBody(resource("project"), body, mock, { mode: "update", selfId: target.id });
      return { status: 200 };
    }, lang);
    const server = await env.call(env.adminA, "PUT", `/api/project/update/${target.id}`, body, { "accept-language": lang });
    const expected = fromServer(server.status, server.body);
    expect(fromMockUpdate).toEqual({
      status: expected.status,
      ...(expected.status === 200 ? {} : { message: expected.message, ...(expected.errors ? { errors: expected.errors } : {}) }),
    });
  });
});

describe("row visibility: the mock shows each role the rows the server shows it", () => {
  // In company A: a worker and a supervisor holding presence, permit and the map (waypoints), no
  // row scope set (their role types decide); the supervisor and the worker on project 1, another
  // worker on project 2.
  let worker: FixtureUser;
  let other: FixtureUser;
  let supervisor: FixtureUser;
  const as = (u: FixtureUser, roleType: string): RowActor => ({ id: u.id, role: { role_type: roleType } });
  const actors = (): Array<[string, FixtureUser, RowActor]> => [
    ["worker", worker, as(worker, "worker")],
    ["supervisor", supervisor, as(supervisor, "supervisor")],
    ["admin", env.adminA, as(env.adminA, "admin")],
  ];

  beforeAll(async () => {
    const A = env.companyA;
    const aliases = ["presence", "permit", "map-monitoring"];
    worker = await userWithMenus(env, { company: A, name: "Wati", email: "wati@alpha.test", roleType: "worker", aliases });
    other = await userWithMenus(env, { company: A, name: "Wulan", email: "wulan@alpha.test", roleType: "worker", aliases });
    supervisor = await userWithMenus(env, { company: A, name: "Surya", email: "surya@alpha.test", roleType: "supervisor", aliases });
    const projects = (mockRows("project") as Row[]).map((p) => Number(p.id));
    const [p1, p2] = projects;
    const member = (user: number, project: number) => ({ company_id: A, user_id: user, project_id: project, is_active: true });
    await load(env, [["user-to-proyek", [member(supervisor.id, p1), member(worker.id, p1), member(other.id, p2)]]]);
    const day = (d: number) => `2026-11-${String(d).padStart(2, "0")}`;
    const presence = (user: number, project: number | null, d: number) => ({
      company_id: A,
      user_id: user,
      project_id: project,
      presence_date: day(d),
      presence_status: "present",
    });
    await load(env, [
      [
        "presence",
        [
          presence(worker.id, p1, 1),
          presence(worker.id, p2, 2),
          presence(other.id, p2, 3),
          presence(other.id, null, 4),
          presence(worker.id, null, 5),
          presence(supervisor.id, null, 6),
        ],
      ],
      [
        "permit",
        [worker.id, other.id, supervisor.id].map((u, i) => ({ company_id: A, user_id: u, permit_type: "sick", absent_date: day(i + 1), reason: "Demam", status: "pending" })),
      ],
      ["waypoint", [worker.id, other.id, supervisor.id].map((u, i) => ({ company_id: A, user_id: u, wptime: `${day(i + 1)}T01:00:00.000Z`, lon: 106, lat: -6 }))],
    ]);
    for (const name of ["user-to-proyek", "presence", "permit"]) mock.seed(name, await serverRows(name));
    for (const name of ["human-resource", "waypoint"])
      mock.seed(
        name,
        (await serverRows(name)).filter((x) => !mock.find(name, x.id)),
      );
  });

  const BODIES: Array<[title: string, resource: string, body: unknown]> = [
    ["presence, default order", "presence", {}],
    ["presence, a page of one", "presence", { paging: { start: 0, length: 1 } }],
    ["presence filtered by a colleague", "presence", { columns: [{ data: "user_id", value: 0 }] }],
    ["permits", "permit", { paging: { start: 0, length: -1 } }],
    ["waypoints", "waypoint", { paging: { start: 0, length: -1 }, orders: { columns: ["wptime"], ascending: true } }],
  ];

  it.each(BODIES)("%s", async (_title, name, raw) => {
    for (const [who, user, actor] of actors()) {
      const body = JSON.parse(JSON.stringify(raw).replace('"value":0', `"value":${other.id}`));
      const server = await env.call(user, "POST", `/api/${name}/search`, body);
      const found = searchRows(resource(name), visibleRows(resource(name), mockRows(name), mock, actor), body, "en");
      const fromMockSearch = { status: 200, ids: found.rows.map((x) => x.id), recordsTotal: found.recordsTotal, recordsFiltered: found.recordsFiltered };
      const expected = fromServer(server.status, server.body);
      expect([who, fromMockSearch]).toEqual([who, Object.fromEntries(Object.entries(expected).filter(([, v]) => v !== undefined))]);
    }
  });

  it("refuses the same permits outside the scope, with the same field error", async () => {
    const body = (user: number) => ({ user_id: user, permit_type: "leave", absent_date: "2026-12-01", reason: "Keluarga" });
    const cases: Array<[FixtureUser, RowActor, number]> = [
      [worker, as(worker, "worker"), other.id],
      [supervisor, as(supervisor, "supervisor"), other.id],
      [worker, as(worker, "worker"), worker.id],
      [supervisor, as(supervisor, "supervisor"), worker.id],
    ];
    for (const [user, actor, person] of cases) {
      const fromMockAdd = fromMock(() => {
        const values = validateBody(resource("permit"), body(person), mock, { mode: "create" });
        checkRowWrite(resource("permit"), (f) => values[f], mock, actor);
        return { status: 200 };
      }, "en");
      const server = await env.call(user, "POST", "/api/permit/add", body(person));
      const expected = fromServer(server.status, server.body);
      expect(fromMockAdd).toEqual({ status: expected.status, ...(expected.status === 200 ? {} : { message: expected.message, errors: expected.errors }) });
    }
  });
});
