// The OsmAnd protocol as Traccar Client speaks it (checked against Traccar's own
// OsmAndProtocolDecoder, github traccar/traccar, 2026-08): parses a request into the device key
// and its positions, pure (no database).
//
// Query or form (GET, or POST with the parameters in the URL, or in an
// application/x-www-form-urlencoded body when the URL has none): `id` or `deviceid` = the key;
// `timestamp` = Unix seconds (a number below 2^31 - 1), else milliseconds, or ISO 8601 (with a
// `T`), or "yyyy-MM-dd HH:mm:ss" (read as UTC, as Traccar's decoder reads it on a server in UTC,
// or in the device key's `time_zone` when it has one, as Traccar's per-device decoder.timezone);
// `lat`, `lon` or `location=lat,lon`; `speed` in knots (stored in m/s); `accuracy` (metres);
// `batt` (percent); `bearing`/`heading`, `altitude`, `hdop` and other keys are accepted and not
// stored. No timestamp: now.
// JSON (Traccar Client 9+, Content-Type application/json): `{ device_id, location }` with
// `location.timestamp` (ISO), `location.coords.{latitude, longitude, accuracy, speed (m/s),
// heading, altitude}`, `location.battery.level` (0..1; -1 unknown). Traccar's decoder reads one
// location object; a list of them (up to 1000) is accepted here too, all or nothing.
import type { FieldErrors } from "../http/errors";
import { pointTimeError, type Point } from "./points";
import { MAX_POINTS } from "./rules";
import { instantOf } from "./zones";

export const KNOT_MPS = 1852 / 3600;
/** Traccar: a number timestamp below this is in seconds, else in milliseconds. */
const SECONDS_BELOW = 2147483647;

export type Parsed = { ok: true; points: Point[] } | { ok: false; errors: FieldErrors };

const NUMBER = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;
const num = (v: unknown): number | null => {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "string" && NUMBER.test(v)) return Number(v);
  return null;
};
const ISO_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const ISO_LOCAL = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(:\d{2})?)(\.\d{1,9})?$/;

/** A query/form timestamp as Traccar reads it, a local time in `zone` (UTC unless the key says otherwise); null when it is none of its forms. */
export function timestampOf(raw: string, zone: string): number | null {
  const s = raw.trim();
  if (/^\d{1,16}$/.test(s)) {
    const n = Number(s);
    return n < SECONDS_BELOW ? n * 1000 : n;
  }
  if (ISO_OFFSET.test(s)) {
    const ms = Date.parse(s);
    return Number.isFinite(ms) ? ms : null;
  }
  const local = ISO_LOCAL.exec(s);
  if (local) {
    const ms = instantOf(`${local[1]}T${local[2]}`, zone);
    return Number.isFinite(ms) ? ms : null;
  }
  return null;
}

function position(lat: number | null, lon: number | null, errors: FieldErrors, prefix: string, names: [string, string]): [number, number] | null {
  if (lat === null || lat < -90 || lat > 90) errors[prefix + names[0]] = { key: "bad_geo" };
  if (lon === null || lon < -180 || lon > 180) errors[prefix + names[1]] = { key: "bad_geo" };
  return lat === null || lon === null || errors[prefix + names[0]] || errors[prefix + names[1]] ? null : [lon, lat];
}

/** An optional measurement: absent → null; not a number → an error; below 0 (Traccar's "unknown") → null. */
function measure(v: unknown, errors: FieldErrors, name: string): number | null {
  if (v === undefined || v === null || v === "") return null;
  const n = num(v);
  if (n === null) {
    errors[name] = { key: "not_number" };
    return null;
  }
  return n < 0 ? null : n;
}

const battery = (percent: number | null, errors: FieldErrors, name: string): number | null => {
  if (percent === null) return null;
  if (percent > 100) {
    errors[name] = { key: "too_big", params: { max: 100 } };
    return null;
  }
  return Math.round(percent);
};

/** The device key of query/form parameters. */
export const queryKeyOf = (params: Record<string, unknown>): string | null => {
  const v = params.id ?? params.deviceid;
  return typeof v === "string" && v.length ? v : null;
};

/** One position from query or form parameters (first values). */
export function parseQuery(params: Record<string, unknown>, now: number, zone: string): Parsed {
  const errors: FieldErrors = {};
  const str = (k: string): string | undefined => (typeof params[k] === "string" ? (params[k] as string) : undefined);
  let lat = num(str("lat"));
  let lon = num(str("lon"));
  const location = str("location");
  if (location !== undefined) {
    const [a, b, ...rest] = location.split(",");
    lat = rest.length ? null : num(a);
    lon = rest.length ? null : num(b);
  }
  const at = position(lat, lon, errors, "", location !== undefined ? ["location", "location"] : ["lat", "lon"]);
  let wptime = now;
  const ts = str("timestamp");
  if (ts !== undefined && ts !== "") {
    const ms = timestampOf(ts, zone);
    if (ms === null) errors.timestamp = { key: "bad_datetime" };
    else {
      const tooFar = pointTimeError(ms, now);
      if (tooFar) errors.timestamp = tooFar;
      wptime = ms;
    }
  }
  const accuracy = measure(str("accuracy"), errors, "accuracy");
  const knots = measure(str("speed"), errors, "speed");
  const batt = battery(measure(str("batt"), errors, "batt"), errors, "batt");
  if (Object.keys(errors).length || !at) return { ok: false, errors };
  return { ok: true, points: [{ wptime, lon: at[0], lat: at[1], accuracy, speed: knots === null ? null : Math.round(knots * KNOT_MPS * 100) / 100, battery: batt }] };
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** The device key of a JSON body. */
export const jsonKeyOf = (body: unknown): string | null => (isObject(body) && typeof body.device_id === "string" && body.device_id.length ? body.device_id : null);

/** The positions of a Traccar Client JSON body: one `location` or a list (all must be valid). */
export function parseJson(body: unknown, now: number): Parsed {
  if (!isObject(body)) return { ok: false, errors: { body: { key: "bad_request" } } };
  const raw = body.location;
  const list = Array.isArray(raw) ? raw : [raw];
  if (!raw || list.length === 0 || list.length > MAX_POINTS) return { ok: false, errors: { location: { key: "list_required", params: { max: MAX_POINTS } } } };
  const errors: FieldErrors = {};
  const points: Point[] = [];
  list.forEach((loc, i) => {
    const prefix = Array.isArray(raw) ? `location.${i}.` : "location.";
    if (!isObject(loc)) {
      errors[prefix.slice(0, -1)] = { key: "bad_request" };
      return;
    }
    const before = Object.keys(errors).length;
    let wptime = now;
    if (typeof loc.timestamp !== "string" || !ISO_OFFSET.test(loc.timestamp) || !Number.isFinite(Date.parse(loc.timestamp))) errors[prefix + "timestamp"] = { key: "bad_datetime" };
    else {
      wptime = Date.parse(loc.timestamp);
      const tooFar = pointTimeError(wptime, now);
      if (tooFar) errors[prefix + "timestamp"] = tooFar;
    }
    const coords = isObject(loc.coords) ? loc.coords : {};
    const lat = typeof coords.latitude === "number" ? num(coords.latitude) : null;
    const lon = typeof coords.longitude === "number" ? num(coords.longitude) : null;
    const at = position(lat, lon, errors, `${prefix}coords.`, ["latitude", "longitude"]);
    const accuracy = measure(coords.accuracy, errors, `${prefix}coords.accuracy`);
    const speed = measure(coords.speed, errors, `${prefix}coords.speed`);
    const bat = isObject(loc.battery) ? measure(loc.battery.level, errors, `${prefix}battery.level`) : null;
    const percent = battery(bat === null ? null : bat * 100, errors, `${prefix}battery.level`);
    if (Object.keys(errors).length === before && at)
      points.push({ wptime, lon: at[0], lat: at[1], accuracy, speed: speed === null ? null : Math.round(speed * 100) / 100, battery: percent });
  });
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, points };
}
