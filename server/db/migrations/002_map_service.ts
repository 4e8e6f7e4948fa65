// Migration 002: the map service's tables (server/map/, routes in server/map/routes.ts
// and server/map/wfs-routes.ts). Own tables, not declaration resources: every row carries
// company_id for tenancy. Coordinates are stored in EPSG:4326 (lon/lat); geometries as GeoJSON
// text with their bounding box in four real columns, so a WFS bbox query is plain indexed
// comparisons on both dialects (no PostGIS, no SQLite R*Tree needed at demo sizes).
import { createIndex, createTable } from "../ddl";
import type { Db } from "../connection";

// Frozen here (not imported from server/map/tables.ts): an applied migration never changes.
const T = { maps: "maps", layers: "map_layers", features: "map_features", attributes: "map_layer_attributes", searchLabels: "map_search_labels" } as const;

const stamps = [
  { name: "created_at", kind: "text" },
  { name: "updated_at", kind: "text" },
] as const;

export async function up(db: Db): Promise<void> {
  await createTable(db, {
    table: T.maps,
    columns: [
      { name: "id", kind: "id" },
      { name: "company_id", kind: "integer" },
      { name: "name", kind: "text" },
      { name: "center_lon", kind: "real" },
      { name: "center_lat", kind: "real" },
      { name: "zoom", kind: "real" },
      { name: "settings", kind: "text" },
      ...stamps,
    ],
  });
  await createIndex(db, T.maps, { name: "ix_maps_company_id", columns: ["company_id"] });

  await createTable(db, {
    table: T.layers,
    columns: [
      { name: "id", kind: "id" },
      { name: "company_id", kind: "integer" },
      { name: "map_id", kind: "integer" },
      { name: "name", kind: "text" },
      { name: "title", kind: "text" },
      { name: "geometry_type", kind: "text" },
      { name: "style", kind: "text" },
      { name: "visible", kind: "integer" },
      { name: "order", kind: "integer" },
      { name: "workspace", kind: "text" },
      { name: "store", kind: "text" },
      ...stamps,
    ],
  });
  await createIndex(db, T.layers, { name: "ix_map_layers_map_id", columns: ["map_id"] });
  // WFS names a layer "<workspace>:<name>": one per company and workspace.
  await createIndex(db, T.layers, { name: "ux_map_layers_company_workspace_name", columns: ["company_id", "workspace", "name"], unique: true });

  await createTable(db, {
    table: T.features,
    columns: [
      { name: "id", kind: "id" },
      { name: "company_id", kind: "integer" },
      { name: "layer_id", kind: "integer" },
      { name: "geometry", kind: "text" },
      { name: "properties", kind: "text" },
      { name: "minx", kind: "real" },
      { name: "miny", kind: "real" },
      { name: "maxx", kind: "real" },
      { name: "maxy", kind: "real" },
      ...stamps,
    ],
  });
  // bbox queries: layer_id = ? and minx <= ? and maxx >= ? and miny <= ? and maxy >= ?
  await createIndex(db, T.features, { name: "ix_map_features_layer_bbox", columns: ["layer_id", "minx", "maxx", "miny", "maxy"] });

  await createTable(db, {
    table: T.attributes,
    columns: [
      { name: "id", kind: "id" },
      { name: "company_id", kind: "integer" },
      { name: "layer_id", kind: "integer" },
      { name: "name", kind: "text" },
      { name: "type", kind: "text" },
      { name: "label", kind: "text" },
      { name: "order", kind: "integer" },
      ...stamps,
    ],
  });
  await createIndex(db, T.attributes, { name: "ux_map_layer_attributes_layer_name", columns: ["layer_id", "name"], unique: true });

  await createTable(db, {
    table: T.searchLabels,
    columns: [
      { name: "id", kind: "id" },
      { name: "company_id", kind: "integer" },
      { name: "layer_id", kind: "integer" },
      { name: "attribute", kind: "text" },
      // "label": shown as the feature's label (several are joined); "search": matched by searches.
      { name: "usage", kind: "text" },
      { name: "order", kind: "integer" },
      ...stamps,
    ],
  });
  await createIndex(db, T.searchLabels, { name: "ux_map_search_labels_layer_usage_attr", columns: ["layer_id", "usage", "attribute"], unique: true });
}

export async function down(db: Db): Promise<void> {
  for (const t of [T.searchLabels, T.attributes, T.features, T.layers, T.maps]) await db.schema.dropTable(t).execute();
}
