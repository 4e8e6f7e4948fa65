// The WFS subset at /gis/wfs: GetFeature with a bbox in EPSG:4326 and EPSG:3857 answers only
// the features meeting it, in the requested system (checked against OpenLayers' own
// projection code), paging, several typeNames, feature ids, tenancy, capabilities, errors.
import { fromLonLat, transformExtent } from "ol/proj.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";

let env: TestEnv;

const JAKARTA: [number, number] = [106.8272, -6.1754];
const BANDUNG: [number, number] = [107.6186, -6.9025];
const SURABAYA: [number, number] = [112.7521, -7.2575];
const JAKARTA_BOX = [106.7, -6.3, 106.9, -6.1];
const BANDUNG_BOX = [107.5, -7.0, 107.7, -6.8];
const SURABAYA_BOX = [112.7, -7.28, 112.76, -7.2];

const point = (coordinates: [number, number], name: string) => ({ type: "Feature", geometry: { type: "Point", coordinates }, properties: { name } });

beforeAll(async () => {
  env = await setupServer();
  const setup = async (as: FixtureUser, layers: Array<Record<string, unknown>>) => {
    const map = await env.call(as, "POST", "/map-service/map", { name: "Peta", center: JAKARTA, zoom: 12 });
    for (const l of layers) {
      const res = await env.call(as, "POST", "/map-service/layer", { map_id: map.body.data.id, ...l });
      expect(res.status, res.raw).toBe(200);
    }
  };
  await setup(env.adminA, [
    { name: "places", title: "Tempat", geometry_type: "Point", features: [point(JAKARTA, "Monas"), point(BANDUNG, "Gedung Sate"), point(SURABAYA, "Tugu Pahlawan")] },
    {
      name: "roads",
      geometry_type: "LineString",
      features: [
        { type: "Feature", geometry: { type: "LineString", coordinates: [JAKARTA, BANDUNG] }, properties: { name: "Tol Cipularang" } },
        { type: "Feature", geometry: { type: "LineString", coordinates: [SURABAYA, [112.8, -7.3]] }, properties: { name: "Jalan Surabaya" } },
      ],
    },
    {
      name: "zones",
      geometry_type: "Polygon",
      features: [
        {
          type: "Feature",
          geometry: {
            type: "Polygon",
            coordinates: [
              [
                [107.55, -6.95],
                [107.65, -6.95],
                [107.65, -6.85],
                [107.55, -6.85],
                [107.55, -6.95],
              ],
            ],
          },
          properties: { name: "Bandung tengah" },
        },
      ],
    },
  ]);
  await setup(env.adminB, [{ name: "places", geometry_type: "Point", features: [point([106.83, -6.18], "Kantor B")] }]);
});
afterAll(async () => {
  await env?.close();
});

const wfs = (as: FixtureUser | null, params: Record<string, string | number>) =>
  env.call(as, "GET", `/gis/wfs?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`);

const getFeature = (as: FixtureUser | null, extra: Record<string, string | number>) =>
  wfs(as, { service: "WFS", version: "2.0.0", request: "GetFeature", outputFormat: "application/json", ...extra });

const names = (body: { features: Array<{ properties: { name: string } }> }) => body.features.map((f) => f.properties.name);

describe("GetFeature", () => {
  it("answers the features inside a lon/lat bbox, in EPSG:4326", async () => {
    const res = await getFeature(env.adminA, { typeNames: "fieldworks:places", srsName: "EPSG:4326", bbox: `${JAKARTA_BOX.join(",")},EPSG:4326` });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({
      type: "FeatureCollection",
      totalFeatures: 1,
      numberMatched: 1,
      numberReturned: 1,
      crs: { properties: { name: "urn:ogc:def:crs:EPSG::4326" } },
    });
    const [f] = res.body.features;
    expect(f).toMatchObject({ type: "Feature", geometry: { type: "Point", coordinates: JAKARTA }, properties: { name: "Monas" } });
    expect(f.id).toMatch(/^places\.\d+$/);
  });

  it("answers in web mercator for a bbox in EPSG:3857, as OpenLayers' bbox strategy asks", async () => {
    const extent = transformExtent(BANDUNG_BOX, "EPSG:4326", "EPSG:3857");
    const res = await getFeature(env.adminA, { typeNames: "fieldworks:places", srsName: "EPSG:3857", bbox: `${extent.join(",")},EPSG:3857` });
    expect(res.status, res.raw).toBe(200);
    expect(names(res.body)).toEqual(["Gedung Sate"]);
    const [x, y] = res.body.features[0].geometry.coordinates;
    const [ex, ey] = fromLonLat(BANDUNG);
    expect(x).toBeCloseTo(ex, 4);
    expect(y).toBeCloseTo(ey, 4);
    expect(res.body.crs.properties.name).toBe("urn:ogc:def:crs:EPSG::3857");
    // Lines and polygons convert position by position.
    const zones = await getFeature(env.adminA, { typeNames: "fieldworks:zones", srsName: "EPSG:3857", bbox: `${extent.join(",")},EPSG:3857` });
    const ring = zones.body.features[0].geometry.coordinates[0];
    expect(ring[2][0]).toBeCloseTo(fromLonLat([107.65, -6.85])[0], 4);
    expect(ring[2][1]).toBeCloseTo(fromLonLat([107.65, -6.85])[1], 4);
  });

  it("takes the srsName's system for a bbox without its own, and a 3857 bbox for 4326 output", async () => {
    const extent = transformExtent(JAKARTA_BOX, "EPSG:4326", "EPSG:3857");
    const res = await getFeature(env.adminA, { typeNames: "places", srsName: "EPSG:3857", bbox: extent.join(",") });
    expect(names(res.body)).toEqual(["Monas"]);
    const lonlat = await getFeature(env.adminA, { typeNames: "places", srsName: "EPSG:4326", bbox: `${extent.join(",")},EPSG:3857` });
    expect(lonlat.body.features[0].geometry.coordinates).toEqual(JAKARTA);
  });

  it("reads lat/lon axis order for the URN form of EPSG:4326 (WFS 1.1.0 typeName)", async () => {
    const [minx, miny, maxx, maxy] = SURABAYA_BOX;
    const res = await wfs(env.adminA, {
      service: "WFS",
      version: "1.1.0",
      request: "GetFeature",
      typeName: "fieldworks:places",
      outputFormat: "application/json",
      bbox: `${miny},${minx},${maxy},${maxx},urn:ogc:def:crs:EPSG::4326`,
    });
    expect(res.status, res.raw).toBe(200);
    expect(names(res.body)).toEqual(["Tugu Pahlawan"]);
  });

  it("answers lines and polygons whose extent meets the bbox, and points on its edge", async () => {
    const roads = await getFeature(env.adminA, { typeNames: "fieldworks:roads", bbox: `${JAKARTA_BOX.join(",")},EPSG:4326` });
    expect(names(roads.body)).toEqual(["Tol Cipularang"]);
    const edge = await getFeature(env.adminA, { typeNames: "fieldworks:places", bbox: `${JAKARTA[0]},${JAKARTA[1]},107,-6` });
    expect(names(edge.body)).toEqual(["Monas"]);
    const both = await getFeature(env.adminA, { typeNames: "fieldworks:places,fieldworks:zones", bbox: BANDUNG_BOX.join(",") });
    expect(names(both.body)).toEqual(["Gedung Sate", "Bandung tengah"]);
    const nothing = await getFeature(env.adminA, { typeNames: "fieldworks:places", bbox: "0,0,1,1" });
    expect(nothing.body).toMatchObject({ features: [], numberMatched: 0, numberReturned: 0 });
  });

  it("pages with count/maxFeatures and startIndex; numberMatched counts them all", async () => {
    const first = await getFeature(env.adminA, { typeNames: "fieldworks:places", count: 2 });
    expect(first.body).toMatchObject({ numberMatched: 3, numberReturned: 2, totalFeatures: 3 });
    const rest = await getFeature(env.adminA, { typeNames: "fieldworks:places", count: 2, startIndex: 2 });
    expect(names(rest.body)).toEqual(["Tugu Pahlawan"]);
    const old = await wfs(env.adminA, { SERVICE: "WFS", VERSION: "1.0.0", REQUEST: "GetFeature", TYPENAME: "fieldworks:places", MAXFEATURES: 1, OUTPUTFORMAT: "json" });
    expect(old.status, old.raw).toBe(200);
    expect(old.body.numberReturned).toBe(1);
  });

  it("selects features by id", async () => {
    const all = await getFeature(env.adminA, { typeNames: "fieldworks:places" });
    const id = all.body.features[1].id;
    const res = await getFeature(env.adminA, { featureID: id });
    expect(res.status, res.raw).toBe(200);
    expect(names(res.body)).toEqual(["Gedung Sate"]);
  });
});

describe("tenancy and access", () => {
  it("shows each company only its own layers; another company's name is unknown (404)", async () => {
    const b = await getFeature(env.adminB, { typeNames: "fieldworks:places", bbox: `${JAKARTA_BOX.join(",")},EPSG:4326` });
    expect(names(b.body)).toEqual(["Kantor B"]);
    const a = await getFeature(env.adminA, { typeNames: "fieldworks:places", bbox: `${JAKARTA_BOX.join(",")},EPSG:4326` });
    expect(names(a.body)).toEqual(["Monas"]);
    const theirs = await getFeature(env.adminB, { typeNames: "fieldworks:roads" });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ status: false });
    expect((await getFeature(env.adminA, { typeNames: "other:places" })).status).toBe(404);
    const ids = await getFeature(env.adminA, { typeNames: "fieldworks:places" });
    const viaB = await getFeature(env.adminB, { typeNames: "fieldworks:places", featureID: ids.body.features[0].id });
    expect(viaB.body.features).toEqual([]);
  });

  it("wants the Bearer token (401) and the map menu (403)", async () => {
    expect((await getFeature(null, { typeNames: "fieldworks:places" })).status).toBe(401);
    expect((await getFeature(env.viewerA, { typeNames: "fieldworks:places" })).status).toBe(403);
  });
});

describe("GetCapabilities, DescribeFeatureType and errors", () => {
  it("lists the company's layers in a minimal capabilities document", async () => {
    const res = await env.app.inject({ method: "GET", url: "/gis/wfs?service=WFS&request=GetCapabilities", headers: { authorization: `Bearer ${env.adminA.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/xml");
    expect(res.body).toContain("<wfs:Name>fieldworks:places</wfs:Name>");
    expect(res.body).toContain("<wfs:Title>Tempat</wfs:Title>");
    expect(res.body).toContain("<wfs:Name>fieldworks:roads</wfs:Name>");
    const b = await env.app.inject({ method: "GET", url: "/gis/wfs?service=WFS&request=GetCapabilities", headers: { authorization: `Bearer ${env.adminB.token}` } });
    expect(b.body).not.toContain("fieldworks:roads");
  });

  it("describes feature types as JSON", async () => {
    const res = await wfs(env.adminA, { service: "WFS", request: "DescribeFeatureType", typeName: "fieldworks:places", outputFormat: "application/json" });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.featureTypes[0]).toMatchObject({
      typeName: "places",
      properties: [
        { name: "geometry", localType: "Point" },
        { name: "name", localType: "string" },
      ],
    });
  });

  it("answers requests it cannot serve with 400 naming the parameter", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ typeNames: "fieldworks:places", outputFormat: "text/xml; subtype=gml/3.1.1" }, "outputFormat"],
      [{ typeNames: "fieldworks:places", bbox: "1,2,3" }, "bbox"],
      [{ typeNames: "fieldworks:places", bbox: "1,2,3,4,EPSG:2154" }, "bbox"],
      [{ typeNames: "fieldworks:places", srsName: "EPSG:2154" }, "srsName"],
      [{ typeNames: "fieldworks:places", count: "-1" }, "count"],
      [{}, "typeNames"],
    ];
    for (const [params, key] of cases) {
      const res = await getFeature(env.adminA, params);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual([key]);
    }
    const tx = await wfs(env.adminA, { service: "WFS", request: "Transaction" });
    expect(tx.status).toBe(400);
    expect(Object.keys(tx.body.errors)).toEqual(["request"]);
    expect((await wfs(env.adminA, { service: "WMS", request: "GetCapabilities" })).status).toBe(400);
  });
});
