// Whole calendar days as integers (days since 1970-01-01), for plan arithmetic: a date-only
// string names a calendar day in every time zone, so no Date object or zone enters the sums.

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;
const MS_PER_DAY = 86_400_000;

/** The day number of a `YYYY-MM-DD` string (a longer ISO string counts by its date part); null when it is not one. */
export function dayOf(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const m = ISO_DAY.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  // Rejects 2026-02-30 and the like rather than rolling them into the next month.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms / MS_PER_DAY;
}

/** The `YYYY-MM-DD` string of a day number. */
export function isoOfDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Local midnight of a day number: what date pickers and chart libraries working in local time show as that day. */
export function localDateOfDay(day: number): Date {
  const u = new Date(day * MS_PER_DAY);
  return new Date(u.getUTCFullYear(), u.getUTCMonth(), u.getUTCDate());
}

/** The day number of a local Date's calendar day (its time of day is dropped). */
export function dayOfLocalDate(date: Date): number {
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / MS_PER_DAY;
}
