// The event stream's types (docs/api.md "Live events"): what GET /api/events sends as `data`.
// Records come as their resource's search answers them; the wire's own types are
// declaration/live-events.ts (the server's too): these name the fields the web app reads.
import type { LiveEventData } from "../../declaration/live-events";
import type { RowOf } from "../../declaration/rows";

/** A panic-button row as search answers it (with the refs' `_label`s: declaration/rows.ts). */
export type PanicRecord = RowOf<"panic-button"> & {
  /** Some answers name the worker here instead. */
  user_name?: string | null;
  /** Set by the web app when an `escalated` event came. */
  escalated?: boolean;
};

export type PanicAction = LiveEventData["panic"]["action"];

export interface PanicEvent {
  action: PanicAction;
  panic: PanicRecord;
}

export interface PresenceEvent {
  action: LiveEventData["presence"]["action"];
  presence: Record<string, unknown> & { user_id: number };
}

export type PositionEvent = LiveEventData["position"];
export type AlertEvent = LiveEventData["alert"];

/** The worker's name as the record gives it. */
export const workerName = (p: PanicRecord): string => String(p.user_id_label ?? p.user_name ?? p.user_id ?? "");

/** [lon, lat] of a geo value ([lon, lat], "lon,lat", GeoJSON point or { lon, lat }), null when none. */
export function lonLatOf(v: unknown): [number, number] | null {
  let pair: unknown[] | null = null;
  if (Array.isArray(v)) pair = v;
  else if (typeof v === "string" && v.includes(",")) pair = v.split(",");
  else if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.coordinates)) pair = o.coordinates;
    else if ("lon" in o && "lat" in o) pair = [o.lon, o.lat];
  }
  if (!pair || pair.length < 2) return null;
  const lon = Number(pair[0]);
  const lat = Number(pair[1]);
  return Number.isFinite(lon) && Number.isFinite(lat) && !(v === null) ? [lon, lat] : null;
}
