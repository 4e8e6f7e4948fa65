// antd's date pickers on a site's clock: their values are wall-clock picker values
// (src/lib/zonedTime.ts), and "now" (the Now button, today's mark in the calendar, the time a
// fresh pick starts from) is the site's now, not the browser's. One set of pickers per zone.
import DatePicker from "antd/es/date-picker";
import type { Dayjs } from "dayjs";
import dayjsGenerateConfig from "rc-picker/es/generate/dayjs";
import { wallNow } from "../../lib/zonedTime";

/** A DatePicker with its RangePicker, TimePicker, ... attached. */
type Pickers = ReturnType<typeof DatePicker.generatePicker<Dayjs>>;

const byZone = new Map<string, Pickers>();

/** A DatePicker (and its .RangePicker, ...) whose "now" is the zone's clock: the same components for the same zone. */
export function pickersIn(zone: string): Pickers {
  let pickers = byZone.get(zone);
  if (!pickers) {
    pickers = DatePicker.generatePicker<Dayjs>({ ...dayjsGenerateConfig, getNow: () => wallNow(zone) });
    byZone.set(zone, pickers);
  }
  return pickers;
}
