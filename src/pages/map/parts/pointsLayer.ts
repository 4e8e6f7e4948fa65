// The attendance points: one feature per staff member at [wp_lon, wp_lat], coloured by presence
// (the legend's colours, pointStyles.ts).
import Feature from "ol/Feature";
import Point from "ol/geom/Point";
import { fromLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import type { FlatStyle } from "ol/style/flat";
import { presenceGroup } from "../model/attendancePoints";
import type { AttendancePoint } from "../model/types";
import { createVectorLayer, type MapVectorLayer } from "./layerKinds";
import { PRESENCE_COLORS } from "./pointStyles";

export const POINT_KIND = "attendance";

/** Circle colour by the feature's presence group. */
const style: FlatStyle = {
  "circle-radius": 7,
  "circle-fill-color": [
    "match",
    ["get", "group"],
    "clockedIn",
    PRESENCE_COLORS.clockedIn,
    "clockedOut",
    PRESENCE_COLORS.clockedOut,
    "late",
    PRESENCE_COLORS.late,
    PRESENCE_COLORS.absent,
  ],
  "circle-stroke-color": "#ffffff",
  "circle-stroke-width": 2,
};

export const createPointsLayer = (): MapVectorLayer => createVectorLayer("points", style, 10, new VectorSource());

export function setPoints(layer: MapVectorLayer, points: readonly AttendancePoint[]): void {
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
