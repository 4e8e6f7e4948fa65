// The map, live: a clock-out or a position on the stream changes the worker's point and the
// legend's counts without waiting for the minute's refresh; an open panic's worker gets the
// blinking ring at their point; "Show on map" selects the worker.
import { Refine } from "@refinedev/core";
import { render, screen, waitFor } from "@testing-library/react";
import type VectorLayer from "ol/layer/Vector";
import { toLonLat } from "ol/proj";
import type VectorSource from "ol/source/Vector";
import type Point from "ol/geom/Point";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadAllTexts, loadLanguage } from "../../src/i18n";
import { stopLive } from "../../src/live/connection";
import { LiveRoot } from "../../src/live/LiveRoot";
import { useLiveStore } from "../../src/live/store";
import MapScreen from "../../src/pages/map/MapScreen";
import { useMapStore } from "../../src/pages/map/store/mapStore";
import { dataProvider } from "../../src/providers/dataProvider";
import { createEventsMock } from "../mocks/events";
import { server } from "./msw";
import { recordApi } from "./support/apiRecorder";
import { menu, signIn } from "./support/session";
import { LOAD } from "./support/waits";

beforeAll(async () => {
  await loadLanguage("en");
  await loadAllTexts("en");
});
afterEach(() => stopLive());

const budi = {
  user_id: 11,
  name: "Budi",
  clock_in: "2026-11-25T01:05:00.000Z",
  clock_in_loc: "Site A",
  clock_out: null,
  clock_out_loc: null,
  image_selfie: null,
  projects: null,
  presence_status: "present",
  wp_lon: 106.8,
  wp_lat: -6.2,
  wp_time: "2026-11-25T01:05:00.000Z",
  wp_source: "clock_in",
};

function renderLiveMap(openPanics: unknown[] = []) {
  signIn([menu(1, "panic-button"), menu(2, "map-monitoring")]);
  useMapStore.setState({ selectedProjectIds: [], userPoints: [], selectedFeature: null, openLeft: true, openRight: false, routingBarVisible: false, userHistory: null });
  recordApi({
    "POST /api/project/search": { status: true, data: [], recordsTotal: 0 },
    "POST /api/map-monitoring/search": { status: true, data: [budi] },
    "POST /api/panic-button/search": { status: true, data: openPanics, recordsTotal: openPanics.length },
  });
  const events = createEventsMock();
  server.use(events.handler);
  render(
    <MemoryRouter>
      <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
        <LiveRoot />
        <MapScreen />
      </Refine>
    </MemoryRouter>,
  );
  return events;
}

const panicLayer = () =>
  useMapStore
    .getState()
    .map?.getLayers()
    .getArray()
    .find((l) => l.get("mapRole") === "panic") as VectorLayer<VectorSource> | undefined;

describe("the map, live", () => {
  it("a clock-out and a position change the point and the legend without a refresh", async () => {
    const events = renderLiveMap();
    await waitFor(() => expect(screen.getByTestId("map-count-clockedIn")).toHaveTextContent("1"), LOAD);
    await waitFor(() => expect(events.open()).toBe(1), LOAD);

    events.pushEvent("presence", {
      action: "clock_out",
      presence: { id: 40, user_id: 11, clock_in: budi.clock_in, clock_out: "2026-11-25T09:00:00.000Z", clock_out_geo: [106.85, -6.25], presence_status: "present" },
    });
    await waitFor(() => expect(screen.getByTestId("map-count-clockedOut")).toHaveTextContent("1"), LOAD);
    expect(screen.getByTestId("map-count-clockedIn")).toHaveTextContent("0");
    // At the clock-out's place, labelled so (not the clock-in's).
    expect(useMapStore.getState().userPoints[0]).toMatchObject({ wp_lon: 106.85, wp_lat: -6.25, position_source: "clock_out", position_time: "2026-11-25T09:00:00.000Z" });

    events.pushEvent("position", { user_id: 11, lon: 106.9, lat: -6.3, accuracy: 5, at: "2026-11-25T09:30:00.000Z" });
    await waitFor(() => expect(useMapStore.getState().userPoints[0]).toMatchObject({ wp_lon: 106.9, wp_lat: -6.3, position_source: "waypoint" }), LOAD);
  });

  it("an open panic's worker gets the blinking ring at their point; Show on map selects them", async () => {
    const events = renderLiveMap();
    await waitFor(() => expect(useMapStore.getState().userPoints).toHaveLength(1), LOAD);
    await waitFor(() => expect(events.open()).toBe(1), LOAD);
    expect(panicLayer()?.getSource()?.getFeatures() ?? []).toHaveLength(0);

    events.pushEvent("panic", {
      action: "raised",
      panic: { id: 7, user_id: 11, user_id_label: "Budi", status: "open", alert_time: "2026-11-25T09:40:00.000Z", location: [106.91, -6.31] },
    });
    await waitFor(() => expect(panicLayer()?.getSource()?.getFeatures()).toHaveLength(1), LOAD);
    const ring = panicLayer()!.getSource()!.getFeatures()[0];
    // At the worker's point (it follows positions), not only where the panic was raised.
    const [lon, lat] = toLonLat((ring.getGeometry() as Point).getCoordinates());
    expect(lon).toBeCloseTo(106.8, 5);
    expect(lat).toBeCloseTo(-6.2, 5);
    // It blinks: the ring's "on" flips.
    const first = ring.get("on");
    await waitFor(() => expect(ring.get("on")).not.toBe(first), LOAD);

    useLiveStore.getState().setFocus({ userId: 11, lon: 106.8, lat: -6.2 });
    await waitFor(() => expect(useMapStore.getState().selectedFeature?.user_id).toBe(11), LOAD);

    events.pushEvent("panic", { action: "acknowledged", panic: { id: 7, user_id: 11, status: "acknowledged", alert_time: "2026-11-25T09:40:00.000Z" } });
    await waitFor(() => expect(panicLayer()?.getSource()?.getFeatures()).toHaveLength(0), LOAD);
  });
});
