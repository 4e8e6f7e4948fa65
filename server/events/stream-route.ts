// GET /api/events (docs/api.md "Live events"): one text/event-stream per signed-in browser.
// The token is checked like every route's (401 in the usual envelope before the stream opens);
// then `hello`, then every bus event this stream may carry (server/events/audience.ts), and a
// `: hb` comment every 25 s. The token is checked again at the heartbeat and before an event
// when the last check is older than AUTH_RECHECK_MS: a revoked token or a disabled person ends
// the stream there. A client that does not read (its socket's buffer past MAX_BUFFERED_BYTES)
// is dropped, not buffered without bound; it reconnects and re-reads. Positions are paced here,
// before any stream: at most one per worker per 5 s, whichever process or instance published them.
import sse from "@fastify/sse";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HEARTBEAT_MS } from "../../declaration/live-events";
import type { Actor } from "../access/actor";
import { authenticate } from "../auth/tokens";
import { HttpError } from "../http/errors";
import type { Services } from "../services";
import { audienceOf, mayReceive, type Audience } from "./audience";
import type { BusEvent, EventBus } from "./bus";
import { Pacer } from "./pace";
import { POSITION_INTERVAL_MS } from "./publish";

/** Most bytes waiting in one stream's socket before the stream is dropped. */
export const MAX_BUFFERED_BYTES = 256 * 1024;
/** A stream's rights, row scopes and projects are read again after this long. */
export const AUDIENCE_TTL_MS = 60_000;
/** An event is written without checking the token again when the last check is this recent. */
export const AUTH_RECHECK_MS = 5_000;

export interface LiveStream {
  req: FastifyRequest;
  reply: FastifyReply;
  audience: Audience;
  authAt: number;
  /** Work in order for this stream (a token check, an audience reload): events wait behind it. */
  chain: Promise<void> | null;
  closed: boolean;
}

/** Something to do when a stream carried an event (the panic trail's "delivered"). */
export type DeliveredHook = (e: BusEvent, actor: Actor) => void;

/** One SSE frame; data as JSON on one line. No id: `hello`. */
export const frameOf = (type: string, data: unknown, id?: number): string => `${id === undefined ? "" : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

export class StreamRegistry {
  private readonly byCompany = new Map<number | null, Set<LiveStream>>();
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly delivered: DeliveredHook[] = [];
  /**
   * Positions before they reach this process's streams: each publishing process paces its own
   * (server/events/publish.ts), but with WORKERS > 1 or several instances two processes may publish
   * one worker's positions; paced again here, every stream of this process gets at most one per
   * worker per interval (the first at once, the newest of the others when it ends).
   */
  private readonly positions: Pacer<BusEvent>;

  constructor(
    private readonly services: Services,
    bus: EventBus,
    private readonly log: FastifyBaseLogger,
    heartbeatMs = HEARTBEAT_MS,
    positionIntervalMs = POSITION_INTERVAL_MS,
  ) {
    this.positions = new Pacer((e) => this.dispatch(e), positionIntervalMs);
    this.unsubscribe = bus.subscribe((e) => (e.type === "position" ? this.pacePosition(e as BusEvent<"position">) : this.dispatch(e)));
    this.timer = setInterval(() => this.heartbeat(), heartbeatMs);
    this.timer.unref();
  }

  onDelivered(fn: DeliveredHook): void {
    this.delivered.push(fn);
  }

  /** Streams open in this process. */
  get size(): number {
    let n = 0;
    for (const s of this.byCompany.values()) n += s.size;
    return n;
  }

  /** Every open stream of this process. */
  streams(): LiveStream[] {
    return [...this.byCompany.values()].flatMap((set) => [...set]);
  }

  add(s: LiveStream): void {
    const key = s.audience.actor.companyId;
    let set = this.byCompany.get(key);
    if (!set) this.byCompany.set(key, (set = new Set()));
    set.add(s);
  }

  remove(s: LiveStream): void {
    s.closed = true;
    const key = s.audience.actor.companyId;
    const set = this.byCompany.get(key);
    if (!set) return;
    set.delete(s);
    if (set.size === 0) this.byCompany.delete(key);
  }

  close(): void {
    clearInterval(this.timer);
    this.unsubscribe();
    this.positions.close();
    for (const set of [...this.byCompany.values()]) for (const s of [...set]) this.end(s);
  }

  /** Ends a stream (the client reconnects, or is told 401 then). */
  end(s: LiveStream): void {
    this.remove(s);
    if (!s.reply.raw.writableEnded) s.reply.raw.end();
  }

  /** Writes to a stream, or drops it when its client does not keep up. */
  write(s: LiveStream, text: string): void {
    if (s.closed) return;
    if (s.reply.raw.writableLength > MAX_BUFFERED_BYTES) {
      this.log.warn({ user: s.audience.actor.userId }, "live stream dropped: its client does not read");
      s.reply.raw.destroy();
      this.remove(s);
      return;
    }
    s.reply.raw.write(text);
  }

  /** Runs `step` after the stream's earlier steps; a failure ends the stream. */
  private then(s: LiveStream, step: () => Promise<void>): void {
    const run = async () => {
      try {
        await step();
      } catch (e) {
        if (!(e instanceof HttpError && e.statusCode === 401)) this.log.error({ err: e }, "live stream failed");
        this.end(s);
      }
    };
    const next = (s.chain ?? Promise.resolve()).then(run);
    s.chain = next;
    void next.then(() => {
      if (s.chain === next) s.chain = null;
    });
  }

  private async recheck(s: LiveStream, force: boolean): Promise<void> {
    const now = Date.now();
    if (force || now - s.authAt > AUTH_RECHECK_MS) {
      const actor = await authenticate(this.services.db, s.req);
      s.authAt = now;
      // Moved to another role or company: read everything again.
      const was = s.audience.actor;
      if (actor.roleId !== was.roleId || actor.companyId !== was.companyId || actor.roleType !== was.roleType) s.audience.loadedAt = 0;
    }
    if (now - s.audience.loadedAt > AUDIENCE_TTL_MS) await this.reload(s);
  }

  private async reload(s: LiveStream): Promise<void> {
    const actor = await authenticate(this.services.db, s.req);
    const audience = await audienceOf(this.services.db, actor);
    if (audience.actor.companyId !== s.audience.actor.companyId) {
      this.remove(s);
      s.closed = false;
      s.audience = audience;
      this.add(s);
    } else s.audience = audience;
  }

  private pacePosition(e: BusEvent<"position">): void {
    const at = Date.parse(e.data.at);
    this.positions.add(`${e.company_id}:${e.data.user_id}`, Number.isFinite(at) ? at : Date.now(), e);
  }

  private dispatch(e: BusEvent): void {
    const targets = e.company_id === null ? [...this.byCompany.values()] : [this.byCompany.get(e.company_id)];
    let frame: string | null = null;
    const text = () => (frame ??= frameOf(e.type, e.data, e.id));
    for (const set of targets) {
      if (!set) continue;
      for (const s of set) {
        const fresh = Date.now() - s.authAt <= AUTH_RECHECK_MS && Date.now() - s.audience.loadedAt <= AUDIENCE_TTL_MS;
        // The rights changed: read this stream's rights again before it hears of it.
        if (e.type === "rights" && mayReceive(s.audience, e)) {
          this.then(s, async () => {
            await this.reload(s);
            this.write(s, text());
          });
        } else if (fresh && !s.chain) this.send(s, e, text);
        else
          this.then(s, async () => {
            await this.recheck(s, false);
            this.send(s, e, text);
          });
      }
    }
  }

  private send(s: LiveStream, e: BusEvent, text: () => string): void {
    if (s.closed || !mayReceive(s.audience, e)) return;
    this.write(s, text());
    for (const fn of this.delivered) fn(e, s.audience.actor);
  }

  private heartbeat(): void {
    for (const set of this.byCompany.values()) {
      for (const s of set) {
        this.then(s, async () => {
          await this.recheck(s, true);
          this.write(s, ": hb\n\n");
        });
      }
    }
  }
}

/** Registers @fastify/sse and GET /api/events. */
export async function registerStreamRoute(app: FastifyInstance, services: Services, registry: StreamRegistry): Promise<void> {
  await app.register(sse, { heartbeatInterval: 0 });
  app.get(
    "/api/events",
    // "manual": no Accept negotiation (a refusal answers in the usual envelope, not the plugin's 406);
    // the heartbeat is the registry's (one timer for every stream, with the token check).
    { sse: { kind: "manual", heartbeat: false }, compress: false },
    async (req, reply) => {
      const actor = await authenticate(services.db, req);
      const audience = await audienceOf(services.db, actor);
      const stream: LiveStream = { req, reply, audience, authAt: Date.now(), chain: null, closed: false };
      reply.sse.keepAlive();
      reply.sse.onClose(() => registry.remove(stream));
      reply.sse.sendHeaders(200);
      registry.add(stream);
      registry.write(stream, frameOf("hello", { server_time: new Date().toISOString() }));
    },
  );
}
