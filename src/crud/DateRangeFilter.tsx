// A date range filter (its own chunk: only lists that filter by date load the picker).
import { DatePicker } from "antd";
import { DATE_FORMAT } from "../lib/format";
import { rangeFromWire, rangeToWire } from "./fields/convert";

export default function DateRangeFilter({ type, value, onChange }: { type: "date" | "datetime"; value?: unknown; onChange?: (v: unknown) => void }) {
  return <DatePicker.RangePicker format={DATE_FORMAT} value={rangeFromWire(value, type)} onChange={(range) => onChange?.(rangeToWire(range, type))} />;
}
