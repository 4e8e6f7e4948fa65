// The spec's wrapper of map searches and the map rows of its error catalogue.
import type { MapSearchResult } from "./types";

/** What the user is told about a failed map call (an empty list tells nothing). */
export type MapAlert = { kind: "noResponse"; errorType: string } | { kind: "message"; message: string };

/** `{ status: true, data }` only when the answer holds a non-empty list. */
export function wrapSearch<T>(answer: unknown): MapSearchResult<T> {
  const data = (answer as { data?: unknown } | null | undefined)?.data;
  return Array.isArray(data) && data.length > 0 ? { status: true, data: data as T[] } : { status: false, data: null };
}

/** A failure → status false and its alert: no response (status 0) → the connection alert with the
 *  error type; otherwise the error's message when it has one. */
export function failedSearch<T>(error: unknown): { result: MapSearchResult<T>; alert: MapAlert | null } {
  const e = (error ?? {}) as { statusCode?: unknown; message?: unknown; code?: unknown; name?: unknown };
  const result = { status: false, data: null } as const;
  if (e.statusCode === 0 || e.code === "ERR_NETWORK") {
    const errorType = typeof e.code === "string" ? e.code : typeof e.message === "string" && e.message ? e.message : typeof e.name === "string" ? e.name : "Error";
    return { result, alert: { kind: "noResponse", errorType } };
  }
  return { result, alert: typeof e.message === "string" && e.message ? { kind: "message", message: e.message } : null };
}
