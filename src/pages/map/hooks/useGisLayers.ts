// Keeps the OpenLayers map's GIS layers in step with the map's layer list and the user's toggles,
// and turns a click into the right panel's GIS details: a vector feature's attributes, or a WMS
// layer's GetFeatureInfo answer. A click on the page's own features (points, route) clears it.
import type { MapBrowserEvent } from "ol";
import Feature from "ol/Feature";
import Geometry from "ol/geom/Geometry";
import type OlMap from "ol/Map";
import type BaseLayer from "ol/layer/Base";
import TileLayer from "ol/layer/Tile";
import TileWMS from "ol/source/TileWMS";
import { useEffect, useRef } from "react";
import { SERVICE_URLS } from "../../../http/config";
import { useMapStore } from "../store/mapStore";
import { featureInfoRequest, layerSource, typeNameOf, wmsUrl } from "../api/gisRequests";
import { getGis, type FeatureCollection } from "../api/gisServer";
import { isLayerVisible, useGisStore, type GisSelection } from "../store/gisStore";
import type { MapDoc, MapLayer } from "../api/mapService";
import { gisInsertIndex, gisLayersOf } from "../parts/olMapHelpers";
import GeoJSON from "ol/format/GeoJSON";
import { createHighlightLayer, createWfsLayer, createWmsLayer, GIS_HIGHLIGHT, GIS_LAYER_ID } from "../parts/gisLayers";

const titleOf = (l: MapLayer) => l.title || l.name;
const geojson = new GeoJSON();

function olLayerOf(layer: MapLayer, map: MapDoc): BaseLayer {
  const typeName = typeNameOf(layer, map.settings);
  return layerSource(layer, map.settings) === "wms" ? createWmsLayer(layer, typeName, wmsUrl(SERVICE_URLS.gis, map.settings)) : createWfsLayer(layer, typeName);
}

/** The first feature of a visible WMS layer under the click (GetFeatureInfo, JSON). */
async function wmsFeatureAt(olMap: OlMap, e: MapBrowserEvent<PointerEvent | KeyboardEvent | WheelEvent>, layers: MapLayer[]) {
  const view = olMap.getView();
  const wms = gisLayersOf(olMap).filter((l) => l.getVisible() && l instanceof TileLayer && l.getSource() instanceof TileWMS) as TileLayer<TileWMS>[];
  // The top layer answers first.
  for (const l of [...wms].reverse()) {
    const url = l.getSource()!.getFeatureInfoUrl(e.coordinate, view.getResolution()!, view.getProjection(), { INFO_FORMAT: "application/json", FEATURE_COUNT: 1 });
    const req = url && featureInfoRequest(url, SERVICE_URLS.gis);
    if (!req) continue;
    const answer = await getGis<FeatureCollection>(req.path, req.query).catch(() => null);
    const f = answer?.features?.[0];
    const layer = layers.find((x) => x.id === l.get(GIS_LAYER_ID));
    if (f && layer) return { layerId: layer.id, layerTitle: titleOf(layer), featureId: f.id ?? null, properties: f.properties ?? {} };
  }
  return null;
}

export function useGisLayers(): void {
  const olMap = useMapStore((s) => s.map);
  const current = useGisStore((s) => s.currentMap);
  const layers = useGisStore((s) => s.layers);
  const visibility = useGisStore((s) => s.visibility);
  const built = useRef(new Map<number, BaseLayer>());

  // Build the OL layers of the list (new ones), drop those no longer listed.
  useEffect(() => {
    if (!olMap || !current) return;
    const have = built.current;
    const listed = new Set(layers.map((l) => l.id));
    for (const [id, l] of have) {
      if (!listed.has(id)) {
        olMap.removeLayer(l);
        have.delete(id);
      }
    }
    const ordered = [...layers].sort((a, b) => a.order - b.order || a.id - b.id);
    for (const layer of ordered) {
      if (have.has(layer.id)) continue;
      const ol = olLayerOf(layer, current);
      have.set(layer.id, ol);
      olMap.getLayers().insertAt(gisInsertIndex(olMap), ol);
    }
  }, [olMap, current, layers]);

  // The map object changes when the view remounts: the built layers were on the old one.
  useEffect(() => {
    const have = built.current;
    return () => {
      for (const l of have.values()) olMap?.removeLayer(l);
      have.clear();
    };
  }, [olMap]);

  useEffect(() => {
    for (const layer of layers) built.current.get(layer.id)?.setVisible(isLayerVisible({ visibility, currentMap: current }, layer));
  }, [layers, visibility, current]);

  // The selected feature, outlined over every layer.
  const selected = useGisStore((s) => s.selected);
  const highlight = useRef<ReturnType<typeof createHighlightLayer>>(null);
  useEffect(() => {
    if (!olMap) return;
    const layer = createHighlightLayer();
    highlight.current = layer;
    olMap.addLayer(layer);
    return () => {
      olMap.removeLayer(layer);
      highlight.current = null;
    };
  }, [olMap]);
  useEffect(() => {
    const source = highlight.current?.getSource();
    if (!source) return;
    source.clear();
    const geometry = selected?.geometry ? geojson.readGeometry(selected.geometry) : null;
    if (geometry) source.addFeature(new Feature(geometry));
  }, [selected, olMap]);

  useEffect(() => {
    if (!olMap) return;
    const onClick = (e: MapBrowserEvent<PointerEvent | KeyboardEvent | WheelEvent>) => {
      let own = false;
      let hit: Omit<GisSelection, "layerTitle"> | null = null;
      olMap.forEachFeatureAtPixel(
        e.pixel,
        (f, l) => {
          if (l?.get(GIS_HIGHLIGHT)) return undefined;
          const id = l?.get(GIS_LAYER_ID) as number | undefined;
          if (id === undefined) {
            own = true;
            return true;
          }
          if (!hit) {
            const { geometry: _g, ...properties } = f.getProperties();
            const g = f.getGeometry();
            hit = { layerId: id, featureId: f.getId() ?? null, properties, geometry: g instanceof Geometry ? geojson.writeGeometryObject(g) : undefined };
          }
          return undefined;
        },
        { hitTolerance: 4 },
      );
      const { select, layers: all } = useGisStore.getState();
      if (own) return select(null);
      const found = hit as Omit<GisSelection, "layerTitle"> | null;
      if (found) {
        const layer = all.find((l) => l.id === found.layerId);
        select({ ...found, layerTitle: layer ? titleOf(layer) : String(found.layerId) });
        useMapStore.getState().selectFeature(null);
        useMapStore.getState().toggleRight(true);
        return;
      }
      void wmsFeatureAt(olMap, e, all).then((info) => {
        select(info);
        if (info) {
          useMapStore.getState().selectFeature(null);
          useMapStore.getState().toggleRight(true);
        }
      });
    };
    olMap.on("singleclick", onClick);
    return () => olMap.un("singleclick", onClick);
  }, [olMap]);
}
