// The base map: OpenStreetMap tiles by default; VITE_BASEMAP_URL sets another XYZ template, or
// "none" for no tiles (tests, offline sites). Without tiles the container's neutral colour shows.
const OSM_TILES = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

export function basemapUrl(): string | null {
  const configured = (import.meta.env.VITE_BASEMAP_URL as string | undefined)?.trim();
  if (configured === "none") return null;
  return configured || OSM_TILES;
}

/** Shown behind the tiles and instead of them when they cannot load. */
export const NEUTRAL_BACKGROUND = "#e9ecef";
