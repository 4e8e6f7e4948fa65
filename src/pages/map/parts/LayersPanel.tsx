// Left panel: the map's GIS layers, each with a switch (the user's own choice, kept in this
// browser) and its attribute table; the feature search; "New layer" for a user with the add right.
import { PlusOutlined, TableOutlined } from "@ant-design/icons";
import Button from "antd/es/button";
import Spin from "antd/es/spin";
import Switch from "antd/es/switch";
import Typography from "antd/es/typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isLayerVisible, useGisStore } from "../store/gisStore";
import type { MapLayer } from "../api/mapService";
import { canCreateOnMap } from "../api/mapRights";
import { AttributeTable } from "./AttributeTable";
import { CreateLayerModal } from "./CreateLayerModal";
import { GisSearch } from "./GisSearch";

export function LayersPanel() {
  const { t } = useTranslation();
  const status = useGisStore((s) => s.mapStatus);
  const current = useGisStore((s) => s.currentMap);
  const layers = useGisStore((s) => s.layers);
  const visibility = useGisStore((s) => s.visibility);
  const setVisible = useGisStore((s) => s.setVisible);
  const [table, setTable] = useState<MapLayer | null>(null);
  const [creating, setCreating] = useState(false);

  return (
    <section aria-label={t("mapGis.layers")} style={{ display: "flex", flexDirection: "column", gap: 8 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t("mapGis.layers")}
      </Typography.Title>
      {status === "loading" && <Spin size="small" aria-label={t("mapGis.layersLoading")} />}
      {status === "failed" && <Typography.Text type="secondary">{t("mapGis.layersFailed")}</Typography.Text>}
      {status === "ready" && (
        <>
          <GisSearch />
          {!layers.length && <Typography.Text type="secondary">{t("mapGis.noLayers")}</Typography.Text>}
          <ul style={{ listStyle: "none", margin: 0, padding: 0 }} data-testid="map-gis-layers">
            {layers.map((l) => {
              const title = l.title || l.name;
              return (
                <li key={l.id} style={{ display: "flex", alignItems: "center", gap: 8, minHeight: 40 }}>
                  <Switch checked={isLayerVisible({ visibility, currentMap: current }, l)} onChange={(on) => setVisible(l.id, on)} aria-label={t("mapGis.show", { title })} />
                  <span style={{ flex: 1 }}>{title}</span>
                  <Button icon={<TableOutlined aria-hidden />} onClick={() => setTable(l)} aria-label={t("mapGis.tableOf", { title })}>
                    {t("mapGis.table.open")}
                  </Button>
                </li>
              );
            })}
          </ul>
          {current && canCreateOnMap() && (
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
              {t("mapGis.create.title")}
            </Button>
          )}
        </>
      )}
      {table && <AttributeTable layer={table} onClose={() => setTable(null)} />}
      {creating && current && (
        <CreateLayerModal
          mapId={current.id}
          onClose={() => setCreating(false)}
          onCreated={(layer) => {
            setCreating(false);
            useGisStore.getState().setLayers([...useGisStore.getState().layers, layer]);
          }}
        />
      )}
    </section>
  );
}
