// A GeoJSON feature's extent in the map's system (web mercator), for zooming to it.
import GeoJSON from "ol/format/GeoJSON";
import type { Extent } from "ol/extent";

const format = new GeoJSON();

/** The extent of a GeoJSON feature given in `srs` (EPSG:3857 by default), or null without a geometry. */
export function extentOfGeoJson(feature: { geometry: unknown }, srs = "EPSG:3857"): Extent | null {
  if (!feature.geometry) return null;
  const geometry = format.readGeometry(feature.geometry, { dataProjection: srs, featureProjection: "EPSG:3857" });
  return geometry ? geometry.getExtent() : null;
}
