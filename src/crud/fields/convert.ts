// Wire values (docs/api.md "Values on the wire") ↔ the values antd widgets hold. Form state keeps wire
// values: Form.Item converts on the way in (getValueProps) and out (normalize).
import dayjs, { type Dayjs } from "dayjs";

export const WIRE_DATE = "YYYY-MM-DD";
export const WIRE_TIME = "HH:mm";

const isBlank = (v: unknown) => v === null || v === undefined || v === "";

/** "YYYY-MM-DD" | ISO datetime | "HH:mm" → dayjs (undefined when empty or unreadable). */
export function toDayjs(v: unknown, type: "date" | "datetime" | "time"): Dayjs | undefined {
  if (isBlank(v)) return undefined;
  if (dayjs.isDayjs(v)) return v;
  const s = String(v);
  const d = type === "time" ? dayjs(`2000-01-01T${s.length === 5 ? `${s}:00` : s}`) : dayjs(s);
  return d.isValid() ? d : undefined;
}

/** dayjs → the wire: a date, an ISO datetime with the local offset, or "HH:mm". */
export function fromDayjs(d: Dayjs | null | undefined, type: "date" | "datetime" | "time"): string | null {
  if (!d) return null;
  if (type === "date") return d.format(WIRE_DATE);
  if (type === "time") return d.format(WIRE_TIME);
  return d.format(); // "2026-11-21T08:30:00+07:00"
}

/** A range filter's dates → wire bounds covering whole days. */
export function rangeToWire(range: [Dayjs | null, Dayjs | null] | null | undefined, type: "date" | "datetime"): [string, string] | undefined {
  if (!range?.[0] || !range[1]) return undefined;
  return type === "date" ? [range[0].format(WIRE_DATE), range[1].format(WIRE_DATE)] : [range[0].startOf("day").format(), range[1].endOf("day").format()];
}

export function rangeFromWire(v: unknown, type: "date" | "datetime"): [Dayjs, Dayjs] | undefined {
  if (!Array.isArray(v) || v.length !== 2) return undefined;
  const a = toDayjs(v[0], type);
  const b = toDayjs(v[1], type);
  return a && b ? [a, b] : undefined;
}
