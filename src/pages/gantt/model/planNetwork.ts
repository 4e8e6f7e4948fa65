// The plan as a network of work and links, shared by the critical path (criticalPath.ts) and the
// moves that follow links (linkedMoves.ts): the tasks and milestones with readable dates as nodes,
// each link as edges between them (a link from or to a summary stands for links from or to each
// piece of work under it), out-edges in compressed rows and a topological order (Kahn's).
import { parsePredecessors, spanOf, type Activity, type LinkKind } from "./activity";

/** Link kinds as numbers: 0 finish-to-start, 1 start-to-start, 2 finish-to-finish, 3 start-to-finish. */
export const KIND_CODE: Record<LinkKind, number> = { e2s: 0, s2s: 1, e2e: 2, s2e: 3 };

export interface PlanNetwork {
  byId: Map<number, Activity>;
  /** Summary id → its children's ids. */
  children: Map<number, number[]>;
  /** Node of an activity id (work only), and the activity id, planned first day, days and plan order of each node. */
  index: Map<number, number>;
  ids: number[];
  planned: number[];
  dur: number[];
  orderOf: number[];
  /** Nodes under an activity: itself for work, the work under it for a summary. */
  leavesOf(id: number): number[];
  /** Edges: from node, to node, kind code, lag in days. */
  from: number[];
  to: number[];
  kind: number[];
  lag: number[];
  /** Links left out: to or from an activity the list lacks (or without readable dates). */
  ignoredLinks: Array<{ source: number; target: number }>;
  /** Node v's out-edges are outEdges[outStart[v] .. outStart[v + 1]). */
  outStart: Int32Array;
  outEdges: Int32Array;
  /** The nodes in link order; shorter than the nodes when links form a cycle. */
  topo: Int32Array;
  ordered: number;
  /** Per node, after Kahn's pass: 0 when ordered; above 0 for the nodes a cycle held back. */
  indegree: Int32Array;
}

export function buildNetwork(activities: readonly Activity[]): PlanNetwork {
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
  return { byId, children, index, ids, planned, dur, orderOf, leavesOf, from, to, kind, lag, ignoredLinks, outStart, outEdges, topo, ordered: tail, indegree };
}

/**
 * The earliest first day of a link's target that the link allows, given its source's first day
 * and both durations (half-open days: a task from `start` to `start + dur`).
 */
export function earliestStartByLink(kind: number, lag: number, sourceStart: number, sourceDur: number, targetDur: number): number {
  switch (kind) {
    case 0:
      return sourceStart + sourceDur + lag; // finish-to-start
    case 1:
      return sourceStart + lag; // start-to-start
    case 2:
      return sourceStart + sourceDur + lag - targetDur; // finish-to-finish
    default:
      return sourceStart + lag - targetDur; // start-to-finish
  }
}
