// Whole calendar days as integers (days since 1970-01-01), for plan arithmetic: a date-only
// string names a calendar day in every time zone, so no Date object or zone enters the sums.

const MS_PER_DAY = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days since 1970-01-01 of a civil date (H. Hinnant's days-from-civil): no Date object per call. */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The day number of a `YYYY-MM-DD` string (a longer ISO string counts by its date part); null when it is not one. */
export function dayOf(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const m = ISO_DAY.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Rejects 2026-02-30 and the like rather than rolling them into the next month.
  if (mo < 1 || mo > 12 || d < 1 || d > (mo === 2 && isLeap(y) ? 29 : MONTH_DAYS[mo - 1])) return null;
  return daysFromCivil(y, mo, d);
}

const pad2 = (n: number) => (n < 10 ? "0" : "") + n;

/** The `YYYY-MM-DD` string of a day number (for years 0-9999). */
export function isoOfDay(day: number): string {
  // Civil-from-days (H. Hinnant's algorithm): plain arithmetic, far cheaper than a Date per call,
  // which counts when a plan of thousands of activities is recomputed on every drag.
  const z = Math.floor(day) + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, "0")}-${pad2(m)}-${pad2(d)}`;
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
