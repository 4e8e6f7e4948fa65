// The route: a line through all history points, the 'Working' points between, the labelled
// 'Start' and 'End' points and the stops; three layers, each of its own kind (layerKinds.ts). A
// day's route has up to 100,000 points: the Working points are one MultiPoint feature holding
// their times in order (100,000 features cost seconds of listeners, index and garbage).
import Feature, { type FeatureLike } from "ol/Feature";
import LineString from "ol/geom/LineString";
import MultiPoint from "ol/geom/MultiPoint";
import Point from "ol/geom/Point";
import { fromLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import type { FlatStyle, FlatStyleLike } from "ol/style/flat";
import { routeLine, routePoints } from "../model/history";
import type { Stop } from "../model/track";
import type { HistoryPoint, HistoryRole } from "../model/types";
import { createVectorLayer, type MapVectorLayer } from "./layerKinds";
import { ROUTE_COLORS } from "./pointStyles";

export const ROUTE_KIND = "route-point";
export const WORKING_KIND = "route-working";
export const STOP_KIND = "stop";
/** The Working points show from this zoom (minZoom is exclusive: 15 and closer). */
export const WORKING_MIN_ZOOM = 14.5;

const dot = (color: string, radius: number): FlatStyle => ({ "circle-radius": radius, "circle-fill-color": color, "circle-stroke-color": "#ffffff", "circle-stroke-width": 2 });
/** A labelled end of the route. Start and End often share a place (a day from the site office and
 *  back): End is the larger ring under Start, its label below, Start's above, so both show. */
const labelled = (color: string, radius: number, labelOffsetY: number, zIndex: number): FlatStyle => ({
  ...dot(color, radius),
  "z-index": zIndex,
  "text-value": ["get", "label"],
  "text-offset-y": labelOffsetY,
  "text-font": "bold 12px sans-serif",
  "text-fill-color": "#111111",
  "text-stroke-color": "#ffffff",
  "text-stroke-width": 3,
});

const lineStyle: FlatStyle = { "stroke-color": ROUTE_COLORS.line, "stroke-width": 4 };
const workingStyle = dot(ROUTE_COLORS.line, 3);
/** A stop: a square, in its own colour (not a state's). */
const stopStyle: FlatStyle = {
  "shape-points": 4,
  "shape-radius": 9,
  "shape-angle": Math.PI / 4,
  "shape-fill-color": ROUTE_COLORS.stop,
  "shape-stroke-color": "#ffffff",
  "shape-stroke-width": 2,
};
const marksStyle: FlatStyleLike = [
  { filter: ["==", ["get", "role"], "Start"], style: labelled(ROUTE_COLORS.start, 8, -16, 2) },
  { filter: ["==", ["get", "role"], "End"], style: labelled(ROUTE_COLORS.end, 14, 24, 1) },
  { filter: ["==", ["get", "kind"], STOP_KIND], style: stopStyle },
];

export interface RouteLayers {
  line: MapVectorLayer;
  working: MapVectorLayer;
  marks: MapVectorLayer;
}

export function createRouteLayers(): RouteLayers {
  return {
    line: createVectorLayer("routeLine", lineStyle, 5, new VectorSource()),
    // Street level and closer only: zoomed out, a day's dots are a smear over the line, and
    // software-rendered GL spends seconds a frame on 100,000 of them (bench:map).
    working: createVectorLayer("routePoints", workingStyle, 6, new VectorSource(), WORKING_MIN_ZOOM),
    // Above the attendance points: the worker's own point often sits on the route's Start.
    marks: createVectorLayer("routeMarks", marksStyle, 15, new VectorSource()),
  };
}

/** The labels drawn beside the Start and End points (translated by the caller). */
export type RouteLabels = Record<Exclude<HistoryRole, "Working">, string>;

export function setRoute(layers: RouteLayers, points: readonly HistoryPoint[] | null, stops: readonly Stop[], labels: RouteLabels): void {
  for (const l of Object.values(layers)) l.getSource()!.clear(true);
  if (!points?.length) return;
  layers.line.getSource()!.addFeature(new Feature({ geometry: new LineString(routeLine(points).map((c) => fromLonLat(c))), kind: "route-line" }));
  const working: number[][] = [];
  const times: string[] = [];
  const marks: Feature[] = [];
  for (const p of routePoints(points)) {
    const at = fromLonLat([p.lon, p.lat]);
    if (p.role === "Working") {
      working.push(at);
      times.push(p.wptime);
    } else marks.push(new Feature({ geometry: new Point(at), kind: ROUTE_KIND, role: p.role, wptime: p.wptime, label: labels[p.role] }));
  }
  for (const s of stops) marks.push(new Feature({ geometry: new Point(fromLonLat([s.lon, s.lat])), kind: STOP_KIND, start: s.start, durationMs: s.durationMs }));
  if (working.length) layers.working.getSource()!.addFeature(new Feature({ geometry: new MultiPoint(working), kind: WORKING_KIND, role: "Working", wptimes: times }));
  layers.marks.getSource()!.addFeatures(marks);
}

/** The time of the Working point nearest to `coordinate` on a Working feature (the one clicked). */
export function workingTimeAt(feature: FeatureLike, coordinate: number[]): string | undefined {
  const flat = (feature.getGeometry() as MultiPoint | undefined)?.getFlatCoordinates();
  const times = feature.get("wptimes") as string[] | undefined;
  if (!flat || !times) return undefined;
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < times.length; i++) {
    const d = (flat[2 * i] - coordinate[0]) ** 2 + (flat[2 * i + 1] - coordinate[1]) ** 2;
    if (d < bestD) [best, bestD] = [i, d];
  }
  return times[best];
}
