// The scheduling rule of a Gantt edit: the work linked after an edited task moves later by just
// enough to keep each link (all four kinds, with lags), transitively; nothing moves earlier and
// the edited tasks stay where they were put.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dayOf } from "../../src/lib/calendarDays";
import { spanOf, type Activity, type LinkKind, type Predecessor } from "../../src/pages/gantt/model/activity";
import { linkedMoves } from "../../src/pages/gantt/model/linkedMoves";

let order = 1;
const act = (id: number, start: string, end: string, predecessors: Predecessor[] = [], extra: Partial<Activity> = {}): Activity => ({
  id,
  parent_id: null,
  name: `A${id}`,
  type: "task",
  start_date: start,
  end_date: end,
  predecessors,
  order: order++,
  ...extra,
});
/** id → [days, start, end] of each move. */
const movesOf = (activities: Activity[], edited: number[]) => Object.fromEntries(linkedMoves(activities, edited).map((m) => [m.id, [m.days, m.start_date, m.end_date]]));

describe("linked moves after an edit", () => {
  it("finish-to-start: a task dragged past its successor's start pushes the successor to the day after it ends", () => {
    // A was 5-9 Jan, dragged to 8-12 Jan; B (12-13 Jan) must start after A: 13-14 Jan.
    const plan = [act(1, "2026-01-08", "2026-01-12"), act(2, "2026-01-12", "2026-01-13", [{ id: 1, type: "e2s" }])];
    expect(movesOf(plan, [1])).toEqual({ 2: [1, "2026-01-13", "2026-01-14"] });
    expect(linkedMoves(plan, [1])[0]).toMatchObject({ id: 2, name: "A2" });
  });

  it("pushes transitively down the links, each successor by what its own link needs", () => {
    // A 1-10 Jan → B 5-6 Jan → C 9-9 Jan (C one day after B with a lag of 1) ; D after C, far enough.
    const plan = [
      act(1, "2026-01-01", "2026-01-10"),
      act(2, "2026-01-05", "2026-01-06", [{ id: 1, type: "e2s" }]),
      act(3, "2026-01-09", "2026-01-09", [{ id: 2, type: "e2s", lag: 1 }]),
      act(4, "2026-02-01", "2026-02-02", [{ id: 3, type: "e2s" }]),
    ];
    expect(movesOf(plan, [1])).toEqual({ 2: [6, "2026-01-11", "2026-01-12"], 3: [5, "2026-01-14", "2026-01-14"] });
  });

  it("leaves a successor alone while the float between them absorbs the move, and never moves anything earlier", () => {
    const slack = [act(1, "2026-01-06", "2026-01-10"), act(2, "2026-01-15", "2026-01-16", [{ id: 1, type: "e2s" }])];
    expect(movesOf(slack, [1])).toEqual({});
    // Dragged earlier: the successor stays where it is.
    const earlier = [act(1, "2026-01-01", "2026-01-02"), act(2, "2026-01-10", "2026-01-11", [{ id: 1, type: "e2s" }])];
    expect(movesOf(earlier, [1])).toEqual({});
  });

  it("start-to-start with a lag: the successor starts no sooner than lag days after the task starts", () => {
    const plan = [act(1, "2026-01-10", "2026-01-20"), act(2, "2026-01-05", "2026-01-07", [{ id: 1, type: "s2s", lag: 2 }])];
    expect(movesOf(plan, [1])).toEqual({ 2: [7, "2026-01-12", "2026-01-14"] });
  });

  it("finish-to-finish: the successor ends no sooner than the task (keeping its own length)", () => {
    const plan = [act(1, "2026-01-05", "2026-01-15"), act(2, "2026-01-08", "2026-01-12", [{ id: 1, type: "e2e" }])];
    expect(movesOf(plan, [1])).toEqual({ 2: [3, "2026-01-11", "2026-01-15"] });
  });

  it("start-to-finish: the successor ends no sooner than the task starts", () => {
    const plan = [act(1, "2026-01-10", "2026-01-12"), act(2, "2026-01-05", "2026-01-07", [{ id: 1, type: "s2e" }])];
    // B must finish (end of its last day) by the start of A's first day or later: B 7-9 Jan.
    expect(movesOf(plan, [1])).toEqual({ 2: [2, "2026-01-07", "2026-01-09"] });
  });

  it("a lead (negative lag) lets the successor overlap by that much", () => {
    const plan = [act(1, "2026-01-05", "2026-01-10"), act(2, "2026-01-08", "2026-01-09", [{ id: 1, type: "e2s", lag: -2 }])];
    expect(movesOf(plan, [1])).toEqual({ 2: [1, "2026-01-09", "2026-01-10"] });
  });

  it("a milestone after the task moves to the task's last day", () => {
    const plan = [act(1, "2026-01-05", "2026-01-12"), act(2, "2026-01-09", "2026-01-09", [{ id: 1, type: "e2s" }], { type: "milestone" })];
    expect(movesOf(plan, [1])).toEqual({ 2: [3, "2026-01-12", "2026-01-12"] });
  });

  it("a link to a summary moves the work under it; a summary that was moved counts as its work", () => {
    const plan = [
      act(1, "2026-01-05", "2026-01-12"),
      act(10, "2026-01-06", "2026-01-10", [{ id: 1, type: "e2s" }], { type: "summary" }),
      act(11, "2026-01-06", "2026-01-07", [], { parent_id: 10 }),
      act(12, "2026-01-08", "2026-01-10", [], { parent_id: 10 }),
    ];
    expect(movesOf(plan, [1])).toEqual({ 11: [7, "2026-01-13", "2026-01-14"], 12: [5, "2026-01-13", "2026-01-15"] });
    // The summary (with its work) dragged: what follows it moves.
    const after = [...plan.slice(1), act(20, "2026-01-10", "2026-01-10", [{ id: 10, type: "e2s" }])];
    expect(movesOf(after, [10])).toEqual({ 20: [1, "2026-01-11", "2026-01-11"] });
  });

  it("the edited tasks stay where the user put them, and a link broken before the edit is not this edit's to mend", () => {
    // A and B both dragged (one edit): B stays even though A now ends after B starts.
    const both = [act(1, "2026-01-08", "2026-01-12"), act(2, "2026-01-10", "2026-01-11", [{ id: 1, type: "e2s" }])];
    expect(movesOf(both, [1, 2])).toEqual({});
    // X → B was broken already; editing A (unlinked) moves nothing.
    const broken = [act(1, "2026-01-01", "2026-01-02"), act(3, "2026-01-05", "2026-01-20"), act(2, "2026-01-10", "2026-01-11", [{ id: 3, type: "e2s" }])];
    expect(movesOf(broken, [1])).toEqual({});
  });

  it("stops where a cycle of links begins instead of moving around it forever", () => {
    const plan = [
      act(1, "2026-01-05", "2026-01-12"),
      act(2, "2026-01-06", "2026-01-07", [
        { id: 1, type: "e2s" },
        { id: 3, type: "e2s" },
      ]),
      act(3, "2026-01-08", "2026-01-09", [{ id: 2, type: "e2s" }]),
    ];
    // B keeps its link from A; the cycle B → C → B goes no further.
    expect(movesOf(plan, [1])).toEqual({ 2: [7, "2026-01-13", "2026-01-14"] });
  });

  it("an edit of nothing known moves nothing", () => {
    expect(linkedMoves([act(1, "2026-01-05", "2026-01-06")], [99])).toEqual([]);
  });

  it("on random networks: every link from what moved holds afterwards, nothing moves earlier, and each move is the least that keeps its links", () => {
    const kinds: LinkKind[] = ["e2s", "s2s", "e2e", "s2e"];
    const network = fc.array(fc.record({ start: fc.integer({ min: 0, max: 20 }), days: fc.integer({ min: 0, max: 6 }) }), { minLength: 2, maxLength: 12 }).chain((nodes) =>
      fc.record({
        nodes: fc.constant(nodes),
        links: fc.array(fc.record({ a: fc.nat(nodes.length - 1), b: fc.nat(nodes.length - 1), kind: fc.constantFrom(...kinds), lag: fc.integer({ min: -3, max: 3 }) }), {
          maxLength: 20,
        }),
        edited: fc.nat(nodes.length - 1),
      }),
    );
    const D0 = dayOf("2026-01-05")!;
    const iso = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);
    fc.assert(
      fc.property(network, ({ nodes, links, edited }) => {
        const dag = links.filter((l) => l.a < l.b);
        const plan = nodes.map((n, i) => {
          const milestone = n.days === 0;
          const start = D0 + n.start - (milestone ? 1 : 0);
          return act(
            i + 1,
            iso(start),
            iso(milestone ? start : start + n.days - 1),
            dag.filter((l) => l.b === i).map((l) => ({ id: l.a + 1, type: l.kind, lag: l.lag })),
            {
              type: milestone ? "milestone" : "task",
            },
          );
        });
        const moves = new Map(linkedMoves(plan, [edited + 1]).map((m) => [m.id - 1, m]));
        const start = plan.map((a, i) => {
          const m = moves.get(i);
          return spanOf(m ? { ...a, start_date: m.start_date, end_date: m.end_date } : a)!.start;
        });
        const dur = plan.map((a) => spanOf(a)!.finish - spanOf(a)!.start);
        const need = (l: (typeof dag)[number]) =>
          ({ e2s: start[l.a] + dur[l.a] + l.lag, s2s: start[l.a] + l.lag, e2e: start[l.a] + dur[l.a] + l.lag - dur[l.b], s2e: start[l.a] + l.lag - dur[l.b] })[l.kind];
        const moved = (i: number) => i === edited || moves.has(i);
        expect(moves.has(edited)).toBe(false);
        for (const [i, m] of moves) {
          expect(m.days).toBeGreaterThan(0);
          expect(start[i]).toBe(spanOf(plan[i])!.start + m.days);
          // The least move: some link from what moved needs exactly this start.
          expect(dag.filter((l) => l.b === i && moved(l.a)).map(need)).toContain(start[i]);
        }
        // Every link from what moved holds (the edited task itself stays where it was put).
        for (const l of dag) if (moved(l.a) && l.b !== edited) expect(start[l.b]).toBeGreaterThanOrEqual(need(l));
      }),
      { numRuns: 300 },
    );
  });
});
