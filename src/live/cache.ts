// The one place where stream events reach the query cache (react-query under Refine):
// - the map's attendance points (map-monitoring search, a useCustom query) are changed in place
//   (setQueriesData), so a point moves or changes colour without waiting for its minute;
// - lists and records of the event's resource are invalidated (re-read by whoever shows them);
// - on every (re)connect everything the stream feeds is re-read (events missed while away).
import type { Query, QueryClient } from "@tanstack/react-query";
import type { PositionEvent, PresenceEvent } from "./events";

/** The resources whose cached reads the stream keeps fresh. */
export const LIVE_RESOURCES = ["panic-button", "presence", "map-monitoring", "alert-to-user", "alert"] as const;

/** The resource a Refine data query belongs to: ["data", dp, resource, action, params] or ["data", dp, "custom", { resource }]. */
export function resourceOfKey(key: readonly unknown[]): string | null {
  if (key[0] !== "data") return null;
  if (key[2] === "custom") {
    const params = key[3] as { resource?: unknown } | undefined;
    return typeof params?.resource === "string" ? params.resource : null;
  }
  return typeof key[2] === "string" ? key[2] : null;
}

const ofResources = (names: readonly string[]) => (q: Query) => names.includes(resourceOfKey(q.queryKey) ?? "");

export function invalidateResources(qc: QueryClient, names: readonly string[]): Promise<void> {
  return qc.invalidateQueries({ predicate: ofResources(names) });
}

/** Re-read after a (re)connect: what the stream feeds may have changed while it was away. */
export const rereadAll = (qc: QueryClient): Promise<void> => invalidateResources(qc, LIVE_RESOURCES);

type Row = Record<string, unknown>;
type Envelope = { data?: unknown } & Row;

/** Changes the map-monitoring answers' row of `userId`; answers whether some cached answer lacked the worker. */
function patchAttendance(qc: QueryClient, userId: number, patch: (row: Row) => Row): boolean {
  let missing = false;
  const queries = qc.getQueryCache().findAll({ predicate: ofResources(["map-monitoring"]) });
  for (const q of queries) {
    qc.setQueryData(q.queryKey, (old: Envelope | undefined) => {
      if (!old || !Array.isArray(old.data)) return old;
      const rows = old.data as Row[];
      const i = rows.findIndex((r) => Number(r.user_id) === userId);
      if (i < 0) {
        missing = true;
        return old;
      }
      const next = rows.slice();
      next[i] = patch(rows[i]);
      return { ...old, data: next };
    });
  }
  return missing;
}

const geo = (v: unknown): [number, number] | null =>
  Array.isArray(v) && v.length >= 2 && Number.isFinite(Number(v[0])) && Number.isFinite(Number(v[1])) ? [Number(v[0]), Number(v[1])] : null;

/** A clock-in or clock-out: the point takes the presence's times, status and place. */
export function applyPresence(qc: QueryClient, e: PresenceEvent): void {
  const p = e.presence;
  const place = geo(e.action === "clock_in" ? p.clock_in_geo : p.clock_out_geo);
  const at = e.action === "clock_in" ? p.clock_in : p.clock_out;
  const missing = patchAttendance(qc, Number(p.user_id), (row) => ({
    ...row,
    clock_in: p.clock_in ?? row.clock_in,
    clock_in_loc: p.clock_in_loc ?? row.clock_in_loc,
    clock_out: p.clock_out ?? null,
    clock_out_loc: p.clock_out_loc ?? null,
    presence_status: p.presence_status ?? row.presence_status,
    presence_date: p.presence_date ?? row.presence_date,
    project_id: p.project_id ?? row.project_id,
    ...(place ? { wp_lon: place[0], wp_lat: place[1], wp_time: at ?? row.wp_time, wp_source: e.action } : {}),
    ...(e.action === "clock_in" && place ? { clock_in_lon: place[0], clock_in_lat: place[1] } : {}),
  }));
  // A worker the map did not list yet (first clock-in of the day): its answer is read again.
  if (missing) void invalidateResources(qc, ["map-monitoring"]);
  void invalidateResources(qc, ["presence"]);
}

/** A position: the point moves (a worker the map does not list stays unlisted until its next read). */
export function applyPosition(qc: QueryClient, e: PositionEvent): void {
  if (!Number.isFinite(Number(e.lon)) || !Number.isFinite(Number(e.lat))) return;
  patchAttendance(qc, Number(e.user_id), (row) => {
    // An older position than the one shown (a late batch) does not move the point back.
    if (typeof row.wp_time === "string" && Date.parse(row.wp_time) > Date.parse(e.at)) return row;
    return { ...row, wp_lon: Number(e.lon), wp_lat: Number(e.lat), wp_time: e.at, wp_source: "waypoint" };
  });
}

/** A panic changed: its lists and records are read again (the field page names who acknowledged). */
export const applyPanicToCache = (qc: QueryClient): Promise<void> => invalidateResources(qc, ["panic-button"]);

/** A new alert: the bell's reads again. */
export const applyAlertToCache = (qc: QueryClient): Promise<void> => invalidateResources(qc, ["alert-to-user", "alert"]);
