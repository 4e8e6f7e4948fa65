// One PostgreSQL connection (plain `pg`) that LISTENs to channels and NOTIFYs on them, kept up
// as long as the server runs: server/events/pg-transport.ts (live events) and
// server/db/pg-changes.ts (cache changes) each hold one.
// - Payloads are JSON both ways; a notification whose payload is not JSON goes to onError.
// - A lost connection (an error, its end, or a liveness query unanswered for CHECK_MS) is
//   replaced after a back-off (500 ms doubling up to 30 s, for ever), its channels LISTENed
//   again, then onConnected runs: notifications sent in between are lost, which the caller
//   makes up for (pg-changes marks everything as changed).
// - close() ends it for good: no reconnection after.
import pg from "pg";

/** How often the connection is asked whether it is still there. */
export const CHECK_MS = 30_000;

/** The wait before reconnection attempt `attempt` (0-based): 500 ms, 1 s, 2 s... up to 30 s. */
export const retryDelayMs = (attempt: number): number => Math.min(30_000, 500 * 2 ** Math.min(attempt, 16));

export interface PgListenerOptions {
  connectionString: string;
  /** Shown in pg_stat_activity.application_name. */
  applicationName?: string;
  onError(err: unknown): void;
  /** After each connection, the first included, once every channel is listened to. */
  onConnected?(): void;
  checkMs?: number;
  retryDelayMs?(attempt: number): number;
}

type Handler = (payload: unknown) => void;

export class PgListener {
  private client: pg.Client | null = null;
  private readonly handlers = new Map<string, Handler>();
  private closed = false;
  private started = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private checkTimer: NodeJS.Timeout | null = null;
  private checking = false;
  /** The end of the current connection's last query (see query()); a new connection starts afresh. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly o: PgListenerOptions) {}

  /** True while a connection is up and listening. */
  get connected(): boolean {
    return this.client !== null;
  }

  /** Calls `handler` with each notification's parsed payload on `channel` (LISTENs at once when connected). */
  async listen(channel: string, handler: Handler): Promise<void> {
    this.handlers.set(channel, handler);
    if (this.client) await this.query(this.client, `LISTEN ${pg.escapeIdentifier(channel)}`);
  }

  /**
   * The connection's queries one after another: pg 8 deprecates a query sent while the client is
   * still running another (removed in pg 9), and NOTIFYs come many at once (a position each).
   */
  private query(c: pg.Client, text: string, values?: unknown[]): Promise<unknown> {
    const run = this.queue.then(() => c.query(text, values));
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Opens the first connection; rejects when it cannot be made (later losses reconnect by themselves). */
  async connect(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.open();
  }

  /** NOTIFY `channel` with `payload` as JSON; rejects while the connection is down. */
  async notify(channel: string, payload: unknown): Promise<void> {
    const c = this.client;
    if (!c) throw new Error(`not connected: NOTIFY ${channel} not sent`);
    await this.query(c, "SELECT pg_notify($1, $2)", [channel, JSON.stringify(payload)]);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.checkTimer) clearInterval(this.checkTimer);
    const c = this.client;
    this.client = null;
    if (c) await c.end().catch(() => undefined);
  }

  private async open(): Promise<void> {
    const c = new pg.Client({ connectionString: this.o.connectionString, keepAlive: true, ...(this.o.applicationName ? { application_name: this.o.applicationName } : {}) });
    // Until the connection is ours, its errors are the connect's rejection.
    c.on("error", () => undefined);
    try {
      await c.connect();
      for (const channel of this.handlers.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (e) {
      await c.end().catch(() => undefined);
      throw e;
    }
    if (this.closed) {
      await c.end().catch(() => undefined);
      return;
    }
    c.on("notification", (n) => this.deliver(n));
    c.on("error", (e) => this.lost(c, e));
    c.on("end", () => this.lost(c, new Error("PostgreSQL listening connection ended")));
    this.client = c;
    this.queue = Promise.resolve();
    this.attempt = 0;
    this.checkTimer = setInterval(() => this.check(c), this.o.checkMs ?? CHECK_MS);
    this.checkTimer.unref();
    this.o.onConnected?.();
  }

  private deliver(n: pg.Notification): void {
    const handler = this.handlers.get(n.channel);
    if (!handler) return;
    let payload: unknown;
    try {
      payload = n.payload ? JSON.parse(n.payload) : undefined;
    } catch (e) {
      this.o.onError(new Error(`notification on ${n.channel} is not JSON: ${(e as Error).message}`));
      return;
    }
    handler(payload);
  }

  /** A liveness query; one still unanswered at the next check counts as a lost connection. */
  private check(c: pg.Client): void {
    if (this.checking) return this.lost(c, new Error(`PostgreSQL listening connection did not answer within ${this.o.checkMs ?? CHECK_MS} ms`));
    this.checking = true;
    this.query(c, "SELECT 1").then(
      () => (this.checking = false),
      (e: unknown) => this.lost(c, e),
    );
  }

  private lost(c: pg.Client, err: unknown): void {
    if (this.client !== c || this.closed) return;
    this.client = null;
    this.checking = false;
    if (this.checkTimer) clearInterval(this.checkTimer);
    this.checkTimer = null;
    c.removeAllListeners("notification");
    c.end().catch(() => undefined);
    this.o.onError(err);
    this.retry();
  }

  private retry(): void {
    if (this.closed) return;
    const wait = (this.o.retryDelayMs ?? retryDelayMs)(this.attempt++);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.open().catch((e: unknown) => {
        this.o.onError(e);
        this.retry();
      });
    }, wait);
    this.retryTimer.unref();
  }
}
