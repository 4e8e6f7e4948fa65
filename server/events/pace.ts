// At most one item per key per interval: the first at once, then the newest of those arriving
// within the interval when it ends; an item not newer than one sent or waiting is dropped.
// Used for positions twice (docs/api.md "Live events"): by the publishing process (less traffic
// between processes, server/events/publish.ts) and by each process's stream registry before its
// streams (server/events/stream-route.ts), so that whichever processes publish, a stream never
// carries two positions of one worker within the interval.

interface Pace<T> {
  /** When this key's last item went out (Date.now()). */
  sentAt: number;
  /** The time of the newest item sent or waiting. */
  newest: number;
  pending: T | null;
  timer: NodeJS.Timeout | null;
}

export class Pacer<T> {
  private readonly paces = new Map<string, Pace<T>>();
  private readonly purge: NodeJS.Timeout;

  constructor(
    private readonly send: (item: T) => void,
    readonly intervalMs: number,
  ) {
    // Keys gone quiet are forgotten.
    this.purge = setInterval(() => {
      const now = Date.now();
      for (const [k, p] of this.paces) if (!p.timer && now - p.sentAt > this.intervalMs) this.paces.delete(k);
    }, 60_000);
    this.purge.unref();
  }

  /** An item of `key` whose own time (e.g. the position's) is `time`. */
  add(key: string, time: number, item: T): void {
    const now = Date.now();
    const pace = this.paces.get(key);
    if (pace && time <= pace.newest) return;
    if (!pace || (!pace.timer && now - pace.sentAt >= this.intervalMs)) {
      this.paces.set(key, { sentAt: now, newest: time, pending: null, timer: null });
      this.send(item);
      return;
    }
    pace.newest = time;
    pace.pending = item;
    pace.timer ??= setTimeout(
      () => {
        pace.timer = null;
        const p = pace.pending;
        pace.pending = null;
        pace.sentAt = Date.now();
        if (p !== null) this.send(p);
      },
      Math.max(0, this.intervalMs - (now - pace.sentAt)),
    );
    pace.timer.unref();
  }

  close(): void {
    clearInterval(this.purge);
    for (const p of this.paces.values()) if (p.timer) clearTimeout(p.timer);
    this.paces.clear();
  }
}
