// The shell's one connection to the event stream (GET /api/events, docs/api.md "Live events"):
// fetch() reading the body, parsed by eventsource-parser, so the bearer token goes in the
// Authorization header as on every request (a browser EventSource sends no headers: the token
// would have to travel in the URL, where logs keep it), and the stream's status is ours to read
// (EventSource tells no 401 from a network failure).
// - Started by the shell when signed in (LiveRoot), stopped on sign-out; one at a time.
// - Each (re)connect re-reads what the stream feeds (the server keeps no log to replay) and the
//   open panics (always re-read: the banner must not miss one).
// - A dropped stream comes back by itself: 1 s doubling to 30 s, with jitter (not every browser
//   at once after a server restart); at once when the page is shown again or the network returns.
// - 401 on a request that carried a token is an expired session: the usual path (expireSession).
//   Any other failure (403, 5xx, network) only retries: the stream never ends a session by itself.
// - A background tab keeps its stream: the banner's sound is for a supervisor who looks elsewhere.
// - An event (or line) still unfinished past MAX_EVENT_CHARS drops the stream: nothing grows
//   without bound on a broken or hostile answer.
import { refreshRights } from "../auth/rightsWatch";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import type { QueryClient } from "@tanstack/react-query";
import { getToken } from "../auth/session";
import { SERVICE_URLS } from "../http/config";
import { expireSession } from "../http/errorCatalogue";
import { getLanguage } from "../i18n";
import { canAccess } from "../providers/accessControlProvider";
import { dataProvider } from "../providers/dataProvider";
import { applyAlertToCache, applyPanicToCache, applyPosition, applyPresence, rereadAll } from "./cache";
import type { AlertEvent, PanicEvent, PanicRecord, PositionEvent, PresenceEvent } from "./events";
import { useLiveStore } from "./store";

export const BACKOFF_FIRST_MS = 1000;
/** Longest event (or unfinished line) kept while it arrives; past it the stream is dropped and opened again. */
export const MAX_EVENT_CHARS = 1024 * 1024;
export const BACKOFF_MAX_MS = 30_000;

/** The wait before retry `attempt` (0-based): 1 s, 2 s, 4 s... up to 30 s, each between half and all of it. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

class SessionExpired extends Error {}

/** Listeners of every event (tests, and pages that want the raw events). */
type Listener = (type: string, data: unknown) => void;
const listeners = new Set<Listener>();
export function onLiveEvent(fn: Listener): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

interface Running {
  abort: AbortController;
  qc: QueryClient;
  attempt: number;
  /** The last event's id, sent back as Last-Event-ID on a reconnect. */
  lastEventId: string | null;
  /** Resolves a pending backoff wait early (page shown, network back). */
  wake: (() => void) | null;
}

let running: Running | null = null;

/** Reads the open panics (when the role may read them) into the store. */
export async function rereadOpenPanics(): Promise<void> {
  if (!canAccess("panic-button", "list").can) {
    useLiveStore.getState().setOpenPanics([]);
    return;
  }
  try {
    const res = await dataProvider.getList({
      resource: "panic-button",
      filters: [{ field: "status", operator: "eq", value: "open" }],
      sorters: [{ field: "alert_time", order: "desc" }],
      pagination: { currentPage: 1, pageSize: 100, mode: "server" },
    });
    useLiveStore.getState().setOpenPanics(res.data as unknown as PanicRecord[]);
  } catch {
    // The next (re)connect reads them again; the events keep the list meanwhile.
  }
}

function dispatch(r: Running, msg: EventSourceMessage): void {
  if (msg.id) r.lastEventId = msg.id;
  if (!msg.event || !msg.data) return;
  let data: unknown;
  try {
    data = JSON.parse(msg.data);
  } catch {
    return; // not ours: a stream carries JSON only
  }
  const store = useLiveStore.getState();
  switch (msg.event) {
    case "panic": {
      const e = data as PanicEvent;
      if (e?.panic) store.applyPanic(e.panic, e.action === "escalated");
      void applyPanicToCache(r.qc);
      break;
    }
    case "presence":
      if ((data as PresenceEvent)?.presence) applyPresence(r.qc, data as PresenceEvent);
      break;
    case "position":
      applyPosition(r.qc, data as PositionEvent);
      break;
    case "alert":
      void (data as AlertEvent);
      void applyAlertToCache(r.qc);
      break;
    case "rights":
      // The role's menus changed: the session is asked again (the sider, home and the no-access
      // guard follow), then every read, the rights' answers included, is asked again.
      void refreshRights(() => void r.qc.invalidateQueries());
      break;
    default:
      break;
  }
  for (const fn of listeners) fn(msg.event, data);
}

/** One connection: opens the stream and dispatches its events until it ends (resolves or throws: either way the caller retries). */
async function readStream(r: Running, token: string): Promise<void> {
  const res = await fetch(`${SERVICE_URLS.api}/events`, {
    signal: r.abort.signal,
    cache: "no-store",
    headers: { Accept: "text/event-stream", Authorization: `Bearer ${token}`, "Accept-Language": getLanguage(), ...(r.lastEventId ? { "Last-Event-ID": r.lastEventId } : {}) },
  });
  if (res.status === 401) throw new SessionExpired();
  if (!res.ok || !res.body || !(res.headers.get("content-type") ?? "").includes("text/event-stream")) {
    void res.body?.cancel().catch(() => undefined);
    throw new Error(`stream answered ${res.status}`);
  }
  r.attempt = 0;
  useLiveStore.getState().setStream("open");
  void rereadAll(r.qc);
  void rereadOpenPanics();
  let broken: Error | null = null;
  const parser = createParser({
    maxBufferSize: MAX_EVENT_CHARS,
    onEvent: (msg) => dispatch(r, msg),
    onError: (e) => {
      if (e.type === "max-buffer-size-exceeded") broken = e;
    },
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
      if (broken) throw broken;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

async function run(r: Running): Promise<void> {
  const store = useLiveStore.getState();
  while (!r.abort.signal.aborted) {
    const token = getToken();
    if (!token) break; // signed out meanwhile
    store.setStream(r.attempt === 0 ? "connecting" : "retrying");
    try {
      await readStream(r, token);
    } catch (err) {
      if (err instanceof SessionExpired) {
        stopLive();
        expireSession();
        return;
      }
    }
    if (r.abort.signal.aborted) break;
    useLiveStore.getState().setStream("retrying");
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, backoffMs(r.attempt));
      r.wake = () => {
        clearTimeout(timer);
        resolve();
      };
      r.abort.signal.addEventListener("abort", r.wake, { once: true });
    });
    r.wake = null;
    r.attempt += 1;
  }
}

const wakeNow = () => {
  if (!running?.wake) return;
  if (document.visibilityState === "hidden") return;
  running.attempt = 0;
  running.wake();
};

/** Opens the shell's connection (a second call while one runs does nothing). */
export function startLive(qc: QueryClient): void {
  if (running) return;
  const r: Running = { abort: new AbortController(), qc, attempt: 0, lastEventId: null, wake: null };
  running = r;
  window.addEventListener("online", wakeNow);
  document.addEventListener("visibilitychange", wakeNow);
  void run(r).finally(() => {
    if (running === r) running = null;
  });
}

/** Closes it (sign-out, session expired) and forgets the open panics. */
export function stopLive(): void {
  window.removeEventListener("online", wakeNow);
  document.removeEventListener("visibilitychange", wakeNow);
  if (running) {
    running.abort.abort();
    running = null;
  }
  useLiveStore.getState().reset();
  useLiveStore.getState().setStream("stopped");
}

export const isLiveRunning = (): boolean => running !== null;
