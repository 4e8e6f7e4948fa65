// The map page's data as the page holds it (the wire shapes are in the api-contract's "Map calls").

/** One staff member's latest attendance point, formatted for display (spec: "Attendance point"). */
export interface AttendancePoint {
  user_id: string | number;
  name: string;
  clock_in: string;
  clock_in_loc: string;
  clock_out: string;
  clock_out_loc: string;
  image_selfie: string;
  projects: unknown;
  presence_status: string | null;
  wp_lon: number;
  wp_lat: number;
  /** When the worker was at that place (the answer's wp_time), null when unknown. */
  position_time: string | null;
  /** Where the place comes from: the clock-in, or the latest GPS point (no clock-in place). */
  position_source: "clock_in" | "waypoint" | null;
}

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
