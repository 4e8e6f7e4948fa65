// The contract mock's timesheet (tests/mocks/timesheet.ts) answers as the server does
// (server/custom/timesheet.ts): one script of searches (per role, filtered, refused), corrections,
// approvals and reopens, the caller's own period, then a project's labour cost, goes to the real server and to the mock over the same rows; statuses,
// messages, field errors and the whole answers (but the instants of now) must agree.
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceNamed } from "../../declaration";
import { USERS } from "../../server/access/identity";
import { decodeRow } from "../../server/db/codec";
import { errorEnvelope } from "../../server/http/error-handler";
import { HttpError } from "../../server/http/errors";
import { createDb, type MockDb, type Row } from "../mocks/db";
import { asRequest, holderOf } from "../mocks/access";
import type { RowActor } from "../mocks/rowScope";
import {
  mockMyPeriod,
  mockProjectLabour,
  mockTimesheetApprove,
  mockTimesheetApproveMany,
  mockTimesheetCorrect,
  mockTimesheetReopen,
  mockTimesheetSearch,
} from "../mocks/timesheet";
import { load, wibAt } from "./custom-fixture";
import { person } from "./field-fixture";
import { setupServer, type FixtureUser, type Reply, type TestEnv } from "./helpers";
import { dynamicDb } from "../../server/db/dynamic";

let env: TestEnv;
let mock: MockDb;
let wati: FixtureUser;
let sari: FixtureUser;
let budi: FixtureUser;
const ids: Record<string, number> = {};
const WEEK = ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-07", "2026-11-08"];

beforeAll(async () => {
  env = await setupServer();
  const A = env.companyA;
  const [[type], [div]] = await load(env, [
    ["project-type", [{ company_id: A, name: "Gedung" }]],
    ["divisi", [{ company_id: A, name: "Lapangan" }]],
  ]);
  const [[tower, depot], [shift, night]] = await load(env, [
    [
      "project",
      [
        { company_id: A, name: "Tower", code: "T1", project_type_id: type, start_date: "2026-01-01", end_date: "2026-12-31", time_zone: "Asia/Jakarta" },
        { company_id: A, name: "Depot", code: "D1", project_type_id: type, start_date: "2026-01-01", end_date: "2026-12-31", time_zone: "Asia/Makassar" },
      ],
    ],
    [
      "shift",
      [
        { company_id: A, name: "Pagi", start_time: "08:00", end_time: "17:00", break_minutes: 60, grace_minutes: 15 },
        { company_id: A, name: "Malam", start_time: "21:00", end_time: "05:00", break_minutes: 30, grace_minutes: 10 },
      ],
    ],
  ]);
  Object.assign(ids, { tower, depot, shift, night, div });
  wati = await person(env, A, "Wati Worker", "wati@alpha.test", "worker", { timesheet: { can_add: false, can_edit: false, can_delete: false } });
  sari = await person(env, A, "Sari Supervisor", "sari@alpha.test", "supervisor", { timesheet: { can_add: false, can_edit: true, can_delete: false } });
  budi = await person(env, A, "Budi Builder", "budi@alpha.test", "worker", { timesheet: { can_add: false, can_edit: false, can_delete: false } });
  await env.db.updateTable(USERS.table).set({ division_id: div }).where("id", "=", wati.id).execute();
  await load(env, [
    [
      "user-to-proyek",
      [
        { company_id: A, project_id: tower, user_id: wati.id, is_active: true },
        { company_id: A, project_id: tower, user_id: sari.id, is_active: true },
        { company_id: A, project_id: depot, user_id: budi.id, is_active: true },
      ],
    ],
    [
      "user-to-shift",
      [
        { company_id: A, user_id: wati.id, shift_id: shift, start_date: "2026-01-01" },
        { company_id: A, user_id: budi.id, shift_id: night, start_date: "2026-01-01" },
      ],
    ],
  ]);
  const p = (u: FixtureUser, project: number, shiftId: number, date: string, from: [number, number], to: [number, number] | null, extra: Row = {}) => ({
    company_id: A,
    user_id: u.id,
    project_id: project,
    shift_id: shiftId,
    presence_date: date,
    clock_in: wibAt(date, ...from),
    clock_out: to ? wibAt(date, ...to) : null,
    work_area_in: "inside",
    work_area_out: to ? "inside" : null,
    image_selfie: `s-${u.id}-${date}.jpg`,
    presence_status: "present",
    ...extra,
  });
  const [rows] = await load(env, [
    [
      "presence",
      [
        p(wati, tower, shift, WEEK[0], [8, 0], [18, 30]),
        p(wati, tower, shift, WEEK[1], [8, 40], [17, 0], { presence_status: "late", sent_late: true }),
        p(wati, tower, shift, WEEK[2], [8, 0], [12, 0]),
        p(wati, tower, shift, WEEK[2], [13, 0], [17, 30]),
        p(wati, tower, shift, WEEK[5], [8, 0], [20, 0]),
        { company_id: A, user_id: wati.id, presence_date: WEEK[3], presence_status: "sick" },
        // Budi's night shift in Makassar: crosses midnight.
        p(budi, depot, night, WEEK[0], [20, 0], [23, 59]),
        p(budi, depot, night, WEEK[1], [23, 30], null),
      ],
    ],
  ]);
  ids.tuesday = rows[1];
  ids.wednesdayAfternoon = rows[3];
  ids.saturday = rows[4];
  mock = createDb(A);
  for (const name of ["company-management", "human-resource", "role", "divisi", "project", "shift", "user-to-shift", "user-to-proyek", "presence"]) {
    const r = resourceNamed(name);
    const all = await dynamicDb(env.db).selectFrom(r.table!).selectAll().execute();
    mock.seed(
      name,
      all.map((row) => decodeRow(r, row) as Row).filter((row) => (name === "company-management" ? row.id === A : row.company_id === A)),
    );
  }
}, 60_000);
afterAll(async () => {
  await env?.close();
});

const NOW_FIELDS = new Set(["at", "approved_at", "reopened_at"]);
/** Instants of "now" differ between the two: masked. */
const masked = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(masked) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, NOW_FIELDS.has(k) && x ? "<now>" : masked(x)])) : v;
const outcome = (status: number, body: Record<string, unknown> | null) => ({
  status,
  message: status === 200 ? undefined : body?.message,
  errors: body?.errors,
  data: status === 200 ? masked(body?.data) : undefined,
});
const fromServer = (res: Reply) => outcome(res.status, res.body);
function fromMock(run: () => unknown) {
  try {
    return outcome(200, { data: run() });
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    const { statusCode, body } = errorEnvelope(e, { headers: {} } as unknown as FastifyRequest);
    return outcome(statusCode, body as unknown as Record<string, unknown>);
  }
}
const actorOf = (u: FixtureUser): RowActor => ({ id: u.id, role: { role_type: u.actor.roleType ?? "worker" } });

async function searchBoth(u: FixtureUser, query: Record<string, string | number>) {
  const q = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const server = fromServer(await env.call(u, "GET", `/api/timesheet/search?${new URLSearchParams(q).toString()}`));
  return { server, mock: fromMock(() => mockTimesheetSearch(mock, actorOf(u), q)) };
}

describe("timesheet: the mock answers as the server does", () => {
  it("search: per role, filtered, refused", async () => {
    const week = { from: WEEK[0], to: WEEK[6] };
    const cases: Array<[FixtureUser, Record<string, string | number>]> = [
      [env.adminA, week],
      [sari, week],
      [wati, week],
      [env.adminA, { from: WEEK[3], to: WEEK[4] }],
      [env.adminA, { ...week, project_id: ids.depot }],
      [env.adminA, { ...week, shift_id: ids.night }],
      [env.adminA, { ...week, division_id: ids.div }],
      [env.adminA, { ...week, user_id: budi.id }],
      [env.adminA, { to: WEEK[0] }],
      [env.adminA, { from: WEEK[3], to: WEEK[0] }],
      [env.adminA, { from: "2026-01-01", to: "2026-03-04" }],
      [env.adminA, { from: "2026-02-30", to: "2026-03-04" }],
      [env.adminA, { ...week, project_id: "x", user_id: -1 }],
      [env.adminA, { period: "current" }],
      [env.adminA, { period: "last" }],
    ];
    for (const [u, q] of cases) {
      const { server, mock: m } = await searchBoth(u, q);
      expect(m, `${u.email} ${JSON.stringify(q)}`).toEqual(server);
    }
    const { server } = await searchBoth(env.adminA, week);
    expect((server.data as { people: unknown[] }).people.length).toBeGreaterThan(2);
  });

  it("correct, approve, lock, reopen: the same answers, errors and stored figures", async () => {
    const week = { user_id: wati.id, from: WEEK[0], to: WEEK[6] };
    type Step = [string, FixtureUser, string, string, unknown, (u: RowActor) => unknown];
    const correct = (u: FixtureUser, id: number, body: unknown, edit = true): Step => [
      `correct ${id} ${JSON.stringify(body)}`,
      u,
      "PUT",
      `/api/timesheet/correct/${id}`,
      body,
      (a) =>
        asRequest(mock, "timesheet", "correct", holderOf(a.role.role_type, "timesheet", { can_edit: edit }), a.id, { params: { id: String(id) }, body }, () =>
          mockTimesheetCorrect(mock, a, String(id), body),
        ),
    ];
    const approve = (u: FixtureUser, body: unknown, edit = true): Step => [
      `approve ${JSON.stringify(body)}`,
      u,
      "POST",
      "/api/timesheet/approve",
      body,
      (a) => asRequest(mock, "timesheet", "approve", holderOf(a.role.role_type, "timesheet", { can_edit: edit }), a.id, { body }, () => mockTimesheetApprove(mock, a, body)),
    ];
    const approveMany = (u: FixtureUser, body: unknown, edit = true): Step => [
      `approve-many ${JSON.stringify(body)}`,
      u,
      "POST",
      "/api/timesheet/approve-many",
      body,
      (a) =>
        asRequest(mock, "timesheet", "approveMany", holderOf(a.role.role_type, "timesheet", { can_edit: edit }), a.id, { body }, () => mockTimesheetApproveMany(mock, a, body)),
    ];
    const reopen = (u: FixtureUser, body: unknown, edit = true): Step => [
      `reopen ${JSON.stringify(body)}`,
      u,
      "POST",
      "/api/timesheet/reopen",
      body,
      (a) => asRequest(mock, "timesheet", "reopen", holderOf(a.role.role_type, "timesheet", { can_edit: edit }), a.id, { body }, () => mockTimesheetReopen(mock, a, body)),
    ];
    const steps: Step[] = [
      correct(wati, ids.tuesday, { clock_in: wibAt(WEEK[1], 8, 0), reason: "x" }, false),
      correct(sari, ids.tuesday, { clock_in: wibAt(WEEK[1], 8, 0) }),
      correct(sari, ids.tuesday, { reason: "nothing" }),
      correct(sari, ids.tuesday, { clock_out: wibAt(WEEK[1], 7, 0), reason: "before" }),
      correct(sari, ids.tuesday, { clock_in: "yesterday", reason: "bad" }),
      correct(sari, 999_999, { clock_in: wibAt(WEEK[1], 8, 0), reason: "none" }),
      correct(sari, ids.tuesday, { clock_in: wibAt(WEEK[1], 8, 5), reason: "Gate reader failed" }),
      // Over 24 hours, overlapping the morning's presence (issue 30).
      correct(sari, ids.tuesday, { clock_in: wibAt(WEEK[0], 7, 55), clock_out: wibAt(WEEK[1], 18, 45), reason: "stale" }),
      correct(sari, ids.wednesdayAfternoon, { clock_in: wibAt(WEEK[2], 11, 0), reason: "overlap" }),
      correct(sari, ids.wednesdayAfternoon, { clock_in: wibAt(WEEK[2], 12, 30), reason: "Back early" }),
      approve(wati, week, false),
      approve(sari, { user_id: wati.id, from: WEEK[6] }),
      approve(sari, { user_id: budi.id, from: WEEK[0], to: WEEK[6] }),
      approve(sari, week),
      approve(env.adminA, { user_id: wati.id, from: WEEK[6], to: "2026-11-12" }),
      correct(sari, ids.saturday, { clock_out: wibAt(WEEK[5], 17, 0), reason: "Locked" }),
      reopen(sari, week),
      reopen(sari, { user_id: wati.id, from: "2026-10-01", to: "2026-10-07", reason: "none" }),
      reopen(env.adminA, { ...week, reason: "Saturday is wrong" }),
      correct(sari, ids.saturday, { clock_out: wibAt(WEEK[5], 17, 0), reason: "Left at five" }),
      approve(env.adminA, { user_id: budi.id, from: WEEK[0], to: WEEK[6] }),
      approveMany(env.adminA, { user_ids: [wati.id, budi.id, 999_999], from: WEEK[0], to: WEEK[6] }),
      approveMany(env.adminA, { user_ids: ["x"], from: WEEK[0] }),
      approveMany(wati, { user_ids: [wati.id], from: WEEK[0], to: WEEK[6] }, false),
      correct(sari, ids.saturday, { clock_out: wibAt(WEEK[5], 18, 0), reason: "Edit tried" }),
    ];
    for (const [label, u, method, url, body, run] of steps) {
      const server = fromServer(await env.call(u, method, url, body));
      const m = fromMock(() => run(actorOf(u)));
      expect(m, label).toEqual(server);
    }
    const { server, mock: m } = await searchBoth(env.adminA, { from: WEEK[0], to: WEEK[6] });
    expect(m).toEqual(server);
  });

  it("project labour-cost/{id}: the same figures from the same rows, with and without a pay rate", async () => {
    const both = async (project: number | string) => ({
      server: fromServer(await env.call(env.adminA, "GET", `/api/project/labour-cost/${project}`)),
      mock: fromMock(() => mockProjectLabour(mock, String(project))),
    });
    for (const project of [ids.tower, ids.depot, 999_999]) {
      const { server, mock: m } = await both(project);
      expect(m, `unpriced ${project}`).toEqual(server);
    }
    const rate = await env.call(env.adminA, "POST", "/api/pay-rate/add", { user_id: wati.id, monthly_wage: 5_190_000 });
    expect(rate.status, rate.raw).toBe(200);
    mock.seed("pay-rate", [decodeRow(resourceNamed("pay-rate"), (await env.db.selectFrom("pay_rate").selectAll().execute())[0]) as Row]);
    const { server, mock: m } = await both(ids.tower);
    expect(m).toEqual(server);
    expect((server.data as { labour_cost: number }).labour_cost).toBeGreaterThan(0);
  });

  it("my-period: the caller's own period, also for a caller the mock holds no rows of (counted, not written by hand)", async () => {
    const nina = await person(env, env.companyA, "Nina New", "nina@alpha.test", "worker", { presence: { can_add: false, can_edit: false, can_delete: false } });
    for (const [u, seesPay] of [
      [env.adminA, true],
      [nina, false],
    ] as const) {
      const server = fromServer(await env.call(u, "GET", "/api/timesheet/my-period"));
      expect(server.status).toBe(200);
      expect(
        fromMock(() => mockMyPeriod(mock, actorOf(u), seesPay)),
        u.email,
      ).toEqual(server);
    }
  });
});
