// Between the server's activities and @svar-ui/react-gantt's tasks and links, both ways.
// Types only from the Gantt package: this module stays out of the bundle's heavy parts.
import type { ILink, ITask, TID } from "@svar-ui/react-gantt";
import { dayOfLocalDate, isoOfDay, localDateOfDay } from "../../../lib/calendarDays";
import { datesOfSpan, parsePredecessors, spanOf, type Activity, type ActivityType, type LinkKind, type Predecessor } from "./activity";

/** A Gantt task made from an activity; `code` rides along for the grid. */
export interface GanttTask extends ITask {
  id: TID;
  text: string;
  start: Date;
  end: Date;
  duration: number;
  progress: number;
  type: ActivityType;
  parent: TID;
  code?: string | null;
}

export interface GanttLink extends ILink {
  id: TID;
  source: TID;
  target: TID;
  type: LinkKind;
}

/** A link's id: the same link always gets the same id, so a reload keeps the Gantt's selection. */
export const linkIdOf = (source: TID, target: TID, type: LinkKind): string => `${source}>${target}:${type}`;

const byOrder = (a: Activity, b: Activity) => (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER) || a.id - b.id;

/**
 * The Gantt's tasks and links for a version's activities. Tasks come in `order`; a parent the
 * list lacks becomes the root (0). `open: true` only on tasks that have children: the Gantt's
 * store crashes on an open leaf. Dates: see `spanOf` (a milestone sits at the end of its day).
 * Links to activities the list lacks are left out.
 */
export function activitiesToGantt(activities: readonly Activity[]): { tasks: GanttTask[]; links: GanttLink[] } {
  const ids = new Set(activities.map((a) => a.id));
  const withChildren = new Set<number>();
  for (const a of activities) if (a.parent_id !== null && ids.has(a.parent_id)) withChildren.add(a.parent_id);
  const sorted = [...activities].sort(byOrder);
  const tasks = sorted.map((a): GanttTask => {
    const task: GanttTask = {
      id: a.id,
      text: a.name,
      ...taskDatesOf(a),
      progress: Math.max(0, Math.min(100, Number(a.progress ?? 0) || 0)),
      type: a.type,
      parent: a.parent_id !== null && ids.has(a.parent_id) ? a.parent_id : 0,
      code: a.code ?? null,
    };
    if (withChildren.has(a.id)) task.open = true;
    return task;
  });
  const links: GanttLink[] = [];
  for (const a of sorted) {
    for (const p of parsePredecessors(a.predecessors)) {
      if (!ids.has(p.id)) continue;
      const link: GanttLink = { id: linkIdOf(p.id, a.id, p.type), source: p.id, target: a.id, type: p.type };
      if (p.lag) link.lag = p.lag;
      links.push(link);
    }
  }
  return { tasks, links };
}

/** A task's start, end and duration in the chart (local midnights) for an activity's record dates: see `spanOf`. */
export function taskDatesOf(a: Pick<Activity, "type" | "start_date" | "end_date">): { start: Date; end: Date; duration: number } {
  const span = spanOf(a) ?? { start: 0, finish: 1 };
  return { start: localDateOfDay(span.start), end: localDateOfDay(span.finish), duration: span.finish - span.start };
}

/**
 * A task's first day as the record writes it (`YYYY-MM-DD`), for the grid: a milestone sits at the
 * end of its day in the chart (its start is the next midnight), but it is dated by its day.
 */
export function recordStartOf(task: Pick<ITask, "start" | "type">): string | null {
  if (!(task.start instanceof Date) || Number.isNaN(task.start.getTime())) return null;
  return isoOfDay(dayOfLocalDate(task.start) - (task.type === "milestone" ? 1 : 0));
}

/** The activity fields a task carries: what to save after a move, a resize, an edit or an indent. */
export interface ActivityFields {
  name: string;
  type: ActivityType;
  start_date: string;
  end_date: string;
  work_duration: number;
  progress: number;
  /** null at the root; a number for a saved parent. */
  parent_id: number | null;
  /** Set instead of `parent_id` when the parent is a task not saved yet (the Gantt's temporary id). */
  pendingParent?: TID;
}

const isWholeDay = (d: Date) => d.getHours() === 0 && d.getMinutes() === 0 && d.getSeconds() === 0 && d.getMilliseconds() === 0;

/** The days a task covers, [start, finish): from its start and end, or its start and duration in days. */
function taskSpan(task: Partial<ITask>): { start: number; finish: number } | null {
  if (!(task.start instanceof Date) || Number.isNaN(task.start.getTime())) return null;
  const start = dayOfLocalDate(task.start);
  if (task.type === "milestone") return { start, finish: start };
  let finish: number;
  // An end during a day (hour scales) still takes that day.
  if (task.end instanceof Date && !Number.isNaN(task.end.getTime())) finish = dayOfLocalDate(task.end) + (isWholeDay(task.end) ? 0 : 1);
  else finish = start + Math.max(1, Math.round(Number(task.duration) || 1));
  return { start, finish: Math.max(finish, start + 1) };
}

const typeOf = (t: unknown): ActivityType => (t === "summary" || t === "milestone" ? t : "task");

/** The fields to save for a task as the Gantt holds it (null when it has no usable start). */
export function taskToActivityFields(task: Partial<ITask>): ActivityFields | null {
  const span = taskSpan(task);
  if (!span) return null;
  const type = typeOf(task.type);
  const dates = datesOfSpan(type, span.start, span.finish);
  const fields: ActivityFields = {
    name: String(task.text ?? ""),
    type,
    start_date: isoOfDay(dates.start),
    end_date: isoOfDay(dates.end),
    work_duration: type === "milestone" ? 0 : span.finish - span.start,
    progress: Math.round(Math.max(0, Math.min(100, Number(task.progress) || 0))),
    parent_id: null,
  };
  const parent = task.parent;
  if (typeof parent === "number" && parent !== 0) fields.parent_id = parent;
  else if (typeof parent === "string" && parent !== "" && parent !== "0") {
    if (/^\d+$/.test(parent)) fields.parent_id = Number(parent);
    else fields.pendingParent = parent;
  }
  return fields;
}

/** A link as a `predecessors` entry of its target (null when the source is not a saved activity). */
export function linkToPredecessor(link: Pick<ILink, "source" | "type" | "lag">): Predecessor | null {
  const id = typeof link.source === "number" ? link.source : /^\d+$/.test(String(link.source)) ? Number(link.source) : NaN;
  if (!Number.isInteger(id)) return null;
  return link.lag ? { id, type: link.type, lag: link.lag } : { id, type: link.type };
}

/** Each target's `predecessors` from a set of links (targets without links are absent: they have `[]`). */
export function linksToPredecessors(links: readonly Pick<ILink, "source" | "target" | "type" | "lag">[]): Map<TID, Predecessor[]> {
  const out = new Map<TID, Predecessor[]>();
  for (const link of links) {
    const p = linkToPredecessor(link);
    if (!p) continue;
    const list = out.get(link.target) ?? [];
    if (!list.some((q) => q.id === p.id && q.type === p.type)) list.push(p);
    out.set(link.target, list);
  }
  return out;
}

/** The target's `predecessors` after a link is added (a link of the same kind from the same source is replaced: its lag may change). */
export function predecessorsWithLink(current: unknown, link: Pick<ILink, "source" | "type" | "lag">): Predecessor[] {
  const p = linkToPredecessor(link);
  const list = parsePredecessors(current);
  if (!p) return list;
  return [...list.filter((q) => !(q.id === p.id && q.type === p.type)), p];
}

/** The target's `predecessors` after a link is deleted. */
export function predecessorsWithoutLink(current: unknown, link: Pick<ILink, "source" | "type">): Predecessor[] {
  const p = linkToPredecessor(link);
  const list = parsePredecessors(current);
  return p ? list.filter((q) => !(q.id === p.id && q.type === p.type)) : list;
}

/** An activity as the Gantt now holds it: the fields to save with its place in the plan. */
export interface ActivityDraft extends ActivityFields {
  /** The saved activity's id, or the Gantt's temporary id of a new one. */
  id: TID;
  isNew: boolean;
  /** 1-based position in the plan, in the order the tasks were given (the Gantt's tree order). */
  order: number;
  predecessors: Predecessor[];
}

/**
 * The whole plan back from the Gantt (e.g. its `serialize()` of tasks and links) as activities
 * to save with a version. `code` and `weight` are not the Gantt's: the caller keeps them from the
 * records by id. Tasks without a usable start are skipped.
 */
export function ganttToActivities(tasks: readonly Partial<ITask>[], links: readonly ILink[]): ActivityDraft[] {
  const preds = linksToPredecessors(links);
  const out: ActivityDraft[] = [];
  tasks.forEach((task) => {
    const fields = taskToActivityFields(task);
    if (!fields || task.id === undefined) return;
    const saved = typeof task.id === "number" || /^\d+$/.test(String(task.id));
    out.push({ ...fields, id: saved ? Number(task.id) : task.id, isNew: !saved, order: out.length + 1, predecessors: preds.get(task.id) ?? [] });
  });
  return out;
}
