// Attendance answers → one display record per staff member, with the spec's defaults.
import { formatDateTime, isMissing, MISSING } from "../../../lib/format";
import type { AttendancePoint } from "./types";

type Raw = Record<string, unknown>;

/** null/'' are no coordinate (Number(null) would place the point at 0). */
const coordinate = (v: unknown): number => (isMissing(v) ? Number.NaN : Number(v));

const textOr = (v: unknown, fallback: string): string => (isMissing(v) ? fallback : String(v));

/** The spec's attendance point: '-' for missing text and times, '' selfie, null projects/status. */
export function toAttendancePoint(raw: Raw): AttendancePoint {
  return {
    user_id: raw.user_id as string | number,
    name: textOr(raw.name, MISSING),
    clock_in: formatDateTime(raw.clock_in),
    clock_in_loc: textOr(raw.clock_in_loc, MISSING),
    clock_out: formatDateTime(raw.clock_out),
    clock_out_loc: textOr(raw.clock_out_loc, MISSING),
    image_selfie: textOr(raw.image_selfie, ""),
    projects: raw.projects ?? null,
    presence_status: raw.presence_status == null ? null : String(raw.presence_status),
    wp_lon: coordinate(raw.wp_lon),
    wp_lat: coordinate(raw.wp_lat),
  };
}

/** Points with a usable position only: a point without coordinates cannot be drawn. */
export function toAttendancePoints(rows: readonly Raw[]): AttendancePoint[] {
  return rows.map(toAttendancePoint).filter((p) => Number.isFinite(p.wp_lon) && Number.isFinite(p.wp_lat));
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
