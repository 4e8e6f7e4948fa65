// The map's wire, once for both sides (docs/api.md "Map service" and "Map calls"): the map
// service's routes below /map-service (method and path), the bodies they take and the answers
// they give, and the attendance point of map-monitoring search. The server registers and answers
// these routes (server/map/), the web app calls them (src/pages/map/api/). Data and types only.

/** Geometry types a layer may declare (GeoJSON names). */
export const GEOMETRY_TYPES = ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon"] as const;
export type GeometryType = (typeof GEOMETRY_TYPES)[number];

/** Types of layer attributes (the properties of its features). */
export const ATTRIBUTE_TYPES = ["string", "integer", "number", "boolean", "date", "datetime"] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** [lon, lat] (or [x, y] in web mercator when the request says so). */
export type Position = [number, number];
export type Bbox = [minx: number, miny: number, maxx: number, maxy: number];

/** A GeoJSON geometry. */
export interface Geometry {
  type: GeometryType;
  // Nesting depends on the type: Position, Position[], Position[][] or Position[][][].
  coordinates: unknown;
}

/** A feature's properties: flat values. */
export type Scalar = string | number | boolean | null;
export type Properties = Record<string, Scalar>;

// ---- answers -------------------------------------------------------------------------------

/** A map. */
export interface MapInfo {
  id: number;
  name: string;
  center: Position;
  zoom: number;
  settings: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

/** A layer of a map. */
export interface MapLayer {
  id: number;
  map_id: number;
  name: string;
  title: string;
  /** What WFS calls it: "<workspace>:<name>". */
  type_name: string;
  geometry_type: GeometryType;
  style: Record<string, unknown>;
  visible: boolean;
  order: number;
  workspace: string;
  store: string;
  feature_count: number;
  /** lon/lat extent of its features, null when it has none. */
  extent: Bbox | null;
  created_at: string;
  updated_at: string;
}

/** The map load: the map with its layers in drawing order. */
export interface MapDoc extends MapInfo {
  layers: MapLayer[];
}

export interface LayerAttribute {
  id: number;
  name: string;
  type: AttributeType;
  label: string;
  order: number;
}

export interface SearchLabels {
  layer_id: number;
  labels: string[];
  search: string[];
}

export interface MapFeature {
  type: "Feature";
  id: number;
  layer_id: number;
  geometry: Geometry;
  properties: Properties;
}

// ---- bodies --------------------------------------------------------------------------------

export interface MapCreateBody {
  name: string;
  center: Position;
  zoom?: number;
  settings?: Record<string, unknown>;
}

export interface LayerPatchBody {
  id: number;
  title?: string;
  style?: Record<string, unknown>;
  visible?: boolean;
  order?: number;
}

export interface MapUpdateBody {
  name?: string;
  center?: Position;
  zoom?: number;
  settings?: Record<string, unknown>;
  layers?: LayerPatchBody[];
}

export interface AttributeBody {
  name: string;
  type: AttributeType;
  label?: string;
  order?: number;
}

export interface LayerCreateBody {
  map_id: number;
  name: string;
  geometry_type: GeometryType;
  title?: string;
  style?: Record<string, unknown>;
  visible?: boolean;
  order?: number;
  workspace?: string;
  store?: string;
  attributes?: AttributeBody[];
  /** A GeoJSON FeatureCollection (or the list of its features). */
  features?: unknown;
}

export interface SearchLabelsBody {
  labels: string[];
  search: string[];
}

/** Geometry replaced, properties merged; a GeoJSON Feature is taken too. */
export interface FeatureUpdateBody {
  geometry?: Geometry;
  properties?: Properties;
}

// ---- routes --------------------------------------------------------------------------------

/** Where the bundled server serves the map service (the web app's VITE_MAP_URL by default). */
export const MAP_SERVICE_PREFIX = "/map-service";

/** Every route: method and path below the prefix, `{name}` for a path parameter. Geometries are
 *  lon/lat unless the query says `?srsname=EPSG:3857`. */
export const MAP_SERVICE_ROUTES = {
  /** Beyond the contract: which maps the company has. */
  mapList: { method: "GET", path: "/map/list" },
  /** Beyond the contract: a company's first map. */
  mapCreate: { method: "POST", path: "/map" },
  mapLoad: { method: "GET", path: "/map/{mapId}" },
  mapUpdate: { method: "PUT", path: "/map/{mapId}" },
  /** ?map_id= (without: all the company's layers). */
  layerList: { method: "GET", path: "/layer/list" },
  layerCreate: { method: "POST", path: "/layer" },
  attributeGet: { method: "GET", path: "/layer/{layerId}/attribute" },
  attributeUpdate: { method: "PUT", path: "/layer/{layerId}/attribute" },
  searchLabelGet: { method: "GET", path: "/layer/{layerId}/search-label" },
  searchLabelUpdate: { method: "PUT", path: "/layer/{layerId}/search-label" },
  /** featureId: "12" or the WFS id "layer_name.12". */
  featureUpdate: { method: "PUT", path: "/feature/{layerId}/{featureId}" },
} as const satisfies Record<string, { method: "GET" | "POST" | "PUT"; path: string }>;

export type MapServiceRoute = keyof typeof MAP_SERVICE_ROUTES;

/** The answer (`data` of the envelope) of each route. */
export interface MapServiceAnswers {
  mapList: MapInfo[];
  mapCreate: MapDoc;
  mapLoad: MapDoc;
  mapUpdate: MapDoc;
  layerList: MapLayer[];
  layerCreate: MapLayer & { attributes: LayerAttribute[] };
  attributeGet: LayerAttribute[];
  attributeUpdate: LayerAttribute[];
  searchLabelGet: SearchLabels;
  searchLabelUpdate: SearchLabels;
  featureUpdate: MapFeature;
}

/** The body each route takes (none for a read). */
export interface MapServiceBodies {
  mapList: never;
  mapCreate: MapCreateBody;
  mapLoad: never;
  mapUpdate: MapUpdateBody;
  layerList: never;
  layerCreate: LayerCreateBody;
  attributeGet: never;
  attributeUpdate: { attributes: AttributeBody[] } | AttributeBody[];
  searchLabelGet: never;
  searchLabelUpdate: SearchLabelsBody;
  featureUpdate: FeatureUpdateBody;
}

type ParamNames<P extends string> = P extends `${string}{${infer K}}${infer Rest}` ? K | ParamNames<Rest> : never;

/** The path parameters of a route, by name. */
export type MapServiceParams<R extends MapServiceRoute> = Record<ParamNames<(typeof MAP_SERVICE_ROUTES)[R]["path"]>, string | number>;

// ---- map calls of the project API ----------------------------------------------------------

/** map-monitoring search: a staff member's latest place (the newest of the clock-in place, their
 *  latest waypoint and the clock-out place: wp_source), with when they were there (wp_time);
 *  the clock-in place apart (clock_in_lon/lat). */
export interface AttendancePoint {
  user_id: number;
  name: string;
  clock_in: string | null;
  clock_in_loc: string | null;
  clock_out: string | null;
  clock_out_loc: string | null;
  image_selfie: string | null;
  /** Their active projects' names joined with ", ". */
  projects: string | null;
  presence_status: string | null;
  /** The project of that presence record (its site: its times are in that project's zone), null without one. */
  project_id: number | null;
  wp_lon: number;
  wp_lat: number;
  presence_date: string | null;
  wp_time: string | null;
  wp_source: "clock_in" | "waypoint" | "clock_out";
  /** The clock-in place of that presence record, null without one. */
  clock_in_lon: number | null;
  clock_in_lat: number | null;
}

/**
 * waypoint/search: a point of a user's history, the fields the map, the timesheet and a tracking
 * review read. A worker's day is ~1,000 points, so the answer carries these only: not the tenancy
 * (company_id and its label) nor the bookkeeping times (created_at, updated_at: waypoints are never
 * edited), which made up 45 % of its JSON (bench:api). lon and lat are numeric strings (the spec's).
 */
export interface HistoryPoint {
  id: number;
  user_id: number;
  user_id_label: string | null;
  wptime: string;
  lon: string;
  lat: string;
  accuracy: number | null;
  speed: number | null;
  battery: number | null;
}

/** "106.827153": a number's shortest exact text (a string stays as it is). */
const coordText = (v: unknown): string => (typeof v === "number" ? String(v) : (v as string));

/** A waypoint record (with its labels) as its history point. */
export const historyPointOf = (w: Record<string, unknown>): HistoryPoint => ({
  id: w.id as number,
  user_id: w.user_id as number,
  user_id_label: (w.user_id_label as string | null | undefined) ?? null,
  wptime: w.wptime as string,
  lon: coordText(w.lon),
  lat: coordText(w.lat),
  accuracy: (w.accuracy as number | null | undefined) ?? null,
  speed: (w.speed as number | null | undefined) ?? null,
  battery: (w.battery as number | null | undefined) ?? null,
});

/**
 * waypoint/search with `"format": "columns"` in the body (the map's route; beyond the spec): the
 * same points of the same body, one list per field, the n-th entries making the n-th point: its
 * time (ISO, as in the rows) and place, lon and lat as numbers. A worker's day is a third of the
 * rows' JSON, made and read without a record per point (bench:api).
 */
export interface HistoryColumns {
  wptime: string[];
  lon: number[];
  lat: number[];
}

/** The stored columns a columnar history answer is made of. */
export const HISTORY_COLUMNS = ["wptime", "lon", "lat"] as const;

/** The body's answer format: "rows" (the spec's), "columns", or null for a value that is neither. */
export function historyFormatOf(body: unknown): "rows" | "columns" | null {
  const format = body && typeof body === "object" ? (body as Record<string, unknown>).format : undefined;
  return format === undefined || format === null || format === "rows" ? "rows" : format === "columns" ? "columns" : null;
}
