// The user asked their system for less motion (prefers-reduced-motion: reduce): the app's theme
// turns antd's motion off then (menus, drawers and collapses open at once, WCAG 2.3.3).
import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

const prefersReducedMotion = (): boolean => !!window.matchMedia?.(QUERY).matches;

const subscribe = (l: () => void) => {
  const m = window.matchMedia?.(QUERY);
  m?.addEventListener("change", l);
  return () => m?.removeEventListener("change", l);
};

export const usePrefersReducedMotion = (): boolean => useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
