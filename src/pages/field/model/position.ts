// A position from the browser's geolocation as the page uses it, and what can be wrong with one:
// refused, unavailable, too slow, or too inaccurate for a clock-in (the declared limit, 100 m).
import { MAX_ACCURACY_M } from "../../../../declaration/field-capture";

export { MAX_ACCURACY_M };

export interface Fix {
  lon: number;
  lat: number;
  /** Metres (the 95% circle the browser reports). */
  accuracy: number;
  /** When it was taken, epoch ms. */
  at: number;
  /** Metres per second, when the device knows. */
  speed: number | null;
}

/** What keeps a position from being used: the browser's refusals, or too poor a fix. */
export type PositionProblem = "unsupported" | "denied" | "unavailable" | "timeout" | "inaccurate";

/** The browser's position as a Fix (accuracy rounded up to whole metres: the server's unit). */
export function fixOf(p: Pick<GeolocationPosition, "coords" | "timestamp">): Fix {
  const { longitude, latitude, accuracy, speed } = p.coords;
  return {
    lon: Number(longitude.toFixed(7)),
    lat: Number(latitude.toFixed(7)),
    accuracy: Math.ceil(accuracy),
    at: p.timestamp || Date.now(),
    speed: typeof speed === "number" && Number.isFinite(speed) && speed >= 0 ? speed : null,
  };
}

/** GeolocationPositionError codes: 1 permission denied, 2 position unavailable, 3 timeout. */
export function problemOfError(error: Pick<GeolocationPositionError, "code">): PositionProblem {
  return error.code === 1 ? "denied" : error.code === 3 ? "timeout" : "unavailable";
}

/** A clock-in or clock-out needs a fix within the limit; a panic takes any. */
export const tooInaccurate = (fix: Fix, max: number = MAX_ACCURACY_M): boolean => fix.accuracy > max;
