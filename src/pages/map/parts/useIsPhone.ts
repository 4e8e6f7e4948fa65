// A phone-sized screen (≤ 768 px wide): the panels become drawers over the map.
import { useSyncExternalStore } from "react";

const QUERY = "(max-width: 768px)";

const subscribe = (l: () => void) => {
  const m = window.matchMedia?.(QUERY);
  m?.addEventListener("change", l);
  return () => m?.removeEventListener("change", l);
};

export const useIsPhone = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => !!window.matchMedia?.(QUERY).matches,
    () => false,
  );
