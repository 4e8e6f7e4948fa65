// The search box: finds features by their layer's search attributes, names them by its labels;
// picking one zooms to it and shows its attributes in the right panel.
import { SearchOutlined } from "@ant-design/icons";
import AutoComplete from "antd/es/auto-complete";
import Input from "antd/es/input";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { extentOfGeoJson } from "../model/featureGeometry";
import { useGisStore } from "../store/gisStore";
import { searchLabels } from "../model/labelSearch";
import { zoomToExtent } from "./olMapHelpers";
import { useLabelSearchData, type SearchFeature } from "../hooks/useLabelSearch";
import { useMapStore } from "../store/mapStore";
import { useIsPhone } from "../../../lib/useIsPhone";

export function GisSearch() {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const { layers, loading, load } = useLabelSearchData();
  const [query, setQuery] = useState("");
  const hits = useMemo(
    () =>
      searchLabels<SearchFeature>(
        layers,
        query,
        (f) => f.properties ?? {},
        (f) => f.id,
      ),
    [layers, query],
  );
  const options = hits.map((h, i) => ({ value: String(i), label: `${h.label} (${h.layerTitle})` }));

  const pick = (index: string) => {
    const hit = hits[Number(index)];
    if (!hit) return;
    setQuery(hit.label);
    const extent = extentOfGeoJson(hit.feature);
    if (extent) zoomToExtent(useMapStore.getState().map, extent);
    useGisStore
      .getState()
      .select({ layerId: hit.layerId, layerTitle: hit.layerTitle, featureId: hit.feature.id ?? null, properties: hit.feature.properties ?? {}, geometry: hit.feature.geometry });
    const m = useMapStore.getState();
    m.selectFeature(null);
    // On a phone the panels are drawers over the map: close the left one to show the place found
    // (the details stay a tap away); beside the map, open the details.
    if (phone) m.toggleLeft(false);
    else m.toggleRight(true);
  };

  return (
    <AutoComplete
      style={{ width: "100%" }}
      value={query}
      options={options}
      onFocus={load}
      onSearch={(q) => {
        load();
        setQuery(q);
      }}
      onSelect={pick}
      notFoundContent={query.trim() ? (loading ? t("mapGis.search.loading") : t("mapGis.search.none")) : null}
    >
      <Input prefix={<SearchOutlined aria-hidden />} aria-label={t("mapGis.search.label")} placeholder={t("mapGis.search.placeholder")} allowClear />
    </AutoComplete>
  );
}
