// The live panics on the map: the blinking ring of each open panic's worker (panicLayer.ts), and
// "Show on map" from the banner or the bell (the live store's focus): the view goes to the
// place and the worker's point is selected (its details open).
import { useEffect, useRef } from "react";
import { fromLonLat } from "ol/proj";
import { useLiveStore } from "../../../live/store";
import { panicPlaces } from "../model/panicPlaces";
import { createPanicLayer, setBlink, setPanicPlaces } from "../parts/panicLayer";
import { useMapStore } from "../store/mapStore";

export const BLINK_MS = 500;
const FOCUS_ZOOM = 16;

export function usePanicOnMap(): void {
  const map = useMapStore((s) => s.map);
  const points = useMapStore((s) => s.userPoints);
  const panics = useLiveStore((s) => s.openPanics);
  const focus = useLiveStore((s) => s.focus);
  const layer = useRef<ReturnType<typeof createPanicLayer> | null>(null);
  const on = useRef(true);

  useEffect(() => {
    if (!map) return;
    const l = createPanicLayer();
    layer.current = l;
    map.addLayer(l);
    return () => {
      map.removeLayer(l);
      l.dispose();
      layer.current = null;
    };
  }, [map]);

  useEffect(() => {
    if (layer.current) setPanicPlaces(layer.current, panicPlaces(panics, points), on.current);
  }, [map, panics, points]);

  const blinking = panics.length > 0 && !!map;
  useEffect(() => {
    if (!blinking) return;
    const timer = setInterval(() => {
      on.current = !on.current;
      if (layer.current) setBlink(layer.current, on.current);
    }, BLINK_MS);
    return () => clearInterval(timer);
  }, [blinking]);

  useEffect(() => {
    // After the first points: their framing of the view would otherwise undo the focus.
    if (!map || !focus || points.length === 0) return;
    map.getView().animate({ center: fromLonLat([focus.lon, focus.lat]), zoom: Math.max(map.getView().getZoom() ?? 0, FOCUS_ZOOM), duration: 400 });
    const point = focus.userId === null ? undefined : points.find((p) => Number(p.user_id) === focus.userId);
    if (point) useMapStore.getState().selectFeature(point);
    useLiveStore.getState().setFocus(null);
  }, [map, focus, points]);
}
