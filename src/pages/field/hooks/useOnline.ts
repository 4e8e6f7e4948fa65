// Whether the browser has a network (navigator.onLine and its online/offline events).
import { useSyncExternalStore } from "react";

const subscribe = (changed: () => void) => {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
};

export const useOnline = (): boolean => useSyncExternalStore(subscribe, () => navigator.onLine !== false);
