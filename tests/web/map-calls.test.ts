// The map's calls through the typed operations, against msw: the request each sends and every map
// row of the error catalogue (spec 4 and 8) as the page receives it: `{ status: true, data }` only
// for a non-empty list, `{ status: false, data: null }` otherwise, with the alert a failure shows.
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { page } from "../../src/http/page";
import { searchAttendance, searchHistory } from "../../src/pages/map/api/mapCalls";
import { historyOutcome } from "../../src/pages/map/model/history";
import { server } from "./msw";
import { recordApi } from "./support/apiRecorder";
import { signIn } from "./support/session";

const row = { user_id: 11, name: "Budi", wp_lon: 106.8, wp_lat: -6.2 };
const waypoints = [
  { user_id: 11, lon: "106.80", lat: "-6.20", wptime: "2026-11-20T01:00:00Z" },
  { user_id: 11, lon: "106.81", lat: "-6.21", wptime: "2026-11-20T02:00:00Z" },
];

afterEach(() => vi.restoreAllMocks());

describe("attendance search (map-monitoring/search)", () => {
  it("sends the selected ids to the declared path and answers status true with a non-empty list", async () => {
    signIn();
    const api = recordApi({ "POST /api/map-monitoring/search": { status: true, data: [row] } });
    expect(await searchAttendance([5, 6])).toEqual({ result: { status: true, data: [row] }, alert: null });
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([["POST", "/api/map-monitoring/search", { project_id: [5, 6] }]]);
    expect(api.calls[0].headers.get("authorization")).toBe("Bearer tok-1");
  });

  it("an empty list: status false, null data, no message", async () => {
    signIn();
    recordApi({ "POST /api/map-monitoring/search": { status: true, data: [] } });
    expect(await searchAttendance([5])).toEqual({ result: { status: false, data: null }, alert: null });
  });

  it("no response: the connection alert with the error type, status false", async () => {
    signIn();
    const alert = vi.spyOn(page, "alert").mockImplementation(() => {});
    server.use(http.post("*/api/map-monitoring/search", () => HttpResponse.error()));
    expect(await searchAttendance([5])).toEqual({ result: { status: false, data: null }, alert: { kind: "noResponse", errorType: "Network Error" } });
    // The catalogue's network row also alerts in the browser (all calls, src/http/errorCatalogue.ts).
    expect(alert).toHaveBeenCalledWith("Network Error");
  });

  it("a thrown error: its message in the alert, status false", async () => {
    signIn();
    recordApi({ "POST /api/map-monitoring/search": { status: 500, body: { status: false, message: "database unavailable" } } });
    expect(await searchAttendance([5])).toEqual({ result: { status: false, data: null }, alert: { kind: "message", message: "database unavailable" } });
  });
});

describe("history search (waypoint/search)", () => {
  it("keeps the answer's own status and data: a route when successful with points", async () => {
    signIn();
    const api = recordApi({ "POST /api/waypoint/search": { status: true, data: waypoints } });
    const { answer, alert } = await searchHistory(11, "2026-11-20T00:00:00.000Z", "2026-11-20T23:59:59.999Z");
    expect(alert).toBeNull();
    expect(historyOutcome(answer)).toEqual({
      kind: "route",
      points: [
        { lon: 106.8, lat: -6.2, wptime: "2026-11-20T01:00:00Z" },
        { lon: 106.81, lat: -6.21, wptime: "2026-11-20T02:00:00Z" },
      ],
    });
    expect(api.calls[0].path).toBe("/api/waypoint/search");
    expect(api.calls[0].body).toMatchObject({ paging: { start: 0, length: -1 }, orders: { columns: ["wptime"], ascending: true } });
  });

  it("an empty successful answer: no error alert, the 'couldn't find' warning (nothing was found for that range)", async () => {
    signIn();
    recordApi({ "POST /api/waypoint/search": { status: true, data: [] } });
    const { answer, alert } = await searchHistory(11, "a", "b");
    expect(alert).toBeNull();
    expect(historyOutcome(answer)).toEqual({ kind: "notFound" });
  });

  it("an answer with neither status nor data: the 'couldn't find' warning", async () => {
    signIn();
    recordApi({ "POST /api/waypoint/search": {} });
    const { answer, alert } = await searchHistory(11, "a", "b");
    expect(alert).toBeNull();
    expect(answer).toEqual({ status: undefined, data: null });
    expect(historyOutcome(answer)).toEqual({ kind: "notFound" });
  });

  it("a failure: status false, null data, the error's alert and the warning", async () => {
    signIn();
    recordApi({ "POST /api/waypoint/search": { status: 500, body: { status: false, message: "boom" } } });
    const { answer, alert } = await searchHistory(11, "a", "b");
    expect(answer).toEqual({ status: false, data: null });
    expect(alert).toEqual({ kind: "message", message: "boom" });
    expect(historyOutcome(answer)).toEqual({ kind: "notFound" });
  });
});
