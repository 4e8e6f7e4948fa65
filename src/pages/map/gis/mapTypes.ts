// The map service's answers and bodies (docs/api.md "Map service"), as the page reads them.

export type GeometryType = "Point" | "LineString" | "Polygon" | "MultiPoint" | "MultiLineString" | "MultiPolygon";
export const GEOMETRY_TYPES: GeometryType[] = ["Point", "LineString", "Polygon", "MultiPoint", "MultiLineString", "MultiPolygon"];

/** A layer as the map service answers it. */
export interface MapLayer {
  id: number;
  map_id: number;
  name: string;
  title: string | null;
  type_name: string;
  geometry_type: GeometryType;
  style: Record<string, unknown> | null;
  visible: boolean;
  order: number;
  workspace: string;
  store: string;
  feature_count?: number;
  extent: [number, number, number, number] | null;
}

/** The map load's answer: the map with its layers. */
export interface MapDoc {
  id: number;
  name: string;
  center: [number, number];
  zoom: number;
  settings: Record<string, unknown> | null;
  layers: MapLayer[];
}

export interface LayerAttribute {
  id?: number;
  name: string;
  type: string;
  label: string | null;
  order?: number;
}

export interface SearchLabels {
  layer_id: number;
  labels: string[];
  search: string[];
}

export interface GeoFeature {
  type: "Feature";
  id: string | number;
  geometry: unknown;
  properties: Record<string, unknown>;
}

export interface LayerCreate {
  map_id: number;
  name: string;
  title?: string;
  geometry_type: GeometryType;
  features?: unknown;
}
