// Reading an uploaded GeoJSON file for create-layer. Pure (unit tests).
import { GEOMETRY_TYPES, type GeometryType } from "../../../../declaration/map-service";

/** A GeoJSON file's FeatureCollection (or null when it is none); the first feature's type guesses the layer's. */
export function parseGeoJsonFile(text: string): { features: unknown[]; geometryType: GeometryType | null } | null {
  try {
    const json = JSON.parse(text) as { type?: unknown; features?: unknown };
    if (json?.type !== "FeatureCollection" || !Array.isArray(json.features)) return null;
    const first = (json.features[0] as { geometry?: { type?: unknown } } | undefined)?.geometry?.type;
    return { features: json.features, geometryType: GEOMETRY_TYPES.includes(first as GeometryType) ? (first as GeometryType) : null };
  } catch {
    return null;
  }
}

/** A file's text (FileReader: also where Blob.text() is missing). */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}
