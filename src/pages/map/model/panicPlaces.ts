// Where each open panic's worker is: their point on the map when it has one (it follows the
// stream's positions), else the place the panic was raised.
import { lonLatOf, type PanicRecord } from "../../../live/events";
import type { PanicPlace } from "../parts/panicLayer";
import type { AttendancePoint } from "./types";

export function panicPlaces(panics: readonly PanicRecord[], points: readonly Pick<AttendancePoint, "user_id" | "wp_lon" | "wp_lat">[]): PanicPlace[] {
  const places: PanicPlace[] = [];
  for (const p of panics) {
    const point = points.find((x) => Number(x.user_id) === Number(p.user_id));
    const at: [number, number] | null = point ? [point.wp_lon, point.wp_lat] : lonLatOf(p.location);
    if (at) places.push({ panicId: Number(p.id), userId: Number(p.user_id), lon: at[0], lat: at[1] });
  }
  return places;
}
