// PostgreSQL read replicas (DATABASE_READ_URL: one URL or several, comma separated). The rule:
// - A read-only operation (the generic search, list, one, list-select and total kinds, list-by-*,
//   a custom POST …/search, and the map service's and WFS's reads) reads its rows (RecordStore
//   rows and search pages, the map's queries; counts stay on the primary) from a healthy
//   replica, round robin, unless the same bearer token sent a write within READ_YOUR_WRITES_MS:
//   then, like everything else, from the primary.
// - A write is any request that is not a read by its method and route: not GET/HEAD/OPTIONS and
//   not a POST to a route ending in /search or /total. It is noted (per token, in this process's
//   memory: a bounded LRU map) when it starts and when it ends, failed or not.
// - Authentication, rights, counts, labels and plans (all cached, server/cache.ts) and every write
//   and transaction stay on the primary: a cache never holds what a lagging replica answered.
// - A replica is skipped while it is down (a failed probe or connection; probed again after a
//   back-off doubling up to 30 s), lagging more than REPLICA_MAX_LAG_MS, or not a standby.
//   Lag: the primary's WAL position is sampled every probe (REPLICA_PROBE_MS, a background timer);
//   a replica that has replayed up to the primary's position of time T is `now - T` behind (0 when
//   it has replayed the primary's current position): an idle primary does not look lagging.
// - A replica query that fails for want of a connection (or a recovery conflict, or a table the
//   replica has not replayed yet) runs again on the primary: the client never sees it.
import { createHash } from "node:crypto";
import { Kysely, PostgresDialect, sql, type AbortableOperationOptions, type CompiledQuery, type DatabaseConnection, type Dialect, type QueryResult } from "kysely";
import { LRUCache } from "lru-cache";
import type pg from "pg";
import { genericCustomOf, type ResolvedOperation } from "../../declaration";
import { pgPool, type Db } from "./connection";

// ---- the rule (pure) -----------------------------------------------------------------------

const READ_KINDS = new Set(["search", "list", "one", "listSelect", "total"]);

/** Does this declared operation only read (so may read a replica)? */
export function isReadOperation(op: Pick<ResolvedOperation, "kind" | "path" | "method">): boolean {
  if (READ_KINDS.has(op.kind)) return true;
  if (genericCustomOf(op) === "listBy") return true;
  return op.kind === "custom" && op.method === "POST" && /(^|\/)search$/.test(op.path);
}

/** Is this request a read for read-your-writes (anything else counts as the token's write)? */
export function isReadRequest(method: string, routeUrl: string | undefined): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return true;
  return method === "POST" && routeUrl !== undefined && /\/(search|total)$/.test(routeUrl);
}

/** Where a request's reads go: the primary for a non-read, or a read within the window after the token's last write. */
export function routeRead(readOnly: boolean, lastWriteAt: number | undefined, now: number, windowMs: number): "primary" | "replica" {
  if (!readOnly) return "primary";
  if (lastWriteAt !== undefined && now - lastWriteAt < windowMs) return "primary";
  return "replica";
}

/** "16/B374D848" → bytes. */
export function parseLsn(s: string): bigint {
  const m = /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(s.trim());
  if (!m) throw new Error(`not an LSN: ${s}`);
  return (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`);
}

/** The primary's WAL position at a moment of this process's clock. */
export interface LsnSample {
  at: number;
  lsn: bigint;
}

/**
 * How far behind a replica is, in ms: `now - T` for the latest sample T whose position the
 * replica has replayed (0 when it has replayed the newest). With no such sample kept, the
 * replica's own age of its last replayed transaction, at least as old as the oldest sample
 * (null when it replayed none: unknown, so skipped).
 */
export function replicaLagMs(samples: readonly LsnSample[], replayed: bigint, replayAgeMs: number | null, now: number): number | null {
  if (!samples.length) return null;
  if (replayed >= samples[samples.length - 1].lsn) return 0;
  for (let i = samples.length - 2; i >= 0; i--) if (samples[i].lsn <= replayed) return Math.max(0, now - samples[i].at);
  if (replayAgeMs === null) return null;
  return Math.max(replayAgeMs, now - samples[0].at);
}

// ---- replicas --------------------------------------------------------------------------------

export type ReplicaState = "unknown" | "healthy" | "lagging" | "down" | "not_standby";

export interface ReplicaOptions {
  urls: string[];
  pgSchema: string;
  /** A replica further behind is skipped. */
  maxLagMs: number;
  /** Probe interval (background timer). */
  probeMs: number;
  /** Reads of a token within this long after its write go to the primary; 0: never. */
  readYourWritesMs: number;
  log: { info(o: object, msg: string): void; warn(o: object, msg: string): void; debug(o: object, msg: string): void };
}

/** Tokens whose last write is remembered (per process); past this, the least recent is forgotten. */
export const WRITERS_KEPT = 10_000;
/** Longest back-off between probes of a replica that is down. */
export const MAX_BACKOFF_MS = 30_000;
/** Connections per replica pool. */
const REPLICA_POOL = 5;

/** A URL without its password, for logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
  } catch {
    return "(bad url)";
  }
}

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);

/** "connection": the replica is unreachable (mark it down); "retry": this query only (read it from the primary); null: a real error. */
export function replicaErrorKind(e: unknown): "connection" | "retry" | null {
  const err = e as { code?: unknown; message?: unknown };
  const code = typeof err?.code === "string" ? err.code : "";
  const message = typeof err?.message === "string" ? err.message : "";
  if (CONNECTION_CODES.has(code) || code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03") return "connection";
  if (/Connection terminated|timeout exceeded when trying to connect|connection timeout|Client has encountered a connection error/i.test(message)) return "connection";
  // A recovery conflict (40001), or a table or column the replica has not replayed yet.
  if (code === "40001" || code === "42P01" || code === "42703") return "retry";
  return null;
}

export class Replica {
  state: ReplicaState = "unknown";
  lagMs: number | null = null;
  lagBytes: number | null = null;
  /** Queries sent to this replica, and how many of them were answered by the primary instead. */
  queries = 0;
  fallbacks = 0;
  private backoffMs = 0;
  private retryAt = 0;
  readonly name: string;
  readonly pool: pg.Pool;
  readonly db: Db;

  constructor(
    readonly url: string,
    pgSchema: string,
    primary: Db,
    private readonly set: ReadReplicas,
  ) {
    this.name = redactUrl(url);
    this.pool = pgPool(url, pgSchema, { max: REPLICA_POOL, connectionTimeoutMillis: 2_000 });
    // A replica going away must not crash the process: an idle client's error is the pool's, a
    // checked-out one's reaches its query (and is answered by the primary, below).
    this.pool.on("error", (e) => set.log.debug({ replica: this.name, err: e }, "read replica connection lost"));
    this.pool.on("connect", (c) => c.on("error", () => {}));
    this.db = new Kysely({ dialect: replicaDialect(new PostgresDialect({ pool: this.pool }), this, primary) });
  }

  /** Probed now? (a replica that is down waits for its back-off). */
  due(now: number): boolean {
    return this.state !== "down" || now >= this.retryAt;
  }

  failed(e: unknown): void {
    const now = Date.now();
    this.backoffMs = Math.min(MAX_BACKOFF_MS, this.backoffMs ? this.backoffMs * 2 : this.set.probeMs);
    this.retryAt = now + this.backoffMs;
    this.lagMs = this.lagBytes = null;
    this.become("down", { err: e instanceof Error ? e.message : String(e), retryInMs: this.backoffMs });
  }

  measured(standby: boolean, lagMs: number | null, lagBytes: number): void {
    this.backoffMs = 0;
    this.lagMs = lagMs;
    this.lagBytes = lagBytes;
    if (!standby) return this.become("not_standby", {});
    this.become(lagMs !== null && lagMs <= this.set.maxLagMs ? "healthy" : "lagging", { lagMs, lagBytes, maxLagMs: this.set.maxLagMs });
  }

  become(state: ReplicaState, detail: object): void {
    if (state === this.state) return;
    const was = this.state;
    this.state = state;
    const o = { replica: this.name, was, state, ...detail };
    if (state === "healthy") this.set.log.info(o, "read replica in use");
    else this.set.log.warn(o, `read replica skipped: ${state === "not_standby" ? "not a standby (pg_is_in_recovery() is false)" : state}`);
  }
}

/** A connection of the primary standing in for a replica that could not be reached. */
class PrimaryStandIn implements DatabaseConnection {
  constructor(private readonly primary: Db) {}
  executeQuery<R>(q: CompiledQuery, options?: AbortableOperationOptions): Promise<QueryResult<R>> {
    return this.primary.executeQuery<R>(q, options);
  }
  // eslint-disable-next-line require-yield -- never streams
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("read replicas do not stream");
  }
}

/** A replica's connection: a query it cannot answer for want of a connection runs on the primary. */
class ReplicaConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly replica: Replica,
    private readonly primary: Db,
  ) {}
  async executeQuery<R>(q: CompiledQuery, options?: AbortableOperationOptions): Promise<QueryResult<R>> {
    this.replica.queries++;
    try {
      return await this.inner.executeQuery<R>(q, options);
    } catch (e) {
      const kind = replicaErrorKind(e);
      if (!kind) throw e;
      if (kind === "connection") this.replica.failed(e);
      this.replica.fallbacks++;
      return this.primary.executeQuery<R>(q, options);
    }
  }
  streamQuery<R>(q: CompiledQuery, chunkSize: number, options?: AbortableOperationOptions): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(q, chunkSize, options);
  }
}

/** The replica's Kysely dialect: no transactions, no change log (nothing read here is cached), the primary behind every failure to connect. */
function replicaDialect(inner: Dialect, replica: Replica, primary: Db): Dialect {
  const noTransactions = () => Promise.reject(new Error("a read replica takes no transactions: use the primary"));
  return {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver: () => {
      const d = inner.createDriver();
      return {
        init: () => d.init(),
        async acquireConnection() {
          try {
            return new ReplicaConnection(await d.acquireConnection(), replica, primary);
          } catch (e) {
            // No connection (refused, timed out, a password the replica refuses): skipped until probed again.
            replica.failed(e);
            replica.fallbacks++;
            return new PrimaryStandIn(primary);
          }
        },
        beginTransaction: noTransactions,
        commitTransaction: noTransactions,
        rollbackTransaction: noTransactions,
        releaseConnection: async (c) => {
          if (c instanceof ReplicaConnection) await d.releaseConnection(c.inner);
        },
        destroy: () => d.destroy(),
      };
    },
  };
}

export interface ReplicaStats {
  name: string;
  state: ReplicaState;
  lagMs: number | null;
  lagBytes: number | null;
  queries: number;
  fallbacks: number;
}

/** The read replicas of one server process: probes, the choice per request, the token's last writes. */
export class ReadReplicas {
  readonly replicas: Replica[];
  readonly maxLagMs: number;
  readonly probeMs: number;
  readonly log: ReplicaOptions["log"];
  private readonly windowMs: number;
  private readonly writes: LRUCache<string, number>;
  private samples: LsnSample[] = [];
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  private probing: Promise<void> | null = null;

  constructor(
    private readonly primary: Db,
    o: ReplicaOptions,
  ) {
    this.maxLagMs = o.maxLagMs;
    this.probeMs = o.probeMs;
    this.windowMs = o.readYourWritesMs;
    this.log = o.log;
    this.writes = new LRUCache<string, number>({ max: WRITERS_KEPT });
    this.replicas = o.urls.map((url) => new Replica(url, o.pgSchema, primary, this));
  }

  /** Probes once (awaited), then every probeMs in the background. */
  async start(): Promise<void> {
    await this.probe();
    this.timer = setInterval(() => void this.probe(), this.probeMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.probing?.catch(() => {});
    await Promise.all(this.replicas.map((r) => r.db.destroy().catch(() => {})));
  }

  /** A healthy replica, round robin; null when none is. */
  pick(): Replica | null {
    const n = this.replicas.length;
    for (let i = 0; i < n; i++) {
      const r = this.replicas[this.next++ % n];
      if (r.state === "healthy") return r;
    }
    return null;
  }

  /** The database a request's reads go to: a healthy replica's, or null for the primary. */
  dbForRead(readOnly: boolean, authorization: string | undefined): Db | null {
    if (!readOnly) return null;
    const key = writerKey(authorization);
    if (routeRead(true, key === null ? undefined : this.writes.get(key), Date.now(), this.windowMs) === "primary") return null;
    const r = this.pick();
    if (!r) this.log.debug({ replicas: this.stats() }, "no read replica in use: read from the primary");
    return r?.db ?? null;
  }

  /** A write of the token (when it starts and when it ends). */
  noteWrite(authorization: string | undefined): void {
    if (this.windowMs <= 0) return;
    const key = writerKey(authorization);
    if (key !== null) this.writes.set(key, Date.now());
  }

  stats(): ReplicaStats[] {
    return this.replicas.map((r) => ({ name: r.name, state: r.state, lagMs: r.lagMs, lagBytes: r.lagBytes, queries: r.queries, fallbacks: r.fallbacks }));
  }

  /** One probe of every replica that is due (one at a time: a slow probe is not stacked). */
  probe(): Promise<void> {
    return (this.probing ??= this.probeAll().finally(() => (this.probing = null)));
  }

  private async probeAll(): Promise<void> {
    const timeout = Math.max(2_000, 2 * this.probeMs);
    let current: bigint;
    try {
      const res = await withTimeout(sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(this.primary), timeout);
      current = parseLsn(res.rows[0].lsn);
    } catch (e) {
      // Without the primary's position no lag can be told: every replica is skipped until then.
      for (const r of this.replicas) if (r.state === "healthy") r.become("unknown", { err: e instanceof Error ? e.message : String(e) });
      return;
    }
    const now = Date.now();
    this.samples.push({ at: now, lsn: current });
    // Kept: the samples of the last maxLag (and a few probes more), and the newest one before that.
    const keep = now - this.maxLagMs - 4 * this.probeMs;
    while (this.samples.length > 2 && (this.samples[1].at < keep || this.samples.length > 100_000)) this.samples.shift();
    await Promise.all(
      this.replicas
        .filter((r) => r.due(now))
        .map(async (r) => {
          try {
            // On the replica's own pool: a replica query would fall back to the primary.
            const res = await withTimeout(
              r.pool.query<{ standby: boolean; replayed: string | null; age_ms: number | null }>(
                `select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed,
                  (extract(epoch from (clock_timestamp() - pg_last_xact_replay_timestamp())) * 1000)::float8 as age_ms`,
              ),
              timeout,
            );
            const row = res.rows[0];
            const replayed = row.replayed === null ? null : parseLsn(row.replayed);
            const lag = replayed === null ? null : replicaLagMs(this.samples, replayed, row.age_ms, Date.now());
            r.measured(row.standby, lag, replayed === null ? 0 : Math.max(0, Number(current - replayed)));
          } catch (e) {
            r.failed(e);
          }
        }),
    );
  }
}

const writerKey = (authorization: string | undefined): string | null => (authorization ? createHash("sha256").update(authorization).digest("base64") : null);

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

export function openReplicas(primary: Db, o: ReplicaOptions): ReadReplicas {
  for (const url of o.urls) if (!/^postgres(ql)?:\/\//i.test(url)) throw new Error(`DATABASE_READ_URL: not a postgres:// URL: ${redactUrl(url)}`);
  return new ReadReplicas(primary, o);
}
