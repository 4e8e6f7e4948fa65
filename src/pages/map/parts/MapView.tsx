// The OpenLayers map: base tiles (configurable), the points, the route and the playback marker
// (layer kinds: layerKinds.ts); a click selects a point or shows a route point's time (on the
// clock of `zone`, the route's site's).
import "ol/ol.css";
import "./mapView.css";
import OlMap from "ol/Map";
import View from "ol/View";
import TileLayer from "ol/layer/Tile";
import { defaults as defaultControls, Zoom } from "ol/control";
import type Layer from "ol/layer/Layer";
import { fromLonLat } from "ol/proj";
import XYZ from "ol/source/XYZ";
import { boundingExtent } from "ol/extent";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMapStore } from "../store/mapStore";
import type { AttendancePoint } from "../model/types";
import { basemapUrl, NEUTRAL_BACKGROUND } from "./basemap";
import { createPointsLayer, POINT_KIND, setPoints } from "./pointsLayer";
import { createRouteLayers, ROUTE_KIND, setRoute, STOP_KIND, WORKING_KIND, workingTimeAt, type RouteLayers } from "./routeLayer";
import { createMarkerLayer, moveMarker } from "./markerLayer";
import type { MapVectorLayer } from "./layerKinds";
import { MAP_MARKS, markMap } from "../renderMarks";
import { PANEL_WIDTH } from "./SidePanel";
import { isPhoneWidth } from "../../../lib/useIsPhone";
import type { Stop } from "../model/track";
import type { HistoryPoint } from "../model/types";
import { formatDateTime } from "../../../lib/zonedTime";
import { isLastKnown, isStale, positionAgeMs } from "../model/attendancePoints";
import { ageText } from "./ageText";

/** Indonesia, where the product's companies work, until points give a better view. */
const DEFAULT_CENTER = fromLonLat([106.83, -6.2]);
const NO_STOPS: readonly Stop[] = [];

/** View padding [top, right, bottom, left] that keeps what is fitted clear of the docked panels
 *  (on a phone the panels are drawers the user closes, so the whole map counts). */
function clearOfPanels(margin: number): number[] {
  const { openLeft, openRight } = useMapStore.getState();
  const docked = !isPhoneWidth();
  return [margin, margin + (docked && openRight ? PANEL_WIDTH : 0), margin, margin + (docked && openLeft ? PANEL_WIDTH : 0)];
}

interface Layers {
  points: MapVectorLayer;
  route: RouteLayers;
  marker: MapVectorLayer;
}

export function MapView({ stops = NO_STOPS, marker, zone }: { stops?: readonly Stop[]; marker: HistoryPoint | null; zone: string }) {
  const { t } = useTranslation();
  const target = useRef<HTMLDivElement>(null);
  const zoomBox = useRef<HTMLDivElement>(null);
  const openLeft = useMapStore((s) => s.openLeft);
  const layers = useRef<Layers>(null);
  /** The clicked route point's time as answered (shown on the route's clock). */
  const [pointTime, setPointTime] = useState<string | null>(null);
  const userHistory = useMapStore((s) => s.userHistory);
  const fitted = useRef(false);
  const setMap = useMapStore((s) => s.setMap);
  const selectFeature = useMapStore((s) => s.selectFeature);
  const userPoints = useMapStore((s) => s.userPoints);
  const selectedProjectIds = useMapStore((s) => s.selectedProjectIds);

  useEffect(() => {
    const tiles = basemapUrl();
    const own: Layers = { points: createPointsLayer(), route: createRouteLayers(), marker: createMarkerLayer() };
    layers.current = own;
    const { line, working, marks } = own.route;
    // Only what a click acts on (a point's details, a route point's or stop's time) shows the pointer.
    const clickable = new Set<Layer>([own.points, working, marks]);
    const map = new OlMap({
      target: target.current!,
      layers: [...(tiles ? [new TileLayer({ source: new XYZ({ url: tiles, crossOrigin: "anonymous" }) })] : []), line, working, marks, own.points, own.marker],
      view: new View({ center: DEFAULT_CENTER, zoom: 11 }),
      // The zoom buttons sit in a box of ours that moves clear of the docked left panel.
      controls: defaultControls({ zoom: false }).extend([new Zoom({ target: zoomBox.current! })]),
    });
    map.on("singleclick", (e) => {
      // The topmost of the page's features under the click takes it: a route marker (Start, End,
      // a stop) is drawn over the attendance points and must not select a point beneath it.
      const top = map.forEachFeatureAtPixel(e.pixel, (f) => f, { hitTolerance: 4, layerFilter: (l) => clickable.has(l) });
      const kind = top?.get("kind");
      if (kind === POINT_KIND) selectFeature(top!.get("point") as AttendancePoint);
      // A route point or stop shows its time.
      const time =
        kind === ROUTE_KIND
          ? (top!.get("wptime") as string)
          : kind === STOP_KIND
            ? (top!.get("start") as string)
            : kind === WORKING_KIND
              ? workingTimeAt(top!, e.coordinate)
              : undefined;
      setPointTime(time ?? null);
    });
    map.on("pointermove", (e) => {
      if (e.dragging) return;
      const el = map.getTargetElement();
      if (el) el.style.cursor = map.hasFeatureAtPixel(e.pixel, { layerFilter: (l) => clickable.has(l) }) ? "pointer" : "";
    });
    setMap(map);
    return () => {
      map.setTarget(undefined);
      // WebGL layers hold a GL context until disposed.
      for (const l of [own.points, line, working, marks, own.marker]) l.dispose();
      map.dispose();
      layers.current = null;
      setMap(null);
    };
  }, [setMap, selectFeature]);

  // A new selection of projects frames its points again.
  useEffect(() => {
    fitted.current = false;
  }, [selectedProjectIds]);

  useEffect(() => {
    const map = useMapStore.getState().map;
    if (!layers.current || !map) return;
    // Ages as of this answer: the points are answered again every minute.
    const now = Date.now();
    setPoints(layers.current.points, userPoints, (p) => ({ stale: isStale(p, now), age: isLastKnown(p, now) ? ageText(positionAgeMs(p, now)!, t) : "" }));
    if (userPoints.length) map.once("rendercomplete", () => markMap(MAP_MARKS.pointsDrawn));
    // The first points of a visit frame the view; later refreshes keep the user's view.
    if (userPoints.length && !fitted.current) {
      fitted.current = true;
      map.getView().fit(boundingExtent(userPoints.map((p) => fromLonLat([p.wp_lon, p.wp_lat]))), { padding: clearOfPanels(48), maxZoom: 15 });
    }
  }, [userPoints, t]);

  useEffect(() => {
    const map = useMapStore.getState().map;
    if (!layers.current || !map) return;
    setRoute(layers.current.route, userHistory, stops, { Start: t("map.route.start"), End: t("map.route.end") });
    if (!userHistory?.length) return;
    map.once("rendercomplete", () => markMap(MAP_MARKS.routeDrawn));
    const extent = layers.current.route.line.getSource()!.getExtent();
    if (extent) map.getView().fit(extent, { padding: clearOfPanels(64), maxZoom: 17 });
  }, [userHistory, stops, t]);

  useEffect(() => {
    if (layers.current) moveMarker(layers.current.marker, marker);
  }, [marker]);

  return (
    <>
      <div ref={target} data-testid="map-view" style={{ position: "absolute", inset: 0, background: NEUTRAL_BACKGROUND }} />
      <div ref={zoomBox} className="map-zoom" style={{ position: "absolute", top: 0, left: openLeft && !isPhoneWidth() ? PANEL_WIDTH : 0, zIndex: 1 }} />
      {pointTime && (
        <div
          data-testid="map-point-time"
          style={{
            position: "absolute",
            bottom: 16,
            left: "50%",
            transform: "translateX(-50%)",
            background: "#fff",
            padding: "4px 10px",
            borderRadius: 4,
            boxShadow: "0 1px 4px rgba(0,0,0,.3)",
          }}
        >
          {formatDateTime(pointTime, zone)}
        </div>
      )}
    </>
  );
}
