// Positions while clocked in, against the contract mock: the page sends them in batches
// (waypoint/add-batch) at once when 50 have gathered, else every 30 s; a batch without an answer
// goes again with the next; nothing is sent while the worker is not clocked in. The clock is the
// test's (fake timers that also run on their own).
import { act, screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BATCH_EVERY_MS, BATCH_SIZE, MIN_POINT_GAP_MS } from "../../src/pages/field/model/pointBatch";
import type { InstalledContractMock } from "../mocks";
import { server } from "./msw";
import { AT_TOWER_A, fakeGeolocation, fieldWorld, freshQueueStorage, LOAD, renderField, WORKER_ID, type FakeGeolocation } from "./support/field";

let api: InstalledContractMock;
let geo: FakeGeolocation;
const start = Date.now() - 3600_000;

beforeEach(() => {
  api = fieldWorld();
  freshQueueStorage();
  geo = fakeGeolocation();
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const clockedIn = () =>
  api.db.seed("presence", [
    { user_id: WORKER_ID, project_id: 1, presence_date: new Date().toISOString().slice(0, 10), clock_in: new Date(start).toISOString(), presence_status: "present" },
  ]);

/** The walk: one position every 5 s (the page keeps at most one per 5 s), from `from` on. */
const walk = (n: number, from = 0) => {
  for (let i = 0; i < n; i++) geo.move({ lon: AT_TOWER_A.lon + (from + i) * 1e-5, lat: AT_TOWER_A.lat, accuracy: 8, time: start + (from + i) * MIN_POINT_GAP_MS });
};
const batches = () => api.requests("POST", "waypoint/add-batch").map((r) => (r.body as { points: Array<{ wptime: string }> }).points);

describe("positions while clocked in", () => {
  it("sends 50 positions at once, the rest after 30 s", async () => {
    clockedIn();
    await renderField();
    await screen.findByText(/^Clocked in since/, {}, LOAD);

    walk(BATCH_SIZE);
    await vi.waitFor(() => expect(batches()).toHaveLength(1));
    expect(batches()[0]).toHaveLength(BATCH_SIZE);
    expect(batches()[0][0]).toEqual({ wptime: new Date(start).toISOString(), lon: AT_TOWER_A.lon, lat: AT_TOWER_A.lat, accuracy: 8 });

    walk(3, BATCH_SIZE);
    expect(batches()).toHaveLength(1);
    await act(async () => void vi.advanceTimersByTime(BATCH_EVERY_MS));
    await vi.waitFor(() => expect(batches()).toHaveLength(2));
    expect(batches()[1].map((p) => p.wptime)).toEqual([0, 1, 2].map((i) => new Date(start + (BATCH_SIZE + i) * MIN_POINT_GAP_MS).toISOString()));
    expect(api.db.rows("waypoint")).toHaveLength(BATCH_SIZE + 3);
  });

  it("sends a batch that got no answer again with the next one", async () => {
    clockedIn();
    server.use(http.post(/\/api\/waypoint\/add-batch$/, () => HttpResponse.error(), { once: true }));
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    await renderField();
    await screen.findByText(/^Clocked in since/, {}, LOAD);

    walk(2);
    await act(async () => void vi.advanceTimersByTime(BATCH_EVERY_MS));
    walk(1, 2);
    await act(async () => void vi.advanceTimersByTime(BATCH_EVERY_MS));
    await vi.waitFor(() => expect(batches()).toHaveLength(1));
    expect(batches()[0]).toHaveLength(3);
    expect(api.db.rows("waypoint")).toHaveLength(3);
    expect(alert).not.toHaveBeenCalled();
  });

  it("sends no position while the worker is not clocked in", async () => {
    await renderField();
    await screen.findByText("Not clocked in yet", {}, LOAD);
    walk(BATCH_SIZE + 5);
    await act(async () => void vi.advanceTimersByTime(BATCH_EVERY_MS * 2));
    await screen.findByText("Position accurate to ±8 m (the limit is 100 m)", {}, LOAD);
    expect(batches()).toHaveLength(0);
  });
});
