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
const CLOCK_FORMAT = "HH:mm";

/**
 * A zone's offset from UTC changes only at its transitions, and every transition falls on a
 * quarter hour of UTC (offsets are whole quarter hours): one offset per zone and quarter hour,
 * asked of the timezone plugin once. A map of 10,000 points or a week's route of 20,000 then
 * asks the plugin (two Intl calls each time) a few hundred times, not 20,000 (1.5 s here).
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const offsets = new Map<string, number>();
function offsetAt(ms: number, zone: string): number {
  const key = `${zone} ${Math.floor(ms / QUARTER_HOUR_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size >= 20_000) offsets.clear();
    offset = dayjs(ms).tz(zone).utcOffset();
    offsets.set(key, offset);
  }
  return offset;
}

/** An instant (ISO with offset, epoch ms, Date, dayjs) on a zone's clock; undefined when it does not read as one. */
export function inZone(v: unknown, zone: string): Dayjs | undefined {
  if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return undefined;
  if (!(typeof v === "string" || typeof v === "number" || v instanceof Date || dayjs.isDayjs(v))) return undefined;
  const d = dayjs(v as string | number | Date);
  if (!d.isValid()) return undefined;
  const ms = d.valueOf();
  return dayjs(ms).utcOffset(offsetAt(ms, zone));
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

/**
 * DD-MM-YYYY HH:mm:ss on the clock of `zone` (the site's, else the company's: never the
 * browser's by default), followed by the zone's abbreviation when the browser is in another
 * zone: "25-11-2026 07:58:00 WIB" in a UTC browser, "25-11-2026 07:58:00" in a Jakarta one.
 */
export function formatDateTime(v: unknown, zone: string, lang?: string): string {
  const d = inZone(v, zone);
  if (!d) return MISSING;
  const text = d.format(DATETIME_FORMAT);
  return needsAbbreviation(zone) ? `${text} ${abbreviation(zone, d, lang)}` : text;
}

/** HH:mm on the clock of `zone`, with the zone's abbreviation as formatDateTime puts it: "07:58 WIB" in a UTC browser, "07:58" in a Jakarta one. */
export function formatClock(v: unknown, zone: string, lang?: string): string {
  const d = inZone(v, zone);
  if (!d) return MISSING;
  const text = d.format(CLOCK_FORMAT);
  return needsAbbreviation(zone) ? `${text} ${abbreviation(zone, d, lang)}` : text;
}

/** The zone's abbreviation at that offset (EST and EDT differ; WIB is WIB), named once per zone, offset and language. */
const abbreviations = new Map<string, string>();
function abbreviation(zone: string, at: Dayjs, lang: string | undefined): string {
  const key = `${zone} ${at.utcOffset()} ${lang ?? ""}`;
  let name = abbreviations.get(key);
  if (name === undefined) {
    name = zoneAbbreviation(zone, at.toDate(), lang);
    abbreviations.set(key, name);
  }
  return name;
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
