// Writes seen across server instances on one PostgreSQL database, so their in-memory caches
// (server/cache.ts: sessions, rights, counts, search pages, labels) drop what another instance
// changed within milliseconds instead of at their TTL. Each instance (each WORKERS process is
// one) NOTIFYs the tables its writes touched on a channel per schema, gathered for
// CHANGES_GATHER_MS (a write's answer sends at once), one message on its way at a time;
// every other instance marks them in its change log (server/db/changes.ts).
// - Inside a transaction a write is not visible elsewhere until the commit: at every transaction
//   end the tables written since the previous one (by any connection of this instance: a
//   superset of that transaction's) are told again.
// - Raw SQL that may write and schema changes are told as "anything".
// - While the listening connection is down, changes may be missed: on (re)connecting the
//   instance marks everything. Writes made outside the servers (psql, a script) are never told:
//   there the caches' TTL still applies.
// - Read your writes: a write's answer waits (settled(), before the server answers any request
//   that is not a GET) until every other instance has acknowledged the message telling it, so the
//   client's next request, whichever instance takes it, reads what it wrote. Instances know each
//   other by a hello on start (answered by every other one) and every HEARTBEAT_MS; one that does
//   not acknowledge within ACK_WAIT_MS (it died without its bye) is no longer waited for until
//   it speaks again. A new instance is waited for from the first message after its hello in the
//   channel's order (the order every listener sees): it listened before it said hello.
import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { settledWithin } from "../wait";
import { PgListener } from "./pg-listener";
import type { ChangeLog, SharedChanges } from "./changes";

export const changesChannelOf = (schema?: string): string => (schema && schema !== "public" ? `fw_changes_${schema}` : "fw_changes");

/** Most characters of tags in one change message (NOTIFY's payload is at most 8,000 bytes). */
const TAGS_MAX_CHARS = 6_000;

/** A change: the tags written (tables, or a table's updated columns: db/changes.ts; absent: anything), numbered per sender. */
interface Change {
  from: string;
  n: number;
  tables?: string[];
}
/** The highest change number of each sender this instance has applied. */
interface Ack {
  from: string;
  acks: Record<string, number>;
}
/** "I listen" (answered with a reply by instances that did not know the sender), or "I leave". */
interface Hello {
  from: string;
  hello: "hi" | "reply" | "bye";
}

/**
 * How long writes are gathered before their message goes (settled(), before a write's answer,
 * sends at once): positions stored hundreds of times a second are a few messages a second, not
 * one each, and other instances still hear of a write within milliseconds.
 */
export const CHANGES_GATHER_MS = 5;
/** How long a write's answer waits for the other instances' acknowledgements at most. */
export const ACK_WAIT_MS = 1000;
/** How often an instance says it is there; one not heard of for 3 of these is forgotten. */
export const HEARTBEAT_MS = 5000;
/** How long a starting instance gives the others to answer its hello. */
export const HELLO_ANSWER_MS = 100;

export interface ChangesSharing {
  /** Resolves once this instance listens. */
  started: Promise<void>;
  /** Resolves once every change this instance told so far is applied by every other instance (or ACK_WAIT_MS passed). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

interface Peer {
  /** The highest of this instance's changes the peer applied. */
  acked: number;
  /** The first of this instance's changes the peer must acknowledge (it listened from then). */
  needsFrom: number;
  seen: number;
}

export function shareChanges(log: ChangeLog, o: { connectionString: string; schema?: string; onError(err: unknown): void }): ChangesSharing {
  const channel = changesChannelOf(o.schema);
  const me = randomUUID();
  let closed = false;
  // What to tell at the next flush, and what was written since the last transaction end.
  let pending = new Set<string>();
  let pendingAll = false;
  let sinceCommit = new Set<string>();
  let sinceCommitAll = false;
  let scheduled: NodeJS.Timeout | null = null;
  let changeOnItsWay = false;
  // The last NOTIFY sent (PgListener sends its connection's queries one after another, in order):
  // awaiting it awaits every earlier one.
  let sending: Promise<unknown> = Promise.resolve();
  // This instance's changes: the last numbered, the last seen back in the channel, the last that could not be sent.
  let sent = 0;
  let echoed = 0;
  let lost = 0;
  const peers = new Map<string, Peer>();
  const waiters: Array<{ target: number; resolve(): void; timer: NodeJS.Timeout }> = [];
  let acksDue: Record<string, number> = {};
  let acksScheduled = false;

  const send = (message: Change | Ack | Hello, onFailure?: () => void): Promise<unknown> =>
    (sending = sub.notify(channel, message).catch((err: unknown) => {
      onFailure?.();
      if (!closed) o.onError(err);
    }));
  const sub = new PgListener({
    connectionString: o.connectionString,
    applicationName: `fieldworks changes${o.schema ? ` ${o.schema}` : ""}`.slice(0, 63),
    onError: o.onError,
    // Whatever happened while not listening is unknown: everything may have changed; and the
    // others are told this instance listens again.
    onConnected: () => {
      log.markSeen(null);
      send({ from: me, hello: "hi" });
    },
  });

  const settledAt = (target: number): boolean => {
    if (lost >= target || !sub.connected) return true;
    if (echoed < target) return false;
    for (const p of peers.values()) if (p.needsFrom <= target && p.acked < target) return false;
    return true;
  };
  const release = () => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const w = waiters[i];
      if (!closed && !settledAt(w.target)) continue;
      clearTimeout(w.timer);
      waiters.splice(i, 1);
      w.resolve();
    }
  };
  const timedOut = (target: number) => {
    const silent = [...peers].filter(([, p]) => p.needsFrom <= target && p.acked < target).map(([id]) => id);
    for (const id of silent) peers.delete(id);
    if (silent.length) o.onError(new Error(`cache changes: ${silent.length} other instance(s) did not acknowledge within ${ACK_WAIT_MS} ms; not waited for until heard of again`));
    lost = Math.max(lost, echoed < target ? target : 0);
    release();
  };

  const hasPending = () => pendingAll || pending.size > 0;
  const flush = () => {
    if (scheduled) clearTimeout(scheduled);
    scheduled = null;
    // One change message on its way at a time: what is written meanwhile goes together in the next.
    if (closed || changeOnItsWay || !hasPending()) return;
    const n = ++sent;
    // A NOTIFY payload holds at most 8,000 bytes: past TAGS_MAX_CHARS of tags (updated columns
    // of many tables in one tick) it says "anything" instead.
    const tags = [...pending];
    const all = pendingAll || tags.reduce((n, t) => n + t.length + 3, 0) > TAGS_MAX_CHARS;
    const message: Change = all ? { from: me, n } : { from: me, n, tables: tags };
    pending = new Set();
    pendingAll = false;
    changeOnItsWay = true;
    void send(message, () => {
      lost = Math.max(lost, n);
      release();
    }).then(() => {
      changeOnItsWay = false;
      // A write's answer waiting for what was gathered meanwhile: at once; else after the gathering.
      if (waiters.some((w) => w.target > sent)) flush();
      else if (hasPending()) schedule();
    });
  };
  const schedule = () => {
    if (scheduled || changeOnItsWay) return;
    scheduled = setTimeout(flush, CHANGES_GATHER_MS);
  };
  const flushAcks = () => {
    acksScheduled = false;
    if (closed) return;
    const acks = acksDue;
    acksDue = {};
    send({ from: me, acks });
  };
  const peer = (id: string): Peer => {
    let p = peers.get(id);
    if (!p) peers.set(id, (p = { acked: 0, needsFrom: echoed + 1, seen: Date.now() }));
    p.seen = Date.now();
    return p;
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

  const received = (payload: unknown) => {
    const m = payload as Partial<Change & Ack & Hello> | null;
    if (!m || typeof m !== "object" || typeof m.from !== "string") return;
    if (m.from === me) {
      if (m.hello === "hi") heard();
      if (typeof m.n === "number") {
        echoed = Math.max(echoed, m.n);
        release();
      }
      return;
    }
    if (m.hello === "bye") {
      peers.delete(m.from);
      release();
      return;
    }
    const known = peers.has(m.from);
    const p = peer(m.from);
    if (m.hello === "hi" && !known) send({ from: me, hello: "reply" });
    if (typeof m.n === "number") {
      log.markSeen(Array.isArray(m.tables) && m.tables.every((t) => typeof t === "string") ? m.tables : null);
      acksDue[m.from] = Math.max(acksDue[m.from] ?? 0, m.n);
      if (!acksScheduled) {
        acksScheduled = true;
        setImmediate(flushAcks);
      }
    }
    const mine = m.acks && typeof m.acks === "object" ? m.acks[me] : undefined;
    if (typeof mine === "number") {
      p.acked = Math.max(p.acked, mine);
      release();
    }
  };

  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const [id, p] of peers) if (now - p.seen > 3 * HEARTBEAT_MS) peers.delete(id);
    if (sub.connected) send({ from: me, hello: "reply" });
  }, HEARTBEAT_MS);
  heartbeat.unref();

  // Started once this instance's hello went round and the others had a moment to answer it, so
  // its first writes are waited for by the instances already there.
  let heard = () => undefined as void;
  const helloBack = new Promise<void>((resolve) => (heard = resolve));
  const started = (async () => {
    await sub.listen(channel, received);
    await sub.connect();
    await settledWithin(helloBack, ACK_WAIT_MS);
    await delay(HELLO_ANSWER_MS);
    log.shared = shared;
  })();
  return {
    started,
    settled() {
      if (scheduled) flush();
      // Changes not sent yet (one message is on its way) go in the next message: wait for that one.
      const target = hasPending() ? sent + 1 : sent;
      if (target === 0 || settledAt(target)) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => timedOut(target), ACK_WAIT_MS);
        timer.unref();
        waiters.push({ target, resolve, timer });
      });
    },
    async close() {
      clearInterval(heartbeat);
      if (sub.connected) send({ from: me, hello: "bye" });
      await sending;
      closed = true;
      release();
      if (log.shared === shared) log.shared = null;
      await sub.close();
    },
  };
}
