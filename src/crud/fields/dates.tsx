// Dates, datetimes and times. The form holds wire strings; the pickers get dayjs (datetimes: the
// site's clock, and the site's "now": ./zonedPickers.ts).
import { TimePicker } from "antd";
import type { Dayjs } from "dayjs";
import { DATE_FORMAT, DATETIME_FORMAT } from "../../lib/format";
import { pickersIn } from "./zonedPickers";

type Props = { type: "date" | "datetime" | "time"; zone: string; value?: Dayjs; onChange?: (v: Dayjs | null) => void; id?: string; placeholder?: string };

export function DateTimeInput({ type, zone, ...props }: Props) {
  if (type === "time") return <TimePicker format="HH:mm" minuteStep={5} style={{ width: "100%" }} {...props} />;
  // A date's "today" is the site's too.
  const ZonedPicker = pickersIn(zone);
  if (type === "datetime") return <ZonedPicker showTime={{ format: "HH:mm" }} format={DATETIME_FORMAT.replace(":ss", "")} style={{ width: "100%" }} {...props} />;
  return <ZonedPicker format={DATE_FORMAT} style={{ width: "100%" }} {...props} />;
}
