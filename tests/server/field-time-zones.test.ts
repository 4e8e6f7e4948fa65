// Time zones on the server (docs/api.md "Field capture"): the `timezone` field type takes IANA
// names the runtime knows (stored in their canonical spelling), company and project zones,
// project/time-zones for the web app, the login answer's company zone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupField, type FieldEnv } from "./field-fixture";

let f: FieldEnv;
beforeAll(async () => {
  f = await setupField();
}, 60_000);
afterAll(async () => {
  await f?.close();
});

describe("the timezone field type", () => {
  it.each([
    ["Asia/Makassar", 200, "Asia/Makassar"],
    ["asia/jayapura", 200, "Asia/Jayapura"],
    ["UTC", 200, "UTC"],
    ["+07:00", 400, null],
    ["Mars/Olympus_Mons", 400, null],
    ["Asia/Jakarta; drop table project", 400, null],
    ["", 200, null],
  ])("project time_zone %j → %i", async (zone, status, stored) => {
    const res = await f.env.call(f.env.adminA, "PUT", `/api/project/update/${f.elsewhere}`, { time_zone: zone });
    expect(res.status, res.raw).toBe(status);
    if (status === 200) expect(res.body.data.time_zone).toBe(stored);
    else expect(res.body.errors).toEqual({ time_zone: "Must be a time zone such as Asia/Jakarta." });
  });

  it("a project's work radius: default 200 m, 10 to 50,000", async () => {
    const add = await f.env.call(f.env.adminA, "POST", "/api/project/add", {
      name: "Radius",
      code: "RAD-1",
      project_type_id: (await f.env.db.selectFrom("project").select("project_type_id").where("id", "=", f.jakarta).executeTakeFirstOrThrow()).project_type_id,
      start_date: "2026-01-01",
      end_date: "2026-12-31",
    });
    expect(add.status, add.raw).toBe(200);
    expect(add.body.data).toMatchObject({ work_radius_m: 200, time_zone: null });
    for (const [v, ok] of [
      [5, false],
      [10, true],
      [50_000, true],
      [50_001, false],
    ] as const)
      expect((await f.env.call(f.env.adminA, "PUT", `/api/project/update/${add.body.data.id}`, { work_radius_m: v })).status).toBe(ok ? 200 : 400);
  });

  it("a company's zone: Asia/Jakarta by default, set by the platform owner", async () => {
    const company = await f.env.call(f.env.owner, "POST", "/api/company-management/add", { name: "PT Timur", code: "TMR", industry: "civil", email: "a@timur.test" });
    expect(company.status, company.raw).toBe(200);
    expect(company.body.data.time_zone).toBe("Asia/Jakarta");
    const moved = await f.env.call(f.env.owner, "PUT", `/api/company-management/update/${company.body.data.id}`, { time_zone: "Asia/Jayapura" });
    expect(moved.body.data.time_zone).toBe("Asia/Jayapura");
    const bad = await f.env.call(f.env.owner, "PUT", `/api/company-management/update/${company.body.data.id}`, { time_zone: "WIT" });
    expect(bad.status).toBe(400);
  });
});

describe("project/time-zones", () => {
  it("answers the company's zone and the projects in another one, to anyone signed in of the company", async () => {
    await f.env.call(f.env.adminA, "PUT", `/api/project/update/${f.elsewhere}`, { time_zone: "Asia/Jakarta" }); // the company's own: not listed
    for (const who of [f.env.adminA, f.worker, f.clerk]) {
      const res = await f.env.call(who, "GET", "/api/project/time-zones");
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data).toEqual({ company: "Asia/Jakarta", projects: { [String(f.makassar)]: "Asia/Makassar" } });
    }
    // Another company sees its own only.
    expect((await f.env.call(f.env.adminB, "GET", "/api/project/time-zones")).body.data).toEqual({ company: "Asia/Jakarta", projects: {} });
    expect((await f.env.call(null, "GET", "/api/project/time-zones")).status).toBe(401);
    // A company in WITA lists its Jakarta site, not its own-zone ones.
    await f.env.db.updateTable("companies").set({ time_zone: "Asia/Makassar" }).where("id", "=", f.env.companyA).execute();
    const wita = await f.env.call(f.worker, "GET", "/api/project/time-zones");
    expect(wita.body.data).toEqual({ company: "Asia/Makassar", projects: { [String(f.elsewhere)]: "Asia/Jakarta" } });
    await f.env.db.updateTable("companies").set({ time_zone: "Asia/Jakarta" }).where("id", "=", f.env.companyA).execute();
  });
});

describe("login", () => {
  it("answers the company's zone with the user", async () => {
    await f.env.db.updateTable("companies").set({ time_zone: "Asia/Jayapura" }).where("id", "=", f.env.companyB).execute();
    const res = await f.env.call(null, "POST", "/api/login", { email: "admin@beta.test", password: "fixture-pass-1" });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.user.time_zone).toBe("Asia/Jayapura");
  });
});
