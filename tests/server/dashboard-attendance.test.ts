// presence GET attendance-today (the home dashboard's attendance card), counted as the timesheet
// counts (server/field/attendance.ts over the timesheet engine's days): present, late (by the
// shift's grace), absent (the timesheet's absent, and scheduled once the shift has begun: the
// issue's "Absent 0" while 4 scheduled people had not clocked in), on leave or sick (approved
// permits, presences saying so), outside a work area; each day on its own site's clock, a person
// at two sites counted once, only the people the actor may see, within the company. Run on a
// Wednesday at 12:00 in Jakarta (only Date is faked; it goes on).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, mondayOf } from "../../declaration/timesheet";
import { localParts } from "../../server/field/zones";
import { load, userWithMenus } from "./custom-fixture";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";

let env: TestEnv;
let worker: FixtureUser;
let outsider: FixtureUser;
const ids: Record<string, number> = {};
// The latest Wednesday not after today (WIB), at 12:00 WIB: never ahead of the tokens' issue by a day.
const realToday = localParts(Date.now(), "Asia/Jakarta").date;
const wednesday = addDays(mondayOf(realToday), 2) <= realToday ? addDays(mondayOf(realToday), 2) : addDays(mondayOf(realToday), -5);
const now = Date.parse(`${wednesday}T05:00:00Z`);
const wib = wednesday;
const east = localParts(now, "Pacific/Kiritimati").date; // UTC+14: 19:00 the same day
const west = localParts(now, "Pacific/Pago_Pago").date; // UTC-11: 18:00 the day before
const dayBefore = (d: string) => addDays(d, -1);
const dayAfter = (d: string) => addDays(d, 1);
const at = (hhmmUtc: string, date = wib) => new Date(`${date}T${hhmmUtc}:00Z`).toISOString();

beforeAll(async () => {
  env = await setupServer();
  const A = env.companyA;
  const B = env.companyB;
  worker = await userWithMenus(env, { company: A, name: "Wawan", email: "wawan@alpha.test", roleType: "worker", aliases: ["presence"] });
  outsider = await userWithMenus(env, { company: A, name: "Putri", email: "putri@alpha.test", roleType: "admin", aliases: ["project"] });
  const [[ta, tb]] = await load(env, [
    [
      "project-type",
      [
        { company_id: A, name: "Gedung" },
        { company_id: B, name: "FTTH" },
      ],
    ],
  ]);
  const project = (company: number, type: number, code: string, time_zone: string | null) => ({
    company_id: company,
    name: `Site ${code}`,
    code,
    project_type_id: type,
    start_date: "2026-01-01",
    end_date: "2026-12-31",
    status: "in_progress",
    time_zone,
  });
  const [[home, far, behind, pb]] = await load(env, [
    ["project", [project(A, ta, "P1", null), project(A, ta, "P2", "Pacific/Kiritimati"), project(A, ta, "P3", "Pacific/Pago_Pago"), project(B, tb, "PB", null)]],
  ]);
  const [[u1, u2, ub, u3, u4, u5, u6, u7, u8, u9]] = await load(env, [
    [
      "human-resource",
      [
        { company_id: A, name: "Bima", email: "bima@alpha.test", employee_type: "daily", role_id: env.roles.viewerA },
        { company_id: A, name: "Citra", email: "citra@alpha.test", employee_type: "daily", role_id: env.roles.viewerA },
        { company_id: B, name: "Bona", email: "bona@beta.test", employee_type: "daily", role_id: env.roles.adminB },
        { company_id: A, name: "Dewi", email: "dewi@alpha.test", employee_type: "daily", role_id: env.roles.viewerA },
        { company_id: A, name: "Eko", email: "eko@alpha.test", employee_type: "daily", role_id: env.roles.viewerA },
        { company_id: A, name: "Fajar", email: "fajar@alpha.test", employee_type: "daily", role_id: env.roles.viewerA },
        { company_id: A, name: "Gita", email: "gita@alpha.test", employee_type: "daily", role_id: env.roles.viewerA },
        { company_id: A, name: "Hadi", email: "hadi@alpha.test", employee_type: "daily", role_id: env.roles.viewerA },
        { company_id: A, name: "Indra", email: "indra@alpha.test", employee_type: "daily", role_id: env.roles.viewerA },
        { company_id: A, name: "Joko", email: "joko@alpha.test", employee_type: "daily", role_id: env.roles.viewerA },
      ],
    ],
  ]);
  // Pagi 08:00-17:00 WIB has begun at 12:00; Sore 14:00-22:00 has not.
  const [[pagi, sore]] = await load(env, [
    [
      "shift",
      [
        { company_id: A, name: "Pagi", start_time: "08:00", end_time: "17:00", break_minutes: 60, grace_minutes: 15 },
        { company_id: A, name: "Sore", start_time: "14:00", end_time: "22:00", break_minutes: 0, grace_minutes: 15 },
      ],
    ],
  ]);
  const assign = (user: number, shift: number) => ({ company_id: A, user_id: user, shift_id: shift, start_date: "2026-01-01" });
  await load(env, [["user-to-shift", [assign(u1, pagi), assign(u2, pagi), assign(u3, pagi), assign(u4, pagi), assign(u5, sore)]]]);
  Object.assign(ids, { citra: u2, fajar: u5, joko: u9 });
  const permit = (user: number, type: string, from: string, to: string | null, status = "approved", company = A) => ({
    company_id: company,
    user_id: user,
    permit_type: type,
    absent_date: from,
    end_date: to,
    reason: "Keperluan keluarga",
    status,
  });
  // Approved leave covering today: Dewi's permission (on leave, no presence), Eko's sick permit
  // (his absent row is a sick day). Not counted for Fajar: a pending leave, one that ended
  // yesterday, one from tomorrow, an overtime permit; nor another company's leave.
  await load(env, [
    [
      "permit",
      [
        permit(u3, "permission", dayBefore(wib), dayAfter(wib)),
        permit(u4, "sick", wib, null),
        permit(u5, "leave", wib, wib, "pending"),
        permit(u5, "leave", dayBefore(dayBefore(wib)), dayBefore(wib)),
        permit(u5, "leave", dayAfter(wib), dayAfter(wib)),
        permit(u5, "overtime", wib, wib),
        permit(ub, "leave", wib, wib, "approved", B),
      ],
    ],
  ]);
  const row = (user: number, p: number | null, date: string, status: string, area: string | null = null, company = A, clockIn: string | null = null) => ({
    company_id: company,
    user_id: user,
    project_id: p,
    presence_date: date,
    presence_status: status,
    work_area_in: area,
    clock_in: clockIn,
  });
  await load(env, [
    [
      "presence",
      [
        // Wawan, no shift: in at 08:00 WIB, present.
        row(worker.id, home, wib, "present", "inside", A, at("01:00")),
        // Bima at two sites today: counted once, by the first (09:00 WIB on Pagi: late), and outside by either.
        row(u1, far, east, "present", "inside", A, at("04:59")),
        row(u1, home, wib, "late", "outside", A, at("02:00")),
        // Eko: an absent row on his sick day.
        row(u4, home, wib, "absent"),
        // Gita: a leave row; Indra: sick on the site west of the date line, where today is the day before.
        row(u6, null, wib, "leave"),
        row(u8, behind, west, "sick"),
        // Hadi, no shift, at the site east: present there, outside its work area.
        row(u7, far, east, "present", "outside", A, at("03:00")),
        // Not today on their site: Citra yesterday at home, Bima the day before on the west site.
        row(u2, home, dayBefore(wib), "present", "outside", A, at("01:00", dayBefore(wib))),
        row(u1, behind, dayBefore(west), "present", "outside", A, at("20:00", dayBefore(west))),
        // Another company.
        row(ub, pb, wib, "present", "outside", B, at("01:00")),
      ],
    ],
  ]);
  vi.useFakeTimers({ toFake: ["Date"], now, shouldAdvanceTime: true });
});

afterAll(async () => {
  vi.useRealTimers();
  await env?.close();
});

describe("presence/attendance-today", () => {
  it("counts as the timesheet: present, late by the shift, absent when scheduled and not in, leave and sick, outside; each day on its site's clock", async () => {
    const res = await env.call(env.adminA, "GET", "/api/presence/attendance-today");
    expect(res.status, res.raw).toBe(200);
    // Present 2 (Wawan, Hadi), late 1 (Bima, twice clocked in), absent 1 (Citra: Pagi began, no
    // clock-in), leave 2 (Dewi's permit, Gita's row), sick 2 (Eko's permit over his absent row,
    // Indra's row on her site's day). Fajar (Sore not begun) and Joko (no shift) are not counted.
    // Outside: Bima, Hadi.
    expect(res.body.data).toEqual({ present: 2, late: 1, absent: 1, leave: 2, sick: 2, outside: 2 });
    // The timesheet of today says the same of Citra and Fajar.
    const sheet = await env.call(env.adminA, "GET", `/api/timesheet/search?from=${wib}&to=${wib}`);
    expect(sheet.status, sheet.raw).toBe(200);
    const kindOf = (id: number) => sheet.body.data.people.find((p: { user_id: number }) => p.user_id === id)?.days[0].kind;
    expect([kindOf(ids.citra), kindOf(ids.fajar), kindOf(ids.joko)]).toEqual(["scheduled", "scheduled", "off"]);
  });

  it("counts only the rows the actor may see", async () => {
    const res = await env.call(worker, "GET", "/api/presence/attendance-today");
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual({ present: 1, late: 0, absent: 0, leave: 0, sick: 0, outside: 0 });
    // Bona came to work on her approved leave day: counted present, not on leave.
    expect((await env.call(env.adminB, "GET", "/api/presence/attendance-today")).body.data).toEqual({ present: 1, late: 0, absent: 0, leave: 0, sick: 0, outside: 1 });
  });

  it("is refused without the presence menu", async () => {
    expect((await env.call(outsider, "GET", "/api/presence/attendance-today")).status).toBe(403);
  });
});
