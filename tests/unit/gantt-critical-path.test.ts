import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dayOf } from "../../src/lib/calendarDays";
import type { Activity, LinkKind, Predecessor } from "../../src/pages/gantt/model/activity";
import { computeSchedule, type ScheduleEntry } from "../../src/pages/gantt/model/criticalPath";

let nextOrder = 1;
const act = (id: number, start: string, end: string, predecessors: Predecessor[] = [], extra: Partial<Activity> = {}): Activity => ({
  id,
  parent_id: null,
  name: `A${id}`,
  type: "task",
  start_date: start,
  end_date: end,
  predecessors,
  order: nextOrder++,
  ...extra,
});
const ok = (result: ReturnType<typeof computeSchedule>) => {
  if (!result.ok) throw new Error(`unexpected cycle ${result.cycle.join(",")}`);
  return result;
};
const D0 = dayOf("2026-01-05")!;
/** Early start, early finish, late start, late finish (days from 2026-01-05) and total float. */
const figures = (e: ScheduleEntry | undefined) => e && [e.earlyStart - D0, e.earlyFinish - D0, e.lateStart - D0, e.lateFinish - D0, e.totalFloat];

describe("critical path and total float", () => {
  it("finds the longer of two parallel paths (finish-to-start) and the float of the shorter", () => {
    // A (3 d) -> B (2 d) -> D (1 d) and A -> C (4 d) -> D; all planned on the first day.
    const r = ok(
      computeSchedule([
        act(1, "2026-01-05", "2026-01-07"),
        act(2, "2026-01-05", "2026-01-06", [{ id: 1, type: "e2s" }]),
        act(3, "2026-01-05", "2026-01-08", [{ id: 1, type: "e2s" }]),
        act(4, "2026-01-05", "2026-01-05", [
          { id: 2, type: "e2s" },
          { id: 3, type: "e2s" },
        ]),
      ]),
    );
    expect(figures(r.entries.get(1))).toEqual([0, 3, 0, 3, 0]);
    expect(figures(r.entries.get(2))).toEqual([3, 5, 5, 7, 2]);
    expect(figures(r.entries.get(3))).toEqual([3, 7, 3, 7, 0]);
    expect(figures(r.entries.get(4))).toEqual([7, 8, 7, 8, 0]);
    expect(r.criticalIds).toEqual([1, 3, 4]);
    expect(r.projectFinish - r.projectStart).toBe(8);
    expect(r.entries.get(2)).toMatchObject({ critical: false, earlyStartDate: "2026-01-08", earlyEndDate: "2026-01-09", lateStartDate: "2026-01-10", lateEndDate: "2026-01-11" });
  });

  it("finish-to-start with a lag and with a lead (negative lag)", () => {
    const lag = ok(computeSchedule([act(1, "2026-01-05", "2026-01-07"), act(2, "2026-01-05", "2026-01-06", [{ id: 1, type: "e2s", lag: 2 }])]));
    expect(figures(lag.entries.get(2))).toEqual([5, 7, 5, 7, 0]);
    const lead = ok(computeSchedule([act(1, "2026-01-05", "2026-01-08"), act(2, "2026-01-05", "2026-01-06", [{ id: 1, type: "e2s", lag: -1 }])]));
    expect(figures(lead.entries.get(2))).toEqual([3, 5, 3, 5, 0]);
  });

  it("start-to-start with a lag", () => {
    // A 5 d; B 2 d may start 2 days after A starts: B 2..4, the plan ends with A at 5, B floats 1.
    const r = ok(computeSchedule([act(1, "2026-01-05", "2026-01-09"), act(2, "2026-01-05", "2026-01-06", [{ id: 1, type: "s2s", lag: 2 }])]));
    expect(figures(r.entries.get(1))).toEqual([0, 5, 0, 5, 0]);
    expect(figures(r.entries.get(2))).toEqual([2, 4, 3, 5, 1]);
    expect(r.criticalIds).toEqual([1]);
  });

  it("finish-to-finish with a lag", () => {
    // A 4 d; B 2 d finishes at least 1 day after A: B 3..5, both critical.
    const r = ok(computeSchedule([act(1, "2026-01-05", "2026-01-08"), act(2, "2026-01-05", "2026-01-06", [{ id: 1, type: "e2e", lag: 1 }])]));
    expect(figures(r.entries.get(2))).toEqual([3, 5, 3, 5, 0]);
    expect(figures(r.entries.get(1))).toEqual([0, 4, 0, 4, 0]);
  });

  it("start-to-finish with a lag", () => {
    // A 3 d; B 2 d finishes at least 4 days after A starts: B 2..4; A's latest finish is 3 (4 - 4 + 3).
    const r = ok(computeSchedule([act(1, "2026-01-05", "2026-01-07"), act(2, "2026-01-05", "2026-01-06", [{ id: 1, type: "s2e", lag: 4 }])]));
    expect(figures(r.entries.get(2))).toEqual([2, 4, 2, 4, 0]);
    expect(figures(r.entries.get(1))).toEqual([0, 3, 0, 3, 0]);
    // With a shorter lag B is not pushed: it ends at 2, A ends the plan at 3; B floats 1, A's float is 0.
    const r2 = ok(computeSchedule([act(1, "2026-01-05", "2026-01-07"), act(2, "2026-01-05", "2026-01-06", [{ id: 1, type: "s2e", lag: 1 }])]));
    expect(figures(r2.entries.get(2))).toEqual([0, 2, 1, 3, 1]);
    expect(figures(r2.entries.get(1))).toEqual([0, 3, 0, 3, 0]);
  });

  it("reads the seed's layout: phase summaries, parallel tasks (s2s), milestones at the end of their day", () => {
    const r = ok(
      computeSchedule([
        act(10, "2026-01-05", "2026-01-11", [], { type: "summary" }),
        act(11, "2026-01-05", "2026-01-09", [], { parent_id: 10 }),
        act(12, "2026-01-05", "2026-01-07", [{ id: 11, type: "s2s" }], { parent_id: 10 }),
        act(13, "2026-01-09", "2026-01-09", [{ id: 11, type: "e2s" }], { parent_id: 10, type: "milestone" }),
        act(14, "2026-01-10", "2026-01-11", [{ id: 13, type: "e2s" }], { parent_id: 10 }),
      ]),
    );
    expect(figures(r.entries.get(11))).toEqual([0, 5, 0, 5, 0]);
    expect(figures(r.entries.get(12))).toEqual([0, 3, 4, 7, 4]);
    expect(figures(r.entries.get(13))).toEqual([5, 5, 5, 5, 0]);
    expect(r.entries.get(13)).toMatchObject({ earlyStartDate: "2026-01-09", earlyEndDate: "2026-01-09" });
    expect(figures(r.entries.get(14))).toEqual([5, 7, 5, 7, 0]);
    expect(r.criticalIds).toEqual([11, 13, 14]);
    // The summary is derived from its work: its span, the least float, critical since part of it is.
    expect(r.entries.get(10)).toMatchObject({ derived: true, critical: true, totalFloat: 0, earlyStart: D0, earlyFinish: D0 + 7 });
  });

  it("a link from a summary waits for all of its work", () => {
    const r = ok(
      computeSchedule([
        act(20, "2026-01-05", "2026-01-09", [], { type: "summary" }),
        act(21, "2026-01-05", "2026-01-06", [], { parent_id: 20 }),
        act(22, "2026-01-05", "2026-01-09", [], { parent_id: 20 }),
        act(23, "2026-01-05", "2026-01-05", [{ id: 20, type: "e2s" }]),
      ]),
    );
    expect(figures(r.entries.get(23))).toEqual([5, 6, 5, 6, 0]);
    expect(r.entries.get(21)?.totalFloat).toBe(3);
    expect(r.criticalIds).toEqual([22, 23]);
  });

  it("keeps unlinked work at its planned start, or moves it to the plan's start when asked", () => {
    const plan = [act(1, "2026-01-05", "2026-01-09"), act(2, "2026-01-07", "2026-01-07")];
    expect(figures(ok(computeSchedule(plan)).entries.get(2))).toEqual([2, 3, 4, 5, 2]);
    expect(figures(ok(computeSchedule(plan, "project-start")).entries.get(2))).toEqual([0, 1, 4, 5, 4]);
  });

  it("pushes work planned earlier than its links allow", () => {
    const r = ok(computeSchedule([act(1, "2026-01-05", "2026-01-09"), act(2, "2026-01-06", "2026-01-07", [{ id: 1, type: "e2s" }])]));
    expect(r.entries.get(2)).toMatchObject({ earlyStartDate: "2026-01-10", earlyEndDate: "2026-01-11", critical: true });
  });

  it("reads predecessors stored as a JSON string and leaves out links to unknown activities", () => {
    const r = ok(computeSchedule([act(1, "2026-01-05", "2026-01-07"), { ...act(2, "2026-01-05", "2026-01-05"), predecessors: '[{"id":1,"type":"e2s"},{"id":99,"type":"e2s"}]' }]));
    expect(figures(r.entries.get(2))).toEqual([3, 4, 3, 4, 0]);
    expect(r.ignoredLinks).toEqual([{ source: 99, target: 2 }]);
  });

  it("reports a cycle instead of looping", () => {
    const r = computeSchedule([
      act(1, "2026-01-05", "2026-01-05", [{ id: 3, type: "e2s" }]),
      act(2, "2026-01-05", "2026-01-05", [{ id: 1, type: "e2s" }]),
      act(3, "2026-01-05", "2026-01-05", [{ id: 2, type: "s2s" }]),
      act(4, "2026-01-05", "2026-01-05"),
      act(5, "2026-01-05", "2026-01-05", [{ id: 3, type: "e2s" }]),
    ]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // Each id links to the next, the last to the first: some rotation of 1 -> 2 -> 3.
    const at = r.cycle.indexOf(1);
    expect([...r.cycle.slice(at), ...r.cycle.slice(0, at)]).toEqual([1, 2, 3]);
    const self = computeSchedule([act(1, "2026-01-05", "2026-01-05", [{ id: 1, type: "e2s" }])]);
    expect(self).toEqual({ ok: false, cycle: [1] });
  });

  it("handles 2,000 activities and 2,000 links", () => {
    const plan: Activity[] = [];
    for (let i = 0; i < 2000; i++) {
      const preds: Predecessor[] = i > 0 ? [{ id: i, type: "e2s" }] : [];
      if (i === 1999) preds.push({ id: 1, type: "s2s" });
      plan.push(act(i + 1, "2026-01-05", "2026-01-05", preds));
    }
    const r = ok(computeSchedule(plan));
    expect(r.projectFinish - r.projectStart).toBe(2000);
    expect(r.criticalIds).toHaveLength(2000);
    expect(r.entries.get(2000)?.earlyStartDate).toBe("2031-06-27");
  });

  it("agrees with a plain relaxation of every constraint on random networks", () => {
    const kinds: LinkKind[] = ["e2s", "s2s", "e2e", "s2e"];
    const network = fc.array(fc.record({ start: fc.integer({ min: 0, max: 20 }), days: fc.integer({ min: 0, max: 6 }) }), { minLength: 1, maxLength: 12 }).chain((nodes) =>
      fc.record({
        nodes: fc.constant(nodes),
        links: fc.array(fc.record({ a: fc.nat(nodes.length - 1), b: fc.nat(nodes.length - 1), kind: fc.constantFrom(...kinds), lag: fc.integer({ min: -3, max: 3 }) }), {
          maxLength: 20,
        }),
      }),
    );
    fc.assert(
      fc.property(network, ({ nodes, links }) => {
        // Only links from a lower to a higher index: no cycles.
        const dag = links.filter((l) => l.a < l.b);
        const plan: Activity[] = nodes.map((n, i) => {
          const milestone = n.days === 0;
          const start = D0 + n.start - (milestone ? 1 : 0);
          const end = milestone ? start : start + n.days - 1;
          const iso = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);
          return act(
            i,
            iso(start),
            iso(end),
            dag.filter((l) => l.b === i).map((l) => ({ id: l.a, type: l.kind, lag: l.lag })),
            { type: milestone ? "milestone" : "task" },
          );
        });
        const r = ok(computeSchedule(plan));
        // Reference: relax every link n times forward, then backward.
        const dur = nodes.map((n) => n.days);
        const es = nodes.map((n) => D0 + n.start);
        for (let k = 0; k < nodes.length; k++)
          for (const l of dag) {
            const need = { e2s: es[l.a] + dur[l.a] + l.lag, s2s: es[l.a] + l.lag, e2e: es[l.a] + dur[l.a] + l.lag - dur[l.b], s2e: es[l.a] + l.lag - dur[l.b] }[l.kind];
            es[l.b] = Math.max(es[l.b], need);
          }
        const finish = Math.max(...es.map((s, i) => s + dur[i]));
        const lf = nodes.map(() => finish);
        for (let k = 0; k < nodes.length; k++)
          for (const l of dag) {
            const ls = lf[l.b] - dur[l.b];
            const limit = { e2s: ls - l.lag, s2s: ls - l.lag + dur[l.a], e2e: lf[l.b] - l.lag, s2e: lf[l.b] - l.lag + dur[l.a] }[l.kind];
            lf[l.a] = Math.min(lf[l.a], limit);
          }
        nodes.forEach((_n, i) => {
          const e = r.entries.get(i)!;
          expect([e.earlyStart, e.lateFinish]).toEqual([es[i], lf[i]]);
          expect(e.totalFloat).toBe(lf[i] - dur[i] - es[i]);
        });
      }),
      { numRuns: 300 },
    );
  });
});
