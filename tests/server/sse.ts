// A small reader of a text/event-stream answer for tests: the frames as they arrive (`id`,
// `event`, parsed `data`; comment lines as { comment }), and a wait for the next frame that
// matches (it fails the test after `ms` rather than hang).
export interface Frame {
  id?: string;
  event?: string;
  data?: unknown;
  comment?: string;
}

export interface SseReader {
  frames: Frame[];
  /** The first frame (already received or still to come) that matches, after `from`. */
  next(match: (f: Frame) => boolean, ms?: number, from?: number): Promise<Frame>;
  /** Whether the stream has ended. */
  ended(): boolean;
  close(): void;
}

export function readSse(res: Response, abort?: AbortController): SseReader {
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  let done = false;
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  const wake = () => {
    for (const w of waiters) w();
  };
  void (async () => {
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        buf += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buf.indexOf("\n\n")) >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          const f: Frame = {};
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) f.comment = line.slice(1).trim();
            else {
              const at = line.indexOf(":");
              const key = line.slice(0, at);
              const val = line.slice(at + 1).replace(/^ /, "");
              if (key === "id") f.id = val;
              else if (key === "event") f.event = val;
              else if (key === "data") f.data = JSON.parse(val);
            }
          }
          frames.push(f);
        }
        wake();
      }
    } catch {
      // aborted
    }
    done = true;
    wake();
  })();
  return {
    frames,
    ended: () => done,
    close: () => {
      abort?.abort();
      void reader.cancel().catch(() => {});
    },
    next(match, ms = 5000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = frames.slice(from).find(match);
          if (hit) {
            cleanup();
            resolve(hit);
          } else if (done) {
            cleanup();
            reject(new Error(`stream ended without the frame; got ${JSON.stringify(frames)}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(frames)}`));
        }, ms);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
