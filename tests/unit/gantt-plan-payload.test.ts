// The save body from the chart's plan (saved ids, new keys, links among new activities) and the
// templates both ways.
import { describe, expect, it } from "vitest";
import type { Activity } from "../../src/pages/gantt/model/activity";
import type { ActivityDraft } from "../../src/pages/gantt/model/ganttMapping";
import { planActivities, planBody } from "../../src/pages/gantt/model/planPayload";
import { planToTemplate, templateToPlan } from "../../src/pages/gantt/model/templatePlan";

const saved: Activity[] = [
  { id: 1, parent_id: null, code: "A", weight: 10, name: "Persiapan", type: "summary", start_date: "2026-03-02", end_date: "2026-03-06", order: 1 },
  { id: 2, parent_id: 1, code: "A.1", weight: 5, name: "Galian", type: "task", start_date: "2026-03-02", end_date: "2026-03-06", order: 2 },
];

const draft = (d: Partial<ActivityDraft> & Pick<ActivityDraft, "id" | "name">): ActivityDraft => ({
  isNew: false,
  order: 1,
  type: "task",
  start_date: "2026-03-02",
  end_date: "2026-03-02",
  work_duration: 1,
  progress: 0,
  parent_id: null,
  predecessors: [],
  ...d,
});

describe("planBody", () => {
  it("names saved activities by id, new ones by key, keeps code and weight, and links new ones by key", () => {
    const body = planBody(
      [
        draft({ id: 1, name: "Persiapan", type: "summary", end_date: "2026-03-09", work_duration: 8 }),
        draft({ id: 2, name: "Galian", parent_id: 1, order: 2, predecessors: [{ id: 1, type: "s2s", lag: 2 }] }),
        draft({ id: "tmp-9", isNew: true, name: "Baru", pendingParent: undefined, parent_id: 1, order: 3 }),
        draft({ id: "tmp-10", isNew: true, name: "Anak", pendingParent: "tmp-9", order: 4 }),
      ],
      saved,
      4,
      new Map([["tmp-10", [{ source: "tmp-9", type: "e2s" }]]]),
    );
    expect(body.revision).toBe(4);
    expect(body.activities).toEqual([
      {
        id: 1,
        parent: null,
        name: "Persiapan",
        type: "summary",
        start_date: "2026-03-02",
        end_date: "2026-03-09",
        work_duration: 8,
        progress: 0,
        code: "A",
        weight: 10,
        predecessors: [],
      },
      {
        id: 2,
        parent: 1,
        name: "Galian",
        type: "task",
        start_date: "2026-03-02",
        end_date: "2026-03-02",
        work_duration: 1,
        progress: 0,
        code: "A.1",
        weight: 5,
        predecessors: [{ id: 1, type: "s2s", lag: 2 }],
      },
      { key: "tmp-9", parent: 1, name: "Baru", type: "task", start_date: "2026-03-02", end_date: "2026-03-02", work_duration: 1, progress: 0, predecessors: [] },
      {
        key: "tmp-10",
        parent: "tmp-9",
        name: "Anak",
        type: "task",
        start_date: "2026-03-02",
        end_date: "2026-03-02",
        work_duration: 1,
        progress: 0,
        predecessors: [{ id: "tmp-9", type: "e2s" }],
      },
    ]);
    // The views read new activities under stand-in ids, their links kept.
    const activities = planActivities(body);
    expect(activities.map((a) => [a.id, a.parent_id])).toEqual([
      [1, null],
      [2, 1],
      [-3, 1],
      [-4, -3],
    ]);
    expect(activities[3].predecessors).toEqual([{ id: -3, type: "e2s" }]);
  });
});

describe("templates", () => {
  it("lays a template out from a start day, leaves in sequence linked finish-to-start", () => {
    const plan = templateToPlan(
      [
        {
          id: "1",
          name: "Pondasi",
          code: "P",
          children: [
            { id: "1.1", name: "Galian", duration_days: 3, children: [] },
            { id: "1.2", name: "Cor", duration_days: 2, children: [] },
            { id: "1.3", name: "Selesai", type: "milestone", children: [] },
          ],
        },
      ],
      "2026-03-02",
    );
    expect(plan.map((e) => [e.key, e.parent, e.type, e.start_date, e.end_date, e.work_duration, e.predecessors])).toEqual([
      ["t1", null, "summary", "2026-03-02", "2026-03-06", 5, []],
      ["t2", "t1", "task", "2026-03-02", "2026-03-04", 3, []],
      ["t3", "t1", "task", "2026-03-05", "2026-03-06", 2, [{ id: "t2", type: "e2s" }]],
      ["t4", "t1", "milestone", "2026-03-06", "2026-03-06", 0, [{ id: "t3", type: "e2s" }]],
    ]);
    expect(plan[0].code).toBe("P");
  });

  it("writes a version as a template structure get-tree reads back", () => {
    expect(planToTemplate(saved)).toEqual({
      phases: [{ name: "Persiapan", type: "summary", code: "A", duration_days: 5, children: [{ name: "Galian", type: "task", code: "A.1", duration_days: 5, children: [] }] }],
    });
  });
});
