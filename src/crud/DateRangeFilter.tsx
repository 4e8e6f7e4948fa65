// A date range filter (its own chunk: only lists that filter by date load the picker). Datetime
// fields filter by whole days of `zone` (the site's, else the company's), not the browser's. Either
// end may be left open (a link's "due before today": no first day).
import { DATE_FORMAT } from "../lib/format";
import { rangeFromWire, rangeToWire } from "./fields/convert";
import { pickersIn } from "./fields/zonedPickers";

export default function DateRangeFilter({ type, zone, value, onChange }: { type: "date" | "datetime"; zone: string; value?: unknown; onChange?: (v: unknown) => void }) {
  const { RangePicker } = pickersIn(zone);
  return <RangePicker format={DATE_FORMAT} allowEmpty={[true, true]} value={rangeFromWire(value, type, zone)} onChange={(range) => onChange?.(rangeToWire(range, type, zone))} />;
}
