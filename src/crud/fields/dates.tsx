// Dates, datetimes and times. The form holds wire strings; the pickers get dayjs (datetimes: the
// site's clock, and the site's "now": ./zonedPickers.ts).
import { TimePicker } from "antd";
import type { Dayjs } from "dayjs";
import { DATE_FORMAT, DATETIME_FORMAT } from "../../lib/format";
import { pickersIn } from "./zonedPickers";

type Props = { type: "date" | "datetime" | "time"; zone: string; value?: Dayjs; onChange?: (v: Dayjs | null) => void; id?: string; placeholder?: string };

export function DateTimeInput({ type, zone, ...props }: Props) {
  if (type === "time") return <TimePicker format="HH:mm" minuteStep={5} style={{ width: "100%" }} {...props} />;
  // A date's "today" is the site's too. pickersIn answers the same component for the same zone
  // (created once, cached), so nothing is remounted between renders.
  const ZonedPicker = pickersIn(zone);
  return type === "datetime" ? (
    // eslint-disable-next-line react-hooks/static-components -- a cached component per zone, not a new one per render
    <ZonedPicker showTime={{ format: "HH:mm" }} format={DATETIME_FORMAT.replace(":ss", "")} style={{ width: "100%" }} {...props} />
  ) : (
    // eslint-disable-next-line react-hooks/static-components -- as above
    <ZonedPicker format={DATE_FORMAT} style={{ width: "100%" }} {...props} />
  );
}
