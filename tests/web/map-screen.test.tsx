// The map screen against msw: the attendance request for the selected projects, the legend's
// counts, the details of a selected point, and the history search from the details' button.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { loadAllTexts, loadLanguage } from "../../src/i18n";
import MapScreen from "../../src/pages/map/MapScreen";
import { useMapStore } from "../../src/pages/map/store/mapStore";
import { recordApi } from "./support/apiRecorder";
import { signIn } from "./support/session";

const LOAD = { timeout: 10000 };

const points = [
  {
    user_id: 11,
    name: "Budi",
    clock_in: "2026-11-20T08:05:09",
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
    clock_in: "2026-11-20T08:40:00",
    clock_in_loc: "Site B",
    clock_out: null,
    clock_out_loc: null,
    image_selfie: null,
    projects: null,
    presence_status: "late",
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
      <MapScreen />
    </MemoryRouter>,
  );
}

describe("map screen", () => {
  it("loads points for the selected projects and counts them per status", async () => {
    useMapStore.setState({ selectedProjectIds: [], userPoints: [], selectedFeature: null, openLeft: true, openRight: false, routingBarVisible: false, userHistory: null });
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
    expect(within(details).getAllByText("20-11-2026 08:05:09").length).toBeGreaterThan(0);
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
});
