// A place as people read it: coordinates always longitude, latitude (the product spec's order, the
// same on the banner, the alarm's page, the map and the phone), to 5 decimals (about a metre),
// and a link that opens the place on a map.

/** "106.80000, -6.20000": longitude, latitude. */
export const lonLatText = (lon: number, lat: number): string => `${lon.toFixed(5)}, ${lat.toFixed(5)}`;

/** The place on OpenStreetMap, marked. */
export const mapLinkOf = (lon: number, lat: number): string =>
  `https://www.openstreetmap.org/?mlat=${lat.toFixed(6)}&mlon=${lon.toFixed(6)}#map=18/${lat.toFixed(6)}/${lon.toFixed(6)}`;

/** [lon, lat] from a value that may be one (a geo field, an answer's pair), else null. */
export function lonLatPair(v: unknown): [number, number] | null {
  if (!Array.isArray(v) || v.length !== 2) return null;
  const [lon, lat] = v.map(Number);
  return Number.isFinite(lon) && Number.isFinite(lat) && Math.abs(lon) <= 180 && Math.abs(lat) <= 90 ? [lon, lat] : null;
}
