// Times of the field page in the site's zone (the day's zone from presence/today, a project's
// own), with the zone's abbreviation (WIB, WITA, WIT) where it is not the browser's. dayjs's
// utc + timezone plugins, no written offsets. Local to this page until the app's shared
// formatter lands; then these few functions call it.
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

/** The browser's own zone ("UTC" in a browser without one). */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** The zone's short name: WIB, WITA, WIT for Indonesia's (as Indonesians write them, in either language), else "GMT+8", "UTC". */
export function zoneAbbreviation(zone: string, at: number | string | Date = Date.now()): string {
  const part = new Intl.DateTimeFormat("id-ID", { timeZone: zone, timeZoneName: "short" }).formatToParts(new Date(at)).find((p) => p.type === "timeZoneName");
  return part?.value ?? zone;
}

/** Whether two zones read the same clock at `at` (Asia/Jakarta and Asia/Pontianak do). */
const sameClock = (a: string, b: string, at: number | string | Date): boolean => a === b || dayjs(at).tz(a).utcOffset() === dayjs(at).tz(b).utcOffset();

/** "07:58", or "07:58 WIB" when the browser's clock reads another time. Null for a missing or bad time. */
export function siteClock(at: unknown, zone: string, browser: string = browserZone()): string | null {
  if (typeof at !== "string" && typeof at !== "number") return null;
  const d = dayjs(at);
  if (!d.isValid()) return null;
  const text = d.tz(zone).format("HH:mm");
  return sameClock(zone, browser, d.toDate()) ? text : `${text} ${zoneAbbreviation(zone, d.toDate())}`;
}

/** "21-11-2026 07:58" (the app's date form), with the zone's abbreviation when the browser's clock reads another time. */
export function siteDateTime(at: unknown, zone: string, browser: string = browserZone()): string | null {
  if (typeof at !== "string" && typeof at !== "number") return null;
  const d = dayjs(at);
  if (!d.isValid()) return null;
  const text = d.tz(zone).format("DD-MM-YYYY HH:mm");
  return sameClock(zone, browser, d.toDate()) ? text : `${text} ${zoneAbbreviation(zone, d.toDate())}`;
}

/** The day in the site's zone, as YYYY-MM-DD. */
export const siteDate = (at: number | string, zone: string): string => dayjs(at).tz(zone).format("YYYY-MM-DD");

/** The day as the page's heading shows it ("Friday, 21 November"), in the given dayjs locale. */
export const dayHeading = (date: string, locale: string): string => dayjs(date).locale(locale).format("dddd, D MMMM YYYY");
