// The live events of one server process (docs/api.md "Live events"): `publish(event)` and
// `subscribe(fn)`. Every process and instance must see every event exactly once, so an event
// goes through a transport before anyone here hears it:
// - one process (SQLite, WORKERS=1): straight to the subscribers;
// - cluster workers (SQLite, WORKERS>1): delivered here at once and sent to the cluster's
//   primary, which hands it to every other worker (server/cluster.ts);
// - PostgreSQL: NOTIFY on a channel every instance LISTENs to (server/events/pg-transport.ts);
//   each instance, this one included, delivers what the channel brings (never twice).
// The stream route (server/events/stream-route.ts) is the subscriber that matters; the panic
// trail and the alert rules subscribe too.
import { EventEmitter } from "node:events";
import type { LiveEventData, LiveEventType } from "../../declaration/live-events";

export type BusEventType = Exclude<LiveEventType, "hello">;

/** An event as published: what the wire carries (`data`) and who may receive it (never sent). */
export interface BusEvent<T extends BusEventType = BusEventType> {
  /** Assigned by publish: increasing within the publishing process (the stream's `id:` line). */
  id: number;
  type: T;
  /** The company whose streams may carry it; null: every company's (a platform menu changed: `rights`). */
  company_id: number | null;
  data: LiveEventData[T];
  /** The row the event is about, for the receivers' row scope (panic, presence, position, alert). */
  row?: { user_id: number | null; project_id: number | null };
  /** `alert`: its recipients. `rights`: the users whose rights changed. */
  user_ids?: number[];
  /** `rights`: the roles whose rights changed (none of role_ids/user_ids: every stream of the company). */
  role_ids?: number[];
}

export type NewBusEvent<T extends BusEventType = BusEventType> = Omit<BusEvent<T>, "id">;

/** How events reach the other processes or instances. */
export interface Transport {
  /** Called once: `deliver` hands an event that came from elsewhere (or, for `loopback` transports, from here) to this process's subscribers. */
  start(deliver: (e: BusEvent) => void): Promise<void>;
  send(e: BusEvent): void;
  /** The transport brings this process's own events back (PostgreSQL): publish does not deliver them itself. */
  loopback: boolean;
  close(): Promise<void>;
}

/** One process alone: nothing to send. */
export const localTransport = (): Transport => ({ start: async () => {}, send: () => {}, loopback: false, close: async () => {} });

export type Listener = (e: BusEvent) => void;

export class EventBus {
  private readonly emitter = new EventEmitter();
  private seq = 0;
  private lastMs = 0;

  constructor(private readonly transport: Transport = localTransport()) {
    // Every open stream subscribes: no "possible leak" warning at 11 listeners.
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    await this.transport.start((e) => this.deliver(e));
  }

  /** An id that grows within this process: milliseconds × 1000 plus a counter (stays below 2^53). */
  private nextId(): number {
    const now = Date.now();
    if (now > this.lastMs) {
      this.lastMs = now;
      this.seq = 0;
    } else this.seq = Math.min(this.seq + 1, 999);
    return this.lastMs * 1000 + this.seq;
  }

  publish<T extends BusEventType>(event: NewBusEvent<T>): BusEvent<T> {
    const e = { ...event, id: this.nextId() } as BusEvent<T>;
    if (!this.transport.loopback) this.deliver(e as BusEvent);
    this.transport.send(e as BusEvent);
    for (const fn of this.emitter.listeners("published") as Listener[]) {
      try {
        fn(e as BusEvent);
      } catch (err) {
        this.emitter.emit("subscriber-error", err);
      }
    }
    return e;
  }

  /**
   * Hears the events published by this process only (each event once over all processes): what
   * must happen once per event, as generating the alerts of the rules, listens here.
   */
  onPublished(fn: Listener): () => void {
    this.emitter.on("published", fn);
    return () => this.emitter.off("published", fn);
  }

  subscribe(fn: Listener): () => void {
    this.emitter.on("event", fn);
    return () => this.emitter.off("event", fn);
  }

  /** The subscribers now (the stream registry is one). */
  get listeners(): number {
    return this.emitter.listenerCount("event");
  }

  private deliver(e: BusEvent): void {
    // A subscriber's failure must not keep the event from the others.
    for (const fn of this.emitter.listeners("event") as Listener[]) {
      try {
        fn(e);
      } catch (err) {
        this.emitter.emit("subscriber-error", err);
      }
    }
  }

  onError(fn: (err: unknown) => void): void {
    this.emitter.on("subscriber-error", fn);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners("event");
    this.emitter.removeAllListeners("published");
    await this.transport.close();
  }
}
