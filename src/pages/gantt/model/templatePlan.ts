// Templates (template-gantt): a template's tree as a new version's plan, and a version's plan
// as a template's structure (the shape get-tree reads back: `{ phases: [{ name, type, code,
// duration_days, children }] }`).
import type { TemplateNode } from "../../../../declaration/answers";
import { dayOf, isoOfDay } from "../../../lib/calendarDays";
import type { Activity, ActivityType } from "./activity";
import type { PlanEntry } from "./planPayload";

const typeOf = (v: unknown, hasChildren: boolean): ActivityType => (v === "milestone" ? "milestone" : hasChildren || v === "summary" ? "summary" : "task");

/**
 * A template's tree laid out from `startDate`: summaries around their children, leaves one
 * after another, each `duration_days` long (1 when missing; milestones take none), each leaf
 * linked finish-to-start to the one before it in its summary.
 */
export function templateToPlan(tree: readonly TemplateNode[], startDate: string): PlanEntry[] {
  const out: PlanEntry[] = [];
  let n = 0;
  const walk = (nodes: readonly TemplateNode[], parent: string | null, from: number): number => {
    let cursor = from;
    let previous: string | null = null;
    for (const node of nodes) {
      const key = `t${++n}`;
      const type = typeOf(node.type, node.children.length > 0);
      const entry: PlanEntry = {
        key,
        parent,
        name: node.name || key,
        type,
        start_date: "",
        end_date: "",
        work_duration: 0,
        progress: 0,
        code: typeof node.code === "string" ? node.code : null,
        predecessors: [],
      };
      out.push(entry);
      const start = cursor;
      if (type === "summary") cursor = walk(node.children, key, cursor);
      else {
        if (previous) entry.predecessors.push({ id: previous, type: "e2s" });
        const days = type === "milestone" ? 0 : Math.max(1, Math.round(Number(node.duration_days) || 1));
        cursor = start + days;
        previous = key;
      }
      const last = Math.max(start, cursor - 1);
      entry.start_date = isoOfDay(type === "milestone" ? Math.max(start - 1, 0) : start);
      entry.end_date = isoOfDay(type === "milestone" ? Math.max(start - 1, 0) : last);
      entry.work_duration = type === "milestone" ? 0 : last - start + 1;
    }
    return cursor;
  };
  walk(tree, null, dayOf(startDate) ?? 0);
  return out;
}

export interface TemplateStructureNode {
  name: string;
  type: ActivityType;
  code?: string;
  duration_days: number;
  children: TemplateStructureNode[];
}

/** A version's activities as a template structure, in plan order. */
export function planToTemplate(activities: readonly Activity[]): { phases: TemplateStructureNode[] } {
  const ids = new Set(activities.map((a) => a.id));
  const sorted = [...activities].sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.id - b.id);
  const nodes = new Map<number, TemplateStructureNode>();
  for (const a of sorted) {
    const start = dayOf(a.start_date) ?? 0;
    const end = dayOf(a.end_date) ?? start;
    nodes.set(a.id, { name: a.name, type: a.type, ...(a.code ? { code: a.code } : {}), duration_days: a.type === "milestone" ? 0 : end - start + 1, children: [] });
  }
  const phases: TemplateStructureNode[] = [];
  for (const a of sorted) {
    const node = nodes.get(a.id)!;
    if (a.parent_id !== null && ids.has(a.parent_id)) nodes.get(a.parent_id)!.children.push(node);
    else phases.push(node);
  }
  return { phases };
}
