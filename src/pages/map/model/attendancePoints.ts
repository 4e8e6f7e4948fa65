// Attendance answers → one display record per staff member, with the spec's defaults; times on
// the clock of the point's site (its presence's project, else the company's zone).
import type { AttendancePoint as AttendanceAnswer } from "../../../../declaration/map-service";
import { isMissing, MISSING } from "../../../lib/format";
import { lonLatPair } from "../../../lib/place";
import { zoneOfProject, type TimeZones } from "../../../lib/timeZones";
import { formatDateTime } from "../../../lib/zonedTime";
import type { AttendancePoint } from "./types";

/** An answer's point as it may come (another backend may leave fields out or send strings). */
type Raw = { [K in keyof AttendanceAnswer]?: unknown } & Record<string, unknown>;

/** null/'' are no coordinate (Number(null) would place the point at 0). */
const coordinate = (v: unknown): number => (isMissing(v) ? Number.NaN : Number(v));

const textOr = (v: unknown, fallback: string): string => (isMissing(v) ? fallback : String(v));

/** Project names joined with ", " (a list of names or of { name } is joined too), null for none. */
function projectNames(v: unknown): string | null {
  if (isMissing(v)) return null;
  if (!Array.isArray(v)) return String(v);
  const names = v.map((p) => (typeof p === "object" && p ? String((p as { name?: unknown }).name ?? "") : String(p))).filter(Boolean);
  return names.length ? names.join(", ") : null;
}

/** The spec's attendance point: '-' for missing text and times, '' selfie, null projects/status. */
export function toAttendancePoint(raw: Raw, zones: TimeZones): AttendancePoint {
  const projectId = isMissing(raw.project_id) || !Number.isFinite(Number(raw.project_id)) ? null : Number(raw.project_id);
  const zone = zoneOfProject(zones, projectId);
  return {
    user_id: raw.user_id as number,
    name: textOr(raw.name, MISSING),
    clock_in: formatDateTime(raw.clock_in, zone),
    clock_in_loc: textOr(raw.clock_in_loc, MISSING),
    clock_out: formatDateTime(raw.clock_out, zone),
    clock_out_loc: textOr(raw.clock_out_loc, MISSING),
    image_selfie: textOr(raw.image_selfie, ""),
    projects: projectNames(raw.projects),
    presence_status: raw.presence_status == null ? null : String(raw.presence_status),
    project_id: projectId,
    zone,
    wp_lon: coordinate(raw.wp_lon),
    wp_lat: coordinate(raw.wp_lat),
    position_time: isMissing(raw.wp_time) || Number.isNaN(Date.parse(String(raw.wp_time))) ? null : String(raw.wp_time),
    position_source: raw.wp_source === "clock_in" || raw.wp_source === "waypoint" || raw.wp_source === "clock_out" ? raw.wp_source : null,
    clock_in_at: isMissing(raw.clock_in_lon) || isMissing(raw.clock_in_lat) ? null : lonLatPair([raw.clock_in_lon, raw.clock_in_lat]),
  };
}

/** Points with a usable position only: a point without coordinates cannot be drawn. */
export function toAttendancePoints(rows: readonly Raw[], zones: TimeZones): AttendancePoint[] {
  return rows.map((r) => toAttendancePoint(r, zones)).filter((p) => Number.isFinite(p.wp_lon) && Number.isFinite(p.wp_lat));
}

export type PresenceGroup = "clockedIn" | "clockedOut" | "absent" | "late";

/** The legend group: the seed's statuses are present / late / absent / leave / sick; a present
 *  worker is clocked in until a clock-out time exists. */
export function presenceGroup(p: Pick<AttendancePoint, "presence_status" | "clock_in" | "clock_out">): PresenceGroup {
  const s = (p.presence_status ?? "").toLowerCase();
  if (s === "late") return "late";
  if (s === "absent" || s === "leave" || s === "sick" || p.clock_in === MISSING) return "absent";
  return p.clock_out === MISSING ? "clockedIn" : "clockedOut";
}

/** Counts per legend group. */
export function countByPresence(points: readonly AttendancePoint[]): Record<PresenceGroup, number> {
  const counts: Record<PresenceGroup, number> = { clockedIn: 0, clockedOut: 0, absent: 0, late: 0 };
  for (const p of points) counts[presenceGroup(p)] += 1;
  return counts;
}

/** A place older than this is greyed on the map: a clock-in of this morning is still where the
 *  worker is at work; yesterday's place, or one from days ago, is not where they are now. */
export const STALE_AFTER_MS = 12 * 60 * 60 * 1000;

type Positioned = Pick<AttendancePoint, "position_time" | "position_source">;

/** How old the point's place is at `now` (ms, never negative), null when its time is unknown. */
export function positionAgeMs(p: Positioned, now: number): number | null {
  const at = p.position_time ? Date.parse(p.position_time) : Number.NaN;
  return Number.isNaN(at) ? null : Math.max(0, now - at);
}

/** Older than STALE_AFTER_MS: drawn greyed. */
export const isStale = (p: Positioned, now: number): boolean => (positionAgeMs(p, now) ?? 0) > STALE_AFTER_MS;

/** A last-known place rather than today's clock-in: the latest GPS point, the place the worker
 *  clocked out at, or any stale place. Its age is shown beside it. */
export const isLastKnown = (p: Positioned, now: number): boolean =>
  positionAgeMs(p, now) !== null && (p.position_source === "waypoint" || p.position_source === "clock_out" || isStale(p, now));

export type AgeUnit = "minute" | "hour" | "day";

/** An age in the largest whole unit it reaches (minutes below an hour, hours below a day). */
export function ageInUnits(ms: number): { value: number; unit: AgeUnit } {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return { value: minutes, unit: "minute" };
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? { value: hours, unit: "hour" } : { value: Math.floor(hours / 24), unit: "day" };
}
