// One axios instance per service. Every call carries `Accept-Language` and, unless marked
// `skipAuth` (login, send-forgot-email), `Authorization: Bearer <token>` from local storage.
// The error catalogue is applied to all of them, and every answer tells the server's time.
import axios, { type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from "axios";
import { STORAGE_KEYS } from "../auth/storageKeys";
import { getLanguage } from "../i18n";
import { SERVICE_URLS, type ServiceName } from "./config";
import { applyErrorCatalogue } from "./errorCatalogue";
import { learnFromResponse } from "./serverClock";

declare module "axios" {
  interface AxiosRequestConfig {
    /** Send without the bearer token (login, send-forgot-email). */
    skipAuth?: boolean;
    /** Let every error through untouched (logout: its errors are ignored). */
    skipErrorCatalogue?: boolean;
    /** The caller keeps what it sent when no answer comes (the field page's offline queue): no browser alert for a network failure. */
    networkFailureHandled?: boolean;
  }
}

function addSessionHeaders(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  config.headers.set("Accept-Language", getLanguage());
  const token = localStorage.getItem(STORAGE_KEYS.token);
  if (token && !config.skipAuth) config.headers.set("Authorization", `Bearer ${token}`);
  else config.headers.delete("Authorization");
  return config;
}

export function createServiceClient(baseURL: string): AxiosInstance {
  const client = axios.create({ baseURL, headers: { Accept: "application/json" } });
  client.interceptors.request.use(addSessionHeaders);
  // Every answer tells the server's time (src/http/serverClock.ts), an error answer too.
  client.interceptors.response.use(learnFromResponse, (error: unknown) => {
    learnFromResponse((error as AxiosError | undefined)?.response);
    return applyErrorCatalogue(error);
  });
  return client;
}

export const apiClient = createServiceClient(SERVICE_URLS.api);
export const legacyClient = createServiceClient(SERVICE_URLS.legacy);
export const mapClient = createServiceClient(SERVICE_URLS.map);
export const gisClient = createServiceClient(SERVICE_URLS.gis);

export const CLIENTS: Record<ServiceName, AxiosInstance> = {
  api: apiClient,
  legacy: legacyClient,
  map: mapClient,
  gis: gisClient,
};
