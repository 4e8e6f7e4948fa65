// The live event stream of the contract mock (docs/api.md "Live events"): a msw handler for
// GET /api/events answering text/event-stream in the server's frames (`id:`, `event:`, `data:`,
// a `hello` first), and `pushEvent(type, data)` that sends an event to every open stream. Tests
// can also drop every stream (to see a reconnect), answer the next connects with a failure,
// and read each connect's headers (Authorization, Last-Event-ID).
import { http, HttpResponse, type HttpHandler } from "msw";
import type { FastifyRequest } from "fastify";
import type { LiveEventData, LiveEventType } from "../../declaration/live-events";
import { errorEnvelope } from "../../server/http/error-handler";
import { HttpError, unauthorized } from "../../server/http/errors";
import type { MessageKey } from "../../server/i18n/messages";

export interface EventsMockOptions {
  /** Answer 401 to a connect without a Bearer token (default true). */
  requireAuth?: boolean;
}

export interface EventsConnect {
  headers: Record<string, string>;
  /** The Last-Event-ID header sent, if any. */
  lastEventId: string | null;
}

export interface EventsMock {
  /** Put it before the contract mock's handlers (it matches only GET …/api/events). */
  handler: HttpHandler;
  /** Sends an event to every open stream; answers its id (a number per mock, from 1). */
  pushEvent<T extends Exclude<LiveEventType, "hello">>(type: T, data: LiveEventData[T]): number;
  /** Sends a heartbeat comment line to every open stream. */
  heartbeat(): void;
  /** The streams open now. */
  open(): number;
  /** Every connect so far, oldest first. */
  connects: EventsConnect[];
  /** Ends every open stream (the client should reconnect). */
  dropAll(): void;
  /** Answers the next `times` connects with this failure (e.g. 401 unauthorized, 503) instead of a stream. */
  failNext(status: number, key?: MessageKey, times?: number): void;
}

const encoder = new TextEncoder();

/** One SSE frame as the server writes it (server/events/frames.ts). */
export const frame = (type: string, data: unknown, id?: number): string => `${id === undefined ? "" : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

export function createEventsMock(opts: EventsMockOptions = {}): EventsMock {
  const requireAuth = opts.requireAuth ?? true;
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const connects: EventsConnect[] = [];
  const failures: Array<{ status: number; key?: MessageKey }> = [];
  let lastId = 0;

  const send = (text: string) => {
    for (const c of streams) {
      try {
        c.enqueue(encoder.encode(text));
      } catch {
        streams.delete(c); // the reader went away
      }
    }
  };

  const handler = http.get(/\/api\/events$/, ({ request }) => {
    const headers = Object.fromEntries(request.headers.entries());
    connects.push({ headers, lastEventId: request.headers.get("last-event-id") });
    const failure = failures.shift();
    const auth = request.headers.get("authorization") ?? "";
    const err = failure
      ? new HttpError(failure.status, failure.key ?? (failure.status === 401 ? "unauthorized" : "unavailable"))
      : requireAuth && !/^Bearer \S+/.test(auth)
        ? unauthorized()
        : null;
    if (err) {
      const { statusCode, body } = errorEnvelope(err, { headers: { "accept-language": request.headers.get("accept-language") ?? undefined } } as unknown as FastifyRequest);
      return HttpResponse.json(body as unknown as Record<string, unknown>, { status: statusCode });
    }
    let mine: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        mine = controller;
        streams.add(controller);
        controller.enqueue(encoder.encode(frame("hello", { server_time: new Date().toISOString() })));
      },
      cancel() {
        if (mine) streams.delete(mine);
      },
    });
    request.signal?.addEventListener("abort", () => {
      if (!mine) return;
      streams.delete(mine);
      try {
        mine.close();
      } catch {
        // already closed
      }
    });
    return new HttpResponse(body, { status: 200, headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" } });
  });

  return {
    handler,
    connects,
    pushEvent(type, data) {
      lastId += 1;
      send(frame(type, data, lastId));
      return lastId;
    },
    heartbeat: () => send(": hb\n\n"),
    open: () => streams.size,
    dropAll() {
      for (const c of streams) {
        try {
          c.close();
        } catch {
          // already closed
        }
      }
      streams.clear();
    },
    failNext(status, key, times = 1) {
      for (let i = 0; i < times; i++) failures.push({ status, key });
    },
  };
}
