// The week view's model: which shift each person works on each day of a week. user-to-shift
// rows say who is on which shift from start_date to end_date (none: still running); shifts
// declare no weekdays, so a person's shift applies to every work day, Monday to Friday, and the
// weekend stays empty. Several rows covering one day: the one starting latest counts (a rotation
// over the standing shift), as the server decides a clock-in's shift (docs/api.md presence).

export interface Assignment {
  user_id: number;
  shift_id: number;
  start_date: string;
  end_date?: string | null;
}

export interface WeekRow {
  userId: number;
  /** Seven entries, Monday first: the shift id worked that day, or null. */
  days: (number | null)[];
}

const day = (d: string | null | undefined) => (d == null ? null : String(d).slice(0, 10));

/** The Monday of the week holding `date` (YYYY-MM-DD), as YYYY-MM-DD. */
export function mondayOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - back);
  return d.toISOString().slice(0, 10);
}

/** `date` moved by `days` days (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The seven dates of the week starting `monday`. */
export function weekDates(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** The assignment covering `date`, the one starting latest, or null. */
export function shiftOn(rows: readonly Assignment[], date: string): number | null {
  let best: Assignment | null = null;
  for (const r of rows) {
    const start = day(r.start_date);
    const end = day(r.end_date);
    if (start == null || start > date || (end != null && end < date)) continue;
    if (!best || start > day(best.start_date)!) best = r;
  }
  return best ? Number(best.shift_id) : null;
}

/** One row per person with a shift on some work day of the week, in the order of `people`. */
export function weekRows(assignments: readonly Assignment[], monday: string, peopleOrder: readonly number[]): WeekRow[] {
  const dates = weekDates(monday);
  const byUser = new Map<number, Assignment[]>();
  for (const a of assignments) {
    const id = Number(a.user_id);
    byUser.set(id, [...(byUser.get(id) ?? []), a]);
  }
  const rows: WeekRow[] = [];
  const order = [...peopleOrder.filter((id) => byUser.has(id)), ...[...byUser.keys()].filter((id) => !peopleOrder.includes(id))];
  for (const userId of order) {
    const mine = byUser.get(userId)!;
    const days = dates.map((d, i) => (i < 5 ? shiftOn(mine, d) : null));
    if (days.some((s) => s != null)) rows.push({ userId, days });
  }
  return rows;
}
