// The map service's operations (docs/api.md "Map service"), through the data provider's `custom`
// on the "map" service: one table of method + path per operation, typed answers. The map service
// has its own tables and is not a declaration resource (server/README.md "Map service and GIS"),
// so its operations are listed here instead of in declaration/.
import dataProvider from "../../../providers/dataProvider";

import type { GeoFeature, LayerAttribute, LayerCreate, MapDoc, MapLayer, SearchLabels } from "./mapTypes";

export * from "./mapTypes";

type Method = "get" | "post" | "put";

/** The operations: method and path (below VITE_MAP_URL) with their answers. */
const OPS = {
  mapList: { method: "get", path: () => "map/list" },
  mapCreate: { method: "post", path: () => "map" },
  mapLoad: { method: "get", path: (id: number) => `map/${id}` },
  mapUpdate: { method: "put", path: (id: number) => `map/${id}` },
  layerList: { method: "get", path: () => "layer/list" },
  layerCreate: { method: "post", path: () => "layer" },
  attributeGet: { method: "get", path: (id: number) => `layer/${id}/attribute` },
  searchLabelGet: { method: "get", path: (id: number) => `layer/${id}/search-label` },
  featureUpdate: { method: "put", path: (layerId: number, featureId: string | number) => `feature/${layerId}/${encodeURIComponent(String(featureId))}` },
} as const;

async function call<T>(method: Method, url: string, opts: { payload?: unknown; query?: Record<string, unknown> } = {}): Promise<T> {
  const res = await dataProvider.custom!({ url, method, payload: opts.payload, query: opts.query, meta: { service: "map" } });
  return res.data as T;
}

/** The company's maps (beyond the contract). */
export const listMaps = () => call<Omit<MapDoc, "layers">[]>(OPS.mapList.method, OPS.mapList.path());
/** A company's first map (beyond the contract). */
export const createMap = (body: { name: string; center: [number, number]; zoom?: number; settings?: Record<string, unknown> }) =>
  call<MapDoc>(OPS.mapCreate.method, OPS.mapCreate.path(), { payload: body });
/** The map load: the map with its saved layers; 404 for a missing or another company's map. */
export const loadMap = (id: number) => call<MapDoc>(OPS.mapLoad.method, OPS.mapLoad.path(id));
export const updateMap = (id: number, patch: Record<string, unknown>) => call<MapDoc>(OPS.mapUpdate.method, OPS.mapUpdate.path(id), { payload: patch });
/** The layer list of a map, in drawing order. */
export const listLayers = (mapId: number) => call<MapLayer[]>(OPS.layerList.method, OPS.layerList.path(), { query: { map_id: mapId } });
/** create-layer: optionally with a GeoJSON FeatureCollection. */
export const createLayer = (body: LayerCreate) => call<MapLayer & { attributes: LayerAttribute[] }>(OPS.layerCreate.method, OPS.layerCreate.path(), { payload: body });
export const getAttributes = (layerId: number) => call<LayerAttribute[]>(OPS.attributeGet.method, OPS.attributeGet.path(layerId));
export const getSearchLabels = (layerId: number) => call<SearchLabels>(OPS.searchLabelGet.method, OPS.searchLabelGet.path(layerId));
/** feature update: the properties merge into the stored ones. */
export const updateFeature = (layerId: number, featureId: string | number, properties: Record<string, unknown>) =>
  call<GeoFeature>(OPS.featureUpdate.method, OPS.featureUpdate.path(layerId, featureId), { payload: { properties } });
