// project-approval approve/{id} and reject/{id}: the approver named on a pending approval decides
// it (status, decided_at, note stored); anyone else 403; a decided one 400 on status. And the
// project children's single-record update and delete (beyond the spec, for the workspace).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { load } from "./custom-fixture";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
const ids: Record<string, number> = {};

beforeAll(async () => {
  env = await setupServer();
  const A = env.companyA;
  const B = env.companyB;
  const [[typeA, typeB]] = await load(env, [
    [
      "project-type",
      [
        { company_id: A, name: "Gedung" },
        { company_id: B, name: "FTTH" },
      ],
    ],
  ]);
  const [[p1, pb]] = await load(env, [
    [
      "project",
      [
        { company_id: A, name: "Tower One", code: "P1", project_type_id: typeA, start_date: "2026-01-01", end_date: "2026-12-31", status: "in_progress" },
        { company_id: B, name: "Beta Net", code: "PB", project_type_id: typeB, start_date: "2026-01-01", end_date: "2026-12-31", status: "in_progress" },
      ],
    ],
  ]);
  const [[mine, theirs, decided, other]] = await load(env, [
    [
      "project-approval",
      [
        { company_id: A, project_id: p1, title: "Shop drawing", approver_id: env.adminA.id, status: "pending" },
        { company_id: A, project_id: p1, title: "Material change", approver_id: env.viewerA.id, status: "pending" },
        { company_id: A, project_id: p1, title: "Old", approver_id: env.adminA.id, status: "approved" },
        { company_id: B, project_id: pb, title: "Beta", approver_id: env.adminB.id, status: "pending" },
      ],
    ],
  ]);
  const [[risk]] = await load(env, [["project-risks", [{ company_id: A, project_id: p1, title: "Rain", probability: "high", impact: "medium", status: "identified" }]]]);
  Object.assign(ids, { p1, mine, theirs, decided, other, risk });
});

afterAll(async () => {
  await env?.close();
});

const row = async (table: string, id: number) =>
  env.db
    .selectFrom(table as never)
    .selectAll()
    .where("id" as never, "=", id as never)
    .executeTakeFirst() as Promise<Record<string, unknown>>;

describe("project-approval approve / reject", () => {
  it("the approver approves a pending approval: status, decided_at and the note are stored", async () => {
    const res = await env.call(env.adminA, "PUT", `/api/project-approval/approve/${ids.mine}`, { note: "OK, lanjut" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: ids.mine, status: "approved", note: "OK, lanjut" });
    const stored = await row("project_approval", ids.mine);
    expect(stored.status).toBe("approved");
    expect(stored.decided_at).toBeTruthy();
    expect(stored.note).toBe("OK, lanjut");
  });

  it("someone else may not decide: 403, nothing changes", async () => {
    const res = await env.call(env.adminA, "PUT", `/api/project-approval/reject/${ids.theirs}`, {});
    expect(res.status).toBe(403);
    expect((await row("project_approval", ids.theirs)).status).toBe("pending");
  });

  it("a decided approval is not decided again: 400 on status", async () => {
    const res = await env.call(env.adminA, "PUT", `/api/project-approval/reject/${ids.decided}`, {});
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(["status"]);
    expect((await row("project_approval", ids.decided)).status).toBe("approved");
  });

  it("another company's approval is not found", async () => {
    expect((await env.call(env.adminA, "PUT", `/api/project-approval/approve/${ids.other}`, {})).status).toBe(404);
  });
});

describe("project children: one record updated and deleted", () => {
  it("update/{id} changes the fields sent; delete/{id} removes that record only", async () => {
    const res = await env.call(env.adminA, "PUT", `/api/project-risks/update/${ids.risk}`, { status: "mitigating", mitigation: "Tarp" });
    expect(res.status).toBe(200);
    expect(await row("project_risks", ids.risk)).toMatchObject({ status: "mitigating", mitigation: "Tarp", title: "Rain" });
    expect((await env.call(env.adminA, "DELETE", `/api/project-approval/delete/${ids.theirs}`)).status).toBe(200);
    expect(await row("project_approval", ids.theirs)).toBeUndefined();
    expect(await row("project_approval", ids.mine)).toBeDefined();
  });
});
