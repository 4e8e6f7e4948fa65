// OpenLayers layers of the map service's layers: vector from WFS (GeoJSON, bbox strategy, loaded
// through the GIS client) and raster from WMS (TileWMS). Each carries its layer id (GIS_LAYER_ID)
// so clicks and toggles find it.
import type Feature from "ol/Feature";
import GeoJSON from "ol/format/GeoJSON";
import TileLayer from "ol/layer/Tile";
import VectorLayer from "ol/layer/Vector";
import { bbox as bboxStrategy } from "ol/loadingstrategy";
import TileWMS from "ol/source/TileWMS";
import VectorSource from "ol/source/Vector";
import { Circle, Fill, RegularShape, Stroke, Style } from "ol/style";
import type { MapLayer } from "../api/mapService";
import { wfsBboxParams, wmsParams } from "../api/gisRequests";
import { getWfs } from "../api/gisServer";

export const GIS_LAYER_ID = "gisLayerId";

type LayerStyle = { fill?: unknown; stroke?: unknown; width?: unknown; radius?: unknown; shape?: unknown; dash?: unknown };

const str = (v: unknown, d: string) => (typeof v === "string" && v ? v : d);
const num = (v: unknown, d: number) => (typeof v === "number" && Number.isFinite(v) ? v : d);

/** The layer's saved style (fill, stroke, width, radius, shape circle|square|pin, dash) as an OL style. */
export function styleOf(style: MapLayer["style"]): Style {
  const s = (style ?? {}) as LayerStyle;
  const fill = new Fill({ color: str(s.fill, "rgba(114, 46, 209, 0.15)") });
  const stroke = new Stroke({ color: str(s.stroke, "#722ed1"), width: num(s.width, 1.5), lineDash: Array.isArray(s.dash) ? (s.dash as number[]) : undefined });
  const radius = num(s.radius, 6);
  const image = s.shape === "square" ? new RegularShape({ points: 4, radius: radius * 1.2, angle: Math.PI / 4, fill, stroke }) : new Circle({ radius, fill, stroke });
  // Lines draw in their stroke; points and polygons fill.
  return new Style({ fill, stroke: s.stroke || !s.fill ? stroke : new Stroke({ color: str(s.fill, "#722ed1"), width: num(s.width, 2) }), image });
}

/** A WFS vector layer (bbox strategy); a failed extent is forgotten so a later view retries it. */
export function createWfsLayer(layer: MapLayer, typeName: string): VectorLayer<VectorSource<Feature>> {
  const format = new GeoJSON();
  const source: VectorSource<Feature> = new VectorSource({
    format,
    strategy: bboxStrategy,
    loader: (extent, _resolution, projection, success, failure) => {
      const srs = projection.getCode();
      getWfs(wfsBboxParams(typeName, extent, srs))
        .then((data) => {
          const features = format.readFeatures(data, { dataProjection: srs, featureProjection: projection }) as Feature[];
          source.addFeatures(features);
          success?.(features);
        })
        .catch(() => {
          source.removeLoadedExtent(extent);
          failure?.();
        });
    },
  });
  return new VectorLayer({ source, style: styleOf(layer.style), properties: { [GIS_LAYER_ID]: layer.id } });
}

/** A WMS raster layer at the GIS server (GeoServer-style). */
export function createWmsLayer(layer: MapLayer, typeName: string, url: string): TileLayer<TileWMS> {
  return new TileLayer({ source: new TileWMS({ url, params: wmsParams(typeName), serverType: "geoserver", crossOrigin: "anonymous" }), properties: { [GIS_LAYER_ID]: layer.id } });
}

/** Marks the highlight layer: neither a GIS layer nor one of the page's own for clicks. */
export const GIS_HIGHLIGHT = "gisHighlight";

/** The selected GIS feature, drawn over the layers in a bright outline. */
export function createHighlightLayer(): VectorLayer<VectorSource<Feature>> {
  const stroke = new Stroke({ color: "#fadb14", width: 4 });
  return new VectorLayer({
    source: new VectorSource(),
    style: new Style({ stroke, fill: new Fill({ color: "rgba(250, 219, 20, 0.25)" }), image: new Circle({ radius: 10, stroke }) }),
    properties: { [GIS_HIGHLIGHT]: true },
    zIndex: 10,
  });
}
