import { describe, expect, it } from "vitest";
import { parsePredecessors, type Activity } from "../../src/pages/gantt/model/activity";
import { activitiesToGantt, ganttToActivities, predecessorsWithLink, predecessorsWithoutLink, recordStartOf, taskToActivityFields } from "../../src/pages/gantt/model/ganttMapping";

const local = (y: number, m: number, d: number) => new Date(y, m - 1, d);

// A version as the demo seed stores it: a phase summary, two tasks (the second alongside the
// first), a milestone after the first, and a task of the next phase after the milestone.
const plan: Activity[] = [
  {
    id: 10,
    parent_id: null,
    code: "1",
    name: "Persiapan",
    type: "summary",
    start_date: "2026-01-05",
    end_date: "2026-01-09",
    work_duration: 5,
    progress: 40,
    weight: 60,
    order: 1,
    predecessors: [],
  },
  {
    id: 11,
    parent_id: 10,
    code: "1.1",
    name: "Mobilisasi",
    type: "task",
    start_date: "2026-01-05",
    end_date: "2026-01-09",
    work_duration: 5,
    progress: 60,
    weight: 70,
    order: 2,
    predecessors: [],
  },
  {
    id: 12,
    parent_id: 10,
    code: "1.2",
    name: "Pagar proyek",
    type: "task",
    start_date: "2026-01-05",
    end_date: "2026-01-07",
    work_duration: 3,
    progress: 0,
    weight: 30,
    order: 3,
    predecessors: [{ id: 11, type: "s2s" }],
  },
  {
    id: 13,
    parent_id: 10,
    code: "1.3",
    name: "Site siap",
    type: "milestone",
    start_date: "2026-01-09",
    end_date: "2026-01-09",
    work_duration: 0,
    progress: 0,
    weight: 0,
    order: 4,
    predecessors: '[{"id":11,"type":"e2s"}]',
  },
  {
    id: 20,
    parent_id: null,
    code: "2",
    name: "Struktur",
    type: "summary",
    start_date: "2026-01-10",
    end_date: "2026-01-16",
    work_duration: 7,
    progress: 0,
    weight: 40,
    order: 5,
    predecessors: [],
  },
  {
    id: 21,
    parent_id: 20,
    code: "2.1",
    name: "Pondasi",
    type: "task",
    start_date: "2026-01-10",
    end_date: "2026-01-16",
    work_duration: 7,
    progress: 0,
    weight: 100,
    order: 6,
    predecessors: [
      { id: 13, type: "e2s", lag: 2 },
      { id: 404, type: "e2s" },
    ],
  },
];

describe("activities to Gantt tasks and links", () => {
  const { tasks, links } = activitiesToGantt(plan);
  const task = (id: number) => tasks.find((t) => t.id === id)!;

  it("sets open only on tasks that have children", () => {
    expect(tasks.filter((t) => "open" in t).map((t) => t.id)).toEqual([10, 20]);
    expect(task(10).open).toBe(true);
  });

  it("keeps the tree and the plan order, parents at the root as 0", () => {
    expect(tasks.map((t) => [t.id, t.parent])).toEqual([
      [10, 0],
      [11, 10],
      [12, 10],
      [13, 10],
      [20, 0],
      [21, 20],
    ]);
    expect(task(11)).toMatchObject({ text: "Mobilisasi", type: "task", progress: 60, code: "1.1" });
  });

  it("gives a task its days as local midnights with an exclusive end, a milestone the end of its day", () => {
    expect(task(11)).toMatchObject({ start: local(2026, 1, 5), end: local(2026, 1, 10), duration: 5 });
    expect(task(13)).toMatchObject({ start: local(2026, 1, 10), end: local(2026, 1, 10), duration: 0, type: "milestone" });
  });

  it("the grid dates each task by its record's first day: a milestone by its own day, not the midnight after it where the chart draws it", () => {
    const { tasks } = activitiesToGantt(plan);
    for (const a of plan) expect(recordStartOf(tasks.find((t) => t.id === a.id)!), a.name).toBe(a.start_date);
    expect(recordStartOf({ start: local(2026, 1, 10), type: "milestone" })).toBe("2026-01-09");
    expect(recordStartOf({ start: local(2026, 1, 10), type: "task" })).toBe("2026-01-10");
    expect(recordStartOf({ start: undefined, type: "task" })).toBeNull();
  });

  it("makes a link per predecessor with its kind and lag, leaving out unknown activities", () => {
    expect(links).toEqual([
      { id: "11>12:s2s", source: 11, target: 12, type: "s2s" },
      { id: "11>13:e2s", source: 11, target: 13, type: "e2s" },
      { id: "13>21:e2s", source: 13, target: 21, type: "e2s", lag: 2 },
    ]);
  });

  it("round-trips: the Gantt's tasks and links give back the stored fields", () => {
    const back = ganttToActivities(tasks, links);
    const known = (a: Activity) => parsePredecessors(a.predecessors).filter((p) => p.id !== 404);
    expect(back).toEqual(
      plan.map((a) => ({
        id: a.id,
        isNew: false,
        name: a.name,
        type: a.type,
        start_date: a.start_date,
        end_date: a.end_date,
        work_duration: a.work_duration,
        progress: a.progress,
        parent_id: a.parent_id,
        order: a.order,
        predecessors: known(a),
      })),
    );
  });
});

describe("a Gantt change to the fields to save", () => {
  const { tasks } = activitiesToGantt(plan);
  const pondasi = tasks.find((t) => t.id === 21)!;

  it("a move shifts both dates", () => {
    expect(taskToActivityFields({ ...pondasi, start: local(2026, 1, 13), end: local(2026, 1, 20) })).toMatchObject({
      start_date: "2026-01-13",
      end_date: "2026-01-19",
      work_duration: 7,
    });
  });

  it("a resize changes the end and the duration", () => {
    expect(taskToActivityFields({ ...pondasi, end: local(2026, 1, 19) })).toMatchObject({ start_date: "2026-01-10", end_date: "2026-01-18", work_duration: 9 });
  });

  it("an end during a day keeps that day; no end uses the duration", () => {
    expect(taskToActivityFields({ ...pondasi, end: new Date(2026, 0, 17, 12) })?.end_date).toBe("2026-01-17");
    expect(taskToActivityFields({ ...pondasi, end: undefined, duration: 3 })).toMatchObject({ end_date: "2026-01-12", work_duration: 3 });
  });

  it("a milestone moved keeps start and end equal, on the day before its point", () => {
    expect(taskToActivityFields({ id: 13, text: "Site siap", type: "milestone", start: local(2026, 1, 12), end: local(2026, 1, 12), parent: 10 })).toEqual({
      name: "Site siap",
      type: "milestone",
      start_date: "2026-01-11",
      end_date: "2026-01-11",
      work_duration: 0,
      progress: 0,
      parent_id: 10,
    });
  });

  it("an indent under a task not saved yet names it as pending; progress is rounded and bounded", () => {
    expect(taskToActivityFields({ ...pondasi, parent: "temp://1700", progress: 33.6 })).toMatchObject({ parent_id: null, pendingParent: "temp://1700", progress: 34 });
    expect(taskToActivityFields({ ...pondasi, parent: 0, progress: 140 })).toMatchObject({ parent_id: null, progress: 100 });
    expect(taskToActivityFields({ text: "x" })).toBeNull();
  });

  it("new tasks come back as new with their temporary id", () => {
    const [draft] = ganttToActivities([{ id: "temp://5", text: "Baru", type: "task", start: local(2026, 2, 2), duration: 2, parent: 20 }], []);
    expect(draft).toMatchObject({ id: "temp://5", isNew: true, start_date: "2026-02-02", end_date: "2026-02-03", parent_id: 20, order: 1, predecessors: [] });
  });
});

describe("links to predecessors", () => {
  it("adds a link to the target's predecessors, replacing the same kind from the same source", () => {
    expect(predecessorsWithLink([{ id: 11, type: "s2s" }], { source: 13, type: "e2e", lag: 1 })).toEqual([
      { id: 11, type: "s2s" },
      { id: 13, type: "e2e", lag: 1 },
    ]);
    expect(predecessorsWithLink('[{"id":11,"type":"s2s","lag":2}]', { source: 11, type: "s2s" })).toEqual([{ id: 11, type: "s2s" }]);
  });

  it("removes a deleted link and only that one", () => {
    expect(
      predecessorsWithoutLink(
        [
          { id: 11, type: "s2s" },
          { id: 11, type: "e2s" },
        ],
        { source: 11, type: "e2s" },
      ),
    ).toEqual([{ id: 11, type: "s2s" }]);
  });

  it("reads the stored spellings of predecessors", () => {
    expect(parsePredecessors([7, { id: 8, type: "FS" }, { id: "9", type: "start-to-finish", lag: -2 }, { id: 10 }, { id: 11, type: "bogus" }, null, { type: "e2s" }])).toEqual([
      { id: 7, type: "e2s" },
      { id: 8, type: "e2s" },
      { id: 9, type: "s2e", lag: -2 },
      { id: 10, type: "e2s" },
    ]);
    expect(parsePredecessors("not json")).toEqual([]);
    expect(parsePredecessors(null)).toEqual([]);
  });
});
