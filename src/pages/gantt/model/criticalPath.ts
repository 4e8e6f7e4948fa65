// Critical path and total float: the critical path method's forward and backward passes over
// the activity network in topological order (linear in activities + links), in whole days.
import { isoOfDay } from "../../../lib/calendarDays";
import { datesOfSpan, type Activity } from "./activity";
import { buildNetwork, earliestStartByLink } from "./planNetwork";

/**
 * Where an activity may start at the earliest when its links allow it:
 * - "planned": not before its planned start (the plan's dates act as start-no-earlier-than, so
 *   unlinked work stays where the plan puts it): the default, what a Gantt user expects;
 * - "project-start": as early as the links allow from the plan's first day (textbook CPM).
 */
export type ScheduleAnchor = "planned" | "project-start";

/** Days are day numbers (see lib/calendarDays); start and finish are half-open: [start, finish). */
export interface ScheduleEntry {
  id: number;
  earlyStart: number;
  earlyFinish: number;
  lateStart: number;
  lateFinish: number;
  /** Days the activity can slip without delaying the plan's end. */
  totalFloat: number;
  critical: boolean;
  /** A summary: its values come from its activities (earliest start, latest finish, least float). */
  derived: boolean;
  /** The early and late dates as the record writes them (inclusive `YYYY-MM-DD`). */
  earlyStartDate: string;
  earlyEndDate: string;
  lateStartDate: string;
  lateEndDate: string;
}

export type ScheduleResult =
  | {
      ok: true;
      entries: Map<number, ScheduleEntry>;
      /** The critical activities (summaries excluded), by early start then plan order. */
      criticalIds: number[];
      /** First day and the day after the last (half-open) of the computed plan. */
      projectStart: number;
      projectFinish: number;
      /** Links left out: to or from an activity the list lacks (or without readable dates). */
      ignoredLinks: Array<{ source: number; target: number }>;
    }
  | {
      ok: false;
      /** Activity ids around one cycle of links, each linked to the next and the last to the first. */
      cycle: number[];
    };

export function computeSchedule(activities: readonly Activity[], anchor: ScheduleAnchor = "planned"): ScheduleResult {
  const { byId, children, ids, planned, dur, orderOf, to, kind, lag, ignoredLinks, outStart, outEdges, topo, ordered, indegree, from } = buildNetwork(activities);
  const n = ids.length;
  if (ordered < n) return { ok: false, cycle: findCycle(n, from.length, from, to, indegree).map((v) => ids[v]) };

  const projectStart = n ? Math.min(...planned) : 0;
  const es = new Float64Array(n);
  for (let v = 0; v < n; v++) es[v] = anchor === "planned" ? planned[v] : projectStart;
  for (let i = 0; i < n; i++) {
    const v = topo[i];
    // Every predecessor of v came earlier in the order, so es[v] is final here; push successors.
    for (let k = outStart[v]; k < outStart[v + 1]; k++) {
      const e = outEdges[k];
      const w = to[e];
      const earliest = earliestStartByLink(kind[e], lag[e], es[v], dur[v], dur[w]);
      if (earliest > es[w]) es[w] = earliest;
    }
  }
  let projectFinish = projectStart;
  for (let v = 0; v < n; v++) projectFinish = Math.max(projectFinish, es[v] + dur[v]);

  const lf = new Float64Array(n).fill(projectFinish);
  for (let i = n - 1; i >= 0; i--) {
    const v = topo[i];
    for (let k = outStart[v]; k < outStart[v + 1]; k++) {
      const e = outEdges[k];
      const w = to[e];
      const lsW = lf[w] - dur[w];
      let latest: number;
      switch (kind[e]) {
        case 0:
          latest = lsW - lag[e];
          break;
        case 1:
          latest = lsW - lag[e] + dur[v];
          break;
        case 2:
          latest = lf[w] - lag[e];
          break;
        default:
          latest = lf[w] - lag[e] + dur[v];
      }
      if (latest < lf[v]) lf[v] = latest;
    }
  }

  const entries = new Map<number, ScheduleEntry>();
  const critical: number[] = [];
  for (let v = 0; v < n; v++) {
    const a = byId.get(ids[v])!;
    const float = lf[v] - dur[v] - es[v];
    const entry = makeEntry(a.id, a.type, es[v], es[v] + dur[v], lf[v] - dur[v], lf[v], float, float <= 0, false);
    entries.set(a.id, entry);
    if (entry.critical) critical.push(v);
  }
  critical.sort((x, y) => es[x] - es[y] || orderOf[x] - orderOf[y]);

  // Summaries: the span and least float of the work under them.
  const summarise = (id: number, seen: Set<number>): ScheduleEntry | undefined => {
    const done = entries.get(id);
    if (done || seen.has(id)) return done;
    seen.add(id);
    const parts = (children.get(id) ?? []).map((c) => summarise(c, seen)).filter((x): x is ScheduleEntry => !!x);
    if (!parts.length) return undefined;
    const entry = makeEntry(
      id,
      "summary",
      Math.min(...parts.map((p) => p.earlyStart)),
      Math.max(...parts.map((p) => p.earlyFinish)),
      Math.min(...parts.map((p) => p.lateStart)),
      Math.max(...parts.map((p) => p.lateFinish)),
      Math.min(...parts.map((p) => p.totalFloat)),
      parts.some((p) => p.critical),
      true,
    );
    entries.set(id, entry);
    return entry;
  };
  const seen = new Set<number>();
  for (const a of activities) if (a.type === "summary") summarise(a.id, seen);

  return { ok: true, entries, criticalIds: critical.map((v) => ids[v]), projectStart, projectFinish, ignoredLinks };
}

function makeEntry(id: number, type: Activity["type"], es: number, ef: number, ls: number, lf: number, float: number, critical: boolean, derived: boolean): ScheduleEntry {
  const early = datesOfSpan(type, es, ef);
  const late = datesOfSpan(type, ls, lf);
  return {
    id,
    earlyStart: es,
    earlyFinish: ef,
    lateStart: ls,
    lateFinish: lf,
    totalFloat: float,
    critical,
    derived,
    earlyStartDate: isoOfDay(early.start),
    earlyEndDate: isoOfDay(early.end),
    lateStartDate: isoOfDay(late.start),
    lateEndDate: isoOfDay(late.end),
  };
}

/** One cycle among the nodes Kahn's pass could not order: each of them still has an unordered predecessor. */
function findCycle(n: number, m: number, from: number[], to: number[], indegree: Int32Array): number[] {
  const predOf = new Int32Array(n).fill(-1);
  for (let e = 0; e < m; e++) if (indegree[to[e]] > 0 && indegree[from[e]] > 0) predOf[to[e]] = from[e];
  let v = 0;
  while (indegree[v] === 0) v++;
  const position = new Map<number, number>();
  const walk: number[] = [];
  while (!position.has(v)) {
    position.set(v, walk.length);
    walk.push(v);
    v = predOf[v];
  }
  // Walked backwards along links: reverse to read in the links' direction.
  return walk.slice(position.get(v)).reverse();
}
