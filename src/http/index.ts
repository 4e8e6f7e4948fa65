export { SERVICE_URLS, type ServiceName } from "./config";
export { apiClient, legacyClient, mapClient, gisClient, CLIENTS, createServiceClient } from "./clients";
export { applyErrorCatalogue, TOKEN_EXPIRED_TOAST_ID, TOKEN_EXPIRED_RELOAD_DELAY_MS } from "./errorCatalogue";
export { requestJson, requestMultipart, postJson, getJson, toFormData, holdsFile, type Envelope } from "./requests";
export { page } from "./page";
export { serverNow, serverOffsetMs, learnServerTime, resetServerClock } from "./serverClock";
