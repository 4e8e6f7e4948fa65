// What the field publishes to the office (docs/api.md "Live events"): panic raised and
// acknowledged, clock in and out, positions. Records go out as their resource's search answers
// them; the row (person, project) decides who receives them (server/events/audience.ts).
import type { LiveEventData } from "../../declaration/live-events";
import type { WireRecord } from "../records/store";
import type { EventBus } from "./bus";

const idOrNull = (v: unknown): number | null => (v === null || v === undefined || v === "" ? null : Number(v));
const rowOf = (record: WireRecord) => ({ user_id: idOrNull(record.user_id), project_id: idOrNull(record.project_id) });

export function publishPanic(bus: EventBus, companyId: number, action: LiveEventData["panic"]["action"], panic: WireRecord): void {
  bus.publish({ type: "panic", company_id: companyId, data: { action, panic }, row: rowOf(panic) });
}

export function publishPresence(bus: EventBus, companyId: number, action: LiveEventData["presence"]["action"], presence: WireRecord): void {
  bus.publish({ type: "presence", company_id: companyId, data: { action, presence }, row: rowOf(presence) });
}

/** At most one position per worker per this long (per process). */
export const POSITION_INTERVAL_MS = 5_000;

export interface PositionPoint {
  /** Epoch ms of the position. */
  wptime: number;
  lon: number;
  lat: number;
  accuracy: number | null;
}

interface Pace {
  /** When this worker's last position went out (Date.now()). */
  sentAt: number;
  /** The newest position sent or waiting. */
  newest: number;
  pending: PositionPoint | null;
  timer: NodeJS.Timeout | null;
}

/**
 * Positions to the bus at most once per worker per POSITION_INTERVAL_MS: the first at once, then
 * the newest of those arriving within the interval when it ends. A position older than one sent
 * (a batch queued offline) is not sent.
 */
export class PositionThrottle {
  private readonly paces = new Map<string, Pace>();
  private readonly purge: NodeJS.Timeout;

  constructor(
    private readonly bus: EventBus,
    private readonly intervalMs = POSITION_INTERVAL_MS,
  ) {
    // Workers gone quiet are forgotten.
    this.purge = setInterval(() => {
      const now = Date.now();
      for (const [k, p] of this.paces) if (!p.timer && now - p.sentAt > this.intervalMs) this.paces.delete(k);
    }, 60_000);
    this.purge.unref();
  }

  /** The positions just stored for a worker (any order). */
  add(owner: { userId: number; companyId: number }, points: readonly PositionPoint[]): void {
    if (points.length === 0) return;
    const newest = points.reduce((a, b) => (b.wptime > a.wptime ? b : a));
    const key = `${owner.companyId}:${owner.userId}`;
    const now = Date.now();
    const pace = this.paces.get(key);
    if (pace && newest.wptime <= pace.newest) return;
    if (!pace || (!pace.timer && now - pace.sentAt >= this.intervalMs)) {
      this.paces.set(key, { sentAt: now, newest: newest.wptime, pending: null, timer: null });
      this.send(owner, newest);
      return;
    }
    pace.newest = newest.wptime;
    pace.pending = newest;
    pace.timer ??= setTimeout(
      () => {
        pace.timer = null;
        const p = pace.pending;
        pace.pending = null;
        pace.sentAt = Date.now();
        if (p) this.send(owner, p);
      },
      Math.max(0, this.intervalMs - (now - pace.sentAt)),
    );
    pace.timer.unref();
  }

  private send(owner: { userId: number; companyId: number }, p: PositionPoint): void {
    this.bus.publish({
      type: "position",
      company_id: owner.companyId,
      data: { user_id: owner.userId, lon: p.lon, lat: p.lat, accuracy: p.accuracy, at: new Date(p.wptime).toISOString() },
      row: { user_id: owner.userId, project_id: null },
    });
  }

  close(): void {
    clearInterval(this.purge);
    for (const p of this.paces.values()) if (p.timer) clearTimeout(p.timer);
    this.paces.clear();
  }
}

const THROTTLES = new WeakMap<EventBus, PositionThrottle>();

/** The position throttle of a bus (one per process). */
export function positionsOf(bus: EventBus): PositionThrottle {
  let t = THROTTLES.get(bus);
  if (!t) THROTTLES.set(bus, (t = new PositionThrottle(bus)));
  return t;
}
