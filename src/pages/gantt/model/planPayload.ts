// The body of version-gantt save-plan/{id} from the plan as the Gantt holds it, and the
// activities the plan views (critical path, comparison) read from it before it is saved.
import type { TID } from "@svar-ui/react-gantt";
import type { Activity } from "./activity";
import type { ActivityDraft } from "./ganttMapping";

/** One activity of the save body: `id` for a saved one, `key` (the Gantt's temporary id) for a new one. */
export interface PlanEntry {
  id?: number;
  key?: string;
  parent: number | string | null;
  name: string;
  type: Activity["type"];
  start_date: string;
  end_date: string;
  work_duration: number;
  progress: number;
  code?: string | null;
  weight?: number | null;
  predecessors: Array<{ id: number | string; type: string; lag?: number }>;
}

export interface SavePlanBody {
  revision: number;
  activities: PlanEntry[];
}

const refOf = (id: TID): number | string => (typeof id === "number" ? id : /^\d+$/.test(String(id)) ? Number(id) : String(id));

/**
 * The save body: drafts in plan order, `code` and `weight` kept from the saved records (the
 * Gantt does not edit them), links to new activities by their temporary keys.
 */
export function planBody(
  drafts: readonly ActivityDraft[],
  saved: readonly Activity[],
  revision: number,
  newLinks: ReadonlyMap<TID, Array<{ source: TID; type: string; lag?: number }>> = new Map(),
): SavePlanBody {
  const byId = new Map(saved.map((a) => [a.id, a]));
  const activities = drafts.map((d): PlanEntry => {
    const known = d.isNew ? undefined : byId.get(Number(d.id));
    const predecessors: PlanEntry["predecessors"] = d.predecessors.map((p) => (p.lag ? { id: p.id, type: p.type, lag: p.lag } : { id: p.id, type: p.type }));
    // Links from activities not saved yet (linkToPredecessor knows saved ids only).
    for (const l of newLinks.get(d.id) ?? []) predecessors.push(l.lag ? { id: refOf(l.source), type: l.type, lag: l.lag } : { id: refOf(l.source), type: l.type });
    return {
      ...(d.isNew ? { key: String(d.id) } : { id: Number(d.id) }),
      parent: d.pendingParent !== undefined ? refOf(d.pendingParent) : d.parent_id,
      name: d.name,
      type: d.type,
      start_date: d.start_date,
      end_date: d.end_date,
      work_duration: d.work_duration,
      progress: d.progress,
      ...(known ? { code: known.code ?? null, weight: known.weight ?? null } : {}),
      predecessors,
    };
  });
  return { revision, activities };
}

/**
 * The plan as activities (for the critical path and the comparison before a save answers):
 * new activities get negative stand-in ids so links among them still count.
 */
export function planActivities(body: SavePlanBody): Activity[] {
  const standIn = new Map<string, number>();
  body.activities.forEach((e, i) => {
    if (e.key !== undefined) standIn.set(e.key, -(i + 1));
  });
  const idOf = (ref: number | string | null): number | null => (ref === null ? null : typeof ref === "number" ? ref : (standIn.get(ref) ?? null));
  return body.activities.map((e, i) => ({
    id: e.id ?? standIn.get(e.key!)!,
    parent_id: idOf(e.parent),
    code: e.code ?? null,
    name: e.name,
    type: e.type,
    start_date: e.start_date,
    end_date: e.end_date,
    work_duration: e.work_duration,
    progress: e.progress,
    order: i + 1,
    predecessors: e.predecessors.map((p) => ({ ...p, id: idOf(p.id) })).filter((p) => p.id !== null),
  }));
}
