// The map service's calls (docs/api.md "Map service"), through the data provider's `custom` on
// the "map" service (VITE_MAP_URL): method, path and answer of each come from its declared route
// (declaration/map-service.ts, which the server registers too). The map service has its own
// tables and is not a declaration resource, so its routes are not operations of resources.config.
import {
  MAP_SERVICE_ROUTES,
  type LayerCreateBody,
  type MapCreateBody,
  type MapServiceAnswers,
  type MapServiceBodies,
  type MapServiceParams,
  type MapServiceRoute,
  type MapUpdateBody,
  type Properties,
} from "../../../../declaration/map-service";
import dataProvider from "../../../providers/dataProvider";

export type { LayerAttribute, MapDoc, MapFeature, MapInfo, MapLayer, SearchLabels } from "../../../../declaration/map-service";
export { GEOMETRY_TYPES, type GeometryType } from "../../../../declaration/map-service";

interface Call<R extends MapServiceRoute> {
  params?: MapServiceParams<R>;
  payload?: MapServiceBodies[R];
  query?: Record<string, unknown>;
}

/** A declared route's path below the service's base, its parameters filled (each encoded). */
export function mapServicePath<R extends MapServiceRoute>(route: R, params?: MapServiceParams<R>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return MAP_SERVICE_ROUTES[route].path.replace(/^\//, "").replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));
}

/** Calls a declared route: its typed answer (`data`), or the HttpError. */
async function call<R extends MapServiceRoute>(route: R, { params, payload, query }: Call<R> = {}): Promise<MapServiceAnswers[R]> {
  const method = MAP_SERVICE_ROUTES[route].method.toLowerCase() as "get" | "post" | "put";
  const res = await dataProvider.custom!({ url: mapServicePath(route, params), method, payload, query, meta: { service: "map" } });
  return res.data as unknown as MapServiceAnswers[R];
}

/** The company's maps (beyond the contract). */
export const listMaps = () => call("mapList");
/** A company's first map (beyond the contract). */
export const createMap = (body: MapCreateBody) => call("mapCreate", { payload: body });
/** The map load: the map with its saved layers; 404 for a missing or another company's map. */
export const loadMap = (id: number) => call("mapLoad", { params: { mapId: id } });
export const updateMap = (id: number, patch: MapUpdateBody) => call("mapUpdate", { params: { mapId: id }, payload: patch });
/** The layer list of a map, in drawing order. */
export const listLayers = (mapId: number) => call("layerList", { query: { map_id: mapId } });
/** create-layer: optionally with a GeoJSON FeatureCollection. */
export const createLayer = (body: LayerCreateBody) => call("layerCreate", { payload: body });
export const getAttributes = (layerId: number) => call("attributeGet", { params: { layerId } });
export const getSearchLabels = (layerId: number) => call("searchLabelGet", { params: { layerId } });
/** feature update: the properties merge into the stored ones. */
export const updateFeature = (layerId: number, featureId: string | number, properties: Properties) =>
  call("featureUpdate", { params: { layerId, featureId }, payload: { properties } });
