// Base URLs of the services. The app never assumes the bundled server: each can be pointed
// elsewhere at build time; the defaults are the bundled server's paths on the same origin.
const env = import.meta.env;

const trimSlash = (u: string): string => u.replace(/\/+$/, "");

export const SERVICE_URLS = {
  api: trimSlash(env.VITE_API_URL || "/api"),
  legacy: trimSlash(env.VITE_LEGACY_URL || "/legacy"),
  map: trimSlash(env.VITE_MAP_URL || "/map-service"),
  gis: trimSlash(env.VITE_GIS_URL || "/gis"),
} as const;

export type ServiceName = keyof typeof SERVICE_URLS;
