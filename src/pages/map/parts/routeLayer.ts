// The route: a line through all history points, 'Start', 'End' and 'Working' points, and stops.
import Feature from "ol/Feature";
import LineString from "ol/geom/LineString";
import Point from "ol/geom/Point";
import VectorLayer from "ol/layer/Vector";
import { fromLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import { Circle, Fill, Stroke, Style, Text } from "ol/style";
import { routeLine, routePoints } from "../model/history";
import type { Stop } from "../model/track";
import type { HistoryPoint, HistoryRole } from "../model/types";

export const ROUTE_KIND = "route-point";
export const STOP_KIND = "stop";

const line = new Style({ stroke: new Stroke({ color: "#1677ff", width: 4 }) });
const dot = (color: string, radius: number, label?: string) =>
  new Style({
    image: new Circle({ radius, fill: new Fill({ color }), stroke: new Stroke({ color: "#fff", width: 2 }) }),
    text: label
      ? new Text({ text: label, offsetY: -16, font: "bold 12px sans-serif", fill: new Fill({ color: "#111" }), stroke: new Stroke({ color: "#fff", width: 3 }) })
      : undefined,
  });
const roleStyles: Record<HistoryRole, Style> = { Start: dot("#2e7d32", 8, "Start"), End: dot("#c62828", 8, "End"), Working: dot("#1677ff", 3) };
const stopStyle = dot("#ef6c00", 7);

export function createRouteLayer(): VectorLayer<VectorSource> {
  return new VectorLayer({
    source: new VectorSource(),
    style: (f) => (f.get("kind") === ROUTE_KIND ? roleStyles[f.get("role") as HistoryRole] : f.get("kind") === STOP_KIND ? stopStyle : line),
    zIndex: 5,
  });
}

export function setRoute(layer: VectorLayer<VectorSource>, points: readonly HistoryPoint[] | null, stops: readonly Stop[]): void {
  const source = layer.getSource()!;
  source.clear(true);
  if (!points?.length) return;
  const features: Feature[] = [new Feature({ geometry: new LineString(routeLine(points).map((c) => fromLonLat(c))), kind: "route-line" })];
  for (const p of routePoints(points)) features.push(new Feature({ geometry: new Point(fromLonLat([p.lon, p.lat])), kind: ROUTE_KIND, role: p.role, wptime: p.wptime }));
  for (const s of stops) features.push(new Feature({ geometry: new Point(fromLonLat([s.lon, s.lat])), kind: STOP_KIND, start: s.start, durationMs: s.durationMs }));
  source.addFeatures(features);
}
