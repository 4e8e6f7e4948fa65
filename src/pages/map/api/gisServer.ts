// Calls to the GIS server (VITE_GIS_URL) through the data provider's "gis" service, so they carry
// the session's headers (OpenLayers' own URL loader could not send the Bearer token).
import dataProvider from "../../../providers/dataProvider";
import { wfsLayerParams } from "./gisRequests";

export interface FeatureCollection {
  type: "FeatureCollection";
  features: { type: "Feature"; id?: string | number; geometry: unknown; properties: Record<string, unknown> | null }[];
  totalFeatures?: number;
}

/** GET {gis}/{path}?query: the answer's body (GeoJSON, GetFeatureInfo JSON, …). */
export async function getGis<T>(path: string, query: Record<string, unknown>): Promise<T> {
  const res = await dataProvider.custom!({ url: path, method: "get", query, meta: { service: "gis" } });
  return res.data as T;
}

/** A WFS GetFeature (the parameters of gisRequests.ts). */
export const getWfs = (params: Record<string, string>) => getGis<FeatureCollection>("wfs", params);

/** The most features a table or search reads of one layer. */
export const LAYER_READ_LIMIT = 2000;

/** Every feature of a layer (up to LAYER_READ_LIMIT), in the given system. */
export const getLayerFeatures = (typeName: string, srs = "EPSG:3857") => getWfs(wfsLayerParams(typeName, srs, LAYER_READ_LIMIT));
