// Dates, datetimes and times. The form holds wire strings; the pickers get dayjs.
import { DatePicker, TimePicker } from "antd";
import type { Dayjs } from "dayjs";
import { DATE_FORMAT, DATETIME_FORMAT } from "../../lib/format";

type Props = { type: "date" | "datetime" | "time"; value?: Dayjs; onChange?: (v: Dayjs | null) => void; id?: string; placeholder?: string };

export function DateTimeInput({ type, ...props }: Props) {
  if (type === "time") return <TimePicker format="HH:mm" minuteStep={5} style={{ width: "100%" }} {...props} />;
  if (type === "datetime") return <DatePicker showTime={{ format: "HH:mm" }} format={DATETIME_FORMAT.replace(":ss", "")} style={{ width: "100%" }} {...props} />;
  return <DatePicker format={DATE_FORMAT} style={{ width: "100%" }} {...props} />;
}
