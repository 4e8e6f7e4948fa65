// Table names of the map service (server/db/migrations/002_map_service.ts). Not resources of
// the declaration: the map service has its own routes (/map-service) and its own rules.
export const MAP_TABLES = {
  maps: "maps",
  layers: "map_layers",
  features: "map_features",
  attributes: "map_layer_attributes",
  searchLabels: "map_search_labels",
} as const;

/** Geometry types a layer may declare (GeoJSON names). */
export const GEOMETRY_TYPES = ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon"] as const;
export type GeometryType = (typeof GEOMETRY_TYPES)[number];

/** Types of layer attributes (the properties of its features). */
export const ATTRIBUTE_TYPES = ["string", "integer", "number", "boolean", "date", "datetime"] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];
