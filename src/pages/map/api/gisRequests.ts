// The GIS server's requests (VITE_GIS_URL): WFS GetFeature parameters (GeoJSON, bbox strategy),
// WMS parameters, which layers draw from which, and the GetFeatureInfo query. Pure (unit tests).
import type { MapLayer } from "../../../../declaration/map-service";

/** How a layer is drawn: "wms" (raster from a GIS server, e.g. GeoServer) when its style says
 *  `source: "wms"` (or the map's settings name it in `wms_layers`); else "wfs" (vector, GeoJSON). */
export function layerSource(layer: Pick<MapLayer, "style" | "name" | "type_name">, settings?: Record<string, unknown> | null): "wms" | "wfs" {
  if (layer.style?.source === "wms") return "wms";
  const listed = settings?.wms_layers;
  return Array.isArray(listed) && (listed.includes(layer.name) || listed.includes(layer.type_name)) ? "wms" : "wfs";
}

/** The layer's `workspace:name`; a bare name takes the map's workspace (settings) or the layer's own. */
export function typeNameOf(layer: Pick<MapLayer, "type_name" | "name" | "workspace">, settings?: Record<string, unknown> | null): string {
  if (layer.type_name?.includes(":")) return layer.type_name;
  const ws = (typeof settings?.workspace === "string" && settings.workspace) || layer.workspace;
  return ws ? `${ws}:${layer.name}` : layer.name;
}

/** WFS GetFeature of one layer in the view's extent (bbox strategy), GeoJSON in the view's system. */
export function wfsBboxParams(typeName: string, extent: readonly number[], srs: string): Record<string, string> {
  return {
    service: "WFS",
    version: "2.0.0",
    request: "GetFeature",
    typeNames: typeName,
    outputFormat: "application/json",
    srsName: srs,
    bbox: `${extent.join(",")},${srs}`,
  };
}

/** WFS GetFeature of a whole layer (the attribute table, the label search), at most `count`. */
export function wfsLayerParams(typeName: string, srs: string, count: number): Record<string, string> {
  return { service: "WFS", version: "2.0.0", request: "GetFeature", typeNames: typeName, outputFormat: "application/json", srsName: srs, count: String(count) };
}

/** WMS parameters of a layer (GeoServer-style tiled requests). */
export const wmsParams = (typeName: string): Record<string, unknown> => ({ LAYERS: typeName, TILED: true, FORMAT: "image/png", TRANSPARENT: true });

/** The WMS endpoint: the map's `wms_url` setting, else VITE_GIS_URL's `/wms`. */
export function wmsUrl(gisBase: string, settings?: Record<string, unknown> | null): string {
  const own = settings?.wms_url;
  return typeof own === "string" && own.trim() ? own.trim() : `${gisBase.replace(/\/+$/, "")}/wms`;
}

/** GetFeatureInfo's URL (from the WMS source) → the path below the GIS base and its query, so the
 *  call goes through the GIS client (with the session's headers). Null for another host. */
export function featureInfoRequest(url: string, gisBase: string): { path: string; query: Record<string, string> } | null {
  const u = new URL(url, "http://same.origin");
  const base = new URL(gisBase.replace(/\/+$/, "") + "/", "http://same.origin");
  if (u.origin !== base.origin || !u.pathname.startsWith(base.pathname)) return null;
  return { path: u.pathname.slice(base.pathname.length), query: Object.fromEntries(u.searchParams) };
}

/** The base map of the map's settings: an XYZ template ("https://…/{z}/{x}/{y}.png"), or null (the default). */
export function basemapOfSettings(settings?: Record<string, unknown> | null): string | null {
  const b = settings?.basemap;
  return typeof b === "string" && /^https?:\/\/.*\{z\}/.test(b) ? b : null;
}
