// What the field publishes to the office (docs/api.md "Live events"): panic raised and
// acknowledged, clock in and out, positions. Records go out as their resource's search answers
// them; the row (person, project) decides who receives them (server/events/audience.ts).
import type { LiveEventData } from "../../declaration/live-events";
import type { WireRecord } from "../records/store";
import type { EventBus } from "./bus";
import { Pacer } from "./pace";

const idOrNull = (v: unknown): number | null => (v === null || v === undefined || v === "" ? null : Number(v));
const rowOf = (record: WireRecord) => ({ user_id: idOrNull(record.user_id), project_id: idOrNull(record.project_id) });

export function publishPanic(bus: EventBus, companyId: number, action: LiveEventData["panic"]["action"], panic: WireRecord): void {
  bus.publish({ type: "panic", company_id: companyId, data: { action, panic }, row: rowOf(panic) });
}

export function publishPresence(bus: EventBus, companyId: number, action: LiveEventData["presence"]["action"], presence: WireRecord): void {
  bus.publish({ type: "presence", company_id: companyId, data: { action, presence }, row: rowOf(presence) });
}

/** At most one position per worker per this long, to any stream (server/events/pace.ts). */
export const POSITION_INTERVAL_MS = 5_000;

export interface PositionPoint {
  /** Epoch ms of the position. */
  wptime: number;
  lon: number;
  lat: number;
  accuracy: number | null;
}

/**
 * Positions to the bus at most once per worker per POSITION_INTERVAL_MS from this process (the
 * first at once, then the newest of those within the interval when it ends; a position older than
 * one sent is not sent). This only spares the other processes traffic: another process may
 * publish the same worker's positions too, and each stream registry paces them again
 * (StreamRegistry in server/events/stream-route.ts).
 */
export class PositionThrottle {
  private readonly pacer: Pacer<{ owner: { userId: number; companyId: number }; point: PositionPoint }>;

  constructor(bus: EventBus, intervalMs = POSITION_INTERVAL_MS) {
    this.pacer = new Pacer(({ owner, point }) => publishPosition(bus, owner, point), intervalMs);
  }

  /** The positions just stored for a worker (any order). */
  add(owner: { userId: number; companyId: number }, points: readonly PositionPoint[]): void {
    if (points.length === 0) return;
    const newest = points.reduce((a, b) => (b.wptime > a.wptime ? b : a));
    this.pacer.add(`${owner.companyId}:${owner.userId}`, newest.wptime, { owner, point: newest });
  }

  close(): void {
    this.pacer.close();
  }
}

/** One position event (unpaced: PositionThrottle paces). */
export function publishPosition(bus: EventBus, owner: { userId: number; companyId: number }, p: PositionPoint): void {
  bus.publish({
    type: "position",
    company_id: owner.companyId,
    data: { user_id: owner.userId, lon: p.lon, lat: p.lat, accuracy: p.accuracy, at: new Date(p.wptime).toISOString() },
    row: { user_id: owner.userId, project_id: null },
  });
}

const THROTTLES = new WeakMap<EventBus, PositionThrottle>();

/** The position throttle of a bus (one per process, on the publishing side). */
export function positionsOf(bus: EventBus): PositionThrottle {
  let t = THROTTLES.get(bus);
  if (!t) THROTTLES.set(bus, (t = new PositionThrottle(bus)));
  return t;
}
