// A week of field days: who came when (the plan behind presence rows) and the GPS track of each
// day, a waypoint every 30 s from clock-in to clock-out. Tracks are random walks with momentum
// along the site's street grid: work at a spot, walk or ride to the next, lunch at a warung,
// back to the gate at the end of the day.
import type { Place } from "./catalog";
import type { CompanyBuild, ProjectBuild, Worker } from "./context";
import { dist, round6, SiteFrame, type XY } from "./geo";
import { Rng, seedOf } from "./rand";
import { Clock, HOUR, MINUTE, wibDate, wibIso, wibMidnight } from "./time";

export const STEP_MS = 30_000;
/** Working hours (WIB) that every track lies within: the morning shift. */
export const WORK_START_MIN = 8 * 60;
export const WORK_END_MIN = 17 * 60;
/** Clock-ins after this are late (a quarter-hour of grace). */
export const LATE_AFTER_MIN = 8 * 60 + 15;
export const WEEK_DAYS = 7;

export type PresenceStatus = "present" | "late" | "absent" | "leave" | "sick";

export interface DayPlan {
  worker: Worker;
  company: CompanyBuild;
  project: ProjectBuild;
  frame: SiteFrame;
  /** Days from today (-6 … 0). */
  day: number;
  date: string;
  status: PresenceStatus;
  clockIn: number | null;
  /** Null while still at work (today). */
  clockOut: number | null;
  /** The clock-out the worker is heading for (the track turns back to the gate before it). */
  plannedOut: number;
  /** The last instant a waypoint may have: clock-out, or now for those still at work. */
  trackUntil: number;
  gateIn: Place;
  gateOut: Place;
  zoneIn: string;
  zoneOut: string;
  entry: XY;
  exit: XY;
  seed: number;
}

const ceilStep = (ms: number) => Math.ceil(ms / STEP_MS) * STEP_MS;
const floorStep = (ms: number) => Math.floor(ms / STEP_MS) * STEP_MS;

/** Work spots of a site: FTTH nodes for telecom crews (set by ftth.ts), zones of the site otherwise. */
export function siteSpots(p: ProjectBuild, rng: Rng): Array<XY & { label: string }> {
  if (p.spots.length) return p.spots;
  const s = p.def.site;
  const frame = new SiteFrame(s);
  return s.zones.map((label, i) => {
    const at = s.linear
      ? frame.fromGrid(-650 + (1300 * (i + 0.5)) / s.zones.length + rng.float(-60, 60), rng.float(-8, 8))
      : { x: rng.float(-s.spread, s.spread), y: rng.float(-s.spread, s.spread) };
    return { ...at, label };
  });
}

/** Presence plans of every worker for the 7 days ending today. */
export function planWeek(clock: Clock, company: CompanyBuild): DayPlan[] {
  const plans: DayPlan[] = [];
  const def = company.def;
  // One worker on leave and one off sick today, so the lists show every status.
  const onLeave = company.workers[3]?.ordinal;
  const offSick = company.workers[company.workers.length - 2]?.ordinal;
  for (const worker of company.workers) {
    const project = worker.project;
    if (!project) continue;
    const frame = new SiteFrame(project.def.site);
    const gates = project.def.site.gates;
    const zones = project.def.site.zones;
    for (let day = -(WEEK_DAYS - 1); day <= 0; day++) {
      const rng = new Rng(seedOf(def.key, worker.ordinal, day, "plan"));
      const midnight = clock.at(day, 0);
      let status: PresenceStatus = "present";
      if (worker.ordinal === onLeave && day >= -1) status = "leave";
      else if (worker.ordinal === offSick && day >= -1) status = "sick";
      else if (rng.chance(0.035)) status = rng.pick(["leave", "sick", "absent"] as const);
      const lateBy = rng.chance(0.1) ? rng.int(16, 70) : 0;
      const inMin = lateBy ? WORK_START_MIN + lateBy : WORK_START_MIN + rng.int(0, 14);
      const clockIn = midnight + inMin * MINUTE + rng.int(0, 59) * 1000;
      const plannedOut = midnight + (WORK_END_MIN - rng.int(1, 28)) * MINUTE - rng.int(0, 59) * 1000;
      if (lateBy && status === "present") status = "late";
      const gateIn = gates[worker.ordinal % gates.length];
      const gateOut = rng.chance(0.8) ? gateIn : rng.pick(gates);
      const base = {
        worker,
        company,
        project,
        frame,
        day,
        date: wibDate(midnight),
        gateIn,
        gateOut,
        zoneIn: rng.pick(zones),
        zoneOut: rng.pick(zones),
        seed: seedOf(def.key, worker.ordinal, day, "track"),
      };
      const entry = { x: gateIn.dx + rng.float(-4, 4), y: gateIn.dy + rng.float(-4, 4) };
      const exit = { x: gateOut.dx + rng.float(-4, 4), y: gateOut.dy + rng.float(-4, 4) };
      if (status === "leave" || status === "sick" || status === "absent") {
        plans.push({ ...base, status, clockIn: null, clockOut: null, plannedOut, trackUntil: 0, entry, exit });
        continue;
      }
      // Today: those not yet arrived have no presence; those still at work have no clock-out. The
      // first worker of each company (the demo's worker1) has not arrived yet: the demo clocks them in.
      if (clockIn > clock.now || (day === 0 && worker === company.workers[0])) continue;
      const stillWorking = plannedOut > clock.now;
      plans.push({ ...base, status, clockIn, clockOut: stillWorking ? null : plannedOut, plannedOut, trackUntil: Math.min(plannedOut, clock.now), entry, exit });
    }
  }
  return plans;
}

export interface WaypointRow {
  company_id: number;
  user_id: number;
  wptime: string;
  lon: number;
  lat: number;
  accuracy: number;
  speed: number;
  battery: number;
}

/** The day's track: one row every 30 s from clock-in (at the gate) to clock-out (back at a gate). */
export function* trackOf(plan: DayPlan): Generator<WaypointRow & { ms: number }> {
  if (plan.clockIn === null) return;
  const rng = new Rng(plan.seed);
  const { frame, worker, project } = plan;
  const site = project.def.site;
  const block = site.block;
  const spots = siteSpots(project, new Rng(seedOf(project.def.code, "spots")));
  // The spots of this worker's day: a few near each other for FTTH crews, all zones on a site.
  const mySpots = worker.roams && spots.length > 6 ? rng.sample(spots, 5) : spots;
  const lunch = site.lunch[worker.ordinal % site.lunch.length];
  const midnight = wibMidnight(plan.clockIn);
  const lunchStart = midnight + 12 * HOUR + rng.int(-10, 15) * MINUTE;
  const lunchEnd = lunchStart + rng.int(45, 60) * MINUTE;
  const leaveAt = plan.plannedOut - rng.int(15, 25) * MINUTE;
  // Logistics and crews that roam fetch material once a day, mid-morning.
  let depotAt: number | null = worker.roams && rng.chance(/Logistik|Koordinator/.test(worker.projectRole) ? 0.9 : 0.25) ? midnight + (9 * 60 + 30 + rng.int(0, 80)) * MINUTE : null;
  const walkSpeed = rng.float(0.95, 1.4);
  const rideSpeed = rng.float(6.5, 10.5);

  let pos: XY = { ...plan.entry };
  let anchor: XY = { ...pos };
  let v = 0;
  let riding = false;
  let path: XY[] = [];
  let dwell = rng.int(6, 20); // safety briefing at the gate
  type Phase = "work" | "lunch" | "depot" | "back" | "leave";
  let phase: Phase = "work";
  let lunchDone = false;
  let battery = rng.float(72, 100);
  const drain = rng.float(0.04, 0.07);
  const charges = rng.chance(0.35);

  const routeTo = (to: XY) => {
    const a = frame.toGrid(pos);
    const b = frame.toGrid(to);
    const d = dist(pos, to);
    riding = worker.roams && d > 350;
    if (d < block * 0.6) {
      path = [to];
      return;
    }
    const snap = (n: number) => Math.round(n / block) * block;
    const corners = rng.chance(0.5)
      ? [
          { u: a.u, v: snap(a.v) },
          { u: snap(b.u), v: snap(a.v) },
          { u: snap(b.u), v: b.v },
        ]
      : [
          { u: snap(a.u), v: a.v },
          { u: snap(a.u), v: snap(b.v) },
          { u: b.u, v: snap(b.v) },
        ];
    path = [...corners.map((c) => frame.fromGrid(c.u, c.v)), to];
  };
  const nextSpot = () => {
    let target = rng.pick(mySpots);
    for (let k = 0; k < 3 && dist(target, pos) < 5; k++) target = rng.pick(mySpots);
    // Around the spot, not on one pixel: crews spread over a zone.
    routeTo({ x: target.x + rng.float(-15, 15), y: target.y + rng.float(-15, 15) });
  };
  const arrived = (t: number) => {
    anchor = { ...pos };
    v = 0;
    if (phase === "lunch") dwell = Math.max(1, Math.ceil((lunchEnd - t) / STEP_MS));
    else if (phase === "depot") {
      dwell = rng.int(30, 60); // loading material: 15-30 min
      phase = "back";
    } else if (phase === "leave") dwell = Number.POSITIVE_INFINITY;
    else dwell = worker.roams ? rng.int(30, 90) : rng.int(40, 140);
  };

  const end = floorStep(plan.trackUntil);
  for (let t = ceilStep(plan.clockIn); t <= end; t += STEP_MS) {
    let moved = 0;
    if (t > ceilStep(plan.clockIn)) {
      // Time of day overrides what the worker was doing.
      if (phase !== "leave" && t >= leaveAt) {
        phase = "leave";
        routeTo(plan.exit);
        dwell = 0;
      } else if (phase === "work" && !lunchDone && t >= lunchStart) {
        phase = "lunch";
        lunchDone = true;
        routeTo({ x: lunch.dx, y: lunch.dy });
        dwell = 0;
      } else if (phase === "work" && depotAt !== null && t >= depotAt && path.length === 0) {
        phase = "depot";
        depotAt = null;
        routeTo({ x: site.depot.dx, y: site.depot.dy });
        dwell = 0;
      }
      if (path.length) {
        const target = riding ? rideSpeed * rng.float(0.6, 1.15) : walkSpeed;
        v = Math.max(riding ? 1 : 0.5, v + (target - v) * 0.5 + rng.normal(0, riding ? 0.8 : 0.08));
        if (riding && rng.chance(0.08)) v = 0.2; // traffic lights, a junction
        let budget = v * (STEP_MS / 1000);
        while (budget > 0 && path.length) {
          const next = path[0];
          const d = dist(pos, next);
          if (d <= budget) {
            pos = { ...next };
            path.shift();
            budget -= d;
            moved += d;
            v *= riding ? 0.6 : 0.9; // slow down at corners
          } else {
            pos = { x: pos.x + ((next.x - pos.x) * budget) / d, y: pos.y + ((next.y - pos.y) * budget) / d };
            moved += budget;
            budget = 0;
          }
        }
        if (!path.length) arrived(t);
      } else if (dwell > 0) {
        dwell--;
        // Working at a spot: short moves around the anchor.
        const radius = phase === "lunch" || phase === "leave" ? 3 : worker.roams ? 8 : 14;
        const goal = { x: anchor.x + rng.normal(0, radius / 2), y: anchor.y + rng.normal(0, radius / 2) };
        const next = { x: pos.x + (goal.x - pos.x) * 0.25, y: pos.y + (goal.y - pos.y) * 0.25 };
        moved = dist(pos, next);
        pos = next;
      } else if (phase !== "leave") {
        // Done here (work, lunch, loading at the depot): on to the next spot.
        phase = "work";
        nextSpot();
      }
      battery -= drain * (riding && path.length ? 1.3 : 1);
      if (phase === "lunch" && charges) battery = Math.min(100, battery + 0.25);
    }
    const accuracy = rng.chance(0.05) ? rng.float(15, 35) : rng.float(3, 9);
    const noisy = { x: pos.x + rng.normal(0, accuracy / 3), y: pos.y + rng.normal(0, accuracy / 3) };
    yield {
      ms: t,
      company_id: plan.company.id,
      user_id: worker.user.id,
      wptime: wibIso(t),
      lon: round6(frame.lon(noisy)),
      lat: round6(frame.lat(noisy)),
      accuracy: Math.round(accuracy * 10) / 10,
      speed: Math.round((moved / (STEP_MS / 1000)) * 10) / 10,
      battery: Math.max(3, Math.min(100, Math.round(battery))),
    };
  }
}

/** Where the worker's track is at an instant (for alerts and panic presses). */
export function positionAt(plan: DayPlan, ms: number): { lon: number; lat: number; battery: number } | null {
  let last: { lon: number; lat: number; battery: number } | null = null;
  for (const w of trackOf(plan)) {
    if (w.ms > ms) break;
    last = { lon: w.lon, lat: w.lat, battery: w.battery };
  }
  return last;
}

/** All tracks as chunks of rows, generated lazily so ~300k rows never sit in memory at once. */
export function* waypointChunks(plans: readonly DayPlan[], size: number): Generator<Array<Record<string, unknown>>> {
  let chunk: Array<Record<string, unknown>> = [];
  for (const plan of plans) {
    for (const w of trackOf(plan)) {
      chunk.push({ company_id: w.company_id, user_id: w.user_id, wptime: w.wptime, lon: w.lon, lat: w.lat, accuracy: w.accuracy, speed: w.speed, battery: w.battery });
      if (chunk.length >= size) {
        yield chunk;
        chunk = [];
      }
    }
  }
  if (chunk.length) yield chunk;
}
