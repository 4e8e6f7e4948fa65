// waypoint-monitoring POST {user_id}/search (docs/api.md): a waypoint search over one person's
// points, filtered and sorted by the resource's own fields only. Pure, for the server
// (server/custom/monitoring-map.ts) and the web tests' contract mock (tests/mocks/monitoring.ts).
import { resourceByName } from "../../declaration";
import type { UserWaypoint } from "../../declaration/answers";
import { historyPointOf } from "../../declaration/map-service";
import { badRequest } from "../http/errors";
import { bodyOf, columnsOf, type SearchBody } from "./computed-search";

const MONITORED = new Set(resourceByName("waypoint-monitoring").fields.map((f) => f.name));

/** The waypoint search body for `userId`: 400 naming `columns` or `orders` for a field the resource does not offer. */
export function userWaypointSearch(raw: unknown, userId: number): SearchBody {
  const body = bodyOf(raw);
  const columns = columnsOf(body);
  // Only this resource's fields (the waypoint table has more: not offered here).
  for (const c of columns) if (!MONITORED.has(c.data)) throw badRequest({ columns: { key: "unknown_column", params: { name: String(c.data) } } }, "bad_request");
  const orders = body.orders as { columns?: unknown } | undefined;
  const orderCols = orders && typeof orders === "object" ? orders.columns : undefined;
  for (const c of Array.isArray(orderCols) ? orderCols : orderCols === undefined || orderCols === null ? [] : [orderCols]) {
    if (typeof c !== "string" || !MONITORED.has(c)) throw badRequest({ orders: { key: "unknown_order", params: { name: String(c) } } }, "bad_request");
  }
  return { ...body, columns: [...columns.filter((c) => c.data !== "user_id"), { data: "user_id", operator: "=", value: userId }] };
}

/** A waypoint record (answered) as the person's point. */
export function userWaypointOf(w: Record<string, unknown>): UserWaypoint {
  const { user_id, user_id_label, wptime, lon, lat } = historyPointOf(w);
  return { user_id, user_id_label, wptime, lon, lat };
}
