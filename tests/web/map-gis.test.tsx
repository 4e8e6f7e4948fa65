// The map page's GIS side against msw: the map load from map_id (and its fallback with a first
// map), the layer list toggled in the left panel, the label search zooming the view, the
// attribute table with a feature update, and create-layer.
import { Refine } from "@refinedev/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { fromLonLat } from "ol/proj";
import { MemoryRouter } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadAllTexts, loadLanguage } from "../../src/i18n";
import MapScreen from "../../src/pages/map/MapScreen";
import { useGisStore } from "../../src/pages/map/store/gisStore";
import type Point from "ol/geom/Point";
import type VectorLayer from "ol/layer/Vector";
import type VectorSource from "ol/source/Vector";
import { GIS_HIGHLIGHT, GIS_LAYER_ID } from "../../src/pages/map/parts/gisLayers";
import { useMapStore } from "../../src/pages/map/store/mapStore";
import { dataProvider } from "../../src/providers/dataProvider";
import { ok, recordApi } from "./support/apiRecorder";
import { menu, signIn } from "./support/session";
import { LOAD } from "./support/waits";

const layer = (id: number, name: string, title: string, visible = true) => ({
  id,
  map_id: 3,
  name,
  title,
  type_name: `fieldworks:${name}`,
  geometry_type: "Point",
  style: { fill: "#52c41a" },
  visible,
  order: id,
  workspace: "fieldworks",
  store: "fieldworks_db",
  extent: null,
});
const LAYERS = [layer(31, "ftth_odp", "ODP"), layer(32, "ftth_ont", "ONT", false)];
const map3 = { id: 3, name: "PT Demo", center: [106.99, -6.24], zoom: 13, settings: { basemap: "osm", workspace: "fieldworks" }, layers: LAYERS };

const ODP_AT = [11900000, -700000];
const odpFeatures = {
  type: "FeatureCollection",
  features: [
    { type: "Feature", id: "ftth_odp.1", geometry: { type: "Point", coordinates: [11890000, -690000] }, properties: { code: "ODP-01", name: "Jl. Melati", capacity: 8 } },
    { type: "Feature", id: "ftth_odp.2", geometry: { type: "Point", coordinates: ODP_AT }, properties: { code: "ODP-02", name: "Jl. Mawar", capacity: 16 } },
  ],
};

/** The usual answers: map 3 with its layers, no points, no projects. */
const base = (extra: Record<string, unknown> = {}) => ({
  "POST /api/project/search": { status: true, data: [], recordsTotal: 0 },
  "POST /api/map-monitoring/search": ok([]),
  "GET /map-service/map/3": ok(map3),
  "GET /map-service/layer/list": ok(LAYERS),
  "GET /gis/wfs": odpFeatures,
  "GET /map-service/layer/31/search-label": ok({ layer_id: 31, labels: ["code"], search: ["code", "name"] }),
  "GET /map-service/layer/32/search-label": ok({ layer_id: 32, labels: [], search: [] }),
  "GET /map-service/layer/31/attribute": ok([
    { id: 1, name: "code", type: "string", label: "Code", order: 1 },
    { id: 2, name: "name", type: "string", label: "Name", order: 2 },
    { id: 3, name: "capacity", type: "integer", label: "Capacity", order: 3 },
  ]),
  ...extra,
});

const EDITOR = [menu(40, "map-monitoring")];
const VIEWER = [menu(40, "map-monitoring", null, { can_add: false, can_edit: false, can_delete: false })];

function renderScreen(menus = EDITOR) {
  signIn(menus);
  return render(
    <MemoryRouter>
      <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
        <MapScreen />
      </Refine>
    </MemoryRouter>,
  );
}

const olLayer = (layerId: number) =>
  useMapStore
    .getState()
    .map?.getLayers()
    .getArray()
    .find((l) => l.get(GIS_LAYER_ID) === layerId);

/** An open modal by its title (antd's ids are fixed in tests, so its aria name is not the title). */
async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: ".ant-modal-title" }, LOAD);
  return heading.closest<HTMLElement>(".ant-modal")!;
}

beforeAll(async () => {
  await loadLanguage("en");
  await loadAllTexts("en");
});

beforeEach(() => {
  localStorage.clear();
  useMapStore.setState({
    selectedProjectIds: [],
    userPoints: [],
    selectedFeature: null,
    openLeft: true,
    openRight: false,
    routingBarVisible: false,
    userHistory: null,
    projectTree: [],
  });
  useGisStore.setState({ currentMap: null, mapStatus: "loading", layers: [], visibility: {}, selected: null });
});

describe("map page GIS", () => {
  it("loads the map of map_id from local storage and lists its layers (the layer list), drawn on the map", async () => {
    localStorage.setItem("map_id", "3");
    const api = recordApi(base());
    renderScreen();
    const list = await screen.findByTestId("map-gis-layers", undefined, LOAD);
    await waitFor(() => expect(within(list).getByText("ODP")).toBeInTheDocument(), LOAD);
    expect(within(list).getByText("ONT")).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith("/map-service/map")).map((c) => `${c.method} ${c.path}`)).toEqual(["GET /map-service/map/3"]);
    expect(api.calls.find((c) => c.path === "/map-service/layer/list")?.query.get("map_id")).toBe("3");
    await waitFor(() => expect(olLayer(31)?.getVisible()).toBe(true), LOAD);
    expect(olLayer(32)?.getVisible()).toBe(false);
    expect(localStorage.getItem("map_id")).toBe("3");
  });

  it("falls back when map_id is stale (404) and creates the company's first map when it has none, rewriting map_id", async () => {
    localStorage.setItem("map_id", "99");
    const first = { ...map3, id: 8, layers: [] };
    const api = recordApi(
      base({
        "GET /map-service/map/99": { status: 404, body: { status: false, key: "not_found", message: "Not found." } },
        "GET /map-service/map/list": ok([]),
        "POST /map-service/map": ok(first),
        "GET /map-service/layer/list": ok([]),
      }),
    );
    renderScreen();
    expect(await screen.findByText("This map has no layers yet.", undefined, LOAD)).toBeInTheDocument();
    const created = api.calls.find((c) => c.method === "POST" && c.path === "/map-service/map");
    expect(created?.body).toEqual({ name: "Map", center: [106.83, -6.2], zoom: 11 });
    expect(localStorage.getItem("map_id")).toBe("8");
  });

  it("falls back to the company's first map when map_id is another company's", async () => {
    localStorage.setItem("map_id", "99");
    const api = recordApi(
      base({ "GET /map-service/map/99": { status: 404, body: { status: false, key: "not_found", message: "Not found." } }, "GET /map-service/map/list": ok([{ id: 3 }]) }),
    );
    renderScreen();
    await waitFor(() => expect(localStorage.getItem("map_id")).toBe("3"), LOAD);
    expect(api.calls.some((c) => c.method === "POST" && c.path === "/map-service/map")).toBe(false);
    expect(api.calls.some((c) => c.path === "/map-service/map/3")).toBe(true);
  });

  it("toggles a layer: the map hides it and the choice is kept in this browser", async () => {
    localStorage.setItem("map_id", "3");
    recordApi(base());
    renderScreen();
    const toggle = await screen.findByRole("switch", { name: "Show ODP" }, LOAD);
    await waitFor(() => expect(olLayer(31)?.getVisible()).toBe(true), LOAD);
    fireEvent.click(toggle);
    await waitFor(() => expect(olLayer(31)?.getVisible()).toBe(false), LOAD);
    expect(toggle).toHaveAttribute("aria-checked", "false");
    expect(JSON.parse(localStorage.getItem("map-gis-layers")!).state.visibility).toEqual({ "3": { "31": false } });
    fireEvent.click(screen.getByRole("switch", { name: "Show ONT" }));
    await waitFor(() => expect(olLayer(32)?.getVisible()).toBe(true), LOAD);
  });

  it("finds a feature by its search label and zooms the view to it", async () => {
    localStorage.setItem("map_id", "3");
    const api = recordApi(base());
    renderScreen();
    const box = await screen.findByRole("combobox", undefined, LOAD);
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: "mawar" } });
    const option = await screen.findByText("ODP-02 (ODP)", undefined, LOAD);
    // Only the layer with search attributes is read, whole, in the map's system.
    const reads = api.calls.filter((c) => c.path === "/gis/wfs" && c.query.get("count"));
    expect(reads.map((c) => c.query.get("typeNames"))).toEqual(["fieldworks:ftth_odp"]);
    expect(reads[0].query.get("srsName")).toBe("EPSG:3857");
    fireEvent.click(option);
    const center = useMapStore.getState().map!.getView().getCenter()!;
    expect(center[0]).toBeCloseTo(ODP_AT[0]);
    expect(center[1]).toBeCloseTo(ODP_AT[1]);
    expect(useGisStore.getState().selected).toMatchObject({ layerId: 31, featureId: "ftth_odp.2" });
    // The found feature is outlined, and its details open beside the map.
    const highlight = useMapStore
      .getState()
      .map!.getLayers()
      .getArray()
      .find((l) => l.get(GIS_HIGHLIGHT)) as VectorLayer<VectorSource>;
    await waitFor(
      () =>
        expect(
          highlight
            .getSource()!
            .getFeatures()
            .map((f) => (f.getGeometry() as Point).getCoordinates()),
        ).toEqual([ODP_AT]),
      LOAD,
    );
    expect(await screen.findByTestId("map-gis-details", undefined, LOAD)).toHaveTextContent("Jl. Mawar");
  });

  it("shows a layer's attributes in a table and sends a feature update with the edited properties", async () => {
    localStorage.setItem("map_id", "3");
    const api = recordApi(
      base({
        "PUT /map-service/feature/31/ftth_odp.2": ok({
          type: "Feature",
          id: 2,
          layer_id: 31,
          geometry: null,
          properties: { code: "ODP-02", name: "Jl. Mawar Raya", capacity: 24 },
        }),
      }),
    );
    renderScreen();
    fireEvent.click(await screen.findByRole("button", { name: "Attribute table of ODP" }, LOAD));
    const table = await screen.findByTestId("map-gis-table", undefined, LOAD);
    const row = (await within(table).findByText("Jl. Mawar", undefined, LOAD)).closest("tr")!;
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Code", "Name", "Capacity", "Actions"]);
    expect(within(row).getByText("16")).toBeInTheDocument();
    fireEvent.click(within(row).getByRole("button", { name: "Edit" }));
    const dialog = await dialogTitled("Edit feature ftth_odp.2");
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Jl. Mawar Raya" } });
    fireEvent.change(within(dialog).getByLabelText("Capacity"), { target: { value: "24" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "PUT")).toBe(true), LOAD);
    expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({ properties: { code: "ODP-02", name: "Jl. Mawar Raya", capacity: 24 } });
    expect(await within(table).findByText("Jl. Mawar Raya", undefined, LOAD)).toBeInTheDocument();
  });

  it("offers no edit and no new layer to a user without the map's edit and add rights", async () => {
    localStorage.setItem("map_id", "3");
    recordApi(base());
    renderScreen(VIEWER);
    fireEvent.click(await screen.findByRole("button", { name: "Attribute table of ODP" }, LOAD));
    const table = await screen.findByTestId("map-gis-table", undefined, LOAD);
    await within(table).findByText("Jl. Mawar", undefined, LOAD);
    expect(within(table).queryByRole("button", { name: "Edit" })).toBeNull();
    expect(screen.queryByRole("button", { name: /New layer/ })).toBeNull();
  });

  it("creates a layer from a GeoJSON file and lists it", async () => {
    localStorage.setItem("map_id", "3");
    const created = { ...layer(33, "poles", "Poles"), geometry_type: "LineString", attributes: [] };
    const api = recordApi(base({ "POST /map-service/layer": ok(created) }));
    renderScreen();
    fireEvent.click(await screen.findByRole("button", { name: /New layer/ }, LOAD));
    const dialog = await dialogTitled("New layer");
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "poles" } });
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Poles" } });
    const fc = {
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          geometry: {
            type: "LineString",
            coordinates: [
              [106.9, -6.2],
              [106.91, -6.21],
            ],
          },
          properties: { kind: "aerial" },
        },
      ],
    };
    const file = new File([JSON.stringify(fc)], "poles.geojson", { type: "application/geo+json" });
    fireEvent.change(dialog.querySelector("input[type=file]")!, { target: { files: [file] } });
    expect(await within(dialog).findByText("poles.geojson: 1 features", undefined, LOAD)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "POST" && c.path === "/map-service/layer")).toBe(true), LOAD);
    expect(api.calls.find((c) => c.method === "POST" && c.path === "/map-service/layer")?.body).toEqual({
      map_id: 3,
      name: "poles",
      title: "Poles",
      geometry_type: "LineString",
      features: fc,
    });
    expect(await within(screen.getByTestId("map-gis-layers")).findByText("Poles", undefined, LOAD)).toBeInTheDocument();
  });

  it("expands a project into its FTTH network, loaded on first expand, without making network nodes selectable projects", async () => {
    localStorage.setItem("map_id", "3");
    const api = recordApi(
      base({
        "POST /api/project/search": { status: true, data: [{ id: 5, name: "FTTH Bekasi" }], recordsTotal: 1 },
        "GET /api/hierarchy-ftths/tree/5": ok([
          {
            id: 1,
            level: "olt",
            code: "OLT-1",
            name: "OLT Bekasi",
            location: [106.9, -6.3],
            children: [{ id: 2, level: "odc", code: "ODC-1", name: "Jl. Kenari", location: null, children: [] }],
          },
        ]),
      }),
    );
    renderScreen();
    const project = await screen.findByText("FTTH Bekasi", undefined, LOAD);
    expect(api.calls.some((c) => c.path.startsWith("/api/hierarchy-ftths"))).toBe(false);
    fireEvent.click(project.closest(".ant-tree-treenode")!.querySelector(".ant-tree-switcher")!);
    const olt = await screen.findByText("OLT OLT-1 · OLT Bekasi", undefined, LOAD);
    expect(api.calls.filter((c) => c.path === "/api/hierarchy-ftths/tree/5")).toHaveLength(1);
    // A tap on a network node centres the map on it; the selected projects stay as they were.
    fireEvent.click(olt);
    const center = useMapStore.getState().map!.getView().getCenter()!;
    expect(center[0]).toBeCloseTo(fromLonLat([106.9, -6.3])[0]);
    expect(useMapStore.getState().selectedProjectIds).toEqual([]);
    fireEvent.click(project);
    expect(useMapStore.getState().selectedProjectIds).toEqual([5]);
  });
});
