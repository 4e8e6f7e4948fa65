// Coordinates and GeoJSON geometries for the map service and the WFS subset: reference systems
// (EPSG:4326 lon/lat as stored, EPSG:3857 web mercator as OpenLayers draws), conversions,
// bounding boxes and geometry validation. Pure functions, no database.
import type { Msg } from "../i18n/messages";
import { GEOMETRY_TYPES, type Bbox, type Geometry, type GeometryType, type Position } from "../../declaration/map-service";

/** A reference system we speak: 4326 (lon/lat degrees) or 3857 (web mercator metres). */
export interface Srs {
  code: 4326 | 3857;
  /** Axis order lat/lon: 4326 written as a URN or an OGC http URI (OGC rules), not "EPSG:4326". */
  latFirst: boolean;
}

const R = 6378137;
/** Web mercator stops here: beyond it y grows without bound. */
export const MAX_MERCATOR_LAT = 85.0511287798066;

export function toMercator([lon, lat]: Position): Position {
  const la = Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, lat));
  return [(R * lon * Math.PI) / 180, R * Math.log(Math.tan(Math.PI / 4 + (la * Math.PI) / 360))];
}

export function toLonLat([x, y]: Position): Position {
  return [((x / R) * 180) / Math.PI, ((2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * 180) / Math.PI];
}

const MERCATOR_CODES = new Set(["3857", "900913", "3785", "102100", "102113"]);

/**
 * The reference system named by a WFS/OpenLayers srsName or bbox suffix: "EPSG:4326",
 * "urn:ogc:def:crs:EPSG::4326", "urn:x-ogc:def:crs:EPSG:4326", "http://www.opengis.net/def/crs/EPSG/0/4326",
 * "http://www.opengis.net/gml/srs/epsg.xml#4326", "CRS:84", "urn:ogc:def:crs:OGC:1.3:CRS84", and the
 * same forms of 3857 (also 900913, 3785, 102100, 102113). Unknown → null.
 */
export function parseSrs(raw: string): Srs | null {
  const s = raw.trim();
  if (/^(CRS:84|urn:ogc:def:crs:OGC:1\.3:CRS84|http:\/\/www\.opengis\.net\/def\/crs\/OGC\/1\.3\/CRS84)$/i.test(s)) return { code: 4326, latFirst: false };
  let m = /^EPSG:(\d+)$/i.exec(s) ?? /^http:\/\/www\.opengis\.net\/gml\/srs\/epsg\.xml#(\d+)$/i.exec(s);
  let uri = false;
  if (!m) {
    m = /^urn:(?:x-)?ogc:def:crs:EPSG:[\d.]*:(\d+)$/i.exec(s) ?? /^https?:\/\/www\.opengis\.net\/def\/crs\/EPSG\/[\d.]+\/(\d+)$/i.exec(s);
    uri = !!m;
  }
  if (!m) return null;
  if (m[1] === "4326") return { code: 4326, latFirst: uri };
  if (MERCATOR_CODES.has(m[1])) return { code: 3857, latFirst: false };
  return null;
}

export const srsName = (code: 4326 | 3857): string => `EPSG:${code}`;

/** Maps every position of a geometry. */
export function mapPositions(g: Geometry, fn: (p: Position) => Position): Geometry {
  const walk = (c: unknown, depth: number): unknown => (depth === 0 ? fn(c as Position) : (c as unknown[]).map((x) => walk(x, depth - 1)));
  return { type: g.type, coordinates: walk(g.coordinates, DEPTH[g.type]) };
}

/** Nesting depth of positions per type (0: the coordinates are one position). */
const DEPTH: Record<GeometryType, number> = { Point: 0, MultiPoint: 1, LineString: 1, MultiLineString: 2, Polygon: 2, MultiPolygon: 3 };

export function positionsOf(g: Geometry): Position[] {
  const out: Position[] = [];
  mapPositions(g, (p) => (out.push(p), p));
  return out;
}

export function bboxOf(g: Geometry): Bbox {
  let [minx, miny, maxx, maxy] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of positionsOf(g)) {
    if (x < minx) minx = x;
    if (y < miny) miny = y;
    if (x > maxx) maxx = x;
    if (y > maxy) maxy = y;
  }
  return [minx, miny, maxx, maxy];
}

/** Stored (4326) → the requested system. */
export const geometryTo = (g: Geometry, code: 4326 | 3857): Geometry => (code === 4326 ? g : mapPositions(g, toMercator));

/** A 4326 bbox as the requested system's bbox (corners suffice: both systems keep axes straight). */
export function bboxTo(b: Bbox, code: 4326 | 3857): Bbox {
  if (code === 4326) return b;
  const [x1, y1] = toMercator([b[0], b[1]]);
  const [x2, y2] = toMercator([b[2], b[3]]);
  return [x1, y1, x2, y2];
}

/** A bbox in `srs` (axis order included) → a 4326 lon/lat bbox, clamped to the world. */
export function bboxTo4326(values: Bbox, srs: Srs): Bbox {
  let [a, b, c, d] = values;
  if (srs.latFirst) [a, b, c, d] = [b, a, d, c];
  if (srs.code === 3857) {
    [a, b] = toLonLat([a, b]);
    [c, d] = toLonLat([c, d]);
  }
  return [Math.max(-180, a), Math.max(-90, b), Math.min(180, c), Math.min(90, d)];
}

/** Base type of a geometry type ("MultiPolygon" → "Polygon"). */
export const baseType = (t: GeometryType): string => t.replace(/^Multi/, "");

/** Most positions one geometry may hold (a cable route, a work area outline). */
export const MAX_POSITIONS = 100_000;

export type GeometryCheck = { ok: true; geometry: Geometry; bbox: Bbox } | { ok: false; error: Msg };

const fail = (key: Msg["key"], params?: Msg["params"]): GeometryCheck => ({ ok: false, error: { key, params } });

/**
 * A GeoJSON geometry from a client: type among `allowed`, positions of two finite numbers (a
 * third, the height, is dropped), LineStrings of 2+ positions, closed rings of 4+; coordinates
 * in `from` (converted to 4326) and, in 4326, within lon ±180 and lat ±90.
 */
export function checkGeometry(raw: unknown, allowed: readonly GeometryType[], from: 4326 | 3857 = 4326): GeometryCheck {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return fail("bad_json");
  const { type, coordinates } = raw as { type?: unknown; coordinates?: unknown };
  if (typeof type !== "string" || !(GEOMETRY_TYPES as readonly string[]).includes(type) || !allowed.includes(type as GeometryType)) {
    return fail("bad_enum", { options: allowed.join(", ") });
  }
  let count = 0;
  const position = (p: unknown): Position | null => {
    if (!Array.isArray(p) || p.length < 2 || p.length > 3 || !p.every((n) => typeof n === "number" && Number.isFinite(n))) return null;
    count++;
    const pos: Position = from === 3857 ? toLonLat([p[0], p[1]]) : [p[0], p[1]];
    if (from === 3857) pos.forEach((n, i) => (pos[i] = Math.round(n * 1e9) / 1e9));
    return Math.abs(pos[0]) <= 180 && Math.abs(pos[1]) <= 90 ? pos : null;
  };
  const list = (c: unknown, min: number): Position[] | null => {
    if (!Array.isArray(c) || c.length < min) return null;
    const out: Position[] = [];
    for (const p of c) {
      const pos = position(p);
      if (!pos || count > MAX_POSITIONS) return null;
      out.push(pos);
    }
    return out;
  };
  const ring = (c: unknown): Position[] | null => {
    const r = list(c, 4);
    if (!r) return null;
    const [f, l] = [r[0], r[r.length - 1]];
    return f[0] === l[0] && f[1] === l[1] ? r : null;
  };
  const many = <T>(c: unknown, one: (x: unknown) => T | null, min = 1): T[] | null => {
    if (!Array.isArray(c) || c.length < min) return null;
    const out: T[] = [];
    for (const x of c) {
      const v = one(x);
      if (v === null) return null;
      out.push(v);
    }
    return out;
  };
  const t = type as GeometryType;
  const coords: unknown =
    t === "Point"
      ? position(coordinates)
      : t === "MultiPoint"
        ? list(coordinates, 1)
        : t === "LineString"
          ? list(coordinates, 2)
          : t === "MultiLineString"
            ? many(coordinates, (x) => list(x, 2))
            : t === "Polygon"
              ? many(coordinates, ring)
              : many(coordinates, (x) => many(x, ring));
  if (coords === null) return fail("bad_geo");
  const geometry: Geometry = { type: t, coordinates: coords };
  return { ok: true, geometry, bbox: bboxOf(geometry) };
}

/** Geometry types a layer of `layerType` holds: its own and its single/multi twin. */
export function typesFor(layerType: GeometryType): GeometryType[] {
  const base = baseType(layerType);
  return GEOMETRY_TYPES.filter((t) => baseType(t) === base);
}
