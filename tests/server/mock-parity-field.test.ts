// The contract mock's field-capture operations (tests/mocks/field.ts) answer as the server does:
// one script of clock-ins, clock-outs, panic alarms, acknowledgements, position batches, the
// day, the time zones and a review field goes to the real server and to the mock over the same
// rows; statuses, message keys, field errors and what the server decides (status, day, work
// area, duration, sent late) must agree.
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resourceNamed } from "../../declaration";
import { decodeRow } from "../../server/db/codec";
import { errorEnvelope } from "../../server/http/error-handler";
import { HttpError } from "../../server/http/errors";
import { reviewErrors } from "../../server/access/review-fields";
import { badRequest } from "../../server/http/errors";
import { createDb, type MockDb, type Row } from "../mocks/db";
import { mockAcknowledge, mockAddBatch, mockBreak, mockClockIn, mockClockOut, mockPanicAdd, mockTimeZones, mockToday } from "../mocks/field";
import { asRequest, holderOf } from "../mocks/access";
import type { RowActor } from "../mocks/rowScope";
import { validateBody } from "../mocks/validate";
import { captureParts, JAKARTA, JAKARTA_500M_EAST, MAKASSAR, sendForm, setupField, type FieldEnv } from "./field-fixture";
import type { FixtureUser, Reply } from "./helpers";
import { dynamicDb } from "../../server/db/dynamic";

let f: FieldEnv;
let mock: MockDb;
beforeAll(async () => {
  // The script's times ("20 minutes ago", a shift starting 16 minutes before) must fall on one
  // site day: run on today's clock at 12:00 in Jakarta (13:00 in Makassar), whatever the hour of
  // the run (it failed within the first minutes after midnight WIB). Only Date is faked; it goes on.
  const today = new Date().toISOString().slice(0, 10);
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(`${today}T05:00:00Z`), shouldAdvanceTime: true });
  f = await setupField();
  mock = createDb(f.env.companyA);
  // The mock holds the server's rows of company A (wire form).
  for (const name of ["company-management", "human-resource", "project", "shift", "user-to-shift", "user-to-proyek"]) {
    const r = resourceNamed(name);
    const rows = await dynamicDb(f.env.db).selectFrom(r.table!).selectAll().execute();
    mock.seed(
      name,
      rows.map((row) => decodeRow(r, row) as Row).filter((row) => (name === "company-management" ? row.id === f.env.companyA : row.company_id === f.env.companyA)),
    );
  }
}, 60_000);
afterAll(async () => {
  await f?.close();
  vi.useRealTimers();
});

/** What a client depends on: status, key, field errors, and the fields the server decides. */
const DECIDED = [
  "user_id",
  "project_id",
  "shift_id",
  "presence_date",
  "clock_in",
  "clock_out",
  "presence_status",
  "work_area_in",
  "work_area_out",
  "work_duration",
  "sent_late",
  "status",
  "handled_by",
  "location",
  "alert_time",
  "start",
  "end",
];
const outcome = (status: number, body: Record<string, unknown> | null) => {
  const data = (body?.data ?? null) as Record<string, unknown> | null;
  return {
    status,
    key: body?.key,
    errors: body?.errors,
    data:
      data && typeof data === "object" && !Array.isArray(data)
        ? Object.fromEntries(Object.entries(data).filter(([k]) => DECIDED.includes(k) || k === "stored" || k === "skipped" || k === "company" || k === "projects"))
        : data,
  };
};
const fromServer = (res: Reply) => outcome(res.status, res.body);
function fromMock(run: () => unknown): ReturnType<typeof outcome> {
  try {
    return outcome(200, { data: run() as Record<string, unknown> });
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    const { statusCode, body } = errorEnvelope(e, { headers: {} } as unknown as FastifyRequest);
    return outcome(statusCode, body as unknown as Record<string, unknown>);
  }
}
const actorOf = (u: FixtureUser): RowActor => ({ id: u.id, role: { role_type: u.actor.roleType ?? "worker" } });
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const before = (iso: string, minutes: number) => {
  const d = new Date(Date.parse(iso) + 7 * 3600_000 - minutes * 60_000);
  return `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
};

/** A clock-in or clock-out on both: the server over HTTP (multipart), the mock with the same text fields. */
async function both(kind: "clockIn" | "clockOut", u: FixtureUser, fields: Record<string, string | number | undefined>, selfie = true) {
  const url = kind === "clockIn" ? "/api/presence/clock-in" : "/api/presence/clock-out";
  const server = await sendForm(f.env, u, url, captureParts(fields, selfie ? undefined : null));
  const text = Object.fromEntries(
    Object.entries(fields)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  const fromMockCall = fromMock(() => (kind === "clockIn" ? mockClockIn : mockClockOut)(mock, actorOf(u), text, selfie ? "selfie.png" : null));
  return { server: fromServer(server), mock: fromMockCall };
}

describe("field capture: the mock answers as the server does", () => {
  it("clock-in: refusals, on time and late, inside and outside, the site's zone, a second clock-in", async () => {
    const at = ago(20);
    await f.env.db
      .updateTable("shift")
      .set({ start_time: before(at, 16), end_time: "23:59", grace_minutes: 15 })
      .where("id", "=", f.shift)
      .execute();
    Object.assign(mock.find("shift", f.shift)!, { start_time: before(at, 16), end_time: "23:59", grace_minutes: 15 });
    const base = { lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 8, project_id: f.jakarta };
    const cases: Array<[string, FixtureUser, Record<string, string | number | undefined>, boolean?]> = [
      ["nothing sent", f.worker, {}, false],
      ["too inaccurate", f.worker, { ...base, accuracy: 150 }],
      ["not a member", f.worker, { ...base, project_id: f.elsewhere }],
      ["someone else", f.worker, { ...base, user_id: f.other.id }],
      ["too old", f.worker, { ...base, captured_at: ago(25 * 60) }],
      ["ahead", f.worker, { ...base, captured_at: new Date(Date.now() + 10 * 60_000).toISOString() }],
      ["bad key", f.worker, { ...base, idempotency_key: "x" }],
      ["late, outside", f.worker, { ...base, captured_at: at, lon: JAKARTA_500M_EAST[0], lat: JAKARTA_500M_EAST[1], idempotency_key: "parity-in-0001" }],
      ["a retry", f.worker, { ...base, captured_at: at, idempotency_key: "parity-in-0001" }],
      ["a second clock-in", f.worker, { ...base }],
      ["on time in Jakarta", f.other, { ...base, captured_at: ago(27) }],
      ["late in Makassar (WITA)", f.east, { lon: MAKASSAR[0], lat: MAKASSAR[1], accuracy: 5, project_id: f.makassar, captured_at: ago(27) }],
    ];
    for (const [title, u, fields, selfie] of cases) {
      const { server, mock: m } = await both("clockIn", u, fields, selfie ?? true);
      expect([title, m]).toEqual([title, server]);
    }
  });

  it("clock-out and today", async () => {
    const { server, mock: m } = await both("clockOut", f.supervisor, { lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 5 });
    expect(m).toEqual(server);
    expect(server.key).toBe("not_clocked_in");
    const early = await both("clockOut", f.other, { lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 5, captured_at: ago(40) });
    expect(early.mock).toEqual(early.server);
    const out = await both("clockOut", f.worker, { lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 5, captured_at: ago(2) });
    expect(out.mock).toEqual(out.server);
    expect(out.server.status).toBe(200);
    for (const u of [f.worker, f.east]) {
      const server = await f.env.call(u, "GET", "/api/presence/today");
      const day = mockToday(mock, actorOf(u));
      const pick = (d: object) => ({
        ...d,
        presence: (d as { presence: Row | null }).presence?.id ?? null,
        presences: (d as { presences: Row[] }).presences.map((p) => p.id),
        server_time: undefined,
      });
      expect(pick(day)).toEqual(pick(server.body.data));
    }
  });

  it("breaks, a second clock-in the same day, a clock-in inside a stored presence (issue 30)", async () => {
    const pause = async (kind: "breakStart" | "breakEnd", body: Record<string, unknown>) => ({
      server: fromServer(await f.env.call(f.other, "POST", `/api/presence/${kind === "breakStart" ? "break-start" : "break-end"}`, body)),
      mock: fromMock(() => mockBreak(mock, actorOf(f.other), kind, body)),
    });
    const steps: Array<[string, () => Promise<{ server: unknown; mock: unknown }>]> = [
      ["break start", () => pause("breakStart", { captured_at: ago(20), idempotency_key: "parity-break-01" })],
      ["its retry", () => pause("breakStart", { captured_at: ago(20), idempotency_key: "parity-break-01" })],
      ["a second start", () => pause("breakStart", {})],
      ["an end before the start", () => pause("breakEnd", { captured_at: ago(25) })],
      ["break end", () => pause("breakEnd", { captured_at: ago(15) })],
      ["no break to end", () => pause("breakEnd", {})],
      ["bad capture time", () => pause("breakStart", { captured_at: "noon" })],
      ["clock-out", () => both("clockOut", f.other, { lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 5, captured_at: ago(10) })],
      ["in again after the clock-out", () => both("clockIn", f.other, { lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 5, project_id: f.jakarta, captured_at: ago(6) })],
      ["in again while in", () => both("clockIn", f.other, { lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 5, project_id: f.jakarta })],
      ["out again", () => both("clockOut", f.other, { lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 5, captured_at: ago(4) })],
      ["in inside the first presence", () => both("clockIn", f.other, { lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 5, project_id: f.jakarta, captured_at: ago(12) })],
    ];
    const statuses: number[] = [];
    for (const [title, run] of steps) {
      const { server, mock: m } = await run();
      expect([title, m]).toEqual([title, server]);
      statuses.push((server as { status: number }).status);
    }
    expect(statuses).toEqual([200, 200, 409, 400, 200, 409, 400, 200, 200, 409, 200, 409]);
    const server = await f.env.call(f.other, "GET", "/api/presence/today");
    const day = mockToday(mock, actorOf(f.other));
    expect(day.presences.map((p) => [p.project_id, p.work_duration])).toEqual(server.body.data.presences.map((p: Row) => [p.project_id, p.work_duration]));
  });

  it("panic add, acknowledge; position batches; time zones", async () => {
    const bodies: unknown[] = [
      { lon: JAKARTA[0], lat: JAKARTA[1], accuracy: 20, project_id: f.jakarta, message: "Tolong", captured_at: ago(3) },
      {},
      { lon: 106.8 },
      { message: "x".repeat(501) },
      { project_id: f.bandung },
      { user_id: f.other.id },
      [1, 2],
    ];
    const ids: number[] = [];
    for (const body of bodies) {
      const server = await f.env.call(f.worker, "POST", "/api/panic-button/add", body);
      const m = fromMock(() => mockPanicAdd(mock, actorOf(f.worker), body));
      // Without a capture time the alarm's time is each one's "now".
      const now = (o: ReturnType<typeof outcome>) => (o.data && !(body as Row).captured_at ? { ...o, data: { ...o.data, alert_time: undefined } } : o);
      expect([body, now(m)]).toEqual([body, now(fromServer(server))]);
      if (server.status === 200) ids.push(server.body.data.id);
    }
    // Acknowledge: the mock's ids follow the server's (both start empty).
    for (const [u, mayEdit] of [
      [f.supervisor, true],
      [f.env.adminA, true],
      [f.worker, false],
    ] as const) {
      const server = await f.env.call(u, "PUT", `/api/panic-button/acknowledge/${ids[0]}`, { note: "OK" });
      const a = actorOf(u);
      const holder = holderOf(a.role.role_type, "panic-button", { can_edit: mayEdit });
      const m = fromMock(() =>
        asRequest(mock, "panic-button", "acknowledge", holder, a.id, { params: { id: String(ids[0]) } }, () => mockAcknowledge(mock, a, String(ids[0]), { note: "OK" })),
      );
      expect({ ...m, data: m.data && { ...m.data, handled_at: undefined } }).toEqual({
        ...fromServer(server),
        data: fromServer(server).data && { ...fromServer(server).data, handled_at: undefined },
      });
    }
    const point = (minutes: number, extra: Row = {}) => ({ wptime: ago(minutes), lon: 106.8, lat: -6.2, accuracy: 5, ...extra });
    for (const body of [
      { points: [point(5), point(4)] },
      { points: [point(5), point(3), point(3)] },
      { points: [point(2, { lat: 91 }), "x"] },
      { points: [] },
      { user_id: f.other.id, points: [point(1)] },
    ]) {
      const server = await f.env.call(f.worker, "POST", "/api/waypoint/add-batch", body);
      const m = fromMock(() => mockAddBatch(mock, actorOf(f.worker), body));
      expect([body, m]).toEqual([body, fromServer(server)]);
    }
    const zones = await f.env.call(f.worker, "GET", "/api/project/time-zones");
    expect(mockTimeZones(mock)).toEqual(zones.body.data);
  });

  it("a review field from a worker who may not edit permits: the same 400", async () => {
    const body = { user_id: f.worker.id, permit_type: "sick", absent_date: "2026-11-20", reason: "Demam", status: "approved" };
    const server = await f.env.call(f.worker, "POST", "/api/permit/add", body);
    const m = fromMock(() => {
      const values = validateBody(resourceNamed("permit"), body, mock, { mode: "create" });
      const errors = reviewErrors(resourceNamed("permit"), values, { mayReview: false });
      if (Object.keys(errors).length) throw badRequest(errors);
      return values;
    });
    expect(m).toEqual(fromServer(server));
    expect(server.status).toBe(400);
  });
});
