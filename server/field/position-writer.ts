// Group commit of tracking apps' positions (/osmand), as Traccar's own server does: the positions
// of the requests that arrive within one turn of the event loop, or while the INSERTs already
// running (SQLite one, PostgreSQL PG_CONCURRENT_GROUPS) are busy, go in together, one INSERT (one
// commit) for all of them, and each request is answered
// after the statement that stored its positions returned, so an answered position is committed
// (no position lost on a kill of the server after its 200; on PostgreSQL through connections
// whose commits do not wait for the disk, the durability SQLite's WAL gives: positionsDbOf). A repeat (same user and time) is skipped as
// storePoints skips it; each request learns which of its own positions were new (RETURNING), so
// the live map and the rules see every stored position once. When the shared INSERT fails, each
// request's positions are stored on their own, so one bad request fails alone.
import { dialectOf, POSITION_CONNECTIONS, positionsDbOf, type Db } from "../db/connection";
import { WAYPOINTS, waypointRow, type Point } from "./points";

/** Most rows in one INSERT (10 values a row: well below SQLite's 32,766 and PostgreSQL's 65,535 parameters). */
export const GROUP_MAX_ROWS = 1000;

interface Owner {
  userId: number;
  companyId: number;
}

interface Pending {
  owner: Owner;
  points: readonly Point[];
  resolve: (stored: Point[]) => void;
  reject: (err: unknown) => void;
}

const rowKey = (userId: unknown, wptime: unknown) => `${Number(userId)}:${Number(wptime)}`;

export class PositionWriter {
  private queue: Pending[] = [];
  /** A write of the queue is scheduled for the end of this turn of the event loop. */
  private scheduled = false;
  /** INSERTs running. */
  private running = 0;
  /** INSERTs run and the requests they stored (bench:field prints requests per INSERT). */
  readonly stats = { inserts: 0, requests: 0 };

  /**
   * `concurrent`: INSERTs at once (SQLite: 1, its statements run to completion one by one;
   * PostgreSQL: a few, so a group waiting for its commit does not hold the next one back).
   */
  constructor(
    private readonly db: Db,
    private readonly concurrent = 1,
  ) {}

  /** Stores a user's positions with those of other requests; answers the ones that were new (not stored before). */
  store(owner: Owner, points: readonly Point[]): Promise<Point[]> {
    if (points.length === 0) return Promise.resolve([]);
    return new Promise<Point[]>((resolve, reject) => {
      this.queue.push({ owner, points, resolve, reject });
      if (!this.scheduled && this.running < this.concurrent) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.drain();
        });
      }
    });
  }

  /** Starts INSERTs of the queue while fewer than `concurrent` run; each one's end starts the next. */
  private drain(): void {
    while (this.queue.length && this.running < this.concurrent) {
      const batch = this.take();
      this.running++;
      void (batch.length === 1 ? this.storeOne(batch[0]) : this.storeTogether(batch)).finally(() => {
        this.running--;
        this.drain();
      });
    }
  }

  /** Requests from the front of the queue, up to GROUP_MAX_ROWS positions (at least one request). */
  private take(): Pending[] {
    let rows = 0;
    let n = 0;
    while (n < this.queue.length && (n === 0 || rows + this.queue[n].points.length <= GROUP_MAX_ROWS)) rows += this.queue[n++].points.length;
    return this.queue.splice(0, n);
  }

  private async storeOne(p: Pending): Promise<void> {
    try {
      const rows = await this.insert([p]);
      p.resolve(this.newOf(p, rows));
    } catch (err) {
      p.reject(err);
    }
  }

  private async storeTogether(batch: Pending[]): Promise<void> {
    let rows: Set<string>;
    try {
      rows = await this.insert(batch);
    } catch {
      // Each on its own: only the request whose positions fail is refused.
      for (const p of batch) await this.storeOne(p);
      return;
    }
    for (const p of batch) p.resolve(this.newOf(p, rows));
  }

  /** One INSERT of every request's positions; answers the (user, time) keys it stored. */
  private async insert(batch: readonly Pending[]): Promise<Set<string>> {
    this.stats.inserts++;
    this.stats.requests += batch.length;
    const now = new Date().toISOString();
    const values = batch.flatMap((p) => p.points.map((point) => waypointRow(p.owner, point, now)));
    const inserted = await this.db
      .insertInto(WAYPOINTS.table)
      .values(values)
      .onConflict((oc) => oc.columns(["user_id", "wptime"]).doNothing())
      .returning(["user_id", "wptime"])
      .execute();
    return new Set(inserted.map((r) => rowKey(r.user_id, r.wptime)));
  }

  /** The request's positions among those stored; a key is taken once (the same position twice in a batch counts for the first). */
  private newOf(p: Pending, stored: Set<string>): Point[] {
    const out: Point[] = [];
    for (const point of p.points) {
      const key = rowKey(p.owner.userId, point.wptime);
      if (stored.delete(key)) out.push(point);
    }
    return out;
  }
}

const WRITERS = new WeakMap<Db, PositionWriter>();

/** INSERTs at once on PostgreSQL (one a connection of the positions' own pool). */
export const PG_CONCURRENT_GROUPS = POSITION_CONNECTIONS;

/**
 * The position writer of a database (one per process and database): on PostgreSQL it writes
 * through the positions' own connections (positionsDbOf: commits that do not wait for the disk).
 */
export function positionWriterOf(db: Db): PositionWriter {
  let w = WRITERS.get(db);
  if (!w) WRITERS.set(db, (w = dialectOf(db) === "postgres" ? new PositionWriter(positionsDbOf(db), PG_CONCURRENT_GROUPS) : new PositionWriter(db, 1)));
  return w;
}
