// Times on a site's clock with dayjs's utc and timezone plugins (the runtime's IANA data: no
// offsets written here): formatting for display, and the pickers' values. Its own chunk, loaded
// by the screens that show or take times (the light part, which zone and its names, is
// ./timeZones.ts).
//
// Pickers hold "wall clock" values: a dayjs in the browser's zone whose fields read as the site's
// clock (07:58 WIB is a picker value of 07:58, in any browser); `wallOf` and `instantOfWall`
// convert between an instant and that.
import dayjs, { type Dayjs } from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { DATETIME_FORMAT, MISSING } from "./format";
import { needsAbbreviation, zoneAbbreviation } from "./timeZones";

dayjs.extend(utc);
dayjs.extend(timezone);

const WALL = "YYYY-MM-DDTHH:mm:ss.SSS";

/** An instant (ISO with offset, epoch ms, Date, dayjs) in a zone; undefined when it does not read as one. */
export function inZone(v: unknown, zone: string): Dayjs | undefined {
  if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return undefined;
  if (!(typeof v === "string" || typeof v === "number" || v instanceof Date || dayjs.isDayjs(v))) return undefined;
  const d = dayjs(v as string | number | Date);
  return d.isValid() ? d.tz(zone) : undefined;
}

/** The site's clock at an instant, as a picker value (a browser-zone dayjs with those fields). */
export function wallOf(v: unknown, zone: string): Dayjs | undefined {
  const d = inZone(v, zone);
  return d ? dayjs(d.format(WALL)) : undefined;
}

/** The instant a picker value means in a zone (its fields read as that zone's clock). */
export const instantOfWall = (wall: Dayjs, zone: string): Dayjs => dayjs.tz(wall.format(WALL), zone);

/** Now on the site's clock, as a picker value. */
export const wallNow = (zone: string, now: number = Date.now()): Dayjs => wallOf(now, zone)!;

/** A range of whole days in the site's clock (picker values: the first day's start, the last day's end) → instants. */
export function dayRangeInZone(first: Dayjs, last: Dayjs, zone: string): [Dayjs, Dayjs] {
  return [instantOfWall(first.startOf("day"), zone), instantOfWall(last.endOf("day"), zone)];
}

/**
 * DD-MM-YYYY HH:mm:ss on the clock of `zone` (the site's, else the company's: never the
 * browser's by default), followed by the zone's abbreviation when the browser is in another
 * zone: "25-11-2026 07:58:00 WIB" in a UTC browser, "25-11-2026 07:58:00" in a Jakarta one.
 */
export function formatDateTime(v: unknown, zone: string, lang?: string): string {
  const d = inZone(v, zone);
  if (!d) return MISSING;
  const text = d.format(DATETIME_FORMAT);
  return needsAbbreviation(zone) ? `${text} ${zoneAbbreviation(zone, d.toDate(), lang)}` : text;
}

// ---- the map's quick ranges -------------------------------------------------------------------

export type QuickRange = "today" | "yesterday" | "thisWeek";

/** Today, yesterday and this week (from the week's first day, in the language's week) as the site's days: picker values. */
export function quickRanges(zone: string, now: number = Date.now()): Record<QuickRange, [Dayjs, Dayjs]> {
  const today = wallNow(zone, now);
  const yesterday = today.subtract(1, "day");
  return {
    today: [today.startOf("day"), today.endOf("day")],
    yesterday: [yesterday.startOf("day"), yesterday.endOf("day")],
    thisWeek: [today.startOf("week"), today.endOf("day")],
  };
}
