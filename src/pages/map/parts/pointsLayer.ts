// The attendance points: one feature per staff member at [wp_lon, wp_lat], coloured by presence.
import Feature from "ol/Feature";
import Point from "ol/geom/Point";
import VectorLayer from "ol/layer/Vector";
import { fromLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import { Circle, Fill, Stroke, Style } from "ol/style";
import { presenceGroup, type PresenceGroup } from "../model/attendancePoints";
import type { AttendancePoint } from "../model/types";
import { PRESENCE_COLORS } from "./pointStyles";

const styles = Object.fromEntries(
  Object.entries(PRESENCE_COLORS).map(([g, color]) => [
    g,
    new Style({ image: new Circle({ radius: 7, fill: new Fill({ color }), stroke: new Stroke({ color: "#fff", width: 2 }) }) }),
  ]),
) as Record<PresenceGroup, Style>;

export const POINT_KIND = "attendance";

export function createPointsLayer(): VectorLayer<VectorSource<Feature<Point>>> {
  return new VectorLayer({
    source: new VectorSource<Feature<Point>>(),
    style: (f) => styles[f.get("group") as PresenceGroup],
    zIndex: 10,
  });
}

export function setPoints(layer: VectorLayer<VectorSource<Feature<Point>>>, points: readonly AttendancePoint[]): void {
  const source = layer.getSource()!;
  source.clear(true);
  source.addFeatures(
    points.map((p) => {
      const f = new Feature({ geometry: new Point(fromLonLat([p.wp_lon, p.wp_lat])), kind: POINT_KIND, group: presenceGroup(p) });
      f.set("point", p, true);
      return f;
    }),
  );
}
