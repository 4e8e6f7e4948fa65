// Display formats shared by the generated screens and the map page. The spec fixes dates as
// DD-MM-YYYY HH:mm:ss and missing text as '-'; numbers follow the user's language. Times (on a
// site's clock) are formatted by ./zonedTime.ts.
import dayjs from "dayjs";

export const MISSING = "-";
export const DATE_FORMAT = "DD-MM-YYYY";
export const DATETIME_FORMAT = "DD-MM-YYYY HH:mm:ss";

/** The company currency when none is known: the product serves Indonesian companies. */
export const DEFAULT_CURRENCY = { code: "IDR", decimals: 0 } as const;

export type Currency = { code: string; decimals: number };

export const isMissing = (v: unknown): v is null | undefined | "" => v === null || v === undefined || (typeof v === "string" && v.trim() === "");

/** BCP 47 tag for Intl: the app's language codes are bare ("en", "id"). */
export const localeTag = (lang: string | undefined): string => (lang === "id" ? "id-ID" : "en-US");

/** A label inside a sentence: "Role menus" → "role menus", but "K3 reports" stays. */
export const inSentence = (label: string, lang: string | undefined): string => (/^\p{Lu}\p{Ll}/u.test(label) ? label[0].toLocaleLowerCase(lang) + label.slice(1) : label);

/** Text, or '-' when there is none. */
export const formatText = (v: unknown): string => (isMissing(v) ? MISSING : String(v));

const parse = (v: unknown) => {
  if (isMissing(v)) return undefined;
  if (!(typeof v === "string" || typeof v === "number" || v instanceof Date || dayjs.isDayjs(v))) return undefined;
  const d = dayjs(v as string | number | Date);
  return d.isValid() ? d : undefined;
};

/** DD-MM-YYYY; a date-only string keeps its calendar day in any time zone. */
export function formatDate(v: unknown): string {
  return parse(v)?.format(DATE_FORMAT) ?? MISSING;
}

/** "HH:mm" as sent; anything else that parses as a time of day is normalised. */
export function formatTime(v: unknown): string {
  if (isMissing(v)) return MISSING;
  const m = /^(\d{1,2}):(\d{2})/.exec(String(v));
  return m ? `${m[1].padStart(2, "0")}:${m[2]}` : MISSING;
}

const toNumber = (v: unknown): number | undefined => {
  if (isMissing(v) || typeof v === "boolean") return undefined;
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : undefined;
};

export function formatNumber(v: unknown, lang?: string, maxFractionDigits = 2): string {
  const n = toNumber(v);
  return n === undefined ? MISSING : new Intl.NumberFormat(localeTag(lang), { maximumFractionDigits: maxFractionDigits }).format(n);
}

/** An estimated count as shown: two significant digits with the language's separators ("120,000", "35.000"). */
export function formatEstimate(n: number, lang?: string): string {
  return new Intl.NumberFormat(localeTag(lang), { maximumSignificantDigits: 2 }).format(n);
}

/** An amount in the company currency, with the language's separators: "Rp 1.500.000", "IDR 1,500,000". */
export function formatMoney(v: unknown, lang?: string, currency: Currency = DEFAULT_CURRENCY): string {
  const n = toNumber(v);
  if (n === undefined) return MISSING;
  return new Intl.NumberFormat(localeTag(lang), {
    style: "currency",
    currency: currency.code,
    minimumFractionDigits: currency.decimals,
    maximumFractionDigits: currency.decimals,
  }).format(n);
}

/** Percent fields hold 0..100 (not a fraction). */
export function formatPercent(v: unknown, lang?: string): string {
  const n = toNumber(v);
  return n === undefined ? MISSING : `${formatNumber(n, lang)}%`;
}

/** The currency's symbol as the language writes it ("Rp" in Indonesian, "IDR" in English). */
export function currencySymbol(lang: string | undefined, currency: Currency = DEFAULT_CURRENCY): string {
  const part = new Intl.NumberFormat(localeTag(lang), { style: "currency", currency: currency.code }).formatToParts(0).find((p) => p.type === "currency");
  return part?.value ?? currency.code;
}

/** Group and decimal separators of the language, for number inputs. */
export function numberSeparators(lang: string | undefined): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(localeTag(lang)).formatToParts(12345.6);
  return {
    group: parts.find((p) => p.type === "group")?.value ?? ",",
    decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
  };
}
