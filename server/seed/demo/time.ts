// Wall-clock helpers in WIB (UTC+7, Jakarta and Bandung; Indonesia has no daylight saving).
// Everything is epoch-millisecond arithmetic, so the machine's time zone never matters.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const WIB_OFFSET = 7 * HOUR;

const pad = (n: number, w = 2): string => String(n).padStart(w, "0");

/** "YYYY-MM-DD" of the WIB day holding the instant. */
export function wibDate(ms: number): string {
  return new Date(ms + WIB_OFFSET).toISOString().slice(0, 10);
}

/** ISO 8601 with the WIB offset: "2026-11-21T08:30:00+07:00" (the wire format of datetimes). */
export function wibIso(ms: number): string {
  return new Date(ms + WIB_OFFSET).toISOString().slice(0, 19) + "+07:00";
}

/** The instant of WIB midnight starting the day that holds `ms`. */
export function wibMidnight(ms: number): number {
  return Math.floor((ms + WIB_OFFSET) / DAY) * DAY - WIB_OFFSET;
}

/** Minutes since WIB midnight. */
export function wibMinuteOfDay(ms: number): number {
  return Math.floor((ms - wibMidnight(ms)) / MINUTE);
}

export const hhmm = (minutes: number): string => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** Dates relative to the demo's "now", so the data always looks current. */
export class Clock {
  /** WIB midnight of today. */
  readonly today: number;

  constructor(readonly now: number) {
    this.today = wibMidnight(now);
  }

  /** Date string `days` from today (negative: past). */
  date(days: number): string {
    return wibDate(this.today + days * DAY);
  }

  /** Instant at a WIB wall time `days` from today. */
  at(days: number, hour: number, minute = 0, second = 0): number {
    return this.today + days * DAY + hour * HOUR + minute * MINUTE + second * 1000;
  }

  /** Datetime string at a WIB wall time `days` from today. */
  iso(days: number, hour: number, minute = 0, second = 0): string {
    return wibIso(this.at(days, hour, minute, second));
  }

  /** Whole days between today and a date string (positive: in the future). */
  daysTo(date: string): number {
    return Math.round((Date.parse(`${date}T00:00:00+07:00`) - this.today) / DAY);
  }
}

/** Adds days to a "YYYY-MM-DD" date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** Days from a to b ("YYYY-MM-DD"), b - a. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);
}

export const minDate = (a: string, b: string): string => (a < b ? a : b);
export const maxDate = (a: string, b: string): string => (a > b ? a : b);
