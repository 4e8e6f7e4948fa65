// The attendance points: one feature per staff member at [wp_lon, wp_lat], coloured by presence
// (the legend's colours, pointStyles.ts); a place older than STALE_AFTER_MS is greyed (grey fill,
// the state's colour as its ring) and a last-known place carries its age as a label.
import Feature from "ol/Feature";
import Point from "ol/geom/Point";
import { fromLonLat } from "ol/proj";
import VectorSource from "ol/source/Vector";
import type { FlatStyle, FlatStyleLike } from "ol/style/flat";
import { presenceGroup } from "../model/attendancePoints";
import type { AttendancePoint } from "../model/types";
import { createVectorLayer, type MapVectorLayer } from "./layerKinds";
import { PRESENCE_COLORS, STALE_FILL } from "./pointStyles";

export const POINT_KIND = "attendance";

const groupColor = [
  "match",
  ["get", "group"],
  "clockedIn",
  PRESENCE_COLORS.clockedIn,
  "clockedOut",
  PRESENCE_COLORS.clockedOut,
  "late",
  PRESENCE_COLORS.late,
  PRESENCE_COLORS.absent,
];
const stale = ["==", ["get", "stale"], 1];

/** Circle colour by the feature's presence group; greyed when stale; the age label when it has one. */
const style: FlatStyleLike = [
  {
    style: {
      "circle-radius": 7,
      "circle-fill-color": ["case", stale, STALE_FILL, groupColor],
      "circle-stroke-color": ["case", stale, groupColor, "#ffffff"],
      "circle-stroke-width": ["case", stale, 3, 2],
      // Every point is drawn; only the age labels give way to each other (see createPointsLayer).
      "circle-declutter-mode": "none",
    } as FlatStyle,
  },
  {
    filter: ["!=", ["get", "age"], ""],
    style: {
      "text-value": ["get", "age"],
      "text-offset-y": -15,
      "text-font": "12px sans-serif",
      "text-fill-color": "#111111",
      "text-stroke-color": "#ffffff",
      "text-stroke-width": 3,
    },
  },
];

/** What a point shows besides its state: greyed, and its age label ("" for none). */
export type PointLook = (p: AttendancePoint) => { stale: boolean; age: string };

/** Age labels of workers at one place would print over each other ("16h ago" on "1d ago"):
 *  the layer declutters, so a label that would overlap another is left out (the details panel
 *  still tells each point's age); the circles are never decluttered. */
export const createPointsLayer = (): MapVectorLayer => createVectorLayer("points", style, 10, new VectorSource(), undefined, true);

export function setPoints(layer: MapVectorLayer, points: readonly AttendancePoint[], look: PointLook): void {
  const source = layer.getSource()!;
  source.clear(true);
  source.addFeatures(
    points.map((p) => {
      const { stale, age } = look(p);
      const f = new Feature({ geometry: new Point(fromLonLat([p.wp_lon, p.wp_lat])), kind: POINT_KIND, group: presenceGroup(p), stale: stale ? 1 : 0, age });
      f.set("point", p, true);
      return f;
    }),
  );
}
