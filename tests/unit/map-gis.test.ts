// The map page's GIS logic: which map is shown (map_id, fallback, first map), the WFS/WMS
// requests, the label search, the FTTH project tree and the GeoJSON file of create-layer.
import { describe, expect, it, vi } from "vitest";
import { FIRST_MAP, MAP_ID_KEY, resolveCurrentMap, storedMapId, type KeyStore, type MapCalls } from "../../src/pages/map/model/currentMap";
import { parseGeoJsonFile } from "../../src/pages/map/model/geojsonFile";
import { basemapOfSettings, featureInfoRequest, layerSource, typeNameOf, wfsBboxParams, wfsLayerParams, wmsParams, wmsUrl } from "../../src/pages/map/api/gisRequests";
import { searchLabels } from "../../src/pages/map/model/labelSearch";
import type { MapDoc } from "../../declaration/map-service";
import { checkedProjectIds, ftthNodes, ftthTitle, projectNodes, withProjectChildren } from "../../src/pages/map/model/projectTree";

const mapDoc = (id: number): MapDoc => ({ id, name: `Map ${id}`, center: [106.8, -6.2], zoom: 12, settings: {}, created_at: "", updated_at: "", layers: [] });

function storage(initial: Record<string, string> = {}): KeyStore & { items: Record<string, string> } {
  const items = { ...initial };
  return { items, getItem: (k) => items[k] ?? null, setItem: (k, v) => void (items[k] = v) };
}

/** The map load's answer for a missing or another company's map, as the data provider passes it on (its message key kept). */
const notFound = () => Object.assign(new Error("Not found"), { statusCode: 404, key: "not_found" });

function calls(over: Partial<MapCalls> = {}) {
  return {
    loadMap: vi.fn(async (id: number) => mapDoc(id)),
    listMaps: vi.fn(async () => [{ id: 9 }, { id: 4 }]),
    createMap: vi.fn(async () => mapDoc(21)),
    ...over,
  };
}

describe("the current map", () => {
  it("loads the map of map_id and keeps the key", async () => {
    const c = calls();
    const s = storage({ [MAP_ID_KEY]: "7" });
    expect((await resolveCurrentMap(c, s)).id).toBe(7);
    expect(c.loadMap).toHaveBeenCalledWith(7);
    expect(c.listMaps).not.toHaveBeenCalled();
    expect(s.items[MAP_ID_KEY]).toBe("7");
  });

  it("falls back to the company's first map (lowest id) when map_id is stale (404) and rewrites map_id", async () => {
    const loadMap = vi.fn(async (id: number) => (id === 7 ? Promise.reject(notFound()) : mapDoc(id)));
    const c = calls({ loadMap });
    const s = storage({ [MAP_ID_KEY]: "7" });
    expect((await resolveCurrentMap(c, s)).id).toBe(4);
    expect(loadMap.mock.calls).toEqual([[7], [4]]);
    expect(s.items[MAP_ID_KEY]).toBe("4");
  });

  it("creates the company's first map when it has none, and stores its id", async () => {
    const c = calls({ listMaps: vi.fn(async () => []) });
    const s = storage();
    expect((await resolveCurrentMap(c, s)).id).toBe(21);
    expect(c.createMap).toHaveBeenCalledWith(FIRST_MAP);
    expect(c.loadMap).not.toHaveBeenCalled();
    expect(s.items[MAP_ID_KEY]).toBe("21");
  });

  it("decides by the answer's key: a 404 that is not not_found (no map service at that address) is thrown, not taken for a stale id", async () => {
    const c = calls({ loadMap: vi.fn(async () => Promise.reject(Object.assign(new Error("No such address."), { statusCode: 404, key: "route_not_found" }))) });
    const s = storage({ [MAP_ID_KEY]: "7" });
    await expect(resolveCurrentMap(c, s)).rejects.toThrow("No such address.");
    expect(c.listMaps).not.toHaveBeenCalled();
    expect(c.createMap).not.toHaveBeenCalled();
    expect(s.items[MAP_ID_KEY]).toBe("7");
  });

  it("does not fall back on other failures (403, no network): the caller shows the layers as unavailable", async () => {
    const c = calls({ loadMap: vi.fn(async () => Promise.reject(Object.assign(new Error("Forbidden"), { statusCode: 403 }))) });
    await expect(resolveCurrentMap(c, storage({ [MAP_ID_KEY]: "7" }))).rejects.toThrow("Forbidden");
    expect(c.listMaps).not.toHaveBeenCalled();
  });

  it("treats a map_id that is no id as none", () => {
    for (const raw of ["", "abc", "0", "-3", "1.5", "null"]) expect(storedMapId(storage({ [MAP_ID_KEY]: raw }))).toBeNull();
    expect(storedMapId(storage({ [MAP_ID_KEY]: " 12 " }))).toBe(12);
    expect(storedMapId(storage())).toBeNull();
  });
});

describe("GIS requests", () => {
  const layer = { id: 1, name: "ftth_odp", type_name: "fieldworks:ftth_odp", workspace: "fieldworks", style: { fill: "#52c41a" } };

  it("asks WFS for GeoJSON of one layer in the view's extent (bbox strategy), with the view's system", () => {
    expect(wfsBboxParams("fieldworks:ftth_odp", [1, 2, 3, 4], "EPSG:3857")).toEqual({
      service: "WFS",
      version: "2.0.0",
      request: "GetFeature",
      typeNames: "fieldworks:ftth_odp",
      outputFormat: "application/json",
      srsName: "EPSG:3857",
      bbox: "1,2,3,4,EPSG:3857",
    });
    expect(wfsLayerParams("fieldworks:ftth_odp", "EPSG:3857", 2000)).toMatchObject({ typeNames: "fieldworks:ftth_odp", count: "2000", outputFormat: "application/json" });
  });

  it("draws a layer from WMS only when its style or the map's settings say so", () => {
    expect(layerSource(layer)).toBe("wfs");
    expect(layerSource({ ...layer, style: { source: "wms" } })).toBe("wms");
    expect(layerSource(layer, { wms_layers: ["ftth_odp"] })).toBe("wms");
    expect(layerSource(layer, { wms_layers: ["other"] })).toBe("wfs");
  });

  it("names a layer workspace:name, a bare name taking the map's workspace", () => {
    expect(typeNameOf(layer)).toBe("fieldworks:ftth_odp");
    expect(typeNameOf({ ...layer, type_name: "ftth_odp" }, { workspace: "ws2" })).toBe("ws2:ftth_odp");
    expect(typeNameOf({ ...layer, type_name: "ftth_odp" })).toBe("fieldworks:ftth_odp");
  });

  it("finds WMS at VITE_GIS_URL/wms unless the map names its own, with GeoServer's tiled parameters", () => {
    expect(wmsUrl("/gis/")).toBe("/gis/wms");
    expect(wmsUrl("https://gis.example.com/geoserver", { wms_url: "https://other/wms" })).toBe("https://other/wms");
    expect(wmsParams("fieldworks:ftth_odp")).toEqual({ LAYERS: "fieldworks:ftth_odp", TILED: true, FORMAT: "image/png", TRANSPARENT: true });
  });

  it("sends GetFeatureInfo through the GIS client: the path below the GIS base and its query; another host is not ours", () => {
    const req = featureInfoRequest("/gis/wms?SERVICE=WMS&REQUEST=GetFeatureInfo&QUERY_LAYERS=fieldworks%3Aftth_odp&I=5&J=7", "/gis");
    expect(req).toEqual({ path: "wms", query: { SERVICE: "WMS", REQUEST: "GetFeatureInfo", QUERY_LAYERS: "fieldworks:ftth_odp", I: "5", J: "7" } });
    expect(featureInfoRequest("https://gis.example.com/geoserver/wms?REQUEST=GetFeatureInfo", "https://gis.example.com/geoserver")?.path).toBe("wms");
    expect(featureInfoRequest("https://elsewhere/wms?REQUEST=GetFeatureInfo", "/gis")).toBeNull();
  });

  it("takes an XYZ template from the map's basemap setting, else keeps the default", () => {
    expect(basemapOfSettings({ basemap: "osm" })).toBeNull();
    expect(basemapOfSettings({ basemap: "https://tiles.example/{z}/{x}/{y}.png" })).toBe("https://tiles.example/{z}/{x}/{y}.png");
    expect(basemapOfSettings(null)).toBeNull();
  });
});

describe("label search", () => {
  type F = { id: string; properties: Record<string, unknown> };
  const odp: F[] = [
    { id: "ftth_odp.1", properties: { code: "ODP-01", name: "Jl. Melati", address: "Bekasi" } },
    { id: "ftth_odp.2", properties: { code: "ODP-02", name: "Jl. Mawar", address: null } },
  ];
  const layers = [
    { layerId: 3, layerTitle: "ODP", labels: ["code"], search: ["code", "name"], features: odp },
    { layerId: 4, layerTitle: "No search", labels: ["code"], search: [], features: odp },
  ];
  const run = (q: string, limit?: number) =>
    searchLabels(
      layers,
      q,
      (f) => f.properties,
      (f) => f.id,
      limit,
    );

  it("finds by any search attribute, case-insensitively, named by the labels; layers without search attributes are skipped", () => {
    expect(run("mawar").map((h) => [h.layerId, h.label, h.feature.id])).toEqual([[3, "ODP-02", "ftth_odp.2"]]);
    expect(run("odp-0").map((h) => h.label)).toEqual(["ODP-01", "ODP-02"]);
  });

  it("does not search by attributes that are only labels, nor for a blank query, and stops at the limit", () => {
    expect(run("bekasi")).toEqual([]);
    expect(run("  ")).toEqual([]);
    expect(run("jl", 1)).toHaveLength(1);
  });

  it("names a hit by its id when its labels are empty", () => {
    const hits = searchLabels(
      [{ layerId: 1, layerTitle: "L", labels: ["code"], search: ["name"], features: [{ id: "x.9", properties: { name: "Tower" } }] }],
      "tow",
      (f) => f.properties,
      (f) => f.id,
    );
    expect(hits[0].label).toBe("x.9");
  });
});

describe("project tree", () => {
  const network = [
    {
      id: 1,
      level: "olt",
      code: "OLT-1",
      name: "OLT Bekasi",
      location: [106.9, -6.3],
      children: [{ id: 2, level: "odc", code: "ODC-1", name: "ODC-1", location: null, children: [] }],
    },
  ];

  it("turns the FTTH tree into unchecked nodes keyed apart from project ids, leaves where nothing is below", () => {
    expect(ftthNodes(network)).toEqual([
      {
        key: "ftth:1",
        title: "OLT OLT-1 · OLT Bekasi",
        checkable: false,
        isLeaf: false,
        location: [106.9, -6.3],
        children: [{ key: "ftth:2", title: "ODC · ODC-1", checkable: false, isLeaf: true, location: null }],
      },
    ]);
    expect(ftthTitle({ id: 5 })).toBe("5");
  });

  it("puts a project's network under it; an empty network makes the project a leaf", () => {
    const tree = projectNodes([
      { id: 5, name: "FTTH Bekasi" },
      { id: 6, name: "Tower" },
    ]);
    expect(tree).toEqual([
      { key: "5", title: "FTTH Bekasi" },
      { key: "6", title: "Tower" },
    ]);
    const loaded = withProjectChildren(withProjectChildren(tree, "5", ftthNodes(network)), "6", []);
    expect(loaded[0].children?.[0].key).toBe("ftth:1");
    expect(loaded[0].isLeaf).toBe(false);
    expect(loaded[1]).toEqual({ key: "6", title: "Tower", children: [], isLeaf: true });
  });

  it("selects only project ids (numbers where numeric) from the checked keys", () => {
    expect(checkedProjectIds(["5", "ftth:1", "all", 7])).toEqual([5, "all", 7]);
  });
});

describe("GeoJSON file of create-layer", () => {
  it("reads a FeatureCollection and guesses the geometry type from its first feature", () => {
    const fc = { type: "FeatureCollection", features: [{ type: "Feature", geometry: { type: "LineString", coordinates: [] }, properties: {} }] };
    expect(parseGeoJsonFile(JSON.stringify(fc))).toEqual({ features: fc.features, geometryType: "LineString" });
  });

  it("refuses what is not a FeatureCollection", () => {
    expect(parseGeoJsonFile("{not json")).toBeNull();
    expect(parseGeoJsonFile(JSON.stringify({ type: "Feature" }))).toBeNull();
    expect(parseGeoJsonFile(JSON.stringify({ type: "FeatureCollection", features: [] }))).toEqual({ features: [], geometryType: null });
  });
});
