// Table names of the map service (server/db/migrations/002_map_service.ts). Not resources of
// the declaration: the map service has its own routes (/map-service, declaration/map-service.ts)
// and its own rules.
export const MAP_TABLES = {
  maps: "maps",
  layers: "map_layers",
  features: "map_features",
  attributes: "map_layer_attributes",
  searchLabels: "map_search_labels",
} as const;
