// An alarm's trail (docs/api.md "Live events"; table panic_event, migrations 012 and 032): raised,
// delivered (to whom: the first time a person's stream carried the alarm, channel "app"),
// sent / retried / failed (each attempt of an e-mail or webhook delivery, server/events/delivery.ts),
// escalated, acknowledged, resolved (with its note). Answered in the order recorded by
// panic-button trail/{id}.
import type { PanicTrailEntry } from "../../declaration/answers";
import { USERS } from "../access/identity";
import type { Db } from "../db/connection";
import type { BusEvent } from "./bus";
import type { StreamRegistry } from "./stream-route";

export const PANIC_EVENTS = "panic_event";
export type TrailKind = PanicTrailEntry["kind"];

export interface TrailStep {
  companyId: number;
  panicId: number;
  kind: TrailKind;
  actorId: number | null;
  note?: string | null;
  at?: string;
  channel?: PanicTrailEntry["channel"];
  attempt?: number | null;
  nextAttemptAt?: string | null;
}

/** Adds a step; a second "delivered" of one alarm and person is not stored. */
export async function addTrail(db: Db, s: TrailStep): Promise<void> {
  await db
    .insertInto(PANIC_EVENTS)
    .values({
      company_id: s.companyId,
      panic_id: s.panicId,
      kind: s.kind,
      actor_id: s.actorId,
      at: s.at ?? new Date().toISOString(),
      note: s.note ?? null,
      channel: s.channel ?? (s.kind === "delivered" ? "app" : null),
      attempt: s.attempt ?? null,
      next_attempt_at: s.nextAttemptAt ?? null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function trailOf(db: Db, companyId: number, panicId: number): Promise<PanicTrailEntry[]> {
  const rows = await db
    .selectFrom(`${PANIC_EVENTS} as e`)
    .leftJoin(`${USERS.table} as u`, "u.id", "e.actor_id")
    .select(["e.id", "e.kind", "e.actor_id", "u.name as actor_name", "e.at", "e.note", "e.channel", "e.attempt", "e.next_attempt_at"])
    .where("e.panic_id", "=", panicId)
    .where("e.company_id", "=", companyId)
    .orderBy("e.id")
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind as TrailKind,
    actor_id: r.actor_id === null ? null : Number(r.actor_id),
    actor_name: (r.actor_name as string | null) ?? null,
    at: String(r.at),
    note: (r.note as string | null) ?? null,
    channel: (r.channel as PanicTrailEntry["channel"]) ?? null,
    attempt: r.attempt === null || r.attempt === undefined ? null : Number(r.attempt),
    next_attempt_at: (r.next_attempt_at as string | null) ?? null,
  }));
}

/** Most (alarm, person) deliveries remembered in this process (beyond: the unique index answers). */
const REMEMBERED = 10_000;

/** Records "delivered" when a stream carries a raised or escalated alarm to someone other than its worker. */
export function recordDeliveries(registry: StreamRegistry, db: Db, onError: (err: unknown) => void): void {
  const seen = new Set<string>();
  registry.onDelivered((e: BusEvent, actor) => {
    if (e.type !== "panic" || e.company_id === null) return;
    const { action, panic } = (e as BusEvent<"panic">).data;
    if ((action !== "raised" && action !== "escalated") || Number(panic.user_id) === actor.userId) return;
    const key = `${String(panic.id)}:${actor.userId}`;
    if (seen.has(key)) return;
    if (seen.size >= REMEMBERED) seen.clear();
    seen.add(key);
    addTrail(db, { companyId: e.company_id, panicId: Number(panic.id), kind: "delivered", actorId: actor.userId }).catch(onError);
  });
}
