// Failures with an HTTP status and a translatable message. Thrown anywhere; the central error
// handler (server/http/error-handler.ts) answers them in the envelope and the request's language.
import type { MessageKey, Msg, Params } from "../i18n/messages";
import { resourceLabel } from "../i18n/resource-labels";

/** Field errors: field (or "items.2.user_id", "columns", "orders") → message. */
export type FieldErrors = Record<string, Msg>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly params: Params = {},
    readonly errors?: FieldErrors,
    /** Structured details answered beside the message (see Envelope.details). */
    readonly details?: unknown,
    /** The message to answer when it is not the key's own (one key, several wordings). */
    readonly messageKey?: MessageKey,
  ) {
    super(key);
  }
}

export const badRequest = (errors?: FieldErrors, key: MessageKey = "validation_failed", params?: Params) => new HttpError(400, key, params, errors);
export const unauthorized = () => new HttpError(401, "unauthorized");
export const forbidden = (key: MessageKey = "forbidden") => new HttpError(403, key);
export const notFound = () => new HttpError(404, "not_found");
export const conflict = (errors?: FieldErrors, key: MessageKey = "conflict", params?: Params) => new HttpError(409, key, params, errors);
export const tooMany = () => new HttpError(429, "too_many_attempts");
export const notImplemented = () => new HttpError(501, "not_implemented");

/** 409 `in_use`: the record is still referred to; `details.uses` says by which resources and how many rows. */
export const inUse = (uses: Array<{ resource: string; count: number }>) =>
  new HttpError(409, "in_use", { list: (lang) => uses.map((u) => `${resourceLabel(lang, u.resource)} (${u.count})`).join(", ") }, undefined, { uses });

/**
 * 409 `read_only`: the actor may read but not write (an admin viewing the product as a role, a
 * company past its subscription's end). Not a 403: the web app ends the session on a 403.
 */
export const readOnly = (reason: string) =>
  new HttpError(409, "read_only", {}, undefined, { reason }, reason === "subscription_ended" ? "read_only_subscription_ended" : undefined);
