// The playback marker: one point moved along the route.
import Feature from "ol/Feature";
import Point from "ol/geom/Point";
import { fromLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import type { FlatStyle } from "ol/style/flat";
import type { HistoryPoint } from "../model/types";
import { createVectorLayer, type MapVectorLayer } from "./layerKinds";
import { ROUTE_COLORS } from "./pointStyles";

const style: FlatStyle = { "circle-radius": 9, "circle-fill-color": ROUTE_COLORS.marker, "circle-stroke-color": "#ffffff", "circle-stroke-width": 3 };

export const createMarkerLayer = (): MapVectorLayer => createVectorLayer("marker", style, 20, new VectorSource());

export function moveMarker(layer: MapVectorLayer, at: HistoryPoint | null): void {
  const source = layer.getSource()!;
  const existing = source.getFeatures()[0] as Feature<Point> | undefined;
  if (!at) return void source.clear(true);
  const coord = fromLonLat([at.lon, at.lat]);
  if (existing) existing.getGeometry()!.setCoordinates(coord);
  else source.addFeature(new Feature({ geometry: new Point(coord) }));
}
