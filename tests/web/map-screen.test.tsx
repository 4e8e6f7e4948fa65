// The map screen against msw, in a UTC browser: the attendance request for the selected projects,
// the legend's counts, the details of a selected point (times on its site's clock), the history
// search from the details' button, the quick ranges as the company's days, a search that finds
// nothing, and a route over two days.
import { Refine } from "@refinedev/core";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadAllTexts, loadLanguage } from "../../src/i18n";
import { ToastHost } from "../../src/lazy/toasts";
import { dataProvider } from "../../src/providers/dataProvider";
import notificationProvider from "../../src/providers/notificationProvider";
import MapScreen from "../../src/pages/map/MapScreen";
import { useMapStore } from "../../src/pages/map/store/mapStore";
import { inProcessZone } from "../unit/processZone";
import { recordApi } from "./support/apiRecorder";
import { signIn } from "./support/session";
import { LOAD } from "./support/waits";

inProcessZone("UTC");
afterEach(() => vi.useRealTimers());

/** project/time-zones: a company in WIB (or `company`) with one site in WITA (project 9). */
const zonesAnswer = (company = "Asia/Jakarta") => ({ status: true, data: { company, projects: { "9": "Asia/Makassar" } } });

const points = [
  {
    user_id: 11,
    name: "Budi",
    clock_in: "2026-11-20T08:05:09+07:00",
    clock_in_loc: "Site A",
    clock_out: null,
    clock_out_loc: null,
    image_selfie: null,
    projects: ["FTTH Bekasi"],
    presence_status: "present",
    wp_lon: 106.8,
    wp_lat: -6.2,
  },
  {
    user_id: 12,
    name: "Sari",
    clock_in: "2026-11-20T08:40:00+07:00",
    clock_in_loc: "Site B",
    clock_out: null,
    clock_out_loc: null,
    image_selfie: null,
    projects: null,
    presence_status: "late",
    // Her site is in WITA.
    project_id: 9,
    wp_lon: 106.9,
    wp_lat: -6.3,
  },
];

beforeAll(async () => {
  await loadLanguage("en");
  await loadAllTexts("en");
});

function renderScreen() {
  signIn();
  return render(
    <MemoryRouter>
      <Refine dataProvider={dataProvider} notificationProvider={notificationProvider} options={{ disableTelemetry: true }}>
        <MapScreen />
        <ToastHost />
      </Refine>
    </MemoryRouter>,
  );
}

const NOT_FOUND = "Couldn't find user history at the selected time. Please select another range of time.";

/** Budi's route of 20-11-2026 (two points) and a history answer per user. */
const budiRoute = [
  { user_id: 11, lon: "106.80", lat: "-6.20", wptime: "2026-11-20T01:00:00Z" },
  { user_id: 11, lon: "106.81", lat: "-6.21", wptime: "2026-11-20T02:00:00Z" },
];
const historyOf = (byUser: Record<number, unknown>) => (req: { body: unknown }) => {
  const user = (req.body as { columns: { data: string; value: unknown }[] }).columns.find((c) => c.data === "user_id")?.value as number;
  return byUser[user];
};

/** Picks a staff member in the routing bar and searches their history. */
async function searchHistoryOf(name: string): Promise<void> {
  const bar = await screen.findByRole("search", undefined, LOAD);
  const user = within(bar).getByRole("combobox", { name: "Staff member" });
  fireEvent.mouseDown(user);
  fireEvent.click(await screen.findByTitle(name, undefined, LOAD));
  fireEvent.click(within(bar).getByRole("button", { name: "Search" }));
}

function resetStore() {
  useMapStore.setState({ selectedProjectIds: [], userPoints: [], selectedFeature: null, openLeft: true, openRight: false, routingBarVisible: false, userHistory: null });
}

describe("map screen", () => {
  it("loads points for the selected projects and counts them per status", async () => {
    resetStore();
    const api = recordApi({
      "POST /api/project/search": { status: true, data: [{ id: 5, name: "FTTH Bekasi" }], recordsTotal: 1 },
      "POST /api/map-monitoring/search": { status: true, data: points },
    });
    renderScreen();
    await waitFor(() => expect(screen.getByTestId("map-count-late")).toHaveTextContent("1"), LOAD);
    expect(screen.getByTestId("map-count-clockedIn")).toHaveTextContent("1");
    expect(api.calls.find((c) => c.path === "/api/map-monitoring/search")?.body).toEqual({ project_id: [] });

    fireEvent.click(await screen.findByText("FTTH Bekasi", undefined, LOAD));
    await waitFor(() => expect(api.calls.filter((c) => c.path === "/api/map-monitoring/search").at(-1)?.body).toEqual({ project_id: [5] }), LOAD);
  });

  it("shows a selected point's details and searches its history with the spec's body", async () => {
    const api = recordApi({
      "GET /api/project/time-zones": zonesAnswer(),
      "POST /api/project/search": { status: true, data: [], recordsTotal: 0 },
      "POST /api/map-monitoring/search": { status: true, data: points },
      "POST /api/waypoint/search": {
        status: true,
        data: [
          { user_id: 11, lon: "106.80", lat: "-6.20", wptime: "2026-11-20T01:00:00Z" },
          { user_id: 11, lon: "106.81", lat: "-6.21", wptime: "2026-11-20T02:00:00Z" },
        ],
      },
    });
    renderScreen();
    await waitFor(() => expect(useMapStore.getState().userPoints).toHaveLength(2), LOAD);
    useMapStore.getState().selectFeature(useMapStore.getState().userPoints[0]);
    const details = await screen.findByTestId("map-details", undefined, LOAD);
    expect(within(details).getByText("Budi")).toBeInTheDocument();
    // On the company's clock with its zone, not the UTC browser's 01:05:09.
    expect(within(details).getAllByText("20-11-2026 08:05:09 WIB").length).toBeGreaterThan(0);
    expect(within(details).getByText("Site A")).toBeInTheDocument();

    fireEvent.click(within(details).getByRole("button", { name: "Show history" }));
    fireEvent.click(await screen.findByRole("button", { name: "Search" }, LOAD));
    await waitFor(() => expect(useMapStore.getState().userHistory).toHaveLength(2), LOAD);
    const body = api.calls.find((c) => c.path === "/api/waypoint/search")?.body as {
      paging: unknown;
      columns: { data: string; operator: string; value: unknown }[];
      orders: unknown;
    };
    expect(body.paging).toEqual({ start: 0, length: -1 });
    expect(body.columns.map((c) => [c.data, c.operator])).toEqual([
      ["user_id", "="],
      ["wptime", "range"],
    ]);
    expect(body.columns[0].value).toBe(11);
    expect(body.orders).toEqual({ columns: ["wptime"], ascending: true });
    expect(useMapStore.getState().isSearchingRoute).toBe(false);
    expect(await screen.findByTestId("map-history", undefined, LOAD)).toBeInTheDocument();
  });

  it("a search that finds nothing takes the previous worker's route away and says so", async () => {
    resetStore();
    recordApi({
      "POST /api/project/search": { status: true, data: [], recordsTotal: 0 },
      "POST /api/map-monitoring/search": { status: true, data: points },
      "POST /api/waypoint/search": historyOf({ 11: { status: true, data: budiRoute }, 12: { status: true, data: [] } }),
    });
    renderScreen();
    await waitFor(() => expect(useMapStore.getState().userPoints).toHaveLength(2), LOAD);
    act(() => useMapStore.getState().toggleRoutingBar(true));
    await searchHistoryOf("Budi");
    const route = await screen.findByTestId("map-history", undefined, LOAD);
    expect(within(route).getByText(/^Distance: \d/)).toBeInTheDocument();
    expect(screen.queryByText(NOT_FOUND)).toBeNull();

    // Sari has no point in that range: Budi's route and figures go, the warning shows.
    await searchHistoryOf("Sari");
    expect(await screen.findByText(NOT_FOUND, undefined, LOAD)).toBeInTheDocument();
    expect(screen.queryByTestId("map-history")).toBeNull();
    expect(useMapStore.getState().userHistory).toBeNull();
  });

  it("a route over two days: the night is time without data, not a stop nor moving time", async () => {
    resetStore();
    // 16:00-17:00 WIB walking then 20 min at the gate; back at the gate at 08:00 the next day for
    // 10 min, then walking for an hour (one point every 5 minutes).
    const at = (day: number, h: number, min: number) => new Date(Date.UTC(2026, 10, 20 + day, h - 7, min)).toISOString();
    const track: { lon: string; lat: string; wptime: string }[] = [];
    for (let m = 0; m <= 60; m += 5) track.push({ lon: "106.80", lat: (-6.2 + m * 0.0005).toFixed(4), wptime: at(0, 16, m) });
    for (let m = 5; m <= 20; m += 5) track.push({ lon: "106.80", lat: "-6.1700", wptime: at(0, 17, m) });
    for (let m = 0; m <= 10; m += 5) track.push({ lon: "106.80", lat: "-6.1700", wptime: at(1, 8, m) });
    for (let m = 5; m <= 60; m += 5) track.push({ lon: "106.80", lat: (-6.17 + m * 0.0005).toFixed(4), wptime: at(1, 8, 10 + m) });
    recordApi({
      "POST /api/project/search": { status: true, data: [], recordsTotal: 0 },
      "POST /api/map-monitoring/search": { status: true, data: points },
      "POST /api/waypoint/search": historyOf({ 11: { status: true, data: track } }),
    });
    renderScreen();
    await waitFor(() => expect(useMapStore.getState().userPoints).toHaveLength(2), LOAD);
    act(() => useMapStore.getState().toggleRoutingBar(true));
    await searchHistoryOf("Budi");
    const route = await screen.findByTestId("map-history", undefined, LOAD);
    // 60 + 60 min walking, 20 + 10 min at the gate (two stops: both are longer than 5 minutes),
    // 17:20 → 08:00 without data (880 min).
    expect(within(route).getByText("Time moving: 120 min")).toBeInTheDocument();
    expect(within(route).getByText("Time stopped: 30 min")).toBeInTheDocument();
    expect(within(route).getByText("No data: 880 min (gaps over 30 min, counted neither as moving nor as stopped)")).toBeInTheDocument();
    expect(within(route).getByText("2 stops longer than 5 minutes")).toBeInTheDocument();
  });

  it("a worker who moved after clocking in: the point is the newest position with its age, the clock-in place shown apart (longitude, latitude, on a map)", async () => {
    resetStore();
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    const moved = { ...points[0], wp_lon: 106.8054, wp_lat: -6.2, wp_time: tenMinutesAgo, wp_source: "waypoint", clock_in_lon: 106.8, clock_in_lat: -6.2 };
    recordApi({
      "POST /api/project/search": { status: true, data: [], recordsTotal: 0 },
      "POST /api/map-monitoring/search": { status: true, data: [moved] },
      "POST /api/waypoint/search": historyOf({}),
    });
    renderScreen();
    await waitFor(() => expect(useMapStore.getState().userPoints).toHaveLength(1), LOAD);
    const point = useMapStore.getState().userPoints[0];
    expect(point).toMatchObject({ wp_lon: 106.8054, wp_lat: -6.2, position_source: "waypoint", clock_in_at: [106.8, -6.2] });
    act(() => useMapStore.getState().selectFeature(point));
    const details = await screen.findByTestId("map-details", undefined, LOAD);
    const tenMinutes = new Intl.RelativeTimeFormat("en", { style: "narrow" }).format(-10, "minute");
    expect(within(details).getByTestId("map-last-seen")).toHaveTextContent(new RegExp(`, ${tenMinutes} · last GPS point$`));
    const place = within(details).getByTestId("map-clock-in-place");
    expect(place).toHaveTextContent("106.80000, -6.20000");
    expect(place).toHaveAttribute("href", expect.stringContaining("mlat=-6.200000&mlon=106.800000"));
  });

  it("a worker without a clock-in today: the last GPS point's age in the details, greyed and counted in the legend; every state its own colour", async () => {
    resetStore();
    const twoDaysAgo = new Date(Date.now() - 49 * 3_600_000).toISOString();
    const onLeave = {
      ...points[1],
      user_id: 13,
      name: "Rudi",
      clock_in: null,
      clock_in_loc: null,
      presence_status: "leave",
      wp_time: twoDaysAgo,
      wp_source: "waypoint",
      project_id: null,
    };
    recordApi({
      "POST /api/project/search": { status: true, data: [], recordsTotal: 0 },
      "POST /api/map-monitoring/search": { status: true, data: [...points, onLeave] },
      "POST /api/waypoint/search": historyOf({ 11: { status: true, data: budiRoute } }),
    });
    renderScreen();
    await waitFor(() => expect(screen.getByTestId("map-count-stale")).toHaveTextContent("1"), LOAD);
    expect(screen.getByTestId("map-count-absent")).toHaveTextContent("1");
    expect(screen.getByText("Last known place, older than 12 h")).toBeInTheDocument();
    act(() => useMapStore.getState().selectFeature(useMapStore.getState().userPoints.find((p) => p.user_id === 13)!));
    const details = await screen.findByTestId("map-details", undefined, LOAD);
    const twoDays = new Intl.RelativeTimeFormat("en", { style: "narrow" }).format(-2, "day");
    expect(within(details).getByTestId("map-last-seen")).toHaveTextContent(new RegExp(`^\\d\\d-\\d\\d-\\d{4} \\d\\d:\\d\\d:\\d\\d WIB, ${twoDays} · last GPS point$`));

    // With a route shown the legend names its marks too, each in a colour of its own.
    act(() => useMapStore.getState().toggleRoutingBar(true));
    await searchHistoryOf("Budi");
    await screen.findByTestId("map-history", undefined, LOAD);
    const legend = screen.getByTestId("map-legend");
    const swatches = [...legend.querySelectorAll<HTMLElement>("[data-testid^=map-swatch-]")];
    expect(swatches.map((s) => s.dataset.testid)).toEqual([
      "map-swatch-clockedIn",
      "map-swatch-clockedOut",
      "map-swatch-late",
      "map-swatch-absent",
      "map-swatch-stale",
      "map-swatch-start",
      "map-swatch-end",
      "map-swatch-stop",
      "map-swatch-marker",
    ]);
    const colours = swatches.map((s) => s.style.backgroundColor);
    expect(new Set(colours).size).toBe(colours.length);
  });
  it("a worker at a site in another zone: the details and the route on that site's clock (WITA)", async () => {
    resetStore();
    const sariRoute = [
      { user_id: 12, lon: "106.90", lat: "-6.30", wptime: "2026-11-20T00:40:00Z" },
      { user_id: 12, lon: "106.91", lat: "-6.31", wptime: "2026-11-20T01:10:00Z" },
    ];
    recordApi({
      "GET /api/project/time-zones": zonesAnswer(),
      "POST /api/project/search": { status: true, data: [], recordsTotal: 0 },
      "POST /api/map-monitoring/search": { status: true, data: points },
      "POST /api/waypoint/search": historyOf({ 12: { status: true, data: sariRoute } }),
    });
    renderScreen();
    await waitFor(() => expect(useMapStore.getState().userPoints).toHaveLength(2), LOAD);
    act(() => useMapStore.getState().selectFeature(useMapStore.getState().userPoints.find((p) => p.user_id === 12)!));
    const details = await screen.findByTestId("map-details", undefined, LOAD);
    // 08:40 WIB is 09:40 in Makassar.
    expect(within(details).getAllByText("20-11-2026 09:40:00 WITA").length).toBeGreaterThan(0);

    fireEvent.click(within(details).getByRole("button", { name: "Show history" }));
    const bar = await screen.findByRole("search", undefined, LOAD);
    expect(within(bar).getByTestId("map-range-zone")).toHaveTextContent("Times in WITA (Asia/Makassar)");
    fireEvent.click(within(bar).getByRole("button", { name: "Search" }));
    const route = await screen.findByTestId("map-history", undefined, LOAD);
    expect(within(route).getByTestId("map-playback-time")).toHaveTextContent("20-11-2026 08:40:00 WITA");
  });

  it("the quick ranges are the company's days, not the UTC browser's", async () => {
    resetStore();
    // 05:00 on 25 November in WIT (the company's zone); the UTC browser's clock still says the 24th.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2026-11-24T20:00:00Z") });
    const api = recordApi({
      "GET /api/project/time-zones": zonesAnswer("Asia/Jayapura"),
      "POST /api/project/search": { status: true, data: [], recordsTotal: 0 },
      "POST /api/map-monitoring/search": { status: true, data: points },
      "POST /api/waypoint/search": historyOf({ 11: { status: true, data: budiRoute } }),
    });
    const ranges = () =>
      api.calls
        .filter((c) => c.path === "/api/waypoint/search")
        .map((c) => (c.body as { columns: { data: string; value: unknown; value1?: unknown }[] }).columns.find((col) => col.data === "wptime"))
        .map((col) => [col?.value, col?.value1]);
    renderScreen();
    await waitFor(() => expect(useMapStore.getState().userPoints).toHaveLength(2), LOAD);
    act(() => useMapStore.getState().toggleRoutingBar(true));
    // Budi's site is the company's: today in WIT, from 00:00 to 23:59:59.999 there.
    await searchHistoryOf("Budi");
    await waitFor(() => expect(ranges()).toEqual([["2026-11-24T15:00:00.000Z", "2026-11-25T14:59:59.999Z"]]), LOAD);
    const bar = screen.getByRole("search");
    expect(within(bar).getByTestId("map-range-zone")).toHaveTextContent("Times in WIT (Asia/Jayapura)");

    // "Yesterday" is the 24th in WIT.
    fireEvent.mouseDown(within(bar).getAllByRole("textbox")[0]);
    fireEvent.click(within(bar).getAllByRole("textbox")[0]);
    fireEvent.click(await screen.findByText("Yesterday", undefined, LOAD));
    fireEvent.click(within(bar).getByRole("button", { name: "Search" }));
    await waitFor(() => expect(ranges().at(-1)).toEqual(["2026-11-23T15:00:00.000Z", "2026-11-24T14:59:59.999Z"]), LOAD);
  });
});
