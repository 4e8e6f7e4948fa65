// A `timezone` field: a searchable select of IANA zones, Indonesia's three (WIB, WITA, WIT) first,
// then every zone the browser knows (Intl.supportedValuesOf), each with its name in the user's
// language. An optional one (a project's) left empty means the company's zone, which the
// placeholder names.
import { useMemo } from "react";
import { i18n } from "../../i18n";
import { INDONESIA_TIME_ZONES, INDONESIAN, intlZoneName, zoneAbbreviation } from "../../lib/timeZones";
import { FormSelect } from "./FormSelect";

/** "Western Indonesia Time" / "Waktu Indonesia Barat"; Intl's long name otherwise. */
export function zoneLongName(zone: string, at: Date = new Date(), lang: string | undefined = i18n.language): string {
  const key = INDONESIAN[zone];
  return key ? i18n.t(`timeZones.name.${key}`, { defaultValue: intlZoneName(zone, at, "en", "long"), lng: lang }) : intlZoneName(zone, at, lang, "long");
}

/**
 * Every zone the runtime knows, Indonesia's three first, then the rest by name (UTC among them);
 * `keep` (a stored value the runtime spells otherwise) is offered too.
 */
export function timeZoneNames(keep?: string | null): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const first: string[] = [...INDONESIA_TIME_ZONES];
  const rest = new Set([...all, "UTC", ...(keep ? [keep] : [])].filter((z) => !first.includes(z)));
  return [...first, ...[...rest].sort((a, b) => a.localeCompare(b))];
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** The select's options: "Asia/Jakarta · WIB · Western Indonesia Time", "Europe/Berlin · Central European Standard Time". */
export function timeZoneOptions(t: T, lang: string, keep?: string | null): { value: string; label: string }[] {
  const now = new Date();
  return timeZoneNames(keep).map((zone) => {
    const name = zoneLongName(zone, now, lang);
    // Indonesia's zones by their abbreviation too (WIB, WITA, WIT: what people type to find them).
    if ((INDONESIA_TIME_ZONES as readonly string[]).includes(zone))
      return { value: zone, label: t("timeZones.optionAbbr", { zone, name, abbr: zoneAbbreviation(zone, now, lang) }) };
    return { value: zone, label: t("timeZones.option", { zone, name }) };
  });
}

export function TimeZoneSelect({
  t,
  lang,
  companyZone,
  emptyMeans,
  value,
  ...props
}: {
  t: T;
  lang: string;
  /** Set for an optional zone: empty means this one. */
  companyZone?: string;
  /** Set for an optional zone whose empty value means something else: what the empty select says. */
  emptyMeans?: string;
  value?: string | null;
  onChange?: (v: unknown) => void;
  id?: string;
  size?: "large";
  "aria-required"?: boolean | "true" | "false";
}) {
  const options = useMemo(() => timeZoneOptions(t, lang, value), [t, lang, value]);
  return (
    <FormSelect
      showSearch
      allowClear={!!companyZone || !!emptyMeans}
      optionFilterProp="label"
      placeholder={emptyMeans ?? (companyZone ? t("timeZones.companyZone", { zone: companyZone }) : t("timeZones.search"))}
      options={options}
      value={value ?? undefined}
      {...props}
    />
  );
}
