// "2026-11" → "November 2026" / "November 2026" in the user's language.
import { localeTag } from "../../../lib/format";

export function monthLabel(month: string, lang: string | undefined): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  return new Intl.DateTimeFormat(localeTag(lang), { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)));
}
