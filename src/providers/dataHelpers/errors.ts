// Errors of the data provider in Refine's HttpError shape ({ message, statusCode, errors }):
// `errors` (field → message) lands on the antd form fields.
import type { HttpError } from "@refinedev/core";
import { AxiosError } from "axios";
import { userMessage, type KeyedHttpError } from "../../http/errorKeys";

/** A call the declaration does not offer: never sent to the server. */
export class OperationNotDeclaredError extends Error implements HttpError {
  readonly statusCode = 405;
  [key: string]: unknown;
  constructor(resource: string, what: string) {
    super(`"${resource}" has no ${what} operation in the declaration; nothing was sent`);
    this.name = "OperationNotDeclaredError";
  }
}

/** A filter the contract cannot express (it has AND of columns only). */
export class UnsupportedFilterError extends Error implements HttpError {
  readonly statusCode = 400;
  [key: string]: unknown;
  constructor(message: string) {
    super(message);
    this.name = "UnsupportedFilterError";
  }
}

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
  key?: unknown;
  details?: unknown;
}

/** Any failure → HttpError; the server's message (in the app's words where src/http/errorKeys.ts has some), key, details and field errors are kept. */
export function toHttpError(error: unknown): KeyedHttpError {
  if (error instanceof OperationNotDeclaredError || error instanceof UnsupportedFilterError) return error;
  if (error instanceof AxiosError) {
    const body = (error.response?.data ?? {}) as ErrorBody;
    const httpError: KeyedHttpError = {
      message: userMessage(error),
      statusCode: error.response?.status ?? 0,
    };
    if (typeof body.key === "string") httpError.key = body.key;
    if (body.details !== undefined) httpError.details = body.details;
    if (body.errors && typeof body.errors === "object") httpError.errors = body.errors as HttpError["errors"];
    return httpError;
  }
  const e = error as { message?: unknown; statusCode?: unknown; errors?: unknown; key?: unknown; details?: unknown } | undefined;
  const httpError: KeyedHttpError = {
    message: typeof e?.message === "string" ? e.message : String(error),
    statusCode: typeof e?.statusCode === "number" ? e.statusCode : 0,
  };
  if (typeof e?.key === "string") httpError.key = e.key;
  if (e?.details !== undefined) httpError.details = e.details;
  // A refusal answered in a success envelope names its fields too.
  if (e?.errors && typeof e.errors === "object") httpError.errors = e.errors as HttpError["errors"];
  return httpError;
}

/** A failure in one line where no form carries the field errors: the message, then each field's ("Must be within the last 24 hours."). */
export function refusalText(error: unknown): string {
  const e = toHttpError(error);
  const fields = Object.values(e.errors ?? {})
    .flatMap((m) => (Array.isArray(m) ? m : [m]))
    .filter((m): m is string => typeof m === "string" && m !== e.message);
  return [e.message, ...fields].join(" ");
}
