// The label search's data: for each vector layer with search attributes (search-label get), its
// features (WFS, web mercator), read once when the search box is first used.
import { useCallback, useRef, useState } from "react";
import { layerSource, typeNameOf } from "../api/gisRequests";
import { getLayerFeatures, type FeatureCollection } from "../api/gisServer";
import { useGisStore } from "../store/gisStore";
import type { SearchableLayer } from "../model/labelSearch";
import { getSearchLabels } from "../api/mapService";

export type SearchFeature = FeatureCollection["features"][number];

export function useLabelSearchData(): { layers: SearchableLayer<SearchFeature>[]; loading: boolean; load: () => void } {
  const [layers, setLayers] = useState<SearchableLayer<SearchFeature>[]>([]);
  const [loading, setLoading] = useState(false);
  const loadedFor = useRef<unknown>(null);

  const load = useCallback(() => {
    const { layers: mapLayers, currentMap } = useGisStore.getState();
    if (loadedFor.current === mapLayers) return;
    loadedFor.current = mapLayers;
    setLoading(true);
    const vector = mapLayers.filter((l) => layerSource(l, currentMap?.settings) === "wfs");
    Promise.all(
      vector.map(async (l): Promise<SearchableLayer<SearchFeature> | null> => {
        const labels = await getSearchLabels(l.id).catch(() => null);
        if (!labels?.search?.length) return null;
        const fc = await getLayerFeatures(typeNameOf(l, currentMap?.settings)).catch(() => null);
        return { layerId: l.id, layerTitle: l.title || l.name, labels: labels.labels ?? [], search: labels.search, features: fc?.features ?? [] };
      }),
    )
      .then((all) => setLayers(all.filter((x): x is SearchableLayer<SearchFeature> => !!x)))
      .finally(() => setLoading(false));
  }, []);

  return { layers, loading, load };
}
