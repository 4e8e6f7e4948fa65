// The current time for what the page shows as an age ("2d ago"), renewed every minute while
// something shows one (reading the clock during render would make it impure).
import { useSyncExternalStore } from "react";

export const NOW_TICK_MS = 60_000;

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

const tick = () => {
  now = Date.now();
  listeners.forEach((l) => l());
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    // The first to look after a while gets the time of now, not of the last tick.
    tick();
    timer = setInterval(tick, NOW_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export const useNow = (): number =>
  useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
