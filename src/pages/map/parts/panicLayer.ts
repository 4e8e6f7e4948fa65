// The open panics on the map: a red ring around each panic worker's place that blinks (a Canvas
// layer over the points; the ring's `on` property flips and the layer redraws).
import Feature from "ol/Feature";
import Point from "ol/geom/Point";
import VectorLayer from "ol/layer/Vector";
import { fromLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import type { FlatStyleLike } from "ol/style/flat";

export const PANIC_KIND = "panic";
export const PANIC_RED = "#cf1322";

const style: FlatStyleLike = [
  {
    filter: ["==", ["get", "on"], 1],
    style: { "circle-radius": 15, "circle-fill-color": "rgba(207, 19, 34, 0.25)", "circle-stroke-color": PANIC_RED, "circle-stroke-width": 4 },
  },
];

export interface PanicPlace {
  panicId: number;
  userId: number;
  lon: number;
  lat: number;
}

export const createPanicLayer = (): VectorLayer<VectorSource> => new VectorLayer({ source: new VectorSource(), style, zIndex: 12, properties: { mapRole: "panic" } });

export function setPanicPlaces(layer: VectorLayer<VectorSource>, places: readonly PanicPlace[], on: boolean): void {
  const source = layer.getSource()!;
  source.clear(true);
  source.addFeatures(places.map((p) => new Feature({ geometry: new Point(fromLonLat([p.lon, p.lat])), kind: PANIC_KIND, panic_id: p.panicId, user_id: p.userId, on: on ? 1 : 0 })));
}

/** One blink step: every ring shown or hidden. */
export function setBlink(layer: VectorLayer<VectorSource>, on: boolean): void {
  for (const f of layer.getSource()!.getFeatures()) f.set("on", on ? 1 : 0);
}
