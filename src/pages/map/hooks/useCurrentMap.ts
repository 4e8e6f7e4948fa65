// The map load on entering the page: the map of `map_id` (or the company's first; see
// model/currentMap.ts) into the GIS store, its base map and, while no points have framed the view,
// its saved centre and zoom.
import { fromLonLat } from "ol/proj";
import { useEffect } from "react";
import { useMapStore } from "../store/mapStore";
import { resolveCurrentMap } from "../model/currentMap";
import { basemapOfSettings } from "../api/gisRequests";
import { useGisStore } from "../store/gisStore";
import { createMap, listLayers, listMaps, loadMap } from "../api/mapService";
import { setBasemap } from "../parts/olMapHelpers";

export function useCurrentMap(): void {
  const olMap = useMapStore((s) => s.map);
  const current = useGisStore((s) => s.currentMap);

  useEffect(() => {
    let live = true;
    useGisStore.getState().setMap(null, "loading");
    resolveCurrentMap({ loadMap, listMaps, createMap }, localStorage)
      .then(async (map) => {
        if (!live) return;
        useGisStore.getState().setMap(map, "ready");
        // The layer list is the source of the layers (the map load's are its first answer).
        const layers = await listLayers(map.id).catch(() => null);
        if (live && layers) useGisStore.getState().setLayers(layers);
      })
      .catch(() => live && useGisStore.getState().setMap(null, "failed"));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!olMap || !current) return;
    const tiles = basemapOfSettings(current.settings);
    if (tiles) setBasemap(olMap, tiles);
    // The attendance points frame the view when they come; until then the map's own view.
    if (!useMapStore.getState().userPoints.length && Array.isArray(current.center)) {
      olMap.getView().setCenter(fromLonLat(current.center));
      if (typeof current.zoom === "number") olMap.getView().setZoom(current.zoom);
    }
  }, [olMap, current]);
}
