// The planning models on what the server stores: the demo seed's versions, activities and money
// (built in memory, no database), read as `activity/search` answers them.
import { beforeAll, describe, expect, it } from "vitest";
import { ALL_RESOURCES } from "../../declaration";
import { buildDemo } from "../../server/seed/demo";
import type { DemoInput } from "../../server/seed/demo-contract";
import type { Activity } from "../../src/pages/gantt/model/activity";
import { computeSchedule } from "../../src/pages/gantt/model/criticalPath";
import { activitiesToGantt, ganttToActivities } from "../../src/pages/gantt/model/ganttMapping";
import { compareVersions } from "../../src/pages/gantt/model/versionCompare";
import { earnedValue, type Expenditure } from "../../src/pages/project/model/earnedValue";

type Rec = Record<string, unknown>;
let rowsOf: (resource: string) => Rec[];

beforeAll(() => {
  const menus: DemoInput["menus"] = [];
  const groups = new Map<string, number>();
  let id = 1;
  for (const r of ALL_RESOURCES)
    if (r.group && !groups.has(r.group)) {
      groups.set(r.group, id);
      menus.push({ id: id++, alias: r.group, parent_id: null });
    }
  for (const r of ALL_RESOURCES) if (r.group) menus.push({ id: id++, alias: r.name, parent_id: groups.get(r.group)! });
  const first: Record<string, number> = { "human-resource": 2, role: 2, menu: menus.length + 1, currency: 2, "issue-status": 5 };
  const data = buildDemo({
    menus,
    issueStatuses: [
      { id: 1, name: "Open", is_closed: false },
      { id: 2, name: "Closed", is_closed: true },
    ],
    nextId: (resource) => first[resource] ?? 1,
    now: new Date("2026-11-21T14:30:00+07:00"),
  });
  rowsOf = (resource) => (data.tables.find((t) => t.resource === resource)?.rows ?? []) as Rec[];
}, 60_000);

const versionsOf = (projectId: unknown) => {
  const versions = rowsOf("version-gantt").filter((v) => v.project_id === projectId);
  const activitiesOf = (v: Rec | undefined) => rowsOf("activity").filter((a) => a.version_gantt_id === v?.id) as unknown as Activity[];
  return { baseline: activitiesOf(versions.find((v) => v.is_baseline)), current: activitiesOf(versions.find((v) => !v.is_baseline)) };
};

describe("the planning models on the demo data", () => {
  it("every project has a baseline and a current plan", () => {
    expect(rowsOf("project").length).toBeGreaterThan(0);
    for (const p of rowsOf("project")) {
      const { baseline, current } = versionsOf(p.id);
      expect([baseline.length > 0, current.length > 0], String(p.code)).toEqual([true, true]);
    }
  });

  it("each version's links schedule without a cycle, a critical path, and no activity earlier than its links allow", () => {
    for (const p of rowsOf("project"))
      for (const plan of Object.values(versionsOf(p.id))) {
        const r = computeSchedule(plan);
        expect(r.ok, String(p.code)).toBe(true);
        if (!r.ok) continue;
        expect(r.criticalIds.length).toBeGreaterThan(0);
        expect(r.ignoredLinks).toEqual([]);
        const pushed = plan.filter((a) => a.type !== "summary" && r.entries.get(a.id)!.earlyStartDate !== a.start_date);
        expect(
          pushed.map((a) => a.code),
          String(p.code),
        ).toEqual([]);
      }
  });

  it("each version survives the trip to the Gantt and back unchanged", () => {
    for (const p of rowsOf("project")) {
      const { current } = versionsOf(p.id);
      // An empty plan would make the checks below pass on nothing.
      expect(current.length, String(p.code)).toBeGreaterThan(0);
      const { tasks, links } = activitiesToGantt(current);
      const back = new Map(ganttToActivities(tasks, links).map((d) => [d.id, d]));
      for (const a of current) {
        expect(back.get(a.id), `${String(p.code)} ${a.code}`).toMatchObject({
          start_date: a.start_date,
          end_date: a.end_date,
          work_duration: a.work_duration,
          progress: a.progress,
          parent_id: a.parent_id,
          type: a.type,
          predecessors: a.predecessors,
        });
      }
    }
  });

  it("baseline and current pair every activity by its code", () => {
    for (const p of rowsOf("project")) {
      const { baseline, current } = versionsOf(p.id);
      expect(current.length, String(p.code)).toBeGreaterThan(0);
      const c = compareVersions(baseline, current);
      expect([c.added.length, c.removed.length, c.moved.length + c.unchanged], String(p.code)).toEqual([0, 0, current.length]);
    }
  });

  it("earned value from the current plan's progress matches the project's progress", () => {
    for (const p of rowsOf("project")) {
      if (p.status === "planning") continue;
      const { baseline, current } = versionsOf(p.id);
      const expenditures = rowsOf("project-expenditure").filter((e) => e.project_id === p.id) as unknown as Expenditure[];
      const s = earnedValue({ baseline, current, budget: p.budget as number, expenditures, asOf: "2026-11-21" });
      expect(Math.abs(s.earnedPercent - Number(p.progress)), String(p.code)).toBeLessThan(1.5);
      expect(s.ac).toBe(expenditures.filter((e) => e.expense_date <= "2026-11-21").reduce((sum, e) => sum + e.amount, 0));
    }
  });
});
