// The map's colours, one per thing the legend names (Legend.tsx), shared by the layers and the
// legend: each presence state, a greyed last-known place, the route's Start and End, its stops,
// its line and the playback marker.
import type { PresenceGroup } from "../model/attendancePoints";

export const PRESENCE_COLORS: Record<PresenceGroup, string> = {
  clockedIn: "#2e7d32",
  clockedOut: "#1565c0",
  absent: "#ad1457",
  late: "#ef6c00",
};

export const PRESENCE_GROUPS: PresenceGroup[] = ["clockedIn", "clockedOut", "late", "absent"];

/** The fill of a place older than STALE_AFTER_MS; its ring keeps the state's colour. */
export const STALE_FILL = "#9e9e9e";

/** The route's colours: Start is not the clocked-in green of the attendance points, a stop not
 *  the orange of Late. */
export const ROUTE_COLORS = { start: "#00838f", end: "#c62828", stop: "#5d4037", line: "#1677ff", marker: "#722ed1" } as const;
