// The one place that turns a failed call into what the user reads. Every error answer carries its
// message key (`key`, docs/api.md "Errors"): screens decide by the key, never by the HTTP status
// or the text. The server's `message` is already in the user's language; a key listed here gets
// the app's own words instead (built from `details` where the server sent them).
import type { HttpError } from "@refinedev/core";
import { AxiosError } from "axios";
import { i18n } from "../i18n";
import { inSentence } from "../lib/format";

/** Keys the web app acts on (server/i18n/messages.ts holds them all). */
export type KnownErrorKey =
  | "in_use"
  | "plan_stale"
  | "too_large"
  | "unsupported_media"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "validation_failed"
  | "server_error"
  | "too_many_attempts"
  | "rate_limited";

/** `in_use` details: which resources still refer to the record, and how many of their rows. */
export interface InUseDetails {
  uses: Array<{ resource: string; count: number }>;
}

interface ErrorBody {
  key?: unknown;
  message?: unknown;
  details?: unknown;
}

const bodyOf = (error: unknown): ErrorBody | undefined => {
  if (error instanceof AxiosError) return (error.response?.data ?? undefined) as ErrorBody | undefined;
  if (error && typeof error === "object") return error as ErrorBody;
  return undefined;
};

/** The answer's message key (`"in_use"`, `"plan_stale"`, ...), or undefined (network failure, a non-contract server). */
export function errorKeyOf(error: unknown): string | undefined {
  const key = bodyOf(error)?.key;
  return typeof key === "string" && key ? key : undefined;
}

/** The answer's `details`, when the server sent some. */
export function errorDetailsOf(error: unknown): unknown {
  return bodyOf(error)?.details;
}

const isInUse = (d: unknown): d is InUseDetails =>
  !!d && typeof d === "object" && Array.isArray((d as InUseDetails).uses) && (d as InUseDetails).uses.every((u) => typeof u?.resource === "string" && typeof u?.count === "number");

/** "3 role menus, 1 staff member": each using resource by the label users see, counted, in the current language. */
export function inUseText(details: InUseDetails): string {
  const parts = details.uses.map(({ resource, count }) => {
    // A language without plural forms (Indonesian) counts with the singular noun: "3 menu peran".
    const rules = new Intl.PluralRules(i18n.language);
    const plural = rules.resolvedOptions().pluralCategories.length > 1 && rules.select(count) !== "one";
    const label = i18n.t(plural ? `resources.${resource}` : `resourceSingular.${resource}`, { defaultValue: resource });
    return i18n.t("errors.inUseItem", { count: count.toLocaleString(i18n.language), label: inSentence(label, i18n.language) });
  });
  return i18n.t("errors.inUse", { list: new Intl.ListFormat(i18n.language, { style: "long", type: "conjunction" }).format(parts) });
}

/**
 * The app's own short words for a refusal where the server's message is too general to act on
 * (the documents tab's upload list names each refused file with them), by key.
 */
const REFUSAL_WORDS: Partial<Record<KnownErrorKey, string>> = { too_large: "errors.tooLarge", unsupported_media: "errors.unsupportedMedia" };

/** Why a call was refused, in the app's words for its key (a file too large, of a type not accepted), else `fallback`. */
export function refusalWords(error: unknown, fallback: string): string {
  const words = REFUSAL_WORDS[errorKeyOf(error) as KnownErrorKey];
  return words ? i18n.t(words) : fallback;
}

/**
 * What the user reads for a failed call: the app's words for the keys it knows how to say better,
 * else the server's message (already in the user's language), else the app's words for a request
 * over a limit (429), else `fallback`, else, for an
 * answer without a message (a proxy's 502 page), the app's words, never axios's "Request failed
 * with status code 502". A call that got no answer keeps the error's own message ("Network
 * Error"): the spec's catalogue shows it in the browser's alert and the map's alert names it as
 * the error type.
 */
export function userMessage(error: unknown, fallback?: string): string {
  const key = errorKeyOf(error);
  const details = errorDetailsOf(error);
  if (key === "in_use" && isInUse(details)) return inUseText(details);
  const message = bodyOf(error)?.message;
  if (typeof message === "string" && message) return message;
  // Over a request limit without the server's words (a proxy's own 429): wait, nothing is wrong with the session.
  if (key === "rate_limited" || (!key && error instanceof AxiosError && error.response?.status === 429)) return i18n.t("errors.rateLimited");
  if (fallback) return fallback;
  if (error instanceof AxiosError && error.response) return i18n.t("errors.unknown");
  if (error instanceof Error && error.message) return error.message;
  return i18n.t("errors.unknown");
}

/** Refine's HttpError with the answer's key and details kept beside message and field errors. */
export type KeyedHttpError = HttpError & { key?: string; details?: unknown };
