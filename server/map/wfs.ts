// The WFS subset's request parsing and answers (route: server/map/wfs-routes.ts). What
// OpenLayers' WFS + bbox strategy sends (GetFeature, GeoJSON output, srsName, bbox with its
// CRS), GeoServer-shaped GeoJSON back (ids "<layer>.<id>", totalFeatures/numberMatched/
// numberReturned, crs), a minimal GetCapabilities and a JSON DescribeFeatureType.
import { badRequest } from "../http/errors";
import type { Bbox, Geometry, LayerAttribute, MapLayer } from "../../declaration/map-service";
import { bboxTo4326, geometryTo, parseSrs, type Srs } from "./geo";

/** Most features one GetFeature answers (count/maxFeatures lower it). */
export const MAX_WFS_FEATURES = 10_000;

export type WfsRequest =
  | { request: "GetCapabilities" }
  | { request: "DescribeFeatureType"; typeNames: string[] }
  | {
      request: "GetFeature";
      typeNames: string[];
      srs: Srs;
      /** lon/lat */
      bbox: Bbox | null;
      count: number;
      startIndex: number;
      /** Feature ids asked for ("<layer>.<id>" → layer name and id). */
      featureIds: Array<{ layer: string; id: number }> | null;
    };

const JSON_FORMATS = new Set(["application/json", "json", "application/geo+json", "geojson", "application/json; subtype=geojson", "application/vnd.geo+json"]);

/** OGC parameter names are case-insensitive: keys lower-cased, first value of repeated keys. */
export function lowerKeys(q: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) {
    const s = Array.isArray(v) ? v[0] : v;
    if (typeof s === "string" && !(k.toLowerCase() in out)) out[k.toLowerCase()] = s;
  }
  return out;
}

const listOf = (s: string | undefined): string[] =>
  (s ?? "")
    .split(",")
    .map((x) => x.trim().replace(/^\(|\)$/g, ""))
    .filter(Boolean);

/** Parses a WFS KVP request; 400 naming the parameter when it cannot be served. */
export function parseWfs(query: Record<string, unknown>): WfsRequest {
  const q = lowerKeys(query);
  if (q.service && q.service.toUpperCase() !== "WFS") throw badRequest({ service: { key: "bad_enum", params: { options: "WFS" } } });
  if (q.version && !["1.0.0", "1.1.0", "2.0.0", "2.0.2"].includes(q.version)) throw badRequest({ version: { key: "bad_enum", params: { options: "1.0.0, 1.1.0, 2.0.0" } } });
  const request = (q.request ?? "").toLowerCase();
  if (request === "getcapabilities") return { request: "GetCapabilities" };
  const typeNames = listOf(q.typenames ?? q.typename);
  if (request === "describefeaturetype") return { request: "DescribeFeatureType", typeNames };
  if (request !== "getfeature") {
    throw badRequest({ request: { key: q.request ? "bad_enum" : "required", params: { options: "GetCapabilities, DescribeFeatureType, GetFeature" } } });
  }
  const format = (q.outputformat ?? "application/json").toLowerCase().replace(/\s+/g, " ");
  if (!JSON_FORMATS.has(format)) throw badRequest({ outputFormat: { key: "bad_enum", params: { options: "application/json" } } });

  const srsRaw = q.srsname;
  const srs = srsRaw ? parseSrs(srsRaw) : { code: 4326 as const, latFirst: false };
  if (!srs) throw badRequest({ srsName: { key: "bad_enum", params: { options: "EPSG:4326, EPSG:3857" } } });

  let bbox: Bbox | null = null;
  if (q.bbox) {
    const parts = q.bbox.split(",").map((x) => x.trim());
    const nums = parts.slice(0, 4).map(Number);
    // Without its own CRS the bbox is in the srsName's system (OpenLayers appends it anyway).
    const bboxSrs = parts.length === 5 ? parseSrs(parts[4]) : parts.length === 4 ? srs : null;
    if (!bboxSrs || nums.length !== 4 || !nums.every(Number.isFinite)) throw badRequest({ bbox: { key: "bad_request" } });
    bbox = bboxTo4326(nums as Bbox, bboxSrs);
    if (bbox[0] > bbox[2] || bbox[1] > bbox[3]) throw badRequest({ bbox: { key: "bad_request" } });
  }

  const countRaw = q.count ?? q.maxfeatures;
  let count = MAX_WFS_FEATURES;
  if (countRaw !== undefined) {
    const n = Number(countRaw);
    if (!Number.isInteger(n) || n < 0) throw badRequest({ count: { key: "not_integer" } });
    count = Math.min(n, MAX_WFS_FEATURES);
  }
  const startRaw = q.startindex;
  const startIndex = startRaw === undefined ? 0 : Number(startRaw);
  if (!Number.isInteger(startIndex) || startIndex < 0) throw badRequest({ startIndex: { key: "not_integer" } });

  let featureIds: Array<{ layer: string; id: number }> | null = null;
  const idsRaw = q.featureid ?? q.resourceid;
  if (idsRaw !== undefined) {
    featureIds = listOf(idsRaw).map((s) => {
      const m = /^(.*)\.(\d{1,10})$/.exec(s);
      if (!m) throw badRequest({ featureId: { key: "bad_request" } });
      return { layer: m[1], id: Number(m[2]) };
    });
  }
  if (!typeNames.length && !featureIds?.length) throw badRequest({ typeNames: { key: "required" } });
  return { request: "GetFeature", typeNames, srs, bbox, count, startIndex, featureIds };
}

/** The CRS as GeoServer names it in GeoJSON answers. */
const crsUrn = (code: 4326 | 3857) => `urn:ogc:def:crs:EPSG::${code}`;

export interface WfsFeature {
  id: number;
  layerName: string;
  geometry: Geometry;
  properties: Record<string, unknown>;
}

/** A GeoServer-shaped GeoJSON FeatureCollection in the requested system (x = lon/easting, y = lat/northing). */
export function featureCollection(features: WfsFeature[], total: number, code: 4326 | 3857) {
  return {
    type: "FeatureCollection",
    features: features.map((f) => ({
      type: "Feature",
      id: `${f.layerName}.${f.id}`,
      geometry: geometryTo(f.geometry, code),
      geometry_name: "geometry",
      properties: f.properties,
    })),
    totalFeatures: total,
    numberMatched: total,
    numberReturned: features.length,
    timeStamp: new Date().toISOString(),
    crs: { type: "name", properties: { name: crsUrn(code) } },
  };
}

const xml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** Minimal WFS 2.0.0 capabilities: the service, its operations and the company's layers. */
export function capabilities(layers: MapLayer[], href: string): string {
  const workspaces = [...new Set(layers.map((l) => l.workspace))];
  const ns = workspaces.map((w) => ` xmlns:${xml(w)}="urn:fieldworks:${xml(w)}"`).join("");
  const op = (name: string) => `<ows:Operation name="${name}"><ows:DCP><ows:HTTP><ows:Get xlink:href="${xml(href)}"/></ows:HTTP></ows:DCP></ows:Operation>`;
  const types = layers
    .map((l) => {
      const [minx, miny, maxx, maxy] = l.extent ?? [-180, -90, 180, 90];
      return [
        "<wfs:FeatureType>",
        `<wfs:Name>${xml(l.type_name)}</wfs:Name>`,
        `<wfs:Title>${xml(l.title)}</wfs:Title>`,
        "<wfs:DefaultCRS>urn:ogc:def:crs:EPSG::4326</wfs:DefaultCRS>",
        "<wfs:OtherCRS>urn:ogc:def:crs:EPSG::3857</wfs:OtherCRS>",
        "<wfs:OutputFormats><wfs:Format>application/json</wfs:Format></wfs:OutputFormats>",
        `<ows:WGS84BoundingBox><ows:LowerCorner>${minx} ${miny}</ows:LowerCorner><ows:UpperCorner>${maxx} ${maxy}</ows:UpperCorner></ows:WGS84BoundingBox>`,
        "</wfs:FeatureType>",
      ].join("");
    })
    .join("\n    ");
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:WFS_Capabilities version="2.0.0" xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:xlink="http://www.w3.org/1999/xlink"${ns}>
  <ows:ServiceIdentification>
    <ows:Title>Fieldworks WFS</ows:Title>
    <ows:ServiceType>WFS</ows:ServiceType>
    <ows:ServiceTypeVersion>2.0.0</ows:ServiceTypeVersion>
    <ows:ServiceTypeVersion>1.1.0</ows:ServiceTypeVersion>
  </ows:ServiceIdentification>
  <ows:OperationsMetadata>${op("GetCapabilities")}${op("DescribeFeatureType")}${op("GetFeature")}</ows:OperationsMetadata>
  <wfs:FeatureTypeList>
    ${types}
  </wfs:FeatureTypeList>
</wfs:WFS_Capabilities>
`;
}

const XSD_TYPE: Record<string, string> = { string: "string", integer: "int", number: "number", boolean: "boolean", date: "date", datetime: "date-time" };

/** DescribeFeatureType in GeoServer's JSON form. */
export function describeFeatureTypes(items: Array<{ layer: MapLayer; attributes: LayerAttribute[] }>) {
  return {
    elementFormDefault: "qualified",
    targetNamespace: items[0] ? `urn:fieldworks:${items[0].layer.workspace}` : "urn:fieldworks",
    targetPrefix: items[0]?.layer.workspace ?? "fieldworks",
    featureTypes: items.map(({ layer, attributes }) => ({
      typeName: layer.name,
      properties: [
        { name: "geometry", maxOccurs: 1, minOccurs: 0, nillable: true, type: `gml:${layer.geometry_type}`, localType: layer.geometry_type },
        ...attributes.map((a) => ({ name: a.name, maxOccurs: 1, minOccurs: 0, nillable: true, type: `xsd:${XSD_TYPE[a.type]}`, localType: XSD_TYPE[a.type] })),
      ],
    })),
  };
}
