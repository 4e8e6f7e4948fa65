// The route: a line through all history points, the 'Working' points between, the labelled
// 'Start' and 'End' points and the stops; three layers, each of its own kind (layerKinds.ts): a
// day's route has up to 100,000 points.
import Feature from "ol/Feature";
import LineString from "ol/geom/LineString";
import Point from "ol/geom/Point";
import { fromLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import type { FlatStyle, FlatStyleLike } from "ol/style/flat";
import { routeLine, routePoints } from "../model/history";
import type { Stop } from "../model/track";
import type { HistoryPoint, HistoryRole } from "../model/types";
import { createVectorLayer, type MapVectorLayer } from "./layerKinds";

export const ROUTE_KIND = "route-point";
export const STOP_KIND = "stop";

const dot = (color: string, radius: number): FlatStyle => ({ "circle-radius": radius, "circle-fill-color": color, "circle-stroke-color": "#ffffff", "circle-stroke-width": 2 });
const labelled = (color: string): FlatStyle => ({
  ...dot(color, 8),
  "text-value": ["get", "label"],
  "text-offset-y": -16,
  "text-font": "bold 12px sans-serif",
  "text-fill-color": "#111111",
  "text-stroke-color": "#ffffff",
  "text-stroke-width": 3,
});

const lineStyle: FlatStyle = { "stroke-color": "#1677ff", "stroke-width": 4 };
const workingStyle = dot("#1677ff", 3);
const marksStyle: FlatStyleLike = [
  { filter: ["==", ["get", "role"], "Start"], style: labelled("#2e7d32") },
  { filter: ["==", ["get", "role"], "End"], style: labelled("#c62828") },
  { filter: ["==", ["get", "kind"], STOP_KIND], style: dot("#ef6c00", 7) },
];

export interface RouteLayers {
  line: MapVectorLayer;
  working: MapVectorLayer;
  marks: MapVectorLayer;
}

export function createRouteLayers(): RouteLayers {
  return {
    line: createVectorLayer("routeLine", lineStyle, 5, new VectorSource()),
    working: createVectorLayer("routePoints", workingStyle, 6, new VectorSource()),
    marks: createVectorLayer("routeMarks", marksStyle, 7, new VectorSource()),
  };
}

/** The labels drawn beside the Start and End points (translated by the caller). */
export type RouteLabels = Record<Exclude<HistoryRole, "Working">, string>;

export function setRoute(layers: RouteLayers, points: readonly HistoryPoint[] | null, stops: readonly Stop[], labels: RouteLabels): void {
  for (const l of Object.values(layers)) l.getSource()!.clear(true);
  if (!points?.length) return;
  layers.line.getSource()!.addFeature(new Feature({ geometry: new LineString(routeLine(points).map((c) => fromLonLat(c))), kind: "route-line" }));
  const working: Feature[] = [];
  const marks: Feature[] = [];
  for (const p of routePoints(points)) {
    const f = new Feature({ geometry: new Point(fromLonLat([p.lon, p.lat])), kind: ROUTE_KIND, role: p.role, wptime: p.wptime });
    if (p.role === "Working") working.push(f);
    else {
      f.set("label", labels[p.role]);
      marks.push(f);
    }
  }
  for (const s of stops) marks.push(new Feature({ geometry: new Point(fromLonLat([s.lon, s.lat])), kind: STOP_KIND, start: s.start, durationMs: s.durationMs }));
  layers.working.getSource()!.addFeatures(working);
  layers.marks.getSource()!.addFeatures(marks);
}
