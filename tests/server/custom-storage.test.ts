// information-storage/{company_id} and information-storage-all-company (server/custom/storage-info.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPANIES } from "../../server/access/identity";
import { load } from "./custom-fixture";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;

beforeAll(async () => {
  env = await setupServer();
  const A = env.companyA;
  const B = env.companyB;
  await env.db.updateTable(COMPANIES.table).set({ storage_quota_mb: 2 }).where("id", "=", A).execute();
  await env.db.updateTable(COMPANIES.table).set({ storage_quota_mb: null }).where("id", "=", B).execute();
  const [[type]] = await load(env, [["project-type", [{ company_id: A, name: "Gedung" }]]]);
  const [[p]] = await load(env, [["project", [{ company_id: A, name: "P", code: "P", project_type_id: type, start_date: "2026-01-01", end_date: "2026-02-01" }]]]);
  await load(env, [
    [
      "image",
      [
        { company_id: A, folder: "selfie", owner_id: 1, file_name: "a.png", size: 100_000 },
        { company_id: A, folder: "company", owner_id: A, file_name: "b.png", size: 48_576 },
        { company_id: B, folder: "selfie", owner_id: 1, file_name: "c.png", size: 777 },
      ],
    ],
    ["document-project", [{ company_id: A, project_id: p, name: "x.pdf", file: "x.pdf", size: 900_000 }]],
  ]);
});
afterAll(async () => {
  await env?.close();
});

describe("information-storage/{company_id}", () => {
  it("answers bytes used, file count and quota of the actor's company", async () => {
    const res = await env.call(env.viewerA, "GET", `/api/information-storage/${env.companyA}`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual({
      company_id: env.companyA,
      company_id_label: "PT Alpha",
      company_name: "PT Alpha",
      used_bytes: 1_048_576,
      file_count: 3,
      quota_bytes: 2 * 1_048_576,
      used_percent: 50,
    });
  });

  it("is 404 for another company (and a bad id); the owner reads any", async () => {
    expect((await env.call(env.adminA, "GET", `/api/information-storage/${env.companyB}`)).status).toBe(404);
    expect((await env.call(env.adminA, "GET", "/api/information-storage/x")).status).toBe(404);
    const owner = await env.call(env.owner, "GET", `/api/information-storage/${env.companyB}`);
    expect(owner.body.data).toMatchObject({ company_id: env.companyB, used_bytes: 777, file_count: 1, quota_bytes: null, used_percent: null });
    expect((await env.call(env.owner, "GET", "/api/information-storage/999999")).status).toBe(404);
    expect((await env.call(null, "GET", `/api/information-storage/${env.companyA}`)).status).toBe(401);
  });
});

describe("information-storage-all-company", () => {
  it("answers every company, for the platform owner only", async () => {
    const res = await env.call(env.owner, "GET", "/api/information-storage-all-company");
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.map((c: { company_name: string; used_bytes: number; file_count: number }) => [c.company_name, c.used_bytes, c.file_count])).toEqual([
      ["PT Alpha", 1_048_576, 3],
      ["PT Beta", 777, 1],
    ]);
    // Company admins hold every menu in this fixture: still 403.
    expect((await env.call(env.adminA, "GET", "/api/information-storage-all-company")).status).toBe(403);
    expect((await env.call(env.viewerA, "GET", "/api/information-storage-all-company")).status).toBe(403);
  });
});
