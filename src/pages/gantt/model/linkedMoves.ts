// When a task is moved or lengthened in the chart, the work linked after it follows: each
// successor whose link (any of the four kinds, with its lag) the edit broke is moved later by just
// enough to keep it, and so on down the links. Nothing moves earlier, the edited tasks stay where
// the user put them, and only links from what moved count (a link broken before the edit is the
// plan's, not this edit's). A cycle of links stops the moves where it begins.
import { isoOfDay } from "../../../lib/calendarDays";
import { datesOfSpan, type Activity } from "./activity";
import { buildNetwork, earliestStartByLink } from "./planNetwork";

/** An activity moved to keep its links, with its new record dates. */
export interface LinkedMove {
  id: number;
  name: string;
  /** Days later than before. */
  days: number;
  start_date: string;
  end_date: string;
}

/** The moves that keep every link from the edited activities (`edited`: ids; a summary counts as the work under it). */
export function linkedMoves(activities: readonly Activity[], edited: Iterable<number>): LinkedMove[] {
  const net = buildNetwork(activities);
  const n = net.ids.length;
  const fixed = new Uint8Array(n);
  const moved = new Uint8Array(n);
  let any = false;
  for (const id of edited)
    for (const v of net.leavesOf(id)) {
      fixed[v] = 1;
      moved[v] = 1;
      any = true;
    }
  if (!any) return [];

  const start = Float64Array.from(net.planned);
  // In link order: when v comes, every link into it has been looked at.
  for (let i = 0; i < net.ordered; i++) {
    const v = net.topo[i];
    if (!moved[v]) continue;
    for (let k = net.outStart[v]; k < net.outStart[v + 1]; k++) {
      const e = net.outEdges[k];
      const w = net.to[e];
      if (fixed[w]) continue;
      const earliest = earliestStartByLink(net.kind[e], net.lag[e], start[v], net.dur[v], net.dur[w]);
      if (earliest > start[w]) {
        start[w] = earliest;
        moved[w] = 1;
      }
    }
  }

  const out: LinkedMove[] = [];
  for (let v = 0; v < n; v++) {
    const days = start[v] - net.planned[v];
    if (fixed[v] || days <= 0) continue;
    const a = net.byId.get(net.ids[v])!;
    const dates = datesOfSpan(a.type, start[v], start[v] + net.dur[v]);
    out.push({ id: a.id, name: a.name, days, start_date: isoOfDay(dates.start), end_date: isoOfDay(dates.end) });
  }
  return out;
}
