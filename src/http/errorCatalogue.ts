// The spec's error catalogue, applied to every service instance (see clients.ts):
// - 401, 403 or 307, or a message containing "401" → toast 'Token expired, please re-login',
//   all local storage cleared, page reloaded;
// - code ERR_NETWORK → browser alert with the error message (unless the caller handles it: the
//   field page's offline queue keeps the action and says it waits);
// - anything else → passed on to the caller.
// Decision: the expiry rule applies only to requests that carried a bearer token. A failed
// login (401 for a bad password) or a request sent without a token is not an expired session:
// it is passed on, so the login page can show the server's message.
import { AxiosError, AxiosHeaders } from "axios";
import { i18n } from "../i18n";
import { toastError } from "../lazy/toasts";
import { page } from "./page";

export const TOKEN_EXPIRED_TOAST_ID = "token-expired";
/** Time the expiry toast stays readable before the reload takes the user to login. */
export const TOKEN_EXPIRED_RELOAD_DELAY_MS = 1500;

const EXPIRY_STATUSES = new Set([401, 403, 307]);

let reloadScheduled = false;

/** True when the request went out with an Authorization header. */
export function carriedToken(error: AxiosError): boolean {
  const headers = error.config?.headers;
  if (!headers) return false;
  const value = headers instanceof AxiosHeaders ? headers.get("Authorization") : (headers as Record<string, unknown>).Authorization;
  return typeof value === "string" && value.startsWith("Bearer ") && value.length > "Bearer ".length;
}

export function isTokenExpiry(error: AxiosError): boolean {
  const status = error.response?.status;
  return (status !== undefined && EXPIRY_STATUSES.has(status)) || String(error.message ?? "").includes("401");
}

/** Ends the session: toast, clear all local storage, reload (once, however many calls fail). */
export function expireSession(): void {
  void toastError(i18n.t("errors.tokenExpired"), TOKEN_EXPIRED_TOAST_ID);
  localStorage.clear();
  if (reloadScheduled) return;
  reloadScheduled = true;
  setTimeout(() => {
    reloadScheduled = false;
    page.reload();
  }, TOKEN_EXPIRED_RELOAD_DELAY_MS);
}

/**
 * Response-error handler of the axios instances. Returns a promise that never settles for an
 * expired session (the page is about to reload: callers must not show a second error), and a
 * rejection with the original error otherwise.
 */
export function applyErrorCatalogue(error: unknown): Promise<never> {
  if (!(error instanceof AxiosError) || error.config?.skipErrorCatalogue) return Promise.reject(error);
  if (error.code === AxiosError.ERR_NETWORK) {
    if (!error.config?.networkFailureHandled) page.alert(error.message);
    return Promise.reject(error);
  }
  if (carriedToken(error) && isTokenExpiry(error)) {
    expireSession();
    return new Promise<never>(() => {});
  }
  return Promise.reject(error);
}
