// A phone-sized screen (≤ 768 px wide): the map's panels become drawers, the panic banner shows one alarm.
import { useSyncExternalStore } from "react";

const QUERY = "(max-width: 768px)";

/** The same test outside React (the map's view padding). */
export const isPhoneWidth = (): boolean => !!window.matchMedia?.(QUERY).matches;

const subscribe = (l: () => void) => {
  const m = window.matchMedia?.(QUERY);
  m?.addEventListener("change", l);
  return () => m?.removeEventListener("change", l);
};

export const useIsPhone = (): boolean => useSyncExternalStore(subscribe, isPhoneWidth, () => false);
