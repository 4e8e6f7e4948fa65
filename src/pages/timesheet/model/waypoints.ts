// The body of a worker's waypoint monitoring (legacy waypoint-monitoring/{user_id}/search, a
// search body, docs/api.md): every point of the days shown, on the company's clock, oldest first.
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

export const waypointSearchBody = (from: string, to: string, zone: string) => ({
  paging: { start: 0, length: -1 },
  columns: [{ data: "wptime", value: dayjs.tz(`${from}T00:00:00`, zone).toISOString(), value1: dayjs.tz(`${to}T23:59:59.999`, zone).toISOString(), operator: "range" }],
  orders: { columns: ["wptime"], ascending: true },
});
