// The OpenLayers map: base tiles (configurable), the points layer, clicks select a point.
import "ol/ol.css";
import OlMap from "ol/Map";
import View from "ol/View";
import TileLayer from "ol/layer/Tile";
import { fromLonLat } from "ol/proj";
import XYZ from "ol/source/XYZ";
import { boundingExtent } from "ol/extent";
import { useEffect, useRef } from "react";
import { useMapStore } from "../store/mapStore";
import type { AttendancePoint } from "../model/types";
import { basemapUrl, NEUTRAL_BACKGROUND } from "./basemap";
import { createPointsLayer, POINT_KIND, setPoints } from "./pointsLayer";
import { createRouteLayer, ROUTE_KIND, setRoute, STOP_KIND } from "./routeLayer";
import { createMarkerLayer, moveMarker } from "./markerLayer";
import type { Stop } from "../model/track";
import type { HistoryPoint } from "../model/types";
import { formatDateTime } from "../../../lib/format";
import { useState } from "react";

/** Indonesia, where the product's companies work, until points give a better view. */
const DEFAULT_CENTER = fromLonLat([106.83, -6.2]);

export function MapView({ stops, marker }: { stops: readonly Stop[]; marker: HistoryPoint | null }) {
  const target = useRef<HTMLDivElement>(null);
  const routeLayer = useRef<ReturnType<typeof createRouteLayer>>(null);
  const markerLayer = useRef<ReturnType<typeof createMarkerLayer>>(null);
  const [pointTime, setPointTime] = useState<string | null>(null);
  const userHistory = useMapStore((s) => s.userHistory);
  const pointsLayer = useRef<ReturnType<typeof createPointsLayer>>(null);
  const fitted = useRef(false);
  const setMap = useMapStore((s) => s.setMap);
  const selectFeature = useMapStore((s) => s.selectFeature);
  const userPoints = useMapStore((s) => s.userPoints);
  const selectedProjectIds = useMapStore((s) => s.selectedProjectIds);

  useEffect(() => {
    const tiles = basemapUrl();
    const points = createPointsLayer();
    pointsLayer.current = points;
    const route = createRouteLayer();
    routeLayer.current = route;
    const markerL = createMarkerLayer();
    markerLayer.current = markerL;
    const map = new OlMap({
      target: target.current!,
      layers: [...(tiles ? [new TileLayer({ source: new XYZ({ url: tiles, crossOrigin: "anonymous" }) })] : []), route, points, markerL],
      view: new View({ center: DEFAULT_CENTER, zoom: 11 }),
    });
    map.on("singleclick", (e) => {
      const hit = map.forEachFeatureAtPixel(e.pixel, (f) => (f.get("kind") === POINT_KIND ? (f.get("point") as AttendancePoint) : undefined), { hitTolerance: 4 });
      if (hit) selectFeature(hit);
      // Any route point or stop shows its time.
      const time = map.forEachFeatureAtPixel(
        e.pixel,
        (f) => (f.get("kind") === ROUTE_KIND ? (f.get("wptime") as string) : f.get("kind") === STOP_KIND ? (f.get("start") as string) : undefined),
        { hitTolerance: 4 },
      );
      setPointTime(time ? formatDateTime(time) : null);
    });
    map.on("pointermove", (e) => {
      const el = map.getTargetElement();
      if (el) el.style.cursor = map.hasFeatureAtPixel(e.pixel) ? "pointer" : "";
    });
    setMap(map);
    return () => {
      map.setTarget(undefined);
      setMap(null);
    };
  }, [setMap, selectFeature]);

  // A new selection of projects frames its points again.
  useEffect(() => {
    fitted.current = false;
  }, [selectedProjectIds]);

  useEffect(() => {
    if (!pointsLayer.current) return;
    setPoints(pointsLayer.current, userPoints);
    const map = useMapStore.getState().map;
    // The first points of a visit frame the view; later refreshes keep the user's view.
    if (map && userPoints.length && !fitted.current) {
      fitted.current = true;
      map.getView().fit(boundingExtent(userPoints.map((p) => fromLonLat([p.wp_lon, p.wp_lat]))), {
        padding: [60, 60, 60, useMapStore.getState().openLeft && window.innerWidth > 768 ? 380 : 60],
        maxZoom: 15,
      });
    }
  }, [userPoints]);

  useEffect(() => {
    if (!routeLayer.current) return;
    setRoute(routeLayer.current, userHistory, stops);
    const map = useMapStore.getState().map;
    const extent = routeLayer.current.getSource()!.getExtent();
    if (map && extent && userHistory?.length) map.getView().fit(extent, { padding: [80, 80, 80, 80], maxZoom: 17 });
  }, [userHistory, stops]);

  useEffect(() => {
    if (markerLayer.current) moveMarker(markerLayer.current, marker);
  }, [marker]);

  return (
    <>
      <div ref={target} data-testid="map-view" style={{ position: "absolute", inset: 0, background: NEUTRAL_BACKGROUND }} />
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
          {pointTime}
        </div>
      )}
    </>
  );
}
