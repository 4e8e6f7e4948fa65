// Nobody signs off their own records (issue 27, finding 7): approving, reopening or correcting
// one's own timesheet needs another person with the right (403 own_records), whatever one's
// rights; the same person signs off everyone else's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { load, wibAt } from "./custom-fixture";
import { person } from "./field-fixture";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";

let env: TestEnv;
let sari: FixtureUser;
let wati: FixtureUser;
const presences: Record<string, number> = {};
const DAY = "2026-11-03";
const EDIT = { can_add: false, can_edit: true, can_delete: false, row_scope: "company" };

beforeAll(async () => {
  env = await setupServer();
  const A = env.companyA;
  sari = await person(env, A, "Sari Supervisor", "sari@alpha.test", "supervisor", { timesheet: EDIT, presence: EDIT });
  wati = await person(env, A, "Wati Worker", "wati@alpha.test", "worker", { timesheet: { can_add: false, can_edit: false, can_delete: false } });
  const row = (user: number) => ({
    company_id: A,
    user_id: user,
    presence_date: DAY,
    clock_in: wibAt(DAY, 8),
    clock_out: wibAt(DAY, 17),
    presence_status: "on_time",
  });
  const [[own, theirs, admins]] = await load(env, [["presence", [row(sari.id), row(wati.id), row(env.adminA.id)]]]);
  Object.assign(presences, { own, theirs, admins });
}, 60_000);
afterAll(async () => {
  await env?.close();
});

const approve = (as: FixtureUser, user: number) => env.call(as, "POST", "/api/timesheet/approve", { user_id: user, from: DAY, to: DAY });
const reopen = (as: FixtureUser, user: number) => env.call(as, "POST", "/api/timesheet/reopen", { user_id: user, from: DAY, to: DAY, reason: "Salah hitung" });
const correct = (as: FixtureUser, presence: number) => env.call(as, "PUT", `/api/timesheet/correct/${presence}`, { clock_in: wibAt(DAY, 6), reason: "Lupa absen" });
const approvals = async () =>
  Number(
    (
      await env.db
        .selectFrom("timesheet_approvals")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const clockInOf = async (id: number) => (await env.db.selectFrom("presence").select("clock_in").where("id", "=", id).executeTakeFirstOrThrow()).clock_in;

describe("signing off one's own timesheet", () => {
  it("a supervisor may not approve, correct or reopen their own (403 own_records), nothing stored; they may another's", async () => {
    const before = await approvals();
    const clockIn = await clockInOf(presences.own);
    for (const res of [await approve(sari, sari.id), await correct(sari, presences.own)]) {
      expect(res.status, res.raw).toBe(403);
      expect(res.body.key).toBe("own_records");
    }
    expect(await approvals()).toBe(before);
    expect(await clockInOf(presences.own)).toBe(clockIn);

    expect((await correct(sari, presences.theirs)).status).toBe(200);
    expect((await approve(sari, wati.id)).status).toBe(200);
    // Reopening one's own is refused too; another admin may approve and reopen the supervisor's.
    expect((await approve(env.adminA, sari.id)).status).toBe(200);
    expect((await reopen(sari, sari.id)).body.key).toBe("own_records");
    expect((await reopen(env.adminA, sari.id)).status).toBe(200);
  });

  it("the company admin holds every right and still may not approve or correct their own", async () => {
    expect((await approve(env.adminA, env.adminA.id)).status).toBe(403);
    expect((await correct(env.adminA, presences.admins)).status).toBe(403);
    expect((await approve(sari, env.adminA.id)).status).toBe(200);
  });

  it("approving several at once refuses a list naming oneself (403 own_records), approving nobody", async () => {
    const day = "2026-11-10";
    const before = await approvals();
    const many = await env.call(sari, "POST", "/api/timesheet/approve-many", { user_ids: [wati.id, sari.id], from: day, to: day });
    expect(many.status, many.raw).toBe(403);
    expect(many.body.key).toBe("own_records");
    expect(await approvals()).toBe(before);
    const others = await env.call(sari, "POST", "/api/timesheet/approve-many", { user_ids: [wati.id], from: day, to: day });
    expect(others.status, others.raw).toBe(200);
    expect(others.body.data.approved.map((a: { user_id: number }) => a.user_id)).toEqual([wati.id]);
  });
});
