// Writes seen across server instances on one PostgreSQL database, so their in-memory caches
// (server/cache.ts: sessions, rights, counts, search pages, labels) drop what another instance
// changed within milliseconds instead of at their TTL. Each instance (each WORKERS process is
// one) NOTIFYs the tables its writes touched on a channel per schema, batched once per tick;
// every other instance marks them in its change log (server/db/changes.ts).
// - Inside a transaction a write is not visible elsewhere until the commit: at every transaction
//   end the tables written since the previous one (by any connection of this instance: a
//   superset of that transaction's) are told again.
// - Raw SQL that may write and schema changes are told as "anything".
// - While the listening connection is down, changes may be missed: on (re)connecting the
//   instance marks everything. Writes made outside the servers (psql, a script) are never told:
//   there the caches' TTL still applies.
import { randomUUID } from "node:crypto";
import { PgListener } from "./pg-listener";
import type { ChangeLog, SharedChanges } from "./changes";

export const changesChannelOf = (schema?: string): string => (schema && schema !== "public" ? `fw_changes_${schema}` : "fw_changes");

interface Message {
  from: string;
  /** The tables written; absent: anything. */
  tables?: string[];
}

export interface ChangesSharing {
  /** Resolves once this instance listens. */
  started: Promise<void>;
  close(): Promise<void>;
}

export function shareChanges(log: ChangeLog, o: { connectionString: string; schema?: string; onError(err: unknown): void }): ChangesSharing {
  const channel = changesChannelOf(o.schema);
  const me = randomUUID();
  const sub = new PgListener({
    connectionString: o.connectionString,
    applicationName: "fieldworks changes",
    onError: o.onError,
    // Whatever happened while not listening is unknown: everything may have changed.
    onConnected: () => log.markSeen(null),
  });
  let closed = false;
  // What to tell at the next flush, and what was written since the last transaction end.
  let pending = new Set<string>();
  let pendingAll = false;
  let sinceCommit = new Set<string>();
  let sinceCommitAll = false;
  let scheduled = false;
  // One NOTIFY at a time on the listening connection (pg warns of overlapping queries on a client).
  let sending: Promise<unknown> = Promise.resolve();

  const flush = () => {
    scheduled = false;
    if (closed || (!pendingAll && pending.size === 0)) return;
    const message: Message = pendingAll ? { from: me } : { from: me, tables: [...pending] };
    pending = new Set();
    pendingAll = false;
    sending = sending.then(() => sub.notify(channel, message)).catch((err: unknown) => o.onError(err));
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };
  const shared: SharedChanges = {
    wrote(tables) {
      if (tables === null) pendingAll = sinceCommitAll = true;
      else
        for (const t of tables) {
          pending.add(t);
          sinceCommit.add(t);
        }
      schedule();
    },
    committed() {
      if (sinceCommitAll) pendingAll = true;
      for (const t of sinceCommit) pending.add(t);
      sinceCommit = new Set();
      sinceCommitAll = false;
      schedule();
    },
  };

  const started = (async () => {
    await sub.listen(channel, (payload) => {
      const m = payload as Partial<Message> | null;
      if (!m || typeof m !== "object" || m.from === me) return;
      log.markSeen(Array.isArray(m.tables) && m.tables.every((t) => typeof t === "string") ? m.tables : null);
    });
    await sub.connect();
    log.shared = shared;
  })();
  return {
    started,
    async close() {
      closed = true;
      if (log.shared === shared) log.shared = null;
      await sub.close();
    },
  };
}
