// The playback marker: one point moved along the route.
import Feature from "ol/Feature";
import Point from "ol/geom/Point";
import VectorLayer from "ol/layer/Vector";
import { fromLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import { Circle, Fill, Stroke, Style } from "ol/style";
import type { HistoryPoint } from "../model/types";

const style = new Style({ image: new Circle({ radius: 9, fill: new Fill({ color: "#722ed1" }), stroke: new Stroke({ color: "#fff", width: 3 }) }) });

export function createMarkerLayer(): VectorLayer<VectorSource<Feature<Point>>> {
  return new VectorLayer({ source: new VectorSource<Feature<Point>>(), style, zIndex: 20 });
}

export function moveMarker(layer: VectorLayer<VectorSource<Feature<Point>>>, at: HistoryPoint | null): void {
  const source = layer.getSource()!;
  const existing = source.getFeatures()[0];
  if (!at) return void source.clear(true);
  const coord = fromLonLat([at.lon, at.lat]);
  if (existing) existing.getGeometry()!.setCoordinates(coord);
  else source.addFeature(new Feature({ geometry: new Point(coord) }));
}
