// The server's `activity` record as the plan models read it, its `predecessors` links, and the
// span of days an activity occupies.
import { dayOf } from "../../../lib/calendarDays";

export type ActivityType = "task" | "summary" | "milestone";

/** Link kinds in the Gantt's spelling: e = end (finish), s = start; "e2s" is finish-to-start. */
export type LinkKind = "e2s" | "s2s" | "e2e" | "s2e";
export const LINK_KINDS: readonly LinkKind[] = ["e2s", "s2s", "e2e", "s2e"];

/** One entry of an activity's `predecessors`: the activity it depends on, how, and the lag in days (may be negative: a lead). */
export interface Predecessor {
  id: number;
  type: LinkKind;
  lag?: number;
}

/** The fields of an `activity` record the plan uses (as `activity/search` answers them). */
export interface Activity {
  id: number;
  project_id?: number;
  version_gantt_id?: number;
  parent_id: number | null;
  code?: string | null;
  name: string;
  type: ActivityType;
  start_date: string;
  end_date: string;
  work_duration?: number | null;
  progress?: number | null;
  weight?: number | null;
  order?: number | null;
  predecessors?: unknown;
}

// Other spellings a client or an import may store; the Gantt's four codes are canonical.
const KIND_ALIASES: Record<string, LinkKind> = {
  e2s: "e2s",
  fs: "e2s",
  "finish-to-start": "e2s",
  finish_to_start: "e2s",
  s2s: "s2s",
  ss: "s2s",
  "start-to-start": "s2s",
  start_to_start: "s2s",
  e2e: "e2e",
  ff: "e2e",
  "finish-to-finish": "e2e",
  finish_to_finish: "e2e",
  s2e: "s2e",
  sf: "s2e",
  "start-to-finish": "s2e",
  start_to_finish: "s2e",
};

/** A link kind from any of its spellings, or null. */
export function linkKindOf(value: unknown): LinkKind | null {
  if (typeof value !== "string") return null;
  return KIND_ALIASES[value.trim().toLowerCase()] ?? null;
}

/**
 * The links stored in `predecessors`: the server keeps `[{ id, type, lag? }]` (the demo seed
 * writes `type` as "e2s"/"s2s"); a JSON string of that, a bare id (finish-to-start) and other
 * kind spellings are read too. Entries that name no activity or no known kind are dropped.
 */
export function parsePredecessors(value: unknown): Predecessor[] {
  let list = value;
  if (typeof list === "string") {
    try {
      list = JSON.parse(list);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const out: Predecessor[] = [];
  for (const entry of list) {
    if (typeof entry === "number" && Number.isInteger(entry)) {
      out.push({ id: entry, type: "e2s" });
      continue;
    }
    if (!entry || typeof entry !== "object") continue;
    const e = entry as Record<string, unknown>;
    const id = Number(e.id);
    const type = e.type === undefined ? "e2s" : linkKindOf(e.type);
    if (!Number.isInteger(id) || !type) continue;
    const lag = Number(e.lag);
    out.push(Number.isFinite(lag) && lag !== 0 ? { id, type, lag } : { id, type });
  }
  return out;
}

/**
 * The days an activity occupies as a half-open range [start, finish) of day numbers: a task
 * from the morning of `start_date` to the evening of `end_date` (both inclusive in the record),
 * a milestone as a point at the end of its day (it marks the completion of the work before it,
 * which ends that day). Null when the dates are missing or unreadable.
 */
export function spanOf(a: Pick<Activity, "type" | "start_date" | "end_date">): { start: number; finish: number } | null {
  const start = dayOf(a.start_date);
  if (start === null) return null;
  if (a.type === "milestone") return { start: start + 1, finish: start + 1 };
  const end = dayOf(a.end_date) ?? start;
  return { start, finish: Math.max(start, end) + 1 };
}

/** The record's inclusive dates for a half-open span (the inverse of `spanOf`). */
export function datesOfSpan(type: ActivityType, start: number, finish: number): { start: number; end: number } {
  if (type === "milestone") return { start: start - 1, end: start - 1 };
  return { start, end: Math.max(start, finish - 1) };
}
