// Critical path and total float: the critical path method's forward and backward passes over
// the activity network in topological order (linear in activities + links), in whole days.
import { isoOfDay } from "../../../lib/calendarDays";
import { datesOfSpan, parsePredecessors, spanOf, type Activity, type LinkKind } from "./activity";

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

const KIND_CODE: Record<LinkKind, number> = { e2s: 0, s2s: 1, e2e: 2, s2e: 3 };

export function computeSchedule(activities: readonly Activity[], anchor: ScheduleAnchor = "planned"): ScheduleResult {
  const byId = new Map<number, Activity>();
  for (const a of activities) byId.set(a.id, a);
  const children = new Map<number, number[]>();
  for (const a of activities) {
    if (a.parent_id === null || !byId.has(a.parent_id)) continue;
    const list = children.get(a.parent_id) ?? [];
    list.push(a.id);
    children.set(a.parent_id, list);
  }

  // Nodes: the work itself (tasks and milestones with readable dates); summaries only group it.
  const index = new Map<number, number>();
  const ids: number[] = [];
  const planned: number[] = [];
  const dur: number[] = [];
  const orderOf: number[] = [];
  activities.forEach((a, i) => {
    if (a.type === "summary") return;
    const span = spanOf(a);
    if (!span) return;
    index.set(a.id, ids.length);
    ids.push(a.id);
    planned.push(span.start);
    dur.push(span.finish - span.start);
    orderOf.push(a.order ?? i);
  });
  const n = ids.length;

  // A link from or to a summary stands for links from or to each piece of work under it.
  const leafMemo = new Map<number, number[]>();
  const leavesOf = (id: number, seen = new Set<number>()): number[] => {
    const memo = leafMemo.get(id);
    if (memo) return memo;
    const a = byId.get(id);
    let out: number[] = [];
    if (a && a.type !== "summary") out = index.has(id) ? [index.get(id)!] : [];
    else if (a && !seen.has(id)) {
      seen.add(id);
      for (const c of children.get(id) ?? []) out = out.concat(leavesOf(c, seen));
    }
    leafMemo.set(id, out);
    return out;
  };

  const from: number[] = [];
  const to: number[] = [];
  const kind: number[] = [];
  const lag: number[] = [];
  const ignoredLinks: Array<{ source: number; target: number }> = [];
  for (const a of activities) {
    const preds = parsePredecessors(a.predecessors);
    if (!preds.length) continue;
    const targets = leavesOf(a.id);
    for (const p of preds) {
      const sources = byId.has(p.id) ? leavesOf(p.id) : [];
      if (!sources.length || !targets.length) {
        ignoredLinks.push({ source: p.id, target: a.id });
        continue;
      }
      const expanded = sources.length > 1 || targets.length > 1;
      for (const s of sources)
        for (const t of targets) {
          // A summary linked with its own piece of work says nothing about that piece alone.
          if (s === t && expanded) continue;
          from.push(s);
          to.push(t);
          kind.push(KIND_CODE[p.type]);
          lag.push(p.lag ?? 0);
        }
    }
  }
  const m = from.length;

  // Out-edges in compressed rows, then Kahn's topological order.
  const outStart = new Int32Array(n + 1);
  for (let e = 0; e < m; e++) outStart[from[e] + 1]++;
  for (let v = 0; v < n; v++) outStart[v + 1] += outStart[v];
  const outEdges = new Int32Array(m);
  const fill = outStart.slice(0, n);
  for (let e = 0; e < m; e++) outEdges[fill[from[e]]++] = e;
  const indegree = new Int32Array(n);
  for (let e = 0; e < m; e++) indegree[to[e]]++;
  const topo = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let v = 0; v < n; v++) if (indegree[v] === 0) topo[tail++] = v;
  while (head < tail) {
    const v = topo[head++];
    for (let k = outStart[v]; k < outStart[v + 1]; k++) {
      const w = to[outEdges[k]];
      if (--indegree[w] === 0) topo[tail++] = w;
    }
  }
  if (tail < n) return { ok: false, cycle: findCycle(n, m, from, to, indegree).map((v) => ids[v]) };

  const projectStart = n ? Math.min(...planned) : 0;
  const es = new Float64Array(n);
  for (let v = 0; v < n; v++) es[v] = anchor === "planned" ? planned[v] : projectStart;
  for (let i = 0; i < n; i++) {
    const v = topo[i];
    // Every predecessor of v came earlier in the order, so es[v] is final here; push successors.
    for (let k = outStart[v]; k < outStart[v + 1]; k++) {
      const e = outEdges[k];
      const w = to[e];
      const efV = es[v] + dur[v];
      let earliest: number;
      switch (kind[e]) {
        case 0:
          earliest = efV + lag[e];
          break; // finish-to-start
        case 1:
          earliest = es[v] + lag[e];
          break; // start-to-start
        case 2:
          earliest = efV + lag[e] - dur[w];
          break; // finish-to-finish
        default:
          earliest = es[v] + lag[e] - dur[w]; // start-to-finish
      }
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
