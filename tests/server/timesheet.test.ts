// The timesheet (server/custom/timesheet.ts, docs/api.md "Timesheet"): search over a week with
// its figures (break, late, absent, daily and weekly overtime), filters, row visibility per role
// (a worker only themself, a supervisor the people of their projects, never another company's),
// 400s naming the field, a correction (the original kept, audited), approval locking the period
// (409 period_locked), reopen (recorded) unlocking it, and the rights (403).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceByName } from "../../declaration";
import { COMPANIES, USERS } from "../../server/access/identity";
import { DEFAULT_TIMESHEET_SETTINGS } from "../fixtures/timesheet";
import { load, wibAt } from "./custom-fixture";
import { person } from "./field-fixture";
import type { FixtureUser, TestEnv } from "./helpers";
import { setupServer } from "./helpers";

let env: TestEnv;
let wati: FixtureUser;
let sari: FixtureUser;
let budi: FixtureUser;
let workerB: FixtureUser;
const ids: Record<string, number> = {};
/** Monday to Sunday, in the past: a work day without a clock-in is absent. */
const WEEK = ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-07", "2026-11-08"];
const READ = { can_add: false, can_edit: false, can_delete: false };
const EDIT = { can_add: false, can_edit: true, can_delete: false };

beforeAll(async () => {
  env = await setupServer();
  const A = env.companyA;
  const B = env.companyB;
  const [[typeA, typeB], [divSite]] = await load(env, [
    [
      "project-type",
      [
        { company_id: A, name: "Gedung" },
        { company_id: B, name: "FTTH" },
      ],
    ],
    ["divisi", [{ company_id: A, name: "Lapangan" }]],
  ]);
  const [[tower, depot, bandung], [shift, nightShift]] = await load(env, [
    [
      "project",
      [
        { company_id: A, name: "Tower", code: "T1", project_type_id: typeA, start_date: "2026-01-01", end_date: "2026-12-31", time_zone: "Asia/Jakarta" },
        { company_id: A, name: "Depot", code: "D1", project_type_id: typeA, start_date: "2026-01-01", end_date: "2026-12-31", time_zone: "Asia/Jakarta" },
        { company_id: B, name: "Bandung", code: "B1", project_type_id: typeB, start_date: "2026-01-01", end_date: "2026-12-31", time_zone: "Asia/Jakarta" },
      ],
    ],
    [
      "shift",
      [
        { company_id: A, name: "Pagi", start_time: "08:00", end_time: "17:00", break_minutes: 60, grace_minutes: 15 },
        { company_id: A, name: "Malam", start_time: "21:00", end_time: "05:00", break_minutes: 60, grace_minutes: 15 },
      ],
    ],
  ]);
  Object.assign(ids, { tower, depot, bandung, shift, nightShift, divSite });
  wati = await person(env, A, "Wati Worker", "wati@alpha.test", "worker", { timesheet: READ });
  sari = await person(env, A, "Sari Supervisor", "sari@alpha.test", "supervisor", { timesheet: EDIT });
  budi = await person(env, A, "Budi Builder", "budi@alpha.test", "worker", { timesheet: READ });
  workerB = await person(env, B, "Bayu Beta", "bayu@beta.test", "worker", { timesheet: READ });
  await env.db.updateTable(USERS.table).set({ division_id: divSite }).where("id", "=", wati.id).execute();
  await load(env, [
    [
      "user-to-proyek",
      [
        { company_id: A, project_id: tower, user_id: wati.id, is_active: true },
        { company_id: A, project_id: tower, user_id: sari.id, is_active: true },
        { company_id: A, project_id: depot, user_id: budi.id, is_active: true },
        { company_id: B, project_id: bandung, user_id: workerB.id, is_active: true },
      ],
    ],
    [
      "user-to-shift",
      [
        { company_id: A, user_id: wati.id, shift_id: shift, start_date: "2026-01-01" },
        { company_id: A, user_id: budi.id, shift_id: nightShift, start_date: "2026-01-01" },
      ],
    ],
  ]);
  const day = (user: FixtureUser, company: number, project: number, shiftId: number, date: string, from: [number, number], to: [number, number] | null, status = "present") => ({
    company_id: company,
    user_id: user.id,
    project_id: project,
    shift_id: shiftId,
    presence_date: date,
    clock_in: wibAt(date, ...from),
    clock_out: to ? wibAt(date, ...to) : null,
    work_area_in: "inside",
    work_area_out: to ? "outside" : null,
    clock_in_loc: "Gate 1",
    image_selfie: `selfie-${user.id}-${date}.jpg`,
    presence_status: status,
    sent_late: date === WEEK[2],
  });
  const [presences] = await load(env, [
    [
      "presence",
      [
        day(wati, A, tower, shift, WEEK[0], [8, 0], [18, 0]), // 540 worked: 60 daily overtime
        day(wati, A, tower, shift, WEEK[1], [8, 20], [17, 0], "late"), // late by 20, 460 worked
        day(wati, A, tower, shift, WEEK[2], [8, 0], [17, 0]), // 480
        day(wati, A, tower, shift, WEEK[3], [8, 0], [17, 0]), // 480; Friday absent
        day(wati, A, tower, shift, WEEK[5], [8, 0], [18, 0]), // Saturday 540: 60 daily overtime
        day(wati, A, tower, shift, WEEK[6], [8, 0], [12, 0]), // Sunday 240, no break: a rest day, all overtime
        day(budi, A, depot, nightShift, WEEK[0], [21, 0], null),
        day(workerB, B, bandung, shift, WEEK[0], [8, 0], [17, 0]),
      ],
    ],
  ]);
  ids.watiMonday = presences[0];
  ids.watiTuesday = presences[1];
  ids.watiThursday = presences[3];
});
afterAll(async () => {
  await env?.close();
});

const search = (as: FixtureUser, query: Record<string, string | number>) =>
  env.call(as, "GET", `/api/timesheet/search?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`);
const week = { from: WEEK[0], to: WEEK[6] };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const personOf = (body: any, userId: number) => body.data.people.find((p: { user_id: number }) => p.user_id === userId);

describe("timesheet search", () => {
  it("answers a person's week: every date, break, late, absent, daily then weekly overtime, totals", async () => {
    const res = await search(env.adminA, { ...week, user_id: wati.id });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.settings).toEqual({ ...DEFAULT_TIMESHEET_SETTINGS, time_zone: expect.any(String) });
    expect(res.body.data.people).toHaveLength(1);
    const p = personOf(res.body, wati.id);
    expect(p).toMatchObject({ name: "Wati Worker", role_name: "Role of Wati Worker", division_name: "Lapangan", approvals: [] });
    expect(p.days.map((d: { date: string }) => d.date)).toEqual(WEEK);
    const figures = p.days.map((d: Record<string, unknown>) => [d.kind, d.worked_minutes, d.break_minutes, d.regular_minutes, d.overtime_minutes, d.late_minutes]);
    expect(figures).toEqual([
      ["worked", 540, 60, 480, 60, 0],
      ["worked", 460, 60, 460, 0, 20],
      ["worked", 480, 60, 480, 0, 0],
      ["worked", 480, 60, 480, 0, 0],
      ["absent", 0, 0, 0, 0, 0],
      // Saturday and Sunday are rest days (a 5-day week): all their hours are overtime.
      ["worked", 540, 60, 0, 540, 0],
      ["worked", 240, 0, 0, 240, 0],
    ]);
    expect(p.days.map((d: Record<string, unknown>) => [d.rest_kind, d.rest_day_overtime_minutes])).toEqual([
      [null, 0],
      [null, 0],
      [null, 0],
      [null, 0],
      [null, 0],
      ["rest_day", 540],
      ["rest_day", 240],
    ]);
    expect(p.days[1]).toMatchObject({
      late: true,
      locked: false,
      open: false,
      flags: [],
      shift: { id: ids.shift, name: "Pagi", start_time: "08:00", end_time: "17:00" },
      zone: "Asia/Jakarta",
    });
    expect(p.days[0].presences).toEqual([
      {
        id: ids.watiMonday,
        project_id: ids.tower,
        project_name: "Tower",
        clock_in: wibAt(WEEK[0], 8, 0),
        clock_out: wibAt(WEEK[0], 18, 0),
        worked_minutes: 540,
        breaks: [],
        clock_in_inside: true,
        clock_out_inside: false,
        clock_in_loc: "Gate 1",
        clock_out_loc: null,
        image_selfie: `selfie-${wati.id}-${WEEK[0]}.jpg`,
        image_selfie_out: null,
        sent_late: false,
        presence_status: "present",
        corrections: [],
        // The day's regular and overtime minutes: its only presence holds them all.
        regular_minutes: 480,
        overtime_minutes: 60,
        labour_cost: null,
      },
    ]);
    expect(p.days[2].presences[0].sent_late).toBe(true);
    expect(p.totals).toEqual({
      worked_minutes: 2740,
      break_minutes: 300,
      regular_minutes: 1900,
      overtime_minutes: 840,
      rest_day_overtime_minutes: 780,
      labour_cost: null,
      days_worked: 6,
      late_days: 1,
      absent_days: 1,
      leave_days: 0,
    });
  });

  it("counts the week's earlier days towards the weekly threshold when the range starts mid-week", async () => {
    // Monday-Wednesday hold 1,420 regular minutes: with a 30-hour week, Thursday's 480 cross it by 100.
    expect((await env.call(sari, "PUT", "/api/timesheet/settings", { overtime_weekly_minutes: 1800 })).status).toBe(200);
    try {
      const res = await search(env.adminA, { from: WEEK[3], to: WEEK[3], user_id: wati.id });
      expect(res.status, res.raw).toBe(200);
      expect(personOf(res.body, wati.id).days[0]).toMatchObject({ worked_minutes: 480, regular_minutes: 380, overtime_minutes: 100, rest_kind: null });
      // Sunday, a rest day: all overtime, none of it regular, whatever the week holds.
      const sunday = await search(env.adminA, { from: WEEK[6], to: WEEK[6], user_id: wati.id });
      expect(personOf(sunday.body, wati.id).days[0]).toMatchObject({
        worked_minutes: 240,
        regular_minutes: 0,
        overtime_minutes: 240,
        rest_day_overtime_minutes: 240,
        rest_kind: "rest_day",
      });
    } finally {
      expect((await env.call(sari, "PUT", "/api/timesheet/settings", { overtime_weekly_minutes: 2400 })).status).toBe(200);
    }
  });

  it("makes the days of an approved leave, sick or permission permit leave, not absence; a pending one changes nothing", async () => {
    const [[permit]] = await load(env, [
      ["permit", [{ company_id: env.companyA, user_id: wati.id, permit_type: "sick", absent_date: WEEK[4], end_date: WEEK[4], reason: "Demam", status: "pending" }]],
    ]);
    const PERMIT = resourceByName("permit").table;
    try {
      const pending = personOf((await search(env.adminA, { ...week, user_id: wati.id })).body, wati.id);
      expect([pending.days[4].kind, pending.totals.absent_days, pending.totals.leave_days]).toEqual(["absent", 1, 0]);
      await env.db.updateTable(PERMIT).set({ status: "approved" }).where("id", "=", permit).execute();
      const approved = personOf((await search(env.adminA, { ...week, user_id: wati.id })).body, wati.id);
      expect([approved.days[4].kind, approved.totals.absent_days, approved.totals.leave_days]).toEqual(["leave", 0, 1]);
    } finally {
      await env.db.deleteFrom(PERMIT).where("id", "=", permit).execute();
    }
  });

  it("lists the company's people by name, filtered by project, division and shift", async () => {
    const all = await search(env.adminA, week);
    expect(all.status, all.raw).toBe(200);
    const names = all.body.data.people.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(names).toEqual(expect.arrayContaining(["Ana Admin", "Budi Builder", "Sari Supervisor", "Wati Worker"]));
    expect(names).not.toContain("Bayu Beta");
    const byProject = await search(env.adminA, { ...week, project_id: ids.depot });
    expect(byProject.body.data.people.map((p: { name: string }) => p.name)).toEqual(["Budi Builder"]);
    const byDivision = await search(env.adminA, { ...week, division_id: ids.divSite });
    expect(byDivision.body.data.people.map((p: { name: string }) => p.name)).toEqual(["Wati Worker"]);
    const byShift = await search(env.adminA, { ...week, shift_id: ids.nightShift });
    expect(byShift.body.data.people.map((p: { name: string }) => p.name)).toEqual(["Budi Builder"]);
    // Budi's clock-in without a clock-out: open, counting nothing yet.
    expect(personOf(byShift.body, budi.id).days[0]).toMatchObject({ kind: "worked", open: true, worked_minutes: 0 });
  });

  it("shows a worker only themself, a supervisor the people of their projects, never another company's", async () => {
    const mine = await search(wati, week);
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.data.people.map((p: { user_id: number }) => p.user_id)).toEqual([wati.id]);
    const asking = await search(wati, { ...week, user_id: budi.id });
    expect(asking.body.data.people).toEqual([]);
    const crew = await search(sari, week);
    expect(crew.body.data.people.map((p: { name: string }) => p.name)).toEqual(["Sari Supervisor", "Wati Worker"]);
    const other = await search(workerB, week);
    expect(other.body.data.people.map((p: { user_id: number }) => p.user_id)).toEqual([workerB.id]);
    const adminB = await search(env.adminB, { ...week, user_id: wati.id });
    expect(adminB.body.data.people).toEqual([]);
  });

  it("gives each person's employee id (staff code) and NIK; the NIK only to who may read staff records, and to each their own", async () => {
    await env.db.updateTable(USERS.table).set({ code: "E-101", nik: "3174041234560001" }).where("id", "=", wati.id).execute();
    await env.db.updateTable(USERS.table).set({ code: "E-102", nik: "3174045678900002" }).where("id", "=", sari.id).execute();
    try {
      const admin = await search(env.adminA, week);
      expect(admin.status, admin.raw).toBe(200);
      expect(personOf(admin.body, wati.id)).toMatchObject({ code: "E-101", nik: "3174041234560001" });
      expect(personOf(admin.body, budi.id)).toMatchObject({ code: null, nik: null });
      // Sari reads the timesheet, not staff records: her crew's NIK is not hers to see, her own is.
      const crew = await search(sari, week);
      expect(personOf(crew.body, wati.id)).toMatchObject({ code: "E-101", nik: null });
      expect(personOf(crew.body, sari.id)).toMatchObject({ code: "E-102", nik: "3174045678900002" });
      const own = await search(wati, week);
      expect(personOf(own.body, wati.id)).toMatchObject({ code: "E-101", nik: "3174041234560001" });
    } finally {
      await env.db.updateTable(USERS.table).set({ code: null, nik: null }).where("id", "in", [wati.id, sari.id]).execute();
    }
  });

  it("answers 400 naming the field: missing, reversed or too long a range, a bad filter", async () => {
    let res = await search(env.adminA, { to: WEEK[0] });
    expect(res.status, res.raw).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["from"]);
    res = await search(env.adminA, { from: WEEK[3], to: WEEK[0] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["to"]);
    res = await search(env.adminA, { from: "2026-01-01", to: "2026-03-04" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ to: "At most 62 days." });
    res = await search(env.adminA, { from: "2026-01-01", to: "2026-03-03" });
    expect(res.status, res.raw).toBe(200);
    res = await search(env.adminA, { ...week, project_id: "x" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["project_id"]);
  });

  it("is refused (403) without the timesheet menu", async () => {
    const res = await search(env.viewerA, week);
    expect(res.status, res.raw).toBe(403);
  });
});

describe("timesheet corrections and approval", () => {
  const correct = (as: FixtureUser, id: number, body: unknown) => env.call(as, "PUT", `/api/timesheet/correct/${id}`, body);

  it("refuses a correction without a reason, or a clock-out before the clock-in, naming the field", async () => {
    let res = await correct(env.adminA, ids.watiTuesday, { clock_in: wibAt(WEEK[1], 8, 0) });
    expect(res.status, res.raw).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["reason"]);
    res = await correct(env.adminA, ids.watiTuesday, { clock_out: wibAt(WEEK[1], 7, 0), reason: "Salah" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["clock_out"]);
    res = await correct(env.adminA, ids.watiTuesday, { reason: "Nothing" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["clock_in"]);
  });

  it("is refused without the edit right (403), and 404 for another company's presence", async () => {
    const res = await correct(wati, ids.watiTuesday, { clock_in: wibAt(WEEK[1], 8, 0), reason: "Mine" });
    expect(res.status, res.raw).toBe(403);
    const other = await correct(env.adminB, ids.watiTuesday, { clock_in: wibAt(WEEK[1], 8, 0), reason: "Theirs" });
    expect(other.status, other.raw).toBe(404);
  });

  it("corrects a clock-in: the presence recomputed, the original kept and shown, the audit log written", async () => {
    const res = await correct(sari, ids.watiTuesday, { clock_in: wibAt(WEEK[1], 8, 0), reason: "Gate reader failed" });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ date: WEEK[1], kind: "worked", worked_minutes: 480, late: false, late_minutes: 0, locked: false });
    expect(res.body.data.presences[0]).toMatchObject({ id: ids.watiTuesday, clock_in: wibAt(WEEK[1], 8, 0), presence_status: "present" });
    expect(res.body.data.presences[0].corrections).toEqual([
      { field: "clock_in", original: wibAt(WEEK[1], 8, 20), corrected: wibAt(WEEK[1], 8, 0), reason: "Gate reader failed", by_name: "Sari Supervisor", at: expect.any(String) },
    ]);
    const row = await env.db.selectFrom("presence").selectAll().where("id", "=", ids.watiTuesday).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ clock_in: wibAt(WEEK[1], 8, 0), work_duration: 480, presence_status: "present" });
    const kept = await env.db.selectFrom("timesheet_corrections").selectAll().where("presence_id", "=", ids.watiTuesday).execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ field: "clock_in", original: wibAt(WEEK[1], 8, 20), corrected_by: sari.id });
    const logged = await env.db.selectFrom("audit_log").selectAll().where("resource", "=", "presence").where("record_id", "=", ids.watiTuesday).execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ kind: "update", actor_id: sari.id });
    expect(JSON.parse(String(logged[0].before))).toMatchObject({ clock_in: wibAt(WEEK[1], 8, 20) });
    // The search shows it too.
    const s = await search(env.adminA, { from: WEEK[1], to: WEEK[1], user_id: wati.id });
    expect(personOf(s.body, wati.id).days[0].presences[0].corrections).toHaveLength(1);
  });

  it("approves a period: the days locked, a correction refused 409 period_locked, a second approval 409 already_approved", async () => {
    const res = await env.call(sari, "POST", "/api/timesheet/approve", { user_id: wati.id, ...week });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      from: WEEK[0],
      to: WEEK[6],
      status: "approved",
      approved_by_name: "Sari Supervisor",
      reopened_by_name: null,
      reopened_at: null,
      reopen_reason: null,
    });
    ids.approval = res.body.data.id;
    const s = await search(env.adminA, { ...week, user_id: wati.id });
    const p = personOf(s.body, wati.id);
    expect(p.days.every((d: { locked: boolean }) => d.locked)).toBe(true);
    expect(p.approvals).toEqual([res.body.data]);
    const locked = await correct(sari, ids.watiThursday, { clock_out: wibAt(WEEK[3], 16, 0), reason: "Left early" });
    expect(locked.status, locked.raw).toBe(409);
    expect(locked.body.message).toMatch(/approved/);
    const row = await env.db.selectFrom("presence").selectAll().where("id", "=", ids.watiThursday).executeTakeFirstOrThrow();
    expect(row.clock_out).toBe(wibAt(WEEK[3], 17, 0));
    const again = await env.call(env.adminA, "POST", "/api/timesheet/approve", { user_id: wati.id, from: WEEK[6], to: "2026-11-10" });
    expect(again.status, again.raw).toBe(409);
    const logged = await env.db.selectFrom("audit_log").selectAll().where("resource", "=", "timesheet").where("record_id", "=", ids.approval).execute();
    expect(logged.map((l) => l.kind)).toEqual(["create"]);
  });

  it("refuses approve and reopen without the edit right (403), reopen without a reason (400) or an approval (404)", async () => {
    expect((await env.call(wati, "POST", "/api/timesheet/approve", { user_id: wati.id, ...week })).status).toBe(403);
    expect((await env.call(wati, "POST", "/api/timesheet/reopen", { user_id: wati.id, ...week, reason: "x" })).status).toBe(403);
    const noReason = await env.call(sari, "POST", "/api/timesheet/reopen", { user_id: wati.id, ...week });
    expect(noReason.status).toBe(400);
    expect(Object.keys(noReason.body.errors)).toEqual(["reason"]);
    const none = await env.call(sari, "POST", "/api/timesheet/reopen", { user_id: wati.id, from: "2026-10-01", to: "2026-10-07", reason: "x" });
    expect(none.status, none.raw).toBe(404);
    // A person out of the supervisor's reach is not found.
    const out = await env.call(sari, "POST", "/api/timesheet/approve", { user_id: budi.id, ...week });
    expect(out.status, out.raw).toBe(404);
  });

  it("reopens the period (who, when, why recorded) and then accepts the correction", async () => {
    const res = await env.call(env.adminA, "POST", "/api/timesheet/reopen", { user_id: wati.id, ...week, reason: "Thursday is wrong" });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        id: ids.approval,
        status: "reopened",
        approved_by_name: "Sari Supervisor",
        reopened_by_name: "Ana Admin",
        reopen_reason: "Thursday is wrong",
        reopened_at: expect.any(String),
      }),
    ]);
    const fixed = await correct(sari, ids.watiThursday, { clock_out: wibAt(WEEK[3], 16, 0), reason: "Left early" });
    expect(fixed.status, fixed.raw).toBe(200);
    expect(fixed.body.data).toMatchObject({ locked: false, worked_minutes: 420 });
    const logged = await env.db.selectFrom("audit_log").selectAll().where("resource", "=", "timesheet").where("record_id", "=", ids.approval).orderBy("id").execute();
    expect(logged.map((l) => l.kind)).toEqual(["create", "update"]);
    const s = await search(env.adminA, { ...week, user_id: wati.id });
    expect(personOf(s.body, wati.id).approvals[0]).toMatchObject({ status: "reopened", reopen_reason: "Thursday is wrong" });
  });
});

describe("timesheet settings", () => {
  const put = (as: FixtureUser, body: unknown) => env.call(as, "PUT", "/api/timesheet/settings", body);
  const companyRow = (id: number) => env.db.selectFrom(COMPANIES.table).selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("sets the company's rules with the edit right: stored, audited, used by the next search; nothing else of the company changes", async () => {
    const before = await companyRow(env.companyA);
    const res = await put(sari, { pay_period: "weekly", overtime_daily_minutes: 420, overtime_weekly_minutes: null, hours_format: "decimal", name: "Renamed" });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual({
      ...DEFAULT_TIMESHEET_SETTINGS,
      hours_format: "decimal",
      pay_period: "weekly",
      overtime_daily_minutes: 420,
      overtime_weekly_minutes: null,
      time_zone: expect.any(String),
    });
    const after = await companyRow(env.companyA);
    expect(after).toMatchObject({ pay_period: "weekly", overtime_daily_minutes: 420, overtime_weekly_minutes: null, hours_format: "decimal", name: before.name });
    expect((await companyRow(env.companyB)).pay_period).toBe("monthly");
    const logged = await env.db.selectFrom("audit_log").selectAll().where("resource", "=", "company-management").where("record_id", "=", env.companyA).execute();
    expect(logged.at(-1)).toMatchObject({ kind: "update", actor_id: sari.id });
    expect(JSON.parse(String(logged.at(-1)!.after))).toEqual({ pay_period: "weekly", overtime_daily_minutes: 420, overtime_weekly_minutes: null, hours_format: "decimal" });
    const s = await search(env.adminA, { ...week, user_id: wati.id });
    expect(s.body.data.settings).toMatchObject({ pay_period: "weekly", hours_format: "decimal", overtime_daily_minutes: 420, overtime_weekly_minutes: null });
    // Back to the defaults for whatever runs after.
    expect((await put(sari, { pay_period: "monthly", overtime_daily_minutes: 480, overtime_weekly_minutes: 2400, hours_format: "clock" })).status).toBe(200);
  });

  it("answers 400 naming the field, and 403 without the edit right", async () => {
    const bad = await put(sari, { pay_period: "daily", overtime_daily_minutes: 2000, hours_format: "" });
    expect(bad.status, bad.raw).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["hours_format", "overtime_daily_minutes", "pay_period"]);
    expect((await companyRow(env.companyA)).pay_period).toBe("monthly");
    expect((await put(wati, { pay_period: "weekly" })).status).toBe(403);
    expect((await companyRow(env.companyA)).pay_period).toBe("monthly");
  });
});

describe("timesheet approvals at the same time", () => {
  it("of overlapping periods of one person (all hold 9 October): one is stored, the others answer 409 already_approved", async () => {
    const periods = [
      ["2026-10-05", "2026-10-11"],
      ["2026-10-06", "2026-10-12"],
      ["2026-10-01", "2026-10-31"],
      ["2026-10-09", "2026-10-18"],
      ["2026-10-09", "2026-10-09"],
    ];
    const answers = await Promise.all(periods.map(([from, to]) => env.call(env.adminA, "POST", "/api/timesheet/approve", { user_id: budi.id, from, to })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.key)).toEqual(["already_approved", "already_approved", "already_approved", "already_approved"]);
    const stored = await env.db
      .selectFrom("timesheet_approvals")
      .selectAll()
      .where("user_id", "=", budi.id)
      .where("period_from", "<=", "2026-10-31")
      .where("period_to", ">=", "2026-10-01")
      .execute();
    expect(stored).toHaveLength(1);
  });
});

describe("issue 30: corrections that cannot fit, night shifts, frozen approvals, exceptions, several at once", () => {
  const correct = (as: FixtureUser, id: number, body: unknown) => env.call(as, "PUT", `/api/timesheet/correct/${id}`, body);
  const corrections = (id: number) => env.db.selectFrom("timesheet_corrections").selectAll().where("presence_id", "=", id).execute();

  it("refuses a correction making a presence over 24 hours or overlapping another (the dialog's stale clock-in of issue 30); nothing stored", async () => {
    const row = await env.db.selectFrom("presence").selectAll().where("id", "=", ids.watiTuesday).executeTakeFirstOrThrow();
    const kept = (await corrections(ids.watiTuesday)).length;
    // What the dialog sent: Monday's clock-in on Tuesday's presence with Tuesday's new clock-out (34 h 50).
    const stale = await correct(sari, ids.watiTuesday, { clock_in: wibAt(WEEK[0], 7, 55), clock_out: wibAt(WEEK[1], 18, 45), reason: "Left at 18:45" });
    expect(stale.status, stale.raw).toBe(400);
    expect(stale.body.errors).toEqual({ clock_out: "A presence can be at most 24 hours long." });
    const overlap = await correct(sari, ids.watiTuesday, { clock_in: wibAt(WEEK[0], 17, 0), reason: "Came early" });
    expect(overlap.status, overlap.raw).toBe(400);
    expect(overlap.body.errors).toEqual({ clock_in: "Overlaps another presence (02-11-2026 08:00 - 02-11-2026 18:00)." });
    // Monday's clock-out moved past Tuesday's clock-in: the clock-out is named.
    const monday = await correct(sari, ids.watiMonday, { clock_out: wibAt(WEEK[1], 9, 0), reason: "Night work" });
    expect(monday.status, monday.raw).toBe(400);
    expect(Object.keys(monday.body.errors)).toEqual(["clock_out"]);
    expect(await env.db.selectFrom("presence").selectAll().where("id", "=", ids.watiTuesday).executeTakeFirstOrThrow()).toEqual(row);
    expect(await corrections(ids.watiTuesday)).toHaveLength(kept);
  });

  it("puts a night shift's after-midnight clock-in on the evening it started when it is corrected, late, and answers that day", async () => {
    // Stored as the clock-in used to be: on the calendar date of 00:30, without the night shift.
    const [[id]] = await load(env, [
      [
        "presence",
        [
          {
            company_id: env.companyA,
            user_id: budi.id,
            project_id: ids.depot,
            shift_id: null,
            presence_date: "2026-11-05",
            clock_in: wibAt("2026-11-05", 0, 30),
            clock_out: null,
            presence_status: "present",
          },
        ],
      ],
    ]);
    const res = await correct(env.adminA, id, { clock_in: wibAt("2026-11-05", 0, 20), clock_out: wibAt("2026-11-05", 5, 0), reason: "Forgot to clock out" });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ date: WEEK[2], kind: "worked", late: true, late_minutes: 200, worked_minutes: 280 - 60, shift: { id: ids.nightShift } });
    expect(res.body.data.presences.map((p: { id: number }) => p.id)).toEqual([id]);
    const row = await env.db.selectFrom("presence").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ presence_date: WEEK[2], shift_id: ids.nightShift, presence_status: "late", work_duration: 220 });
    const s = personOf((await search(env.adminA, { from: WEEK[2], to: WEEK[3], user_id: budi.id })).body, budi.id);
    expect(s.days.map((d: { date: string; presences: unknown[] }) => [d.date, d.presences.length])).toEqual([
      [WEEK[2], 1],
      [WEEK[3], 0],
    ]);
  });

  it("keeps an approval's figures when the rules change (rules changed since approval), flags an edit tried, and recomputes only on reopen", async () => {
    const live = () => search(env.adminA, { ...week, user_id: wati.id }).then((r) => personOf(r.body, wati.id));
    const before = await live();
    expect([before.totals.regular_minutes, before.totals.overtime_minutes]).toEqual([1860, 840]);
    const approved = await env.call(sari, "POST", "/api/timesheet/approve", { user_id: wati.id, ...week });
    expect(approved.status, approved.raw).toBe(200);
    // An approval keeps hours, not pay (labour cost is answered only to who may see wages).
    const { labour_cost: _pay, ...hours } = before.totals;
    expect(_pay).toBeNull();
    expect(approved.body.data).toMatchObject({ totals: hours, rules_changed: false });
    expect(approved.body.data.totals).not.toHaveProperty("labour_cost");
    const stored = await env.db.selectFrom("timesheet_approvals").selectAll().where("id", "=", approved.body.data.id).executeTakeFirstOrThrow();
    expect(JSON.parse(String(stored.rules))).toEqual({
      overtime_daily_minutes: 480,
      overtime_weekly_minutes: 2400,
      work_days_per_week: 5,
      shifts: { [String(ids.shift)]: { start_time: "08:00", end_time: "17:00", grace_minutes: 15, break_minutes: 60 } },
    });
    try {
      expect((await env.call(sari, "PUT", "/api/timesheet/settings", { overtime_weekly_minutes: 1800 })).status).toBe(200);
      const frozen = await live();
      expect(frozen.totals).toEqual(before.totals);
      expect(frozen.days.map((d: { regular_minutes: number }) => d.regular_minutes)).toEqual(before.days.map((d: { regular_minutes: number }) => d.regular_minutes));
      expect(frozen.approvals[0]).toMatchObject({ status: "approved", rules_changed: true, totals: hours });
      // An edit tried on the approved week is refused and flagged on its day.
      expect((await correct(sari, ids.watiThursday, { clock_out: wibAt(WEEK[3], 17, 0), reason: "Back to 17:00" })).status).toBe(409);
      const flagged = await live();
      expect(flagged.days[3].flags).toEqual(["edit_tried"]);
      expect(flagged.flagged_days).toBe(1);
      // Reopened (with its reason): computed by today's rules.
      expect((await env.call(sari, "POST", "/api/timesheet/reopen", { user_id: wati.id, ...week, reason: "New weekly threshold" })).status).toBe(200);
      const reopened = await live();
      expect([reopened.totals.regular_minutes, reopened.totals.overtime_minutes]).toEqual([1800, 900]);
      expect(reopened.approvals[0]).toMatchObject({ status: "reopened", rules_changed: false });
    } finally {
      expect((await env.call(sari, "PUT", "/api/timesheet/settings", { overtime_weekly_minutes: 2400 })).status).toBe(200);
    }
  });

  it("approves several people at once, skipping who has a day to resolve (a missing clock-out) or is out of reach", async () => {
    const empty = await env.call(env.adminA, "POST", "/api/timesheet/approve-many", { user_ids: [], ...week });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors)).toEqual(["user_ids"]);
    const res = await env.call(env.adminA, "POST", "/api/timesheet/approve-many", { user_ids: [wati.id, budi.id, workerB.id], ...week });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.approved.map((a: { user_id: number; from: string }) => [a.user_id, a.from])).toEqual([[wati.id, WEEK[0]]]);
    expect(res.body.data.skipped).toEqual([
      { user_id: budi.id, key: "unresolved_exceptions", dates: [WEEK[0]] },
      { user_id: workerB.id, key: "not_found" },
    ]);
    // Alone, Budi's week is refused the same way, the day named.
    const one = await env.call(env.adminA, "POST", "/api/timesheet/approve", { user_id: budi.id, ...week });
    expect(one.status, one.raw).toBe(409);
    expect(one.body).toMatchObject({ key: "unresolved_exceptions", details: { dates: [WEEK[0]] } });
    const s = personOf((await search(env.adminA, { ...week, user_id: budi.id })).body, budi.id);
    expect(s.days[0].flags).toEqual(["missing_clock_out"]);
    expect((await env.call(env.adminA, "POST", "/api/timesheet/reopen", { user_id: wati.id, ...week, reason: "Done testing" })).status).toBe(200);
  });

  it("opens on the company's current pay period with period=current (monthly here)", async () => {
    const res = await search(env.adminA, { period: "current", user_id: wati.id });
    expect(res.status, res.raw).toBe(200);
    const { from, to } = res.body.data;
    expect(from.slice(8)).toBe("01");
    expect(to.slice(0, 7)).toBe(from.slice(0, 7));
    expect(personOf(res.body, wati.id).days[0].date).toBe(from);
    const bad = await search(env.adminA, { period: "yesterday" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(["period"]);
  });
});

describe("timesheet my-period: the caller's own current pay period", () => {
  it("answers the caller's own totals as the timesheet counts them, approved once an approval covers the period; 403 without attendance", async () => {
    const dewi = await person(env, env.companyA, "Dewi Daily", "dewi@alpha.test", "worker", { presence: READ });
    const { from, to } = (await search(env.adminA, { period: "current", user_id: wati.id })).body.data;
    const at = (h: number, m = 0) => wibAt(from, h, m);
    await load(env, [
      [
        "presence",
        [
          {
            company_id: env.companyA,
            user_id: dewi.id,
            project_id: ids.tower,
            presence_date: from,
            clock_in: at(8),
            clock_out: at(12, 30),
            work_area_in: "inside",
            work_area_out: "inside",
            presence_status: "present",
          },
        ],
      ],
    ]);
    const mine = await env.call(dewi, "GET", "/api/timesheet/my-period");
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.data).toMatchObject({ from, to, approved: false, totals: { worked_minutes: 270, days_worked: 1 } });
    // The same figures as the timesheet's own search gives an admin (labour cost apart: pay is the admin's to see).
    const { labour_cost: _, ...asTimesheet } = personOf((await search(env.adminA, { period: "current", user_id: dewi.id })).body, dewi.id).totals;
    expect(mine.body.data.totals).toMatchObject(asTimesheet);
    expect(mine.body.data.totals.labour_cost ?? null).toBeNull();
    expect(mine.body.data.hours_format).toMatch(/^(clock|decimal)$/);

    const approve = await env.call(env.adminA, "POST", "/api/timesheet/approve", { user_id: dewi.id, from, to });
    expect(approve.status, approve.raw).toBe(200);
    expect((await env.call(dewi, "GET", "/api/timesheet/my-period")).body.data.approved).toBe(true);

    // Nobody else's figures: without attendance (presence) it is refused, and the platform owner has none.
    expect((await env.call(wati, "GET", "/api/timesheet/my-period")).status).toBe(403);
    expect((await env.call(env.owner, "GET", "/api/timesheet/my-period")).status).toBe(403);
  });

  it("holiday my-period: the company's holidays in the same period, by date; none outside it or of another company; 403 without attendance", async () => {
    const hana = await person(env, env.companyA, "Hana Holiday", "hana@alpha.test", "worker", { presence: READ });
    const { from, to } = (await env.call(hana, "GET", "/api/timesheet/my-period")).body.data;
    const dayBefore = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const dayAfter = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await load(env, [
      [
        "holiday",
        [
          { company_id: env.companyA, date: to, name: "Last day off" },
          { company_id: env.companyA, date: from, name: "First day off" },
          { company_id: env.companyA, date: dayBefore, name: "Before the period" },
          { company_id: env.companyA, date: dayAfter, name: "After the period" },
          { company_id: env.companyB, date: from, name: "Beta's day off" },
        ],
      ],
    ]);
    const mine = await env.call(hana, "GET", "/api/holiday/my-period");
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.data).toEqual({
      from,
      to,
      holidays: [
        { date: from, name: "First day off" },
        { date: to, name: "Last day off" },
      ],
    });
    // Another company's worker gets their own company's (the same default pay period).
    const beni = await person(env, env.companyB, "Beni Holiday", "beni-holiday@beta.test", "worker", { presence: READ });
    expect((await env.call(beni, "GET", "/api/holiday/my-period")).body.data).toEqual({ from, to, holidays: [{ date: from, name: "Beta's day off" }] });
    // Without attendance it is refused, as the period itself; the platform owner has no company.
    expect((await env.call(wati, "GET", "/api/holiday/my-period")).status).toBe(403);
    expect((await env.call(env.owner, "GET", "/api/holiday/my-period")).status).toBe(403);
  });
});
