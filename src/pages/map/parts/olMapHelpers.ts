// Small helpers over the page's OpenLayers map for the GIS parts: find a GIS layer, refresh it,
// zoom to a geometry, set the base map's tiles.
import type OlMap from "ol/Map";
import type BaseLayer from "ol/layer/Base";
import TileLayer from "ol/layer/Tile";
import VectorLayer from "ol/layer/Vector";
import XYZ from "ol/source/XYZ";
import { getCenter, getHeight, getWidth, type Extent } from "ol/extent";
import { useMapStore } from "../store/mapStore";
import { GIS_LAYER_ID } from "./gisLayers";

export const gisLayersOf = (map: OlMap): BaseLayer[] =>
  map
    .getLayers()
    .getArray()
    .filter((l) => l.get(GIS_LAYER_ID) !== undefined);

/** Reloads a vector layer's features (after a feature update). */
export function refreshGisLayer(map: OlMap | null, layerId: number): void {
  const layer = map && gisLayersOf(map).find((l) => l.get(GIS_LAYER_ID) === layerId);
  if (layer instanceof VectorLayer) layer.getSource()?.refresh();
}

/** Frames an extent (a found feature); a point (or a map not laid out yet) is centred at street level. */
export function zoomToExtent(map: OlMap | null, extent: Extent): void {
  if (!map || !extent.every(Number.isFinite)) return;
  const view = map.getView();
  const size = map.getSize();
  if ((getWidth(extent) === 0 && getHeight(extent) === 0) || !size?.[0] || !size?.[1]) {
    view.setCenter(getCenter(extent));
    view.setZoom(Math.max(view.getZoom() ?? 0, 17));
    return;
  }
  // The docked left panel (320 px, beside the map on a wide screen) covers the map's left side.
  const left = useMapStore.getState().openLeft && size[0] > 768 ? 380 : 80;
  view.fit(extent, { padding: [80, 80, 80, left], maxZoom: 18 });
}

/** Where GIS layers go: above the base map's tiles, below the page's own layers (points, route). */
export function gisInsertIndex(map: OlMap): number {
  const layers = map.getLayers().getArray();
  let i = 0;
  while (i < layers.length && (layers[i].get(GIS_LAYER_ID) !== undefined || (layers[i] instanceof TileLayer && (layers[i] as TileLayer).getSource() instanceof XYZ))) i++;
  return i;
}

/** Points the base map's XYZ tiles at another template (the map's settings). */
export function setBasemap(map: OlMap, url: string): void {
  for (const l of map.getLayers().getArray()) {
    if (l instanceof TileLayer && l.get(GIS_LAYER_ID) === undefined) {
      const source = l.getSource();
      if (source instanceof XYZ) source.setUrl(url);
    }
  }
}
