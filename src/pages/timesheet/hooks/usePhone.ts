// Whether the screen is a phone's (narrower than antd's md breakpoint, 768 px): the page shows a
// card per person there instead of the wide table.
import { useSyncExternalStore } from "react";

const PHONE_QUERY = "(max-width: 767.98px)";

const media = () => (typeof window !== "undefined" && window.matchMedia ? window.matchMedia(PHONE_QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const m = media();
  m?.addEventListener?.("change", onChange);
  return () => m?.removeEventListener?.("change", onChange);
}

export const usePhone = (): boolean => useSyncExternalStore(subscribe, () => media()?.matches ?? false);
