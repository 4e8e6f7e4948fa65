// version-gantt PUT save-plan/{id}: the Gantt's whole plan in one save, checked against the
// revision it was made on (409 on an older copy), within the company, with named 400s.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { load } from "./custom-fixture";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
const ids: Record<string, number> = {};

beforeAll(async () => {
  env = await setupServer();
  const A = env.companyA;
  const B = env.companyB;
  const [[p1, pb]] = await load(env, [
    [
      "project",
      [
        { company_id: A, name: "Tower One", code: "P1", start_date: "2026-01-01", end_date: "2026-12-31", status: "in_progress" },
        { company_id: B, name: "Beta Net", code: "PB", start_date: "2026-01-01", end_date: "2026-12-31", status: "in_progress" },
      ],
    ],
  ]);
  const [[v1, vb]] = await load(env, [
    [
      "version-gantt",
      [
        { company_id: A, project_id: p1, name: "Current", revision: 0 },
        { company_id: B, project_id: pb, name: "Beta plan", revision: 0 },
      ],
    ],
  ]);
  const [[a1, a2, a3]] = await load(env, [
    [
      "activity",
      [
        { company_id: A, project_id: p1, version_gantt_id: v1, name: "Persiapan", type: "summary", start_date: "2026-03-01", end_date: "2026-03-20", order: 1 },
        { company_id: A, project_id: p1, version_gantt_id: v1, name: "Galian", type: "task", start_date: "2026-03-01", end_date: "2026-03-10", progress: 40, order: 2 },
        { company_id: A, project_id: p1, version_gantt_id: v1, name: "Pondasi", type: "task", start_date: "2026-03-11", end_date: "2026-03-20", order: 3 },
      ],
    ],
  ]);
  await env.db.updateTable("activity").set({ parent_id: a1 }).where("id", "in", [a2, a3]).execute();
  Object.assign(ids, { p1, pb, v1, vb, a1, a2, a3 });
});
afterAll(async () => {
  await env?.close();
});

const plan = () => [
  { id: ids.a1, parent: null, name: "Persiapan", type: "summary", start_date: "2026-03-01", end_date: "2026-03-25", progress: 0 },
  { id: ids.a2, parent: ids.a1, name: "Galian", type: "task", start_date: "2026-03-03", end_date: "2026-03-12", work_duration: 10, progress: 50 },
  { id: ids.a3, parent: ids.a1, name: "Pondasi", type: "task", start_date: "2026-03-13", end_date: "2026-03-25", progress: 0, predecessors: [{ id: ids.a2, type: "e2s" }] },
  { key: "new-1", parent: ids.a1, name: "Serah terima", type: "milestone", start_date: "2026-03-25", end_date: "2026-03-25", predecessors: [{ id: ids.a3, type: "e2e", lag: 1 }] },
];

const activities = (versionId: number) => env.db.selectFrom("activity").selectAll().where("version_gantt_id", "=", versionId).orderBy("order").execute();

describe("version-gantt save-plan/{id}", () => {
  it("stores moves, progress, links and new activities, and moves the revision on", async () => {
    const res = await env.call(env.adminA, "PUT", `/api/version-gantt/save-plan/${ids.v1}`, { revision: 0, activities: plan() });
    expect(res.status).toBe(200);
    expect(res.body.data.revision).toBe(1);
    const rows = await activities(ids.v1);
    expect(rows.map((r) => [r.name, r.start_date, r.end_date, Number(r.order)])).toEqual([
      ["Persiapan", "2026-03-01", "2026-03-25", 1],
      ["Galian", "2026-03-03", "2026-03-12", 2],
      ["Pondasi", "2026-03-13", "2026-03-25", 3],
      ["Serah terima", "2026-03-25", "2026-03-25", 4],
    ]);
    const added = rows[3];
    expect(Number(added.parent_id)).toBe(ids.a1);
    expect(added.type).toBe("milestone");
    expect(JSON.parse(String(added.predecessors))).toEqual([{ id: ids.a3, type: "e2e", lag: 1 }]);
    expect(JSON.parse(String(rows[2].predecessors))).toEqual([{ id: ids.a2, type: "e2s" }]);
    expect(Number(rows[1].progress)).toBe(50);
    // The answer is the plan as stored, new ids included.
    expect(res.body.data.activities.map((a: { id: number }) => a.id)).toEqual(rows.map((r) => Number(r.id)));
    const version = await env.db.selectFrom("version_gantt").select("revision").where("id", "=", ids.v1).executeTakeFirstOrThrow();
    expect(Number(version.revision)).toBe(1);
    ids.a4 = Number(added.id);
  });

  it("refuses a save made on an older revision with 409 and keeps the newer plan", async () => {
    const stale = plan().slice(0, 3);
    stale[1] = { ...stale[1], start_date: "2026-04-01", end_date: "2026-04-05" };
    const res = await env.call(env.adminA, "PUT", `/api/version-gantt/save-plan/${ids.v1}`, { revision: 0, activities: stale }, { "accept-language": "en" });
    expect(res.status).toBe(409);
    // The web app decides by the key (a stale plan offers a reload), never by the status.
    expect(res.body.key).toBe("plan_stale");
    expect(res.body.message).toMatch(/changed by someone else/);
    const rows = await activities(ids.v1);
    expect(rows).toHaveLength(4);
    expect(rows[1].start_date).toBe("2026-03-03");
  });

  it("deletes the activities the plan leaves out, children with their parent", async () => {
    const res = await env.call(env.adminA, "PUT", `/api/version-gantt/save-plan/${ids.v1}`, {
      revision: 1,
      activities: [{ id: ids.a3, parent: null, name: "Pondasi", type: "task", start_date: "2026-03-13", end_date: "2026-03-25" }],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.revision).toBe(2);
    const rows = await activities(ids.v1);
    expect(rows.map((r) => [Number(r.id), r.parent_id, r.predecessors])).toEqual([[ids.a3, null, "[]"]]);
  });

  it("names the bad fields with 400 and changes nothing", async () => {
    const res = await env.call(env.adminA, "PUT", `/api/version-gantt/save-plan/${ids.v1}`, {
      revision: 2,
      activities: [
        { id: ids.a3, parent: "nowhere", name: "", type: "task", start_date: "2026-03-13", end_date: "2026-03-01" },
        {
          key: "k",
          name: "Baru",
          type: "phase",
          start_date: "2026-03-13",
          end_date: "2026-03-14",
          predecessors: [
            { id: 999999, type: "e2s" },
            { id: ids.a3, type: "xx" },
          ],
        },
        { id: 424242, name: "Lain", type: "task", start_date: "2026-03-13", end_date: "2026-03-14" },
      ],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      [
        "activities.0.end_date",
        "activities.0.name",
        "activities.0.parent",
        "activities.1.predecessors.0.id",
        "activities.1.predecessors.1.type",
        "activities.1.type",
        "activities.2.id",
      ].sort(),
    );
    expect((await env.call(env.adminA, "PUT", `/api/version-gantt/save-plan/${ids.v1}`, { activities: [] })).body.errors).toHaveProperty("revision");
    expect((await env.call(env.adminA, "PUT", `/api/version-gantt/save-plan/${ids.v1}`, { revision: 2 })).body.errors).toHaveProperty("activities");
    const version = await env.db.selectFrom("version_gantt").select("revision").where("id", "=", ids.v1).executeTakeFirstOrThrow();
    expect(Number(version.revision)).toBe(2);
    expect(await activities(ids.v1)).toHaveLength(1);
  });

  it("refuses a parent cycle", async () => {
    const res = await env.call(env.adminA, "PUT", `/api/version-gantt/save-plan/${ids.v1}`, {
      revision: 2,
      activities: [
        { key: "a", parent: "b", name: "A", type: "summary", start_date: "2026-03-13", end_date: "2026-03-14" },
        { key: "b", parent: "a", name: "B", type: "summary", start_date: "2026-03-13", end_date: "2026-03-14" },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(["activities.0.parent"]);
  });

  it("answers 404 for another company's version and 403 without the right to edit", async () => {
    const other = await env.call(env.adminA, "PUT", `/api/version-gantt/save-plan/${ids.vb}`, { revision: 0, activities: [] });
    expect(other.status).toBe(404);
    const beta = await env.db.selectFrom("version_gantt").select("revision").where("id", "=", ids.vb).executeTakeFirstOrThrow();
    expect(Number(beta.revision)).toBe(0);
    const viewer = await env.call(env.viewerA, "PUT", `/api/version-gantt/save-plan/${ids.v1}`, { revision: 2, activities: [] });
    expect(viewer.status).toBe(403);
    expect(await activities(ids.v1)).toHaveLength(1);
  });
});
