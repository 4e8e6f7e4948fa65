// The shell's one event stream (src/live/connection.ts) against the stream's mock: the bearer
// token is sent, every (re)connect re-reads the open panics and the stream-fed queries, panic
// events raise and take down the banner's list, presence and position events change the map's
// cached attendance answer in place, a dropped stream comes back by itself (an endless event
// too), sign-out stops it.
import { QueryClient } from "@tanstack/react-query";
import { waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { page } from "../../src/http/page";
import { loadLanguage } from "../../src/i18n";
import { backoffMs, BACKOFF_MAX_MS, isLiveRunning, MAX_EVENT_CHARS, startLive, stopLive } from "../../src/live/connection";
import { useLiveStore } from "../../src/live/store";
import { getStoredMenus } from "../../src/auth/session";
import { createEventsMock, type EventsMock } from "../mocks/events";
import { server } from "./msw";
import { recordApi } from "./support/apiRecorder";
import { menu, signIn } from "./support/session";
import { LOAD } from "./support/waits";

beforeAll(async () => {
  await loadLanguage("en");
});
afterEach(() => {
  stopLive();
});

const panic = (id: number, status = "open", extra: Record<string, unknown> = {}) => ({
  id,
  user_id: 11,
  user_id_label: "Budi",
  project_id: null,
  alert_time: "2026-11-25T03:00:00.000Z",
  location: [106.8, -6.2],
  address: null,
  status,
  ...extra,
});

/** The map's attendance read as Refine's useCustom keys it. */
const MAP_KEY = ["data", "default", "custom", { method: "post", url: "search", resource: "map-monitoring", operation: "search", params: {} }];
const PANIC_LIST_KEY = ["data", "default", "panic-button", "list", { filters: [] }];

function setup(openPanics: unknown[] = []): { events: EventsMock; qc: QueryClient; api: ReturnType<typeof recordApi> } {
  signIn([menu(1, "panic-button"), menu(2, "map-monitoring")]);
  const api = recordApi({ "POST /api/panic-button/search": { status: true, data: openPanics, recordsTotal: openPanics.length } });
  const events = createEventsMock();
  server.use(events.handler);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { events, qc, api };
}

const panicSearches = (api: ReturnType<typeof recordApi>) => api.calls.filter((c) => c.path === "/api/panic-button/search");

describe("the live connection", () => {
  it("connects with the bearer token, re-reads the open panics, and follows panic events", async () => {
    const { events, qc, api } = setup([panic(5)]);
    startLive(qc);
    await waitFor(() => expect(useLiveStore.getState().stream).toBe("open"), LOAD);
    expect(events.connects[0].headers.authorization).toBe("Bearer tok-1");
    // The open panics are read on connect: status open, through the search.
    await waitFor(() => expect(useLiveStore.getState().openPanics.map((p) => p.id)).toEqual([5]), LOAD);
    const body = panicSearches(api)[0].body as { columns: { data: string; value: unknown }[] };
    expect(body.columns).toContainEqual(expect.objectContaining({ data: "status", value: "open" }));

    events.pushEvent("panic", { action: "raised", panic: panic(6, "open", { alert_time: "2026-11-25T03:05:00.000Z" }) });
    await waitFor(() => expect(useLiveStore.getState().openPanics.map((p) => p.id)).toEqual([6, 5]), LOAD);
    events.pushEvent("panic", { action: "escalated", panic: panic(5) });
    await waitFor(() => expect(useLiveStore.getState().openPanics.find((p) => p.id === 5)?.escalated).toBe(true), LOAD);
    events.pushEvent("panic", { action: "acknowledged", panic: panic(6, "acknowledged", { handled_by: 3, handled_by_label: "Sari" }) });
    await waitFor(() => expect(useLiveStore.getState().openPanics.map((p) => p.id)).toEqual([5]), LOAD);
  });

  it("a rights event asks the session again and stores the role's new menus (the sider follows)", async () => {
    const { events, qc, api } = setup();
    api.route("GET /api/session", {
      status: true,
      data: {
        user: { id: 3, name: "Sari", email: "sari@x.test", company_id: 1, company_name: "A", photo: null, time_zone: "Asia/Jakarta" },
        role: { id: 2, name: "Supervisor", role_type: "supervisor" },
        menus: [menu(2, "map-monitoring")],
        view_as: null,
      },
    });
    startLive(qc);
    await waitFor(() => expect(useLiveStore.getState().stream).toBe("open"), LOAD);
    expect(getStoredMenus().map((m) => m.alias)).toEqual(["panic-button", "map-monitoring"]);
    events.pushEvent("rights", {});
    await waitFor(() => expect(getStoredMenus().map((m) => m.alias)).toEqual(["map-monitoring"]), LOAD);
    expect(api.calls.filter((c) => c.path === "/api/session")).toHaveLength(1);
  });

  it("a panic event makes the panic lists read again (the worker's page learns who acknowledged)", async () => {
    const { events, qc } = setup();
    qc.setQueryData(PANIC_LIST_KEY, { data: [panic(6)], total: 1 });
    startLive(qc);
    await waitFor(() => expect(useLiveStore.getState().stream).toBe("open"), LOAD);
    // Fresh again after the connect's re-read: what follows is the event's doing.
    qc.setQueryData(PANIC_LIST_KEY, { data: [panic(6)], total: 1 });
    expect(qc.getQueryState(PANIC_LIST_KEY)?.isInvalidated).toBe(false);
    events.pushEvent("panic", { action: "acknowledged", panic: panic(6, "acknowledged") });
    await waitFor(() => expect(qc.getQueryState(PANIC_LIST_KEY)?.isInvalidated).toBe(true), LOAD);
  });

  it("presence and position events move and recolour the map's cached points", async () => {
    const { events, qc } = setup();
    const row = {
      user_id: 11,
      name: "Budi",
      clock_in: null,
      clock_out: null,
      presence_status: null,
      wp_lon: 106.8,
      wp_lat: -6.2,
      wp_time: "2026-11-25T01:00:00.000Z",
      wp_source: "clock_in",
    };
    qc.setQueryData(MAP_KEY, { status: true, data: [row] });
    startLive(qc);
    await waitFor(() => expect(useLiveStore.getState().stream).toBe("open"), LOAD);
    const mapRow = () => (qc.getQueryData(MAP_KEY) as { data: Record<string, unknown>[] }).data[0];

    events.pushEvent("presence", {
      action: "clock_in",
      presence: { id: 40, user_id: 11, clock_in: "2026-11-25T02:00:00.000Z", clock_in_geo: [106.81, -6.21], presence_status: "late", clock_out: null },
    });
    await waitFor(() => expect(mapRow()).toMatchObject({ clock_in: "2026-11-25T02:00:00.000Z", presence_status: "late", wp_lon: 106.81, wp_lat: -6.21 }), LOAD);

    events.pushEvent("position", { user_id: 11, lon: 106.82, lat: -6.22, accuracy: 8, at: "2026-11-25T02:10:00.000Z" });
    await waitFor(() => expect(mapRow()).toMatchObject({ wp_lon: 106.82, wp_lat: -6.22, wp_time: "2026-11-25T02:10:00.000Z", wp_source: "waypoint" }), LOAD);

    // An older position (a late batch) does not move the point back; another worker's leaves it.
    events.pushEvent("position", { user_id: 11, lon: 1, lat: 1, accuracy: null, at: "2026-11-25T02:00:00.000Z" });
    events.pushEvent("position", { user_id: 12, lon: 2, lat: 2, accuracy: null, at: "2026-11-25T02:20:00.000Z" });
    events.pushEvent("presence", {
      action: "clock_out",
      presence: { id: 40, user_id: 11, clock_in: "2026-11-25T02:00:00.000Z", clock_out: "2026-11-25T09:00:00.000Z", presence_status: "late" },
    });
    await waitFor(() => expect(mapRow().clock_out).toBe("2026-11-25T09:00:00.000Z"), LOAD);
    expect(mapRow()).toMatchObject({ wp_lon: 106.82, wp_lat: -6.22 });
  });

  it("a dropped stream reconnects by itself and re-reads what it may have missed", async () => {
    const { events, qc, api } = setup([panic(5)]);
    qc.setQueryData(MAP_KEY, { status: true, data: [] });
    startLive(qc);
    await waitFor(() => expect(panicSearches(api)).toHaveLength(1), LOAD);
    events.pushEvent("position", { user_id: 99, lon: 1, lat: 1, accuracy: null, at: "2026-11-25T02:00:00.000Z" });
    events.dropAll();
    await waitFor(() => expect(events.connects).toHaveLength(2), LOAD);
    await waitFor(() => expect(useLiveStore.getState().stream).toBe("open"), LOAD);
    // The last event's id goes back; the open panics and the map's answer are read again.
    expect(events.connects[1].lastEventId).toBe("1");
    await waitFor(() => expect(panicSearches(api)).toHaveLength(2), LOAD);
    expect(qc.getQueryState(MAP_KEY)?.isInvalidated).toBe(true);
  });

  it("an event that never ends is not kept growing: past MAX_EVENT_CHARS the stream is dropped and opened again", async () => {
    const { events, qc } = setup();
    // The first connect answers a stream whose one event keeps coming (64 KB at a time, no end).
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    server.use(
      http.get(
        /\/api\/events$/,
        () =>
          new HttpResponse(
            new ReadableStream<Uint8Array>({
              start(c) {
                c.enqueue(new TextEncoder().encode("event: alert\ndata: "));
              },
              pull(c) {
                if (sent > 4 * MAX_EVENT_CHARS) return c.close();
                sent += chunk.length;
                c.enqueue(chunk);
              },
            }),
            { headers: { "content-type": "text/event-stream" } },
          ),
        { once: true },
      ),
    );
    startLive(qc);
    await waitFor(() => expect(events.connects).toHaveLength(1), LOAD);
    await waitFor(() => expect(useLiveStore.getState().stream).toBe("open"), LOAD);
    expect(sent).toBeGreaterThan(MAX_EVENT_CHARS);
    expect(sent).toBeLessThan(4 * MAX_EVENT_CHARS);
  });

  it("a refused stream (503) retries instead of ending the session", async () => {
    const { events, qc } = setup();
    events.failNext(503, undefined, 2);
    startLive(qc);
    await waitFor(() => expect(useLiveStore.getState().stream).toBe("open"), LOAD);
    expect(events.connects).toHaveLength(3);
    expect(localStorage.getItem("token")).toBe("tok-1");
  });

  it("a 401 on the stream is an expired session: the usual path (storage cleared, reload), no retry", async () => {
    const reload = vi.spyOn(page, "reload").mockImplementation(() => {});
    const { events, qc } = setup();
    events.failNext(401);
    startLive(qc);
    await waitFor(() => expect(localStorage.getItem("token")).toBeNull(), LOAD);
    expect(isLiveRunning()).toBe(false);
    await waitFor(() => expect(reload).toHaveBeenCalled(), LOAD);
    expect(events.connects).toHaveLength(1);
    reload.mockRestore();
  });

  it("stops on sign-out and forgets the open panics", async () => {
    const { events, qc } = setup([panic(5)]);
    startLive(qc);
    await waitFor(() => expect(useLiveStore.getState().openPanics).toHaveLength(1), LOAD);
    expect(events.open()).toBe(1);
    stopLive();
    expect(isLiveRunning()).toBe(false);
    expect(useLiveStore.getState().openPanics).toEqual([]);
    await waitFor(() => expect(events.open()).toBe(0), LOAD);
  });

  it("backs off from 1 s to 30 s with jitter", () => {
    expect(backoffMs(0, () => 1)).toBe(1000);
    expect(backoffMs(0, () => 0)).toBe(500);
    expect(backoffMs(3, () => 1)).toBe(8000);
    expect(backoffMs(10, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffMs(40, () => 0.5)).toBe(22500);
  });
});
