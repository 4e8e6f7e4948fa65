// One colour per presence group, shared by the points layer and the legend; the route's colours.
import type { PresenceGroup } from "../model/attendancePoints";

export const PRESENCE_COLORS: Record<PresenceGroup, string> = {
  clockedIn: "#2e7d32",
  clockedOut: "#1565c0",
  absent: "#9e9e9e",
  late: "#ef6c00",
};

export const PRESENCE_GROUPS: PresenceGroup[] = ["clockedIn", "clockedOut", "late", "absent"];

/** The route's Start and End points: Start is not the clocked-in green of the attendance points. */
export const ROUTE_COLORS = { start: "#00838f", end: "#c62828" } as const;
