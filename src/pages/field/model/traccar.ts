// What Traccar Client needs to send a worker's positions here: the server URL (this server's
// /osmand, outside /api) and the device key as its "device identifier". The QR code holds both
// as one link with the recommended settings: Traccar Client's settings scan it (its QR button)
// and take the link's address as the server URL and `id`, `accuracy`, `interval`, `distance`,
// `angle`, `buffer` from its query (traccar-client lib/configuration_service.dart).

/** The settings the page recommends (docs/traccar.md). */
export const TRACCAR_SETTINGS = { accuracy: "high", interval: 30, distance: 0, angle: 0, buffer: true } as const;

/** The server URL to type into Traccar Client: the origin the app was loaded from, path /osmand. */
export const osmandUrl = (origin: string): string => `${origin.replace(/\/+$/, "")}/osmand`;

/** The QR code's content: the server URL with the key and the settings. */
export function traccarLink(origin: string, key: string): string {
  const q = new URLSearchParams({ id: key, ...Object.fromEntries(Object.entries(TRACCAR_SETTINGS).map(([k, v]) => [k, String(v)])) });
  return `${osmandUrl(origin)}?${q.toString()}`;
}

/** The origin of the API's server (VITE_API_URL may name another host than the page's). */
export const apiOrigin = (apiUrl: string, pageHref: string): string => new URL(apiUrl, pageHref).origin;
