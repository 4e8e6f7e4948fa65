// The map page's data as the page holds it (the wire's shapes: declaration/map-service.ts).
import type { AttendancePoint as AttendanceAnswer } from "../../../../declaration/map-service";

/** One staff member's latest attendance point as the page holds and shows it (spec: "Attendance
 *  point"): the answer's point (declaration/map-service.ts) with its texts and times as shown
 *  ('-' when missing, times DD-MM-YYYY HH:mm:ss, '' for no selfie), and when and from what its
 *  place is known. */
export type AttendancePoint = Pick<AttendanceAnswer, "user_id" | "presence_status" | "projects" | "project_id" | "wp_lon" | "wp_lat"> &
  Record<"name" | "clock_in" | "clock_in_loc" | "clock_out" | "clock_out_loc" | "image_selfie", string> & {
    /** When the worker was at that place (the answer's wp_time), null when unknown. */
    position_time: AttendanceAnswer["wp_time"];
    /** Where the place comes from: the clock-in, or the latest GPS point (no clock-in place). */
    position_source: AttendanceAnswer["wp_source"] | null;
    /** The zone its times are shown in: its site's (the presence's project), else the company's. */
    zone: string;
    /** The clock-in place [lon, lat] (apart from the point, which is the latest place), null without one. */
    clock_in_at: [number, number] | null;
  };

/** One point of a user's history, lon/lat parsed to numbers. */
export interface HistoryPoint {
  lon: number;
  lat: number;
  wptime: string;
}

export type HistoryRole = "Start" | "Working" | "End";

/** A history point with its role on the route. */
export interface RoutePoint extends HistoryPoint {
  role: HistoryRole;
}

/** The spec's wrapper of a map search: data only when the answer holds a non-empty list. */
export type MapSearchResult<T> = { status: true; data: T[] } | { status: false; data: null };
