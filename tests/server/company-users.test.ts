// company-management GET user-counts (server/custom/company-users.ts): people per company, all and active.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { load } from "./custom-fixture";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;

beforeAll(async () => {
  env = await setupServer();
  // Company A: its admin and viewer (fixture) and a disabled person; company B: its admin.
  await load(env, [
    ["human-resource", [{ company_id: env.companyA, name: "Dina Disabled", email: "dina@alpha.test", employee_type: "contract", role_id: env.roles.viewerA, is_active: false }]],
  ]);
});
afterAll(async () => {
  await env?.close();
});

describe("company-management/user-counts", () => {
  it("answers every company's people, all and active, to the platform owner", async () => {
    const res = await env.call(env.owner, "GET", "/api/company-management/user-counts");
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual([
      { company_id: env.companyA, user_count: 3, active_user_count: 2 },
      { company_id: env.companyB, user_count: 1, active_user_count: 1 },
    ]);
  });

  it("never shows another company's count; needs a token", async () => {
    const admin = await env.call(env.adminA, "GET", "/api/company-management/user-counts");
    // The fixture's company admin holds every menu, this one too: their own company only.
    expect(admin.body.data).toEqual([{ company_id: env.companyA, user_count: 3, active_user_count: 2 }]);
    expect((await env.call(env.viewerA, "GET", "/api/company-management/user-counts")).status).toBe(403);
    expect((await env.call(null, "GET", "/api/company-management/user-counts")).status).toBe(401);
  });
});
