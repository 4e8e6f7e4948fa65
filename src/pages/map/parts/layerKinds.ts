// Which kind of OpenLayers layer draws each map layer: Canvas (`ol/layer/Vector`) or WebGL
// (`ol/layer/WebGLVector`), both from the same flat style. Chosen by measurement (`npm run
// bench:map`, README "Map performance"): Canvas redraws every feature on each frame of a pan
// (10,000 points: ~110 ms a frame), WebGL pans in a few ms but builds its buffers slowly for a long
// line; so the many points are WebGL and the route's line (simplified to the view's resolution),
// its few labelled marks and the playback marker are Canvas.
import VectorLayer from "ol/layer/Vector";
import WebGLVectorLayer from "ol/layer/WebGLVector";
import type VectorSource from "ol/source/Vector";
import type { FlatStyleLike } from "ol/style/flat";

export type LayerKind = "canvas" | "webgl";
export type MapLayerRole = "points" | "routeLine" | "routePoints" | "routeMarks" | "marker";

/** The page's layers. */
export const PAGE_LAYER_KINDS: Readonly<Record<MapLayerRole, LayerKind>> = {
  points: "webgl",
  routeLine: "canvas",
  routePoints: "webgl",
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
    return v === "canvas" || v === "webgl" ? v : null;
  } catch {
    return null;
  }
}

export const layerKindOf = (role: MapLayerRole): LayerKind => benchKind() ?? PAGE_LAYER_KINDS[role];

export type MapVectorLayer = VectorLayer<VectorSource> | WebGLVectorLayer<VectorSource>;

/** A vector layer of the role's kind with its own source. */
export function createVectorLayer(role: MapLayerRole, style: FlatStyleLike, zIndex: number, source: VectorSource, minZoom?: number): MapVectorLayer {
  const options = { source, style, zIndex, minZoom, properties: { mapRole: role } };
  return layerKindOf(role) === "webgl" ? new WebGLVectorLayer(options) : new VectorLayer(options);
}
