// The map's calls against msw: the request each sends and every map row of the error catalogue
// (spec 4 and 8) as the page receives it: points only from a non-empty list, none otherwise, with
// the alert a failure shows; the attendance points' refresh (every minute, paused in a hidden tab).
import { Refine } from "@refinedev/core";
import { act, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { page } from "../../src/http/page";
import { loadAllTexts, loadLanguage } from "../../src/i18n";
import { ToastHost } from "../../src/lazy/toasts";
import { searchHistory } from "../../src/pages/map/api/mapCalls";
import { REFRESH_MS, useAttendancePoints } from "../../src/pages/map/hooks/useAttendancePoints";
import { historyOutcome } from "../../src/pages/map/model/history";
import { useMapStore } from "../../src/pages/map/store/mapStore";
import { dataProvider } from "../../src/providers/dataProvider";
import notificationProvider from "../../src/providers/notificationProvider";
import { server } from "./msw";
import { recordApi, type RecordedRequest } from "./support/apiRecorder";
import { signIn } from "./support/session";
import { LOAD } from "./support/waits";

const row = { user_id: 11, name: "Budi", wp_lon: 106.8, wp_lat: -6.2 };
const waypoints = [
  { user_id: 11, lon: "106.80", lat: "-6.20", wptime: "2026-11-20T01:00:00Z" },
  { user_id: 11, lon: "106.81", lat: "-6.21", wptime: "2026-11-20T02:00:00Z" },
];

beforeAll(async () => {
  await loadLanguage("en");
  await loadAllTexts("en");
});

afterEach(() => vi.restoreAllMocks());

/** The page's attendance hook inside Refine (as on the page), with the app's toasts. */
function Points() {
  const { lastUpdate } = useAttendancePoints();
  return <span data-testid="last-update">{lastUpdate ? "answered" : "waiting"}</span>;
}
function mountPoints(selected: number[]) {
  useMapStore.setState({ selectedProjectIds: selected, userPoints: [] });
  return render(
    <Refine dataProvider={dataProvider} notificationProvider={notificationProvider} options={{ disableTelemetry: true }}>
      <Points />
      <ToastHost />
    </Refine>,
  );
}
const searches = (api: { calls: RecordedRequest[] }) => api.calls.filter((c) => c.path === "/api/map-monitoring/search");

describe("attendance search (map-monitoring/search)", () => {
  it("sends the selected ids to the declared path; a non-empty list becomes the map's points", async () => {
    signIn();
    const api = recordApi({ "POST /api/map-monitoring/search": { status: true, data: [row] } });
    mountPoints([5, 6]);
    await waitFor(() => expect(useMapStore.getState().userPoints.map((p) => p.user_id)).toEqual([11]), LOAD);
    expect(searches(api).map((c) => [c.method, c.path, c.body])).toEqual([["POST", "/api/map-monitoring/search", { project_id: [5, 6] }]]);
    expect(searches(api)[0].headers.get("authorization")).toBe("Bearer tok-1");
  });

  it("an empty list: no points, no message", async () => {
    signIn();
    useMapStore.setState({ userPoints: [{ ...useMapStore.getState().userPoints[0], user_id: 99 }] });
    recordApi({ "POST /api/map-monitoring/search": { status: true, data: [] } });
    mountPoints([5]);
    await screen.findByText("answered", undefined, LOAD);
    expect(useMapStore.getState().userPoints).toEqual([]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("no response: the connection alert with the error type, no points", async () => {
    signIn();
    const alert = vi.spyOn(page, "alert").mockImplementation(() => {});
    server.use(http.post("*/api/map-monitoring/search", () => HttpResponse.error()));
    mountPoints([5]);
    expect(await screen.findByText("Please check your internet connection. (Network Error)", undefined, LOAD)).toBeInTheDocument();
    expect(useMapStore.getState().userPoints).toEqual([]);
    // The catalogue's network row also alerts in the browser (all calls, src/http/errorCatalogue.ts).
    expect(alert).toHaveBeenCalledWith("Network Error");
  });

  it("a thrown error: its message in the alert (not Refine's notification), no points", async () => {
    signIn();
    recordApi({ "POST /api/map-monitoring/search": { status: 500, body: { status: false, message: "database unavailable" } } });
    mountPoints([5]);
    expect(await screen.findByText("database unavailable", undefined, LOAD)).toBeInTheDocument();
    expect(screen.queryByText(/status code/i)).toBeNull();
    expect(useMapStore.getState().userPoints).toEqual([]);
  });

  describe("refresh", () => {
    const visibility = (state: "visible" | "hidden") => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
      // As a browser fires it: at the document, bubbling (react-query listens on the window).
      document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
    };
    afterEach(() => {
      visibility("visible");
      vi.useRealTimers();
    });

    it("asks again every minute while the tab is shown, not while it is hidden, and at once when it is shown again", async () => {
      // Only the refresh's interval is driven by the test; everything else runs on its own (and
      // vi.waitFor polls on real timers: testing-library's waitFor would poll on the fake interval).
      vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
      signIn();
      const api = recordApi({ "POST /api/map-monitoring/search": { status: true, data: [row] } });
      mountPoints([5]);
      await vi.waitFor(() => expect(searches(api)).toHaveLength(1), LOAD);
      act(() => vi.advanceTimersByTime(REFRESH_MS));
      await vi.waitFor(() => expect(searches(api)).toHaveLength(2), LOAD);

      visibility("hidden");
      act(() => vi.advanceTimersByTime(5 * REFRESH_MS));
      // Another selection asks at once, hidden or not: by the time its request is out, an
      // interval's request would be out before it.
      act(() => useMapStore.getState().setSelectedProjectIds([6]));
      await vi.waitFor(() => expect(searches(api).at(-1)?.body).toEqual({ project_id: [6] }), LOAD);
      expect(searches(api).map((c) => c.body)).toEqual([{ project_id: [5] }, { project_id: [5] }, { project_id: [6] }]);

      visibility("visible");
      await vi.waitFor(() => expect(searches(api)).toHaveLength(4), LOAD);
      expect(searches(api)[3].body).toEqual({ project_id: [6] });
    });
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

  it("reads the columnar answer it asks for: the n-th time, lon and lat make a point", async () => {
    signIn();
    const data = { wptime: ["2026-11-20T01:00:00.000Z", "2026-11-20T02:00:00.000Z"], lon: [106.8, 106.81], lat: [-6.2, -6.21] };
    const api = recordApi({ "POST /api/waypoint/search": { status: true, data } });
    const { answer } = await searchHistory(11, "2026-11-20T00:00:00.000Z", "2026-11-20T23:59:59.999Z");
    expect(api.calls[0].body).toMatchObject({ format: "columns" });
    expect(historyOutcome(answer)).toEqual({
      kind: "route",
      points: [
        { lon: 106.8, lat: -6.2, wptime: "2026-11-20T01:00:00.000Z" },
        { lon: 106.81, lat: -6.21, wptime: "2026-11-20T02:00:00.000Z" },
      ],
    });
    recordApi({ "POST /api/waypoint/search": { status: true, data: { wptime: [], lon: [], lat: [] } } });
    expect(historyOutcome((await searchHistory(11, "a", "b")).answer)).toEqual({ kind: "notFound" });
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
