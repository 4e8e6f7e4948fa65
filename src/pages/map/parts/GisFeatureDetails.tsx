// Right panel: the clicked GIS feature's attributes (a vector feature, or a WMS GetFeatureInfo
// answer), with the edit button for a user allowed to edit.
import Button from "antd/es/button";
import Descriptions from "antd/es/descriptions";
import Typography from "antd/es/typography";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useGisStore } from "../store/gisStore";
import { getAttributes, type LayerAttribute } from "../api/mapService";
import { canEditMap } from "../api/mapRights";
import { refreshGisLayer } from "./olMapHelpers";
import { useMapStore } from "../store/mapStore";
import { FeatureEditModal } from "./FeatureEditModal";

const shown = (v: unknown) => (v === null || v === undefined || v === "" ? "-" : typeof v === "object" ? JSON.stringify(v) : String(v));

export function GisFeatureDetails() {
  const { t } = useTranslation();
  const selected = useGisStore((s) => s.selected);
  const [attributes, setAttributes] = useState<LayerAttribute[]>([]);
  const [editing, setEditing] = useState(false);
  const layerId = selected?.layerId;

  useEffect(() => {
    if (layerId === undefined) return;
    let live = true;
    getAttributes(layerId)
      .then((a) => live && setAttributes(a))
      .catch(() => live && setAttributes([]));
    return () => {
      live = false;
    };
  }, [layerId]);

  if (!selected) return null;
  const labelOf = (name: string) => attributes.find((a) => a.name === name)?.label || name;
  return (
    <div data-testid="map-gis-details" style={{ display: "flex", flexDirection: "column", gap: 12 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {selected.layerTitle}
      </Typography.Title>
      <Descriptions column={1} size="small" bordered>
        {Object.entries(selected.properties).map(([k, v]) => (
          <Descriptions.Item key={k} label={labelOf(k)}>
            {shown(v)}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {canEditMap() && selected.featureId !== null && <Button onClick={() => setEditing(true)}>{t("mapGis.details.edit")}</Button>}
      {editing && selected.featureId !== null && (
        <FeatureEditModal
          feature={{ layerId: selected.layerId, featureId: selected.featureId, properties: selected.properties }}
          attributes={attributes}
          onClose={() => setEditing(false)}
          onSaved={(properties) => {
            setEditing(false);
            useGisStore.getState().select({ ...selected, properties });
            refreshGisLayer(useMapStore.getState().map, selected.layerId);
          }}
        />
      )}
    </div>
  );
}
