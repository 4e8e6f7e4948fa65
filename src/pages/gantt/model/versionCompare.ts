// Baseline against current: the same activity in two versions is found by a stable key (its
// code, else the path of names from the root), since each version has its own activity ids.
import { dayOf } from "../../../lib/calendarDays";
import type { Activity } from "./activity";

export interface MovedActivity {
  key: string;
  baseline: Activity;
  current: Activity;
  /** Days the start moved (current - baseline): positive is later. */
  startDelta: number;
  endDelta: number;
}

export interface VersionComparison {
  /** Activities in both versions whose start or end moved, in the current plan's order. */
  moved: MovedActivity[];
  /** In the current version only. */
  added: Activity[];
  /** In the baseline only. */
  removed: Activity[];
  /** Activities in both versions with the same dates. */
  unchanged: number;
  /** For ghost bars under the current bars: the baseline dates of each current activity found in the baseline. */
  baselineOf: Map<number, { start_date: string; end_date: string }>;
}

const NAME_SEPARATOR = " / ";

/**
 * Each activity's key: "code:<code>" when it has a code, else "path:<names from the root>". A
 * key met twice in one version gets "#2", "#3" in plan order, so duplicates pair up in turn.
 */
export function activityKeys(activities: readonly Activity[]): Map<number, string> {
  const byId = new Map(activities.map((a) => [a.id, a]));
  const pathMemo = new Map<number, string>();
  const pathOf = (a: Activity, depth = 0): string => {
    const memo = pathMemo.get(a.id);
    if (memo !== undefined) return memo;
    const parent = a.parent_id !== null ? byId.get(a.parent_id) : undefined;
    // The depth bound stops a parent cycle in bad data from recursing forever.
    const path = parent && depth < activities.length ? pathOf(parent, depth + 1) + NAME_SEPARATOR + a.name.trim() : a.name.trim();
    pathMemo.set(a.id, path);
    return path;
  };
  const sorted = [...activities].sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.id - b.id);
  const seen = new Map<string, number>();
  const keys = new Map<number, string>();
  for (const a of sorted) {
    const code = typeof a.code === "string" ? a.code.trim() : "";
    const base = code ? `code:${code}` : `path:${pathOf(a)}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    keys.set(a.id, count === 1 ? base : `${base}#${count}`);
  }
  return keys;
}

export function compareVersions(baseline: readonly Activity[], current: readonly Activity[]): VersionComparison {
  const baseKeys = activityKeys(baseline);
  const byKey = new Map<string, Activity>();
  for (const a of baseline) byKey.set(baseKeys.get(a.id)!, a);
  const curKeys = activityKeys(current);
  const matched = new Set<string>();
  const result: VersionComparison = { moved: [], added: [], removed: [], unchanged: 0, baselineOf: new Map() };
  const ordered = [...current].sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.id - b.id);
  for (const cur of ordered) {
    const key = curKeys.get(cur.id)!;
    const base = byKey.get(key);
    if (!base) {
      result.added.push(cur);
      continue;
    }
    matched.add(key);
    result.baselineOf.set(cur.id, { start_date: base.start_date, end_date: base.end_date });
    const startDelta = delta(base.start_date, cur.start_date);
    const endDelta = delta(base.end_date, cur.end_date);
    if (startDelta || endDelta) result.moved.push({ key, baseline: base, current: cur, startDelta, endDelta });
    else result.unchanged++;
  }
  for (const [key, base] of byKey) if (!matched.has(key)) result.removed.push(base);
  result.removed.sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.id - b.id);
  return result;
}

/** Days from a to b; an unreadable date counts as not moved. */
function delta(a: string, b: string): number {
  const x = dayOf(a);
  const y = dayOf(b);
  return x === null || y === null ? 0 : y - x;
}
