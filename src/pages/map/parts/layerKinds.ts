// Which kind of OpenLayers layer draws each map layer: Canvas (`ol/layer/Vector`), a Canvas image
// (`ol/layer/VectorImage`) or WebGL (`ol/layer/WebGLVector`), all from the same flat style. Chosen
// by measurement (`npm run bench:map`, docs/performance.md "Map performance"): Canvas replays every feature on
// each frame of a pan (10,000 points: ~200 ms a frame here), software WebGL spends ~600 ms a frame
// and seconds building buffers for a long line, while a VectorImage layer draws its features once
// into an image and moves that image while the map pans (~17 ms a frame), redrawing when the view
// settles. So the many points, the route's line (on Canvas its replay still cost ~130 ms a frame)
// and its Working points are images; the few labelled marks (Start/End, stops) and the playback
// marker, which move or must stay crisp, are Canvas.
import VectorLayer from "ol/layer/Vector";
import VectorImageLayer from "ol/layer/VectorImage";
import WebGLVectorLayer from "ol/layer/WebGLVector";
import type VectorSource from "ol/source/Vector";
import type { FlatStyleLike } from "ol/style/flat";

export type LayerKind = "canvas" | "image" | "webgl";
export type MapLayerRole = "points" | "routeLine" | "routePoints" | "routeMarks" | "marker";

/** The page's layers. */
export const PAGE_LAYER_KINDS: Readonly<Record<MapLayerRole, LayerKind>> = {
  points: "image",
  routeLine: "image",
  routePoints: "image",
  routeMarks: "canvas",
  marker: "canvas",
};

/** Bench switch (bench/map.ts only): local storage `map-bench-layers` = "canvas" or "webgl" draws
 *  every map layer with that kind, for the side-by-side figures; absent (always, for users): the
 *  page's layers. */
export const BENCH_LAYERS_KEY = "map-bench-layers";

function benchKind(): LayerKind | null {
  try {
    const v = localStorage.getItem(BENCH_LAYERS_KEY);
    return v === "canvas" || v === "image" || v === "webgl" ? v : null;
  } catch {
    return null;
  }
}

export const layerKindOf = (role: MapLayerRole): LayerKind => benchKind() ?? PAGE_LAYER_KINDS[role];

export type MapVectorLayer = VectorLayer<VectorSource> | VectorImageLayer<VectorSource> | WebGLVectorLayer<VectorSource>;

/** A vector layer of the role's kind with its own source. */
export function createVectorLayer(role: MapLayerRole, style: FlatStyleLike, zIndex: number, source: VectorSource, minZoom?: number, declutter = false): MapVectorLayer {
  const options = { source, style, zIndex, minZoom, properties: { mapRole: role } };
  const kind = layerKindOf(role);
  if (kind === "webgl") return new WebGLVectorLayer(options);
  return kind === "image" ? new VectorImageLayer({ ...options, declutter }) : new VectorLayer({ ...options, declutter });
}
