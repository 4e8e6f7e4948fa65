// Hooks the generated screens share: the declared resource, the language and the formatters.
import { useMemo } from "react";
import { useGetLocale, useTranslate } from "@refinedev/core";
import type { ResolvedField, ResolvedResource } from "../../declaration";
import { fieldLabelKey, resourceOf } from "./model";
import { useCurrency } from "./useCurrency";
import { useTimeZones } from "./useTimeZones";
import { useZonedTime } from "./useZonedTime";
import { formatText, type Currency } from "../lib/format";
import type { TimeZones } from "../lib/timeZones";

export function useDeclared(name: string): ResolvedResource {
  return useMemo(() => resourceOf(name), [name]);
}

/** The current language code ("en" | "id"). */
export function useLang(): string {
  const getLocale = useGetLocale();
  return getLocale() ?? "en";
}

export interface Formatting {
  lang: string;
  currency: Currency;
  /** The zones of the company's times: a row's are in its project's zone, else the company's. */
  zones: TimeZones;
  /** A datetime on the clock of a zone (DD-MM-YYYY HH:mm:ss, and the zone's abbreviation where it is not the browser's). */
  dateTime: (v: unknown, zone: string) => string;
  t: (key: string, options?: Record<string, unknown>) => string;
  label: (f: ResolvedField) => string;
}

/** Language, currency (fetched only when a money field is shown), time zones and translation. */
export function useFormatting(fields: readonly ResolvedField[]): Formatting {
  const translate = useTranslate();
  const lang = useLang();
  const currency = useCurrency(fields.some((f) => f.type === "money"));
  // Asked for, and the formatter loaded (and waited for), only when a field holds a time or a zone.
  const zones = useTimeZones(fields.some((f) => f.type === "datetime" || f.type === "timezone"));
  const zoned = useZonedTime(fields.some((f) => f.type === "datetime"));
  return useMemo(
    () => ({
      lang,
      currency,
      zones,
      dateTime: (v, zone) => (zoned ? zoned.formatDateTime(v, zone, lang) : formatText(v)),
      t: (key, options) => translate(key, options),
      label: (f) => translate(fieldLabelKey(f)),
    }),
    [lang, currency, zones, zoned, translate],
  );
}
