// The map service (/map-service): map load/update, layer list, create-layer with GeoJSON
// features, attributes, search labels, feature update; validation per field, tenancy (404),
// the map menu's rights (403), and the tables of migration 002.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";

let env: TestEnv;
let mapA: number;
let mapA2: number;
let mapB: number;

const call = (as: FixtureUser | null, method: string, url: string, body?: unknown) => env.call(as, method, `/map-service${url}`, body);

beforeAll(async () => {
  env = await setupServer();
  const make = async (as: FixtureUser, name: string, center: [number, number]) => {
    const res = await call(as, "POST", "/map", { name, center, zoom: 13, settings: { basemap: "osm" } });
    expect(res.status, res.raw).toBe(200);
    return Number(res.body.data.id);
  };
  mapA = await make(env.adminA, "Peta Jakarta", [106.8456, -6.2088]);
  mapA2 = await make(env.adminA, "Peta Bekasi", [106.99, -6.24]);
  mapB = await make(env.adminB, "Peta Bandung", [107.6191, -6.9175]);
});
afterAll(async () => {
  await env?.close();
});

const pointFc = {
  type: "FeatureCollection",
  features: [
    { type: "Feature", geometry: { type: "Point", coordinates: [106.8272, -6.1754] }, properties: { code: "ODP-01", capacity: 16, active: true } },
    { type: "Feature", geometry: { type: "Point", coordinates: [106.8456, -6.2088] }, properties: { code: "ODP-02", capacity: 8, active: false } },
  ],
};

async function createLayer(as: FixtureUser, body: Record<string, unknown>, query = "") {
  return call(as, "POST", `/layer${query}`, body);
}

describe("migration 002", () => {
  it("creates the map service's tables", async () => {
    const schema = env.app.services.handle.schema;
    const tables = (await env.db.introspection.getTables()).filter((t) => !schema || t.schema === schema);
    const cols = (name: string) =>
      tables
        .find((t) => t.name === name)
        ?.columns.map((c) => c.name)
        .sort();
    expect(cols("maps")).toEqual(["center_lat", "center_lon", "company_id", "created_at", "id", "name", "settings", "updated_at", "zoom"]);
    expect(cols("map_layers")).toEqual(expect.arrayContaining(["map_id", "name", "title", "geometry_type", "style", "visible", "order", "workspace", "store"]));
    expect(cols("map_features")).toEqual(expect.arrayContaining(["layer_id", "geometry", "properties", "minx", "miny", "maxx", "maxy"]));
    expect(cols("map_layer_attributes")).toEqual(expect.arrayContaining(["layer_id", "name", "type", "label", "order"]));
    expect(cols("map_search_labels")).toEqual(expect.arrayContaining(["layer_id", "attribute", "usage", "order"]));
  });
});

describe("maps", () => {
  it("loads a map with its center, zoom, settings and layers", async () => {
    const res = await call(env.adminA, "GET", `/map/${mapA}`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ status: true, data: { id: mapA, name: "Peta Jakarta", center: [106.8456, -6.2088], zoom: 13, settings: { basemap: "osm" }, layers: [] } });
    const list = await call(env.adminA, "GET", "/map/list");
    expect(list.body.data.map((m: { id: number }) => m.id)).toEqual([mapA, mapA2]);
  });

  it("keeps maps to their company (404), wants a token (401) and the map menu (403)", async () => {
    expect((await call(env.adminB, "GET", `/map/${mapA}`)).status).toBe(404);
    expect((await call(env.adminB, "PUT", `/map/${mapA}`, { zoom: 3 })).status).toBe(404);
    expect((await call(env.adminA, "GET", "/map/999999")).status).toBe(404);
    expect((await call(env.adminA, "GET", "/map/abc")).status).toBe(404);
    expect((await call(null, "GET", `/map/${mapA}`)).status).toBe(401);
    const viewer = await call(env.viewerA, "GET", `/map/${mapA}`);
    expect(viewer.status).toBe(403);
    expect(viewer.body.status).toBe(false);
    // The platform owner has no company and so no map.
    expect((await call(env.owner, "GET", "/map/list")).body.data).toEqual([]);
    expect((await call(env.owner, "GET", `/map/${mapA}`)).status).toBe(404);
  });

  it("updates name, center, zoom and settings; validates each", async () => {
    const res = await call(env.adminA, "PUT", `/map/${mapA2}`, { name: "Peta Bekasi Timur", center: [107.0, -6.25], zoom: 14.5, settings: { basemap: "satellite" } });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Peta Bekasi Timur", center: [107.0, -6.25], zoom: 14.5, settings: { basemap: "satellite" } });
    const bad = await call(env.adminA, "PUT", `/map/${mapA2}`, { name: "", center: [200, 0], zoom: 30, settings: [1] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["center", "name", "settings", "zoom"]);
    expect((await call(env.adminA, "PUT", `/map/${mapA2}`, [1, 2])).status).toBe(400);
    expect((await call(env.adminA, "GET", `/map/${mapA2}`)).body.data.name).toBe("Peta Bekasi Timur");
  });
});

describe("layers", () => {
  it("creates a layer with GeoJSON features and inferred attributes", async () => {
    const res = await createLayer(env.adminA, { map_id: mapA, name: "odp_points", title: "ODP", geometry_type: "Point", style: { fill: "#52c41a" }, features: pointFc });
    expect(res.status, res.raw).toBe(200);
    const l = res.body.data;
    expect(l).toMatchObject({
      map_id: mapA,
      name: "odp_points",
      title: "ODP",
      type_name: "fieldworks:odp_points",
      geometry_type: "Point",
      style: { fill: "#52c41a" },
      visible: true,
      order: 0,
      workspace: "fieldworks",
      store: "fieldworks_db",
      feature_count: 2,
      extent: [106.8272, -6.2088, 106.8456, -6.1754],
    });
    expect(l.attributes.map((a: { name: string; type: string }) => `${a.name}:${a.type}`)).toEqual(["code:string", "capacity:integer", "active:boolean"]);
  });

  it("takes declared attributes, features in EPSG:3857 and orders new layers last", async () => {
    const x = (106.8 * Math.PI * 6378137) / 180;
    const y = 6378137 * Math.log(Math.tan(Math.PI / 4 + (-6.2 * Math.PI) / 360));
    const res = await createLayer(
      env.adminA,
      {
        map_id: mapA,
        name: "cables",
        geometry_type: "LineString",
        visible: false,
        attributes: [
          { name: "code", type: "string", label: "Kode" },
          { name: "length_m", type: "number", label: "Panjang" },
        ],
        features: [
          {
            type: "Feature",
            geometry: {
              type: "LineString",
              coordinates: [
                [x, y],
                [x + 1000, y + 1000],
              ],
            },
            properties: { code: "FDR-1", length_m: 1414.2 },
          },
        ],
      },
      "?srsname=EPSG:3857",
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ order: 1, visible: false, title: "cables", feature_count: 1 });
    const [minx, miny] = res.body.data.extent;
    expect(minx).toBeCloseTo(106.8, 6);
    expect(miny).toBeCloseTo(-6.2, 6);
    expect(res.body.data.attributes.map((a: { label: string }) => a.label)).toEqual(["Kode", "Panjang"]);
  });

  it("validates the layer and every feature (errors name the feature)", async () => {
    const res = await createLayer(env.adminA, {
      map_id: mapA,
      name: "bad name",
      geometry_type: "Point",
      features: {
        type: "FeatureCollection",
        features: [
          { type: "Feature", geometry: { type: "Point", coordinates: [106.8, -6.2] }, properties: {} },
          {
            type: "Feature",
            geometry: {
              type: "LineString",
              coordinates: [
                [106.8, -6.2],
                [106.9, -6.3],
              ],
            },
            properties: {},
          },
          { type: "Feature", geometry: { type: "Point", coordinates: [106.8, 95] }, properties: {} },
          { type: "Feature", geometry: { type: "Point", coordinates: [106.8, -6.2] }, properties: { nested: { a: 1 } } },
          { type: "Feature", properties: {} },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(["features.1.geometry", "features.2.geometry", "features.3.properties.nested", "features.4.geometry", "name"]);
    const poly = await createLayer(env.adminA, {
      map_id: mapA,
      name: "areas",
      geometry_type: "Polygon",
      features: [
        {
          geometry: {
            type: "Polygon",
            coordinates: [
              [
                [106.8, -6.2],
                [106.9, -6.2],
                [106.9, -6.3],
                [106.85, -6.35],
              ],
            ],
          },
        },
      ],
    });
    expect(poly.status).toBe(400);
    expect(Object.keys(poly.body.errors)).toEqual(["features.0.geometry"]);
    const typed = await createLayer(env.adminA, {
      map_id: mapA,
      name: "typed",
      geometry_type: "Point",
      attributes: [{ name: "capacity", type: "integer" }],
      features: [{ geometry: { type: "Point", coordinates: [106.8, -6.2] }, properties: { capacity: "16" } }],
    });
    expect(Object.keys(typed.body.errors)).toEqual(["features.0.properties.capacity"]);
    const missing = await createLayer(env.adminA, {});
    expect(Object.keys(missing.body.errors).sort()).toEqual(["geometry_type", "map_id", "name"]);
    // Nothing of the refused layers was stored.
    const names = (await call(env.adminA, "GET", `/layer/list?map_id=${mapA}`)).body.data.map((l: { name: string }) => l.name);
    expect(names).toEqual(["odp_points", "cables"]);
  });

  it("refuses a taken name (409), another company's map (404) and a writer without the add right (403)", async () => {
    const clash = await createLayer(env.adminA, { map_id: mapA2, name: "odp_points", geometry_type: "Point" });
    expect(clash.status).toBe(409);
    expect(Object.keys(clash.body.errors)).toEqual(["name"]);
    // Another workspace, or another company, may use the name.
    expect((await createLayer(env.adminA, { map_id: mapA2, name: "odp_points", geometry_type: "Point", workspace: "planning" })).status).toBe(200);
    expect((await createLayer(env.adminB, { map_id: mapB, name: "odp_points", geometry_type: "MultiPoint" })).status).toBe(200);
    expect((await createLayer(env.adminB, { map_id: mapA, name: "sneaky", geometry_type: "Point" })).status).toBe(404);
    expect((await createLayer(env.viewerA, { map_id: mapA, name: "v", geometry_type: "Point" })).status).toBe(403);
  });

  it("lists layers of a map in drawing order, or all of the company's", async () => {
    const one = await call(env.adminA, "GET", `/layer/list?map_id=${mapA}`);
    expect(one.body.data.map((l: { name: string; order: number }) => `${l.name}:${l.order}`)).toEqual(["odp_points:0", "cables:1"]);
    const all = await call(env.adminA, "GET", "/layer/list");
    expect(all.body.data).toHaveLength(3);
    expect((await call(env.adminA, "GET", `/layer/list?map_id=${mapB}`)).status).toBe(404);
    expect((await call(env.adminA, "GET", "/layer/list?map_id=abc")).status).toBe(400);
    expect((await call(env.adminB, "GET", "/layer/list")).body.data.map((l: { name: string }) => l.name)).toEqual(["odp_points"]);
  });

  it("map update patches its layers' visibility and order, only its own", async () => {
    const layers = (await call(env.adminA, "GET", `/layer/list?map_id=${mapA}`)).body.data;
    const res = await call(env.adminA, "PUT", `/map/${mapA}`, {
      layers: [
        { id: layers[0].id, visible: false, order: 5 },
        { id: layers[1].id, title: "Kabel feeder", style: { stroke: "#f00" } },
      ],
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.layers.map((l: { title: string; visible: boolean; order: number }) => [l.title, l.visible, l.order])).toEqual([
      ["Kabel feeder", false, 1],
      ["ODP", false, 5],
    ]);
    const other = (await call(env.adminA, "GET", `/layer/list?map_id=${mapA2}`)).body.data[0].id;
    const bad = await call(env.adminA, "PUT", `/map/${mapA}`, {
      layers: [
        { id: other, visible: true },
        { id: layers[0].id, visible: "yes" },
      ],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["layers.0.id", "layers.1.visible"]);
  });
});

describe("attributes and search labels", () => {
  let layerId: number;
  beforeAll(async () => {
    layerId = (await call(env.adminA, "GET", `/layer/list?map_id=${mapA}`)).body.data.find((l: { name: string }) => l.name === "odp_points").id;
  });

  it("reads and replaces a layer's attributes", async () => {
    const got = await call(env.adminA, "GET", `/layer/${layerId}/attribute`);
    expect(got.body.data.map((a: { name: string }) => a.name)).toEqual(["code", "capacity", "active"]);
    const res = await call(env.adminA, "PUT", `/layer/${layerId}/attribute`, {
      attributes: [
        { name: "code", type: "string", label: "Kode ODP" },
        { name: "capacity", type: "integer", label: "Kapasitas" },
        { name: "installed", type: "date", label: "Tanggal pasang" },
      ],
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.map((a: { name: string; type: string; label: string; order: number }) => [a.name, a.type, a.label, a.order])).toEqual([
      ["code", "string", "Kode ODP", 0],
      ["capacity", "integer", "Kapasitas", 1],
      ["installed", "date", "Tanggal pasang", 2],
    ]);
    const bad = await call(env.adminA, "PUT", `/layer/${layerId}/attribute`, [{ name: "code" }, { name: "code" }, { name: "x y" }, { name: "n", type: "blob" }]);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["attributes.1.name", "attributes.2.name", "attributes.3.type"]);
    expect((await call(env.adminB, "GET", `/layer/${layerId}/attribute`)).status).toBe(404);
    expect((await call(env.adminB, "PUT", `/layer/${layerId}/attribute`, { attributes: [] })).status).toBe(404);
  });

  it("reads and replaces search labels, which must name attributes", async () => {
    expect((await call(env.adminA, "GET", `/layer/${layerId}/search-label`)).body.data).toEqual({ layer_id: layerId, labels: [], search: [] });
    const res = await call(env.adminA, "PUT", `/layer/${layerId}/search-label`, { labels: ["code"], search: ["code", "capacity"] });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual({ layer_id: layerId, labels: ["code"], search: ["code", "capacity"] });
    const bad = await call(env.adminA, "PUT", `/layer/${layerId}/search-label`, { labels: ["nope"], search: "code" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["labels.0", "search"]);
    expect((await call(env.adminB, "GET", `/layer/${layerId}/search-label`)).status).toBe(404);
    // Dropping an attribute drops the labels that named it.
    await call(env.adminA, "PUT", `/layer/${layerId}/attribute`, {
      attributes: [
        { name: "code", type: "string" },
        { name: "capacity", type: "integer" },
        { name: "installed", type: "date" },
      ].filter((a) => a.name !== "capacity"),
    });
    expect((await call(env.adminA, "GET", `/layer/${layerId}/search-label`)).body.data).toEqual({ layer_id: layerId, labels: ["code"], search: ["code"] });
  });
});

describe("feature update", () => {
  let layer: { id: number; name: string };
  let featureId: number;
  beforeAll(async () => {
    const res = await createLayer(env.adminA, {
      map_id: mapA,
      name: "sites",
      geometry_type: "Polygon",
      attributes: [
        { name: "code", type: "string" },
        { name: "workers", type: "integer" },
      ],
      features: [
        {
          geometry: {
            type: "Polygon",
            coordinates: [
              [
                [106.8, -6.2],
                [106.81, -6.2],
                [106.81, -6.21],
                [106.8, -6.2],
              ],
            ],
          },
          properties: { code: "S-1", workers: 4, note: "gerbang utara" },
        },
      ],
    });
    layer = res.body.data;
    const wfs = await env.call(env.adminA, "GET", "/gis/wfs?request=GetFeature&typeNames=fieldworks:sites&outputFormat=application/json");
    featureId = Number(String(wfs.body.features[0].id).split(".")[1]);
  });

  it("replaces the geometry and merges properties", async () => {
    const ring = [
      [106.8, -6.2],
      [106.82, -6.2],
      [106.82, -6.22],
      [106.8, -6.22],
      [106.8, -6.2],
    ];
    const res = await call(env.adminA, "PUT", `/feature/${layer.id}/${featureId}`, { geometry: { type: "Polygon", coordinates: [ring] }, properties: { workers: 6 } });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual({
      type: "Feature",
      id: featureId,
      layer_id: layer.id,
      geometry: { type: "Polygon", coordinates: [ring] },
      properties: { code: "S-1", workers: 6, note: "gerbang utara" },
    });
    // A GeoJSON Feature body and the WFS id form "<layer>.<id>" work too; MultiPolygon fits a Polygon layer.
    const multi = { type: "MultiPolygon", coordinates: [[ring]] };
    const again = await call(env.adminA, "PUT", `/feature/${layer.id}/sites.${featureId}`, { type: "Feature", geometry: multi, properties: { code: "S-1a" } });
    expect(again.status, again.raw).toBe(200);
    expect(again.body.data.geometry).toEqual(multi);
    const layerNow = (await call(env.adminA, "GET", `/layer/list?map_id=${mapA}`)).body.data.find((l: { id: number }) => l.id === layer.id);
    expect(layerNow.extent).toEqual([106.8, -6.22, 106.82, -6.2]);
  });

  it("answers in EPSG:3857 when asked in it", async () => {
    const [x, y] = [11_890_000, -692_000];
    const res = await call(env.adminA, "PUT", `/feature/${layer.id}/${featureId}?srsname=EPSG:3857`, {
      geometry: {
        type: "Polygon",
        coordinates: [
          [
            [x, y],
            [x + 500, y],
            [x + 500, y - 500],
            [x, y],
          ],
        ],
      },
    });
    expect(res.status, res.raw).toBe(200);
    const [first] = res.body.data.geometry.coordinates[0];
    expect(first[0]).toBeCloseTo(x, 2);
    expect(first[1]).toBeCloseTo(y, 2);
    const stored = await call(env.adminA, "PUT", `/feature/${layer.id}/${featureId}`, { properties: {} });
    expect(stored.body.data.geometry.coordinates[0][0][0]).toBeCloseTo(106.8097, 3);
    expect((await call(env.adminA, "PUT", `/feature/${layer.id}/${featureId}?srsname=EPSG:2154`, { properties: {} })).status).toBe(400);
  });

  it("validates geometry and properties against the layer", async () => {
    const bad = await call(env.adminA, "PUT", `/feature/${layer.id}/${featureId}`, {
      geometry: { type: "Point", coordinates: [106.8, -6.2] },
      properties: { workers: "enam", "bad key": 1 },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["geometry", "properties", "properties.workers"]);
    const open = await call(env.adminA, "PUT", `/feature/${layer.id}/${featureId}`, {
      geometry: {
        type: "Polygon",
        coordinates: [
          [
            [106.8, -6.2],
            [106.82, -6.2],
            [106.82, -6.22],
            [106.8, -6.22],
          ],
        ],
      },
    });
    expect(Object.keys(open.body.errors)).toEqual(["geometry"]);
    const empty = await call(env.adminA, "PUT", `/feature/${layer.id}/${featureId}`, {});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors)).toEqual(["body"]);
  });

  it("finds features only in their layer and company", async () => {
    const otherLayer = (await call(env.adminA, "GET", `/layer/list?map_id=${mapA}`)).body.data.find((l: { name: string }) => l.name === "odp_points").id;
    expect((await call(env.adminA, "PUT", `/feature/${otherLayer}/${featureId}`, { properties: { a: 1 } })).status).toBe(404);
    expect((await call(env.adminB, "PUT", `/feature/${layer.id}/${featureId}`, { properties: { a: 1 } })).status).toBe(404);
    expect((await call(env.adminA, "PUT", `/feature/${layer.id}/999999`, { properties: { a: 1 } })).status).toBe(404);
    expect((await call(env.viewerA, "PUT", `/feature/${layer.id}/${featureId}`, { properties: { a: 1 } })).status).toBe(403);
  });
});
