// The checks of a clocked-in worker's positions, where they arrive (waypoint add-batch and
// /osmand, after they are stored): each raises its rule's alert (server/events/alerts.ts) once per
// episode, not once per position. What the checks last saw is kept per clock-in (presence_watch,
// migration 033), so an episode spans requests and server processes.
// - geofence_exit: a position further outside the project's work area (its polygon, else the
//   circle of work_radius_m: declaration/work-area.ts) than the rule's threshold in metres
//   (default 0), after one inside it (or a clock-in inside it); once per leaving.
// - geofence_enter: a position inside the work area after one outside it; once per coming back.
// - no_movement (man-down): the positions stayed within STILL_RADIUS_M of one place for the rule's
//   threshold in minutes (default 30); once per stillness (moving further starts a new one).
// - low_battery: a position whose battery is at or below the rule's threshold in percent (default
//   15); once per rule and clock-in.
// Only for a worker clocked in (within the last day, not out) at a project; the rule's project,
// when it names one, must be that one.
import { metresOutside } from "../../declaration/work-area";
import { distanceM } from "../../declaration/field-capture";
import type { Db } from "../db/connection";
import { PRESENCE, PROJECTS } from "../field/capture";
import type { Point } from "../field/points";
import type { EventBus } from "./bus";
import { createAlert, rulesOf, type AlertType, type Rule } from "./alerts";

export const WATCH = "presence_watch";
/** Positions within this many metres of where the worker stood count as not moving. */
export const STILL_RADIUS_M = 50;
export const NO_MOVEMENT_DEFAULT_MINUTES = 30;
export const LOW_BATTERY_DEFAULT_PERCENT = 15;

const TYPES: readonly AlertType[] = ["geofence_exit", "geofence_enter", "no_movement", "low_battery"];
const iso = (ms: number) => new Date(ms).toISOString();

interface Watch {
  area: "inside" | "outside" | null;
  stillLon: number | null;
  stillLat: number | null;
  stillSince: number | null;
  lastAt: number | null;
}

/** Runs the checks on a worker's newly stored points. */
export async function watchPositions(db: Db, bus: EventBus, owner: { userId: number; companyId: number }, points: readonly Point[]): Promise<void> {
  if (!points.length) return;
  const rules = await rulesOf(db, owner.companyId, TYPES);
  if (!rules.length) return;
  const presence = await db
    .selectFrom(PRESENCE.table)
    .select(["id", "project_id", "clock_in", "work_area_in"])
    .where("company_id", "=", owner.companyId)
    .where("user_id", "=", owner.userId)
    .where("clock_in", "is not", null)
    .where("clock_out", "is", null)
    .where("clock_in", ">=", iso(Date.now() - 24 * 3600_000))
    .orderBy("clock_in", "desc")
    .executeTakeFirst();
  if (!presence || presence.project_id === null) return;
  const presenceId = Number(presence.id);
  const projectId = Number(presence.project_id);
  const applying = rules.filter((r) => r.project_id === null || r.project_id === projectId);
  if (!applying.length) return;
  const project = await db.selectFrom(PROJECTS.table).select(["location", "work_radius_m", "work_area"]).where("id", "=", projectId).executeTakeFirst();
  const site = project ? { ...project, location: parseLocation(project.location) } : null;
  const stored = await db.selectFrom(WATCH).selectAll().where("presence_id", "=", presenceId).executeTakeFirst();
  const w: Watch = stored
    ? {
        area: (stored.area as Watch["area"]) ?? null,
        stillLon: stored.still_lon === null ? null : Number(stored.still_lon),
        stillLat: stored.still_lat === null ? null : Number(stored.still_lat),
        stillSince: stored.still_since === null ? null : Number(stored.still_since),
        lastAt: stored.last_at === null ? null : Number(stored.last_at),
      }
    : {
        area: presence.work_area_in === "inside" || presence.work_area_in === "outside" ? presence.work_area_in : null,
        stillLon: null,
        stillLat: null,
        stillSince: null,
        lastAt: null,
      };

  const raise = (rule: Rule, type: AlertType, severity: "medium" | "high", p: Point, key: string) =>
    createAlert(db, bus, {
      companyId: owner.companyId,
      type,
      severity,
      userId: owner.userId,
      projectId,
      at: iso(p.wptime),
      location: [p.lon, p.lat],
      message: rule.message,
      ruleKey: `rule:${rule.id}:${type}:${presenceId}:${key}`,
      recipients: rule.recipients,
      deliveries: rule.deliveries,
    });

  // Oldest first; a point older than the last one seen changes nothing (it came late).
  for (const p of [...points].sort((a, b) => a.wptime - b.wptime)) {
    if (w.lastAt !== null && p.wptime <= w.lastAt) continue;
    w.lastAt = p.wptime;
    const outside = site ? metresOutside([p.lon, p.lat], site) : null;
    if (outside !== null) {
      for (const rule of applying.filter((r) => r.alert_type === "geofence_exit"))
        if (w.area !== "outside" && outside > (rule.threshold ?? 0)) await raise(rule, "geofence_exit", "high", p, String(p.wptime));
      const side = outside <= 0 ? "inside" : "outside";
      if (side === "inside" && w.area === "outside")
        for (const rule of applying.filter((r) => r.alert_type === "geofence_enter")) await raise(rule, "geofence_enter", "medium", p, String(p.wptime));
      // "outside" once beyond every exit rule's margin (or the area, without one); back "inside" within it.
      const margin = Math.min(...applying.filter((r) => r.alert_type === "geofence_exit").map((r) => r.threshold ?? 0), Number.POSITIVE_INFINITY);
      if (side === "inside") w.area = "inside";
      else if (outside > (Number.isFinite(margin) ? margin : 0)) w.area = "outside";
      else if (w.area === null) w.area = "inside";
    }
    if (w.stillLon === null || w.stillLat === null || w.stillSince === null || distanceM([p.lon, p.lat], [w.stillLon, w.stillLat]) > STILL_RADIUS_M) {
      w.stillLon = p.lon;
      w.stillLat = p.lat;
      w.stillSince = p.wptime;
    } else {
      for (const rule of applying.filter((r) => r.alert_type === "no_movement"))
        if (p.wptime - w.stillSince >= (rule.threshold ?? NO_MOVEMENT_DEFAULT_MINUTES) * 60_000) await raise(rule, "no_movement", "high", p, String(w.stillSince));
    }
    if (p.battery !== null)
      for (const rule of applying.filter((r) => r.alert_type === "low_battery"))
        if (p.battery <= (rule.threshold ?? LOW_BATTERY_DEFAULT_PERCENT)) await raise(rule, "low_battery", "medium", p, "battery");
  }

  const values = { area: w.area, still_lon: w.stillLon, still_lat: w.stillLat, still_since: w.stillSince, last_at: w.lastAt };
  await db
    .insertInto(WATCH)
    .values({ presence_id: presenceId, company_id: owner.companyId, user_id: owner.userId, battery_low: 0, ...values })
    .onConflict((oc) => oc.column("presence_id").doUpdateSet(values))
    .execute();
}

const parseLocation = (v: unknown): unknown => {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return null;
  }
};

/** Runs the checks without failing the request that stored the points (a failure is logged). */
export function watchInBackground(db: Db, bus: EventBus, owner: { userId: number; companyId: number }, points: readonly Point[], onError: (err: unknown) => void): Promise<void> {
  return watchPositions(db, bus, owner, points).catch(onError);
}
