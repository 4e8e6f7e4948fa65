// The project's work area on a map, drawn and changed as Traccar's geofence editor does
// (OpenLayers Draw and Modify): the polygon clock-ins and the geofence alerts use
// (project.work_area); without one, the circle of work_radius_m around the project's location is
// shown dashed (the simple case). Drawing, saving and removing need the project's update right
// (canOperate); others see the area only.
import { Button, Card, Flex, Typography } from "antd";
import { useOne } from "@refinedev/core";
import Feature from "ol/Feature";
import OlMap from "ol/Map";
import View from "ol/View";
import { Circle, Polygon } from "ol/geom";
import { Draw, Modify } from "ol/interaction";
import TileLayer from "ol/layer/Tile";
import VectorLayer from "ol/layer/Vector";
import { fromLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import XYZ from "ol/source/XYZ";
import { Fill, Stroke, Style } from "ol/style";
import "ol/ol.css";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_WORK_RADIUS_M } from "../../../../../declaration/field-capture";
import { useNotify } from "../../../../crud/useNotify";
import { dataProvider } from "../../../../providers/dataProvider";
import { canOperate } from "../../../../providers/operationAccess";
import { basemapUrl, NEUTRAL_BACKGROUND } from "../../../map/parts/basemap";
// The zoom buttons at least 24 px (WCAG 2.2 target size), as on the map page.
import "../../../map/parts/mapView.css";
import { ringsOf, workAreaOf } from "./model/workArea";

const AREA = new Style({ stroke: new Stroke({ color: "#1677ff", width: 2 }), fill: new Fill({ color: "rgba(22, 119, 255, 0.12)" }) });
const RADIUS = new Style({ stroke: new Stroke({ color: "#8c8c8c", width: 2, lineDash: [6, 6] }), fill: new Fill({ color: "rgba(140, 140, 140, 0.08)" }) });

export function WorkAreaEditor({ projectId }: { projectId: string | number }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const mayEdit = canOperate("project", "update").can;
  const { result: project, query } = useOne({ resource: "project", id: projectId });
  const target = useRef<HTMLDivElement>(null);
  const parts = useRef<{ map: OlMap; area: VectorSource; draw: Draw | null } | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [drawn, setDrawn] = useState<number[][][] | null>(null);
  const [saving, setSaving] = useState(false);

  const location = Array.isArray(project?.location) ? (project.location as [number, number]) : null;
  const stored = project ? ringsOf(project.work_area) : null;
  const storedKey = JSON.stringify(project?.work_area ?? null);

  // The map, once per project record shown.
  useEffect(() => {
    if (!target.current || !project) return;
    const area = new VectorSource();
    const circle = new VectorSource();
    const tiles = basemapUrl();
    const center = location ? fromLonLat(location) : fromLonLat([106.83, -6.2]);
    const map = new OlMap({
      target: target.current,
      layers: [
        ...(tiles ? [new TileLayer({ source: new XYZ({ url: tiles, crossOrigin: "anonymous" }) })] : []),
        new VectorLayer({ source: circle, style: RADIUS }),
        new VectorLayer({ source: area, style: AREA }),
      ],
      view: new View({ center, zoom: 16 }),
    });
    if (stored) area.addFeature(new Feature(new Polygon(stored)));
    else if (location) {
      // Web Mercator stretches distances by 1 / cos(latitude).
      const radius = (typeof project.work_radius_m === "number" ? project.work_radius_m : DEFAULT_WORK_RADIUS_M) / Math.cos((location[1] * Math.PI) / 180);
      circle.addFeature(new Feature(new Circle(center, radius)));
    }
    const extent = stored ? area.getExtent() : circle.getFeatures().length ? circle.getExtent() : null;
    if (extent) map.getView().fit(extent, { padding: [24, 24, 24, 24], maxZoom: 18 });
    if (mayEdit) {
      const modify = new Modify({ source: area });
      modify.on("modifyend", () => setDrawn((area.getFeatures()[0]?.getGeometry() as Polygon | undefined)?.getCoordinates() ?? null));
      map.addInteraction(modify);
    }
    parts.current = { map, area, draw: null };
    setDrawn(null);
    return () => {
      map.setTarget(undefined);
      parts.current = null;
    };
    // The record's values that change what is drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [project?.id, storedKey, mayEdit]);

  const startDrawing = () => {
    const p = parts.current;
    if (!p) return;
    p.area.clear();
    const draw = new Draw({ source: p.area, type: "Polygon" });
    draw.on("drawend", (e) => {
      setDrawn((e.feature.getGeometry() as Polygon).getCoordinates());
      p.map.removeInteraction(draw);
      p.draw = null;
      setDrawing(false);
    });
    p.map.addInteraction(draw);
    p.draw = draw;
    setDrawing(true);
  };

  const save = async (value: ReturnType<typeof workAreaOf>) => {
    setSaving(true);
    try {
      await dataProvider.update({ resource: "project", id: projectId, variables: { work_area: value } });
      notify.saved();
      await query.refetch();
    } catch (err) {
      notify.failed("saveFailed", err);
    } finally {
      setSaving(false);
    }
  };

  const candidate = drawn ? workAreaOf(drawn) : null;
  return (
    <Card size="small" title={t("project.safety.workArea.title")} data-testid="work-area-editor" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {stored
          ? t("project.safety.workArea.polygon")
          : location
            ? t("project.safety.workArea.radius", { m: project?.work_radius_m ?? DEFAULT_WORK_RADIUS_M })
            : t("project.safety.workArea.none")}
      </Typography.Paragraph>
      <div
        ref={target}
        className="map-zoom"
        role="region"
        aria-label={t("project.safety.workArea.title")}
        style={{ height: 320, background: NEUTRAL_BACKGROUND, borderRadius: 6 }}
      />
      {mayEdit ? (
        <Flex gap={8} wrap="wrap" style={{ marginTop: 8 }}>
          <Button onClick={startDrawing} disabled={drawing || saving}>
            {stored ? t("project.safety.workArea.redraw") : t("project.safety.workArea.draw")}
          </Button>
          <Button type="primary" onClick={() => void save(candidate)} disabled={!candidate || saving} loading={saving}>
            {t("buttons.save")}
          </Button>
          {stored ? (
            <Button danger onClick={() => void save(null)} disabled={saving}>
              {t("project.safety.workArea.remove")}
            </Button>
          ) : null}
          {drawing ? <Typography.Text type="secondary">{t("project.safety.workArea.drawHint")}</Typography.Text> : null}
        </Flex>
      ) : null}
    </Card>
  );
}
