// "2d ago" / "2 h lalu": the age of a place in the user's language (i18next's relativetime
// formatter over Intl.RelativeTimeFormat, key map.age).
import type { TFunction } from "i18next";
import { ageInUnits } from "../model/attendancePoints";

export function ageText(ms: number, t: TFunction): string {
  const { value, unit } = ageInUnits(ms);
  return t("map.age", { age: -value, formatParams: { age: { range: unit } } });
}
