// A layer's attributes as a table (its features through WFS, columns from the attribute list),
// in a drawer: a tap on "Zoom to" frames a feature, "Edit" (with the edit right) updates it.
import Button from "antd/es/button";
import Drawer from "antd/es/drawer";
import Space from "antd/es/space";
import Table from "antd/es/table";
import Typography from "antd/es/typography";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { extentOfGeoJson } from "../model/featureGeometry";
import { typeNameOf } from "../api/gisRequests";
import { getLayerFeatures, LAYER_READ_LIMIT, type FeatureCollection } from "../api/gisServer";
import { useGisStore } from "../store/gisStore";
import { getAttributes, type LayerAttribute, type MapLayer } from "../api/mapService";
import { canEditMap } from "../api/mapRights";
import { refreshGisLayer, zoomToExtent } from "./olMapHelpers";
import { useMapStore } from "../store/mapStore";
import { FeatureEditModal, type EditedFeature } from "./FeatureEditModal";
import { useIsPhone } from "../../../lib/useIsPhone";

type Row = FeatureCollection["features"][number] & { key: string };

const shown = (v: unknown) => (v === null || v === undefined || v === "" ? "-" : String(v));

export function AttributeTable({ layer, onClose }: { layer: MapLayer; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const settings = useGisStore((s) => s.currentMap?.settings);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [attributes, setAttributes] = useState<LayerAttribute[]>([]);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<EditedFeature | null>(null);
  const canEdit = canEditMap();

  useEffect(() => {
    let live = true;
    Promise.all([getLayerFeatures(typeNameOf(layer, settings)), getAttributes(layer.id).catch(() => [] as LayerAttribute[])])
      .then(([fc, attrs]) => {
        if (!live) return;
        setAttributes(attrs);
        setRows((fc.features ?? []).map((f, i) => ({ ...f, key: String(f.id ?? i) })));
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [layer, settings]);

  const names = useMemo(() => (attributes.length ? attributes.map((a) => a.name) : [...new Set((rows ?? []).flatMap((r) => Object.keys(r.properties ?? {})))]), [attributes, rows]);
  const columns = [
    ...names.map((name) => ({
      title: attributes.find((a) => a.name === name)?.label || name,
      key: name,
      render: (_: unknown, r: Row) => shown(r.properties?.[name]),
    })),
    {
      title: t("mapGis.table.actions"),
      key: "_actions",
      fixed: "right" as const,
      render: (_: unknown, r: Row) => (
        <Space wrap>
          <Button
            size={phone ? "middle" : "small"}
            onClick={() => {
              const extent = extentOfGeoJson(r);
              if (extent) zoomToExtent(useMapStore.getState().map, extent);
              // On a phone the table and the left drawer cover the map: close them to show the place.
              if (phone) {
                useMapStore.getState().toggleLeft(false);
                onClose();
              }
            }}
          >
            {t("mapGis.table.zoom")}
          </Button>
          {canEdit && r.id !== undefined && (
            <Button size={phone ? "middle" : "small"} onClick={() => setEditing({ layerId: layer.id, featureId: r.id!, properties: r.properties ?? {} })}>
              {t("mapGis.table.edit")}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Drawer open title={t("mapGis.table.title", { title: layer.title || layer.name })} onClose={onClose} placement="bottom" height={phone ? "85%" : "50%"}>
      {failed && <Typography.Text type="danger">{t("mapGis.table.failed")}</Typography.Text>}
      {rows && rows.length >= LAYER_READ_LIMIT && <Typography.Text type="secondary">{t("mapGis.table.truncated", { count: LAYER_READ_LIMIT })}</Typography.Text>}
      <Table<Row>
        data-testid="map-gis-table"
        size="small"
        loading={!rows && !failed}
        dataSource={rows ?? []}
        columns={columns}
        scroll={{ x: "max-content" }}
        pagination={{ pageSize: 50, showSizeChanger: false }}
      />
      {editing && (
        <FeatureEditModal
          feature={editing}
          attributes={attributes}
          onClose={() => setEditing(null)}
          onSaved={(properties) => {
            setRows((rs) => (rs ?? []).map((r) => (r.id === editing.featureId ? { ...r, properties } : r)));
            setEditing(null);
            refreshGisLayer(useMapStore.getState().map, layer.id);
          }}
        />
      )}
    </Drawer>
  );
}
