// A CSS media query as React state: true while it matches, followed as it changes (a window
// resized, a system setting changed). False where there is no window.matchMedia (tests, SSR).
import { useCallback, useSyncExternalStore } from "react";

/** Whether the query matches now, outside React. */
export const mediaMatches = (query: string): boolean => typeof window !== "undefined" && !!window.matchMedia?.(query).matches;

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const m = typeof window !== "undefined" ? window.matchMedia?.(query) : undefined;
      m?.addEventListener?.("change", onChange);
      return () => m?.removeEventListener?.("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaMatches(query),
    () => false,
  );
}
