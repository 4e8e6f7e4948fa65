// Wire values (docs/api.md "Values on the wire") ↔ the values antd widgets hold. Form state keeps wire
// values: Form.Item converts on the way in (getValueProps) and out (normalize). Datetimes are
// typed on the site's clock: the picker holds that wall-clock time (src/lib/zonedTime.ts) and the
// wire gets the instant it means in the site's zone, with that zone's offset.
import dayjs, { type Dayjs } from "dayjs";
import { instantOfWall, wallOf } from "../../lib/zonedTime";

export const WIRE_DATE = "YYYY-MM-DD";
export const WIRE_TIME = "HH:mm";

const isBlank = (v: unknown) => v === null || v === undefined || v === "";

/** "YYYY-MM-DD" | ISO datetime (shown on the clock of `zone`) | "HH:mm" → a picker value (undefined when empty or unreadable). */
export function toDayjs(v: unknown, type: "date" | "datetime" | "time", zone: string): Dayjs | undefined {
  if (isBlank(v)) return undefined;
  if (dayjs.isDayjs(v)) return v;
  const s = String(v);
  if (type === "datetime") return wallOf(s, zone);
  const d = type === "time" ? dayjs(`2000-01-01T${s.length === 5 ? `${s}:00` : s}`) : dayjs(s);
  return d.isValid() ? d : undefined;
}

/** A picker value → the wire: a date, an ISO datetime with the offset of `zone` (its clock read as that zone's), or "HH:mm". */
export function fromDayjs(d: Dayjs | null | undefined, type: "date" | "datetime" | "time", zone: string): string | null {
  if (!d) return null;
  if (type === "date") return d.format(WIRE_DATE);
  if (type === "time") return d.format(WIRE_TIME);
  return instantOfWall(d, zone).format(); // "2026-11-21T08:30:00+08:00" for 08:30 in Asia/Makassar
}

/**
 * A range filter's days → wire bounds covering whole days (datetimes: the days of `zone`). Either
 * end may be open ("": no bound, the server's `range` takes the other alone); undefined when both are.
 */
export function rangeToWire(range: [Dayjs | null, Dayjs | null] | null | undefined, type: "date" | "datetime", zone: string): [string, string] | undefined {
  const [first, last] = range ?? [null, null];
  if (!first && !last) return undefined;
  if (type === "date") return [first ? first.format(WIRE_DATE) : "", last ? last.format(WIRE_DATE) : ""];
  return [first ? instantOfWall(first.startOf("day"), zone).format() : "", last ? instantOfWall(last.endOf("day"), zone).format() : ""];
}

/** Wire bounds → the picker's days; an open end ("") is null; undefined when neither end is readable. */
export function rangeFromWire(v: unknown, type: "date" | "datetime", zone: string): [Dayjs | null, Dayjs | null] | undefined {
  if (!Array.isArray(v) || v.length !== 2) return undefined;
  const a = toDayjs(v[0], type, zone) ?? null;
  const b = toDayjs(v[1], type, zone) ?? null;
  return a || b ? [a, b] : undefined;
}
