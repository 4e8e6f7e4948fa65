// Hooks the generated screens share: the declared resource, the language and the formatters.
import { useMemo } from "react";
import { useGetLocale, useTranslate } from "@refinedev/core";
import type { ResolvedField, ResolvedResource } from "../../declaration";
import { fieldLabelKey, resourceOf } from "./model";
import { useCurrency } from "./useCurrency";
import type { Currency } from "../lib/format";

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
  t: (key: string, options?: Record<string, unknown>) => string;
  label: (f: ResolvedField) => string;
}

/** Language, currency (fetched only when a money field is shown) and translation. */
export function useFormatting(fields: readonly ResolvedField[]): Formatting {
  const translate = useTranslate();
  const lang = useLang();
  const currency = useCurrency(fields.some((f) => f.type === "money"));
  return useMemo(
    () => ({
      lang,
      currency,
      t: (key, options) => translate(key, options),
      label: (f) => translate(fieldLabelKey(f)),
    }),
    [lang, currency, translate],
  );
}
