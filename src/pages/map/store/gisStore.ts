// The GIS side of the map page: the current map (map load), its layers, which are shown, and the
// selected GIS feature. Layer visibility is the user's own (persisted in this browser, per map),
// starting from the layer's saved `visible`: a supervisor's toggles do not change the company's map.
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { MapDoc, MapLayer } from "../api/mapService";

/** A clicked GIS feature (vector) or a GetFeatureInfo answer (WMS), shown in the right panel. */
export interface GisSelection {
  layerId: number;
  layerTitle: string;
  /** The feature's id (WFS "name.12"); null for a WMS answer without one. */
  featureId: string | number | null;
  properties: Record<string, unknown>;
  /** Its GeoJSON geometry in the map's system (EPSG:3857), drawn highlighted; absent for WMS. */
  geometry?: unknown;
}

export interface GisState {
  currentMap: MapDoc | null;
  /** "loading" until the map load answers; "failed" when it could not (no right, no network). */
  mapStatus: "loading" | "ready" | "failed";
  layers: MapLayer[];
  /** By map id, then layer id: the user's own choice. */
  visibility: Record<string, Record<string, boolean>>;
  selected: GisSelection | null;
  setMap: (map: MapDoc | null, status: GisState["mapStatus"]) => void;
  setLayers: (layers: MapLayer[]) => void;
  setVisible: (layerId: number, visible: boolean) => void;
  select: (selection: GisSelection | null) => void;
}

export const GIS_STORE_KEY = "map-gis-layers";

export const useGisStore = create<GisState>()(
  persist(
    (set, get) => ({
      currentMap: null,
      mapStatus: "loading",
      layers: [],
      visibility: {},
      selected: null,
      setMap: (currentMap, mapStatus) => set({ currentMap, mapStatus, layers: currentMap?.layers ?? [] }),
      setLayers: (layers) => set({ layers }),
      setVisible: (layerId, visible) => {
        const mapId = String(get().currentMap?.id ?? "");
        set((s) => ({ visibility: { ...s.visibility, [mapId]: { ...s.visibility[mapId], [String(layerId)]: visible } } }));
      },
      select: (selected) => set({ selected }),
    }),
    { name: GIS_STORE_KEY, storage: createJSONStorage(() => localStorage), partialize: (s) => ({ visibility: s.visibility }) },
  ),
);

/** Whether a layer is shown: the user's choice, else the layer's saved `visible`. */
export function isLayerVisible(state: Pick<GisState, "visibility" | "currentMap">, layer: Pick<MapLayer, "id" | "visible">): boolean {
  const own = state.visibility[String(state.currentMap?.id ?? "")]?.[String(layer.id)];
  return own ?? !!layer.visible;
}
