// While the worker is clocked in and the page is open, the watched positions go to the server in
// batches (waypoint/add-batch): every 30 s, or at once at 50 points. A batch without an answer
// waits for the next (a refused one is dropped); what is left goes when the page closes.
import { useEffect, useRef } from "react";
import { sendPoints } from "../api/fieldCalls";
import { BATCH_EVERY_MS, PointBatch } from "../model/pointBatch";
import { failureOf } from "../model/queue";
import { useFieldStore } from "../store/fieldStore";

export function usePositionBatches(clockedIn: boolean): void {
  const batch = useRef<PointBatch | null>(null);

  useEffect(() => {
    if (!clockedIn) return;
    const points = (batch.current ??= new PointBatch());
    let inFlight = false;
    const send = () => {
      // Without a network they wait (and keep gathering) for the next try.
      if (inFlight || points.size === 0 || navigator.onLine === false) return;
      const taken = points.take();
      inFlight = true;
      sendPoints(taken)
        // No answer, or a server fault: again with the next batch. A refusal (a point out of
        // bounds) would be refused again: those points are dropped.
        .catch((e: unknown) => (failureOf(e) === "refused" ? console.warn("positions refused", e) : points.putBack(taken)))
        .finally(() => {
          inFlight = false;
        });
    };
    const first = useFieldStore.getState().fix;
    if (first) points.add(first);
    const unsubscribe = useFieldStore.subscribe((state, prev) => {
      if (state.fix && state.fix !== prev.fix && points.add(state.fix)) send();
    });
    const timer = setInterval(send, BATCH_EVERY_MS);
    return () => {
      unsubscribe();
      clearInterval(timer);
      send();
    };
  }, [clockedIn]);
}
