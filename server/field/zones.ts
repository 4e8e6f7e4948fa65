// Wall-clock time in a site's zone, through dayjs's timezone plugin (the runtime's IANA data):
// never a hand-written offset. A site's zone is its project's `time_zone`, else its company's.
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "../../declaration";

dayjs.extend(utc);
dayjs.extend(timezone);

export { dayjs };

/** The zone that applies: the first known of the given names (project's, company's), else Asia/Jakarta. */
export function zoneOf(...names: unknown[]): string {
  for (const n of names) {
    const z = canonicalTimeZone(n);
    if (z) return z;
  }
  return DEFAULT_TIME_ZONE;
}

/** The local date ("YYYY-MM-DD") and minute of the day of an instant in a zone. */
export function localParts(ms: number, zone: string): { date: string; minute: number } {
  const d = dayjs(ms).tz(zone);
  return { date: d.format("YYYY-MM-DD"), minute: d.hour() * 60 + d.minute() };
}

/** The instant of a local wall time ("YYYY-MM-DDTHH:mm:ss") in a zone. */
export const instantOf = (local: string, zone: string): number => dayjs.tz(local, zone).valueOf();
