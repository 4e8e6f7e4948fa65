// Review fields (declaration FieldDecl.reviewField; server/access/review-fields.ts): a worker who
// may file a permit or a K3 report cannot approve it or close it. Only a role with the edit right
// on the resource's menu sets a review field; from anyone else a value other than the default is
// refused (400 review_only) and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_RESOURCES } from "../../declaration";
import { setupField, type FieldEnv } from "./field-fixture";
import { dynamicDb } from "../../server/db/dynamic";

let f: FieldEnv;
beforeAll(async () => {
  f = await setupField();
}, 60_000);
afterAll(async () => {
  await f?.close();
});

const count = async (table: string) =>
  Number(
    (
      await dynamicDb(f.env.db)
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const permit = (user: number, extra: Record<string, unknown> = {}) => ({ user_id: user, permit_type: "sick", absent_date: "2026-11-20", reason: "Demam", ...extra });
const report = (extra: Record<string, unknown> = {}) => ({
  project_id: f.jakarta,
  title: "Tangga rusak",
  report_type: "unsafe_condition",
  severity: "high",
  report_date: "2026-11-20",
  ...extra,
});

describe("review fields", () => {
  it("are declared on the approval and review statuses", () => {
    const declared = ALL_RESOURCES.flatMap((r) => r.fields.filter((x) => x.reviewField).map((x) => `${r.name}.${x.name}`));
    expect(declared.sort()).toEqual(["panic-button.status", "permit.status", "report-k3.status"]);
  });

  it("a worker who may add a permit cannot approve it: 400 on status, nothing stored; pending or left out is filed", async () => {
    const before = await count("permit");
    const approved = await f.env.call(f.worker, "POST", "/api/permit/add", permit(f.worker.id, { status: "approved" }));
    expect(approved.status).toBe(400);
    expect(approved.body).toMatchObject({ key: "validation_failed", errors: { status: "Only a reviewer (who may edit these records) can set this." } });
    const rejected = await f.env.call(f.worker, "POST", "/api/permit/add", permit(f.worker.id, { status: "rejected" }), { "accept-language": "id" });
    expect(rejected.body.errors.status).toBe("Hanya peninjau (yang boleh mengubah data ini) yang dapat mengisi ini.");
    expect(await count("permit")).toBe(before);
    const pending = await f.env.call(f.worker, "POST", "/api/permit/add", permit(f.worker.id, { status: "pending" }));
    expect(pending.status, pending.raw).toBe(200);
    const left = await f.env.call(f.worker, "POST", "/api/permit/add", permit(f.worker.id));
    expect(left.body.data.status).toBe("pending");
    // Nor later: the worker holds no edit right on permits.
    expect((await f.env.call(f.worker, "PUT", `/api/permit/update/${left.body.data.id}`, { status: "approved" })).status).toBe(403);
  });

  it("a reviewer (the edit right) approves: on filing, or later with update/{id}", async () => {
    const filed = await f.env.call(f.supervisor, "POST", "/api/permit/add", permit(f.worker.id, { status: "approved" }));
    expect(filed.status, filed.raw).toBe(200);
    expect(filed.body.data.status).toBe("approved");
    const mine = await f.env.call(f.worker, "POST", "/api/permit/add", permit(f.worker.id));
    const decided = await f.env.call(f.supervisor, "PUT", `/api/permit/update/${mine.body.data.id}`, { status: "rejected" });
    expect(decided.status, decided.raw).toBe(200);
    expect(decided.body.data.status).toBe("rejected");
  });

  it("a worker files a K3 report (open, themselves the reporter) but cannot put it in review or close it", async () => {
    const before = await count("report_k3");
    const closed = await f.env.call(f.worker, "POST", "/api/report-k3/add", report({ status: "closed" }));
    expect(closed.status).toBe(400);
    // Not even a reviewer files one closed (the report's flow: open → in review → closed).
    expect(closed.body.errors).toEqual({ status: "A new record starts as open; only its steps move it on." });
    expect(await count("report_k3")).toBe(before);
    const filed = await f.env.call(f.worker, "POST", "/api/report-k3/add", report({ reporter_id: f.other.id }));
    expect(filed.status, filed.raw).toBe(200);
    expect(filed.body.data).toMatchObject({ status: "open", reporter_id: f.worker.id });
    expect((await f.env.call(f.worker, "PUT", `/api/report-k3/update/${filed.body.data.id}`, { status: "closed" })).status).toBe(403);
    const reviewed = await f.env.call(f.supervisor, "PUT", `/api/report-k3/update/${filed.body.data.id}`, { status: "in_review" });
    expect(reviewed.status, reviewed.raw).toBe(200);
    expect(reviewed.body.data.status).toBe("in_review");
  });
});
