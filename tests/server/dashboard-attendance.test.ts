// presence GET attendance-today (the home dashboard's attendance card): today's people by the
// status of their first presence and those clocked in outside a work area, each row on its own
// site's day (the project's zone, else the company's), a person at two sites counted once, only
// the rows the actor may see, within the company.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localParts } from "../../server/field/zones";
import { load, userWithMenus } from "./custom-fixture";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";

let env: TestEnv;
let worker: FixtureUser;
let outsider: FixtureUser;
const now = Date.now();
const wib = localParts(now, "Asia/Jakarta").date;
const east = localParts(now, "Pacific/Kiritimati").date; // UTC+14
const west = localParts(now, "Pacific/Pago_Pago").date; // UTC-11
const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

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
  const [[u1, u2, ub, u3, u4, u5, u6, u7, u8]] = await load(env, [
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
      ],
    ],
  ]);
  const permit = (user: number, type: string, from: string, to: string | null, status = "approved", company = A) => ({
    company_id: company,
    user_id: user,
    permit_type: type,
    absent_date: from,
    end_date: to,
    reason: "Keperluan keluarga",
    status,
  });
  // Approved leave covering today (the company's day, WIB): Dewi has no row today (on leave); Eko's
  // absent row counts as sick. Not counted: a pending leave, one that ended yesterday, one from
  // tomorrow, an overtime permit, and another company's leave.
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
        row(worker.id, home, wib, "present", "inside"),
        // Bima at two sites today: counted once, by the first (late), and outside by either.
        row(u1, far, east, "present", "inside", A, new Date(now - 60_000).toISOString()),
        row(u1, home, wib, "late", "outside", A, new Date(now - 3 * 3600_000).toISOString()),
        row(u2, home, wib, "absent"),
        row(u6, null, wib, "leave"),
        row(u7, far, east, "present", "outside"),
        row(u8, behind, west, "sick"),
        row(u4, home, wib, "absent"),
        // Not today on their site: the day before on each.
        row(u1, home, dayBefore(wib), "present", "outside"),
        row(u2, far, dayBefore(east), "late"),
        row(u1, behind, dayBefore(west), "absent"),
        // Another company.
        row(ub, pb, wib, "present", "outside", B),
      ],
    ],
  ]);
});

afterAll(async () => {
  await env?.close();
});

describe("presence/attendance-today", () => {
  it("counts today's rows on each site's day by status, and those clocked in outside the work area", async () => {
    const res = await env.call(env.adminA, "GET", "/api/presence/attendance-today");
    expect(res.status, res.raw).toBe(200);
    // People: present 2 (Wawan, Hadi), late 1 (Bima, twice clocked in), absent 2 (Citra, Eko),
    // leave 1 (Gita), sick 1 (Indra). Approved permits: Dewi on leave without a row (+1 leave),
    // Eko's absent row is his sick day (absent → sick). Outside: Bima, Hadi.
    expect(res.body.data).toEqual({ present: 2, late: 1, absent: 1, leave: 2, sick: 2, outside: 2 });
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
