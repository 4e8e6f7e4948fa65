// Positions as the waypoint table takes them: checked one by one (errors named by their place,
// `points.3.lat`), then stored in one statement per batch, a point already stored for its user
// and time skipped (the unique index (user_id, wptime), migration 010). Shared by
// waypoint/add-batch (the field page) and /osmand (tracking apps).
import { resourceByName } from "../../declaration";
import { encodeValue } from "../db/codec";
import type { Db } from "../db/connection";
import type { FieldErrors } from "../http/errors";
import { checkValue } from "../validation/fields";
import { checkCaptureMs, POINT_MAX_AGE_MS } from "./rules";

export const WAYPOINTS = resourceByName("waypoint");
const field = (name: string) => WAYPOINTS.fields.find((f) => f.name === name)!;
const WPTIME = field("wptime");
const LON = field("lon");
const LAT = field("lat");
const OPTIONAL = ["accuracy", "speed", "battery"].map(field);

export interface Point {
  /** Epoch ms. */
  wptime: number;
  lon: number;
  lat: number;
  accuracy: number | null;
  /** Metres per second. */
  speed: number | null;
  /** Percent. */
  battery: number | null;
}

/** The age limits of a position's time: up to a week old, at most 2 minutes ahead. */
export function pointTimeError(ms: number, now: number): FieldErrors[string] | null {
  const c = checkCaptureMs(ms, now, POINT_MAX_AGE_MS);
  return c.ok ? null : c.error;
}

/** One point of a waypoint batch (the wire form: wptime ISO with an offset), or its errors under `prefix`. */
export function pointOf(raw: unknown, now: number, prefix: string): { point: Point } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return { errors: { [prefix.slice(0, -1)]: { key: "bad_request" } } };
  const p = raw as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const f of [WPTIME, LON, LAT]) {
    const v = p[f.name];
    if (v === undefined || v === null || v === "") {
      errors[prefix + f.name] = { key: "required" };
      continue;
    }
    const c = checkValue(f, v);
    if (c.ok) out[f.name] = c.value;
    else errors[prefix + f.name] = c.error;
  }
  for (const f of OPTIONAL) {
    const v = p[f.name];
    if (v === undefined || v === null || v === "") {
      out[f.name] = null;
      continue;
    }
    const c = checkValue(f, v);
    if (c.ok) out[f.name] = c.value;
    else errors[prefix + f.name] = c.error;
  }
  if (typeof out.wptime === "string") {
    const timeError = pointTimeError(Date.parse(out.wptime), now);
    if (timeError) errors[prefix + "wptime"] = timeError;
  }
  if (Object.keys(errors).length) return { errors };
  return {
    point: {
      wptime: Date.parse(out.wptime as string),
      lon: out.lon as number,
      lat: out.lat as number,
      accuracy: out.accuracy as number | null,
      speed: out.speed as number | null,
      battery: out.battery as number | null,
    },
  };
}

/** A point as a waypoint row of its user (`now`: created_at and updated_at). */
export function waypointRow(owner: { userId: number; companyId: number }, p: Point, now: string) {
  return {
    company_id: owner.companyId,
    user_id: owner.userId,
    wptime: encodeValue(WPTIME, p.wptime),
    lon: p.lon,
    lat: p.lat,
    accuracy: p.accuracy,
    speed: p.speed,
    battery: p.battery,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Stores a user's points in one INSERT (atomic: all stored or, on a failure, none), skipping
 * those already stored for that user and time (also repeats within the batch). Answers how many
 * were stored and skipped.
 */
export async function storePoints(db: Db, owner: { userId: number; companyId: number }, points: readonly Point[]): Promise<{ stored: number; skipped: number }> {
  if (points.length === 0) return { stored: 0, skipped: 0 };
  const now = new Date().toISOString();
  const rows = points.map((p) => waypointRow(owner, p, now));
  const res = await db
    .insertInto(WAYPOINTS.table)
    .values(rows)
    .onConflict((oc) => oc.columns(["user_id", "wptime"]).doNothing())
    .executeTakeFirst();
  const stored = Number(res.numInsertedOrUpdatedRows ?? 0);
  return { stored, skipped: points.length - stored };
}
