// The offline queue at work: an action is written to the queue's storage first, then sent; what
// gets no answer stays, with its capture time and idempotency key, and goes again when the
// network is back (the `online` event), when the page starts, every minute while something
// waits, or when the worker asks. Sent one at a time, alarms first, then clock actions in capture
// order; the first that cannot get through stops the round (what follows it waits too). A
// refusal (400, 409) keeps the action with its reason: the worker sends it again or discards it;
// a refused alarm goes again with every round (never dropped unseen: only the worker discards it).
import { useCallback, useEffect, useRef } from "react";
import { sendAction } from "../api/fieldCalls";
import { failureOf, inCaptureOrder, newAction, sendOrder, type ActionFields, type QueuedAction, type QueuedKind } from "../model/queue";
import { refusalText } from "../../../providers/dataHelpers/errors";
import { serverNow } from "../../../http/serverClock";
import { useFieldStore } from "../store/fieldStore";
import { queueStorage } from "../store/queueStorage";

/** While something waits, try again this often (the `online` event does not come when the network was up but the server was not). */
export const RETRY_EVERY_MS = 60_000;

export interface QueueEvents {
  /** The server stored it (or had stored it: a retry answers the same record). */
  onSent: (action: QueuedAction, record: Record<string, unknown>) => void;
  /** The server will not store it: kept with the reason (told once per refusal, not at every retry of an alarm). */
  onRefused: (action: QueuedAction, error: unknown) => void;
}

export function useOfflineQueue(userId: number | null, events: QueueEvents) {
  const setWaiting = useFieldStore((s) => s.setWaiting);
  const setSending = useFieldStore((s) => s.setSending);
  const hasWaiting = useFieldStore((s) => s.waiting.length > 0);
  const eventsRef = useRef(events);
  useEffect(() => {
    eventsRef.current = events;
  });
  const running = useRef<Promise<void> | null>(null);

  const refresh = useCallback(async () => {
    if (userId !== null) setWaiting(inCaptureOrder(await queueStorage().all(userId)));
  }, [userId, setWaiting]);

  const round = useCallback(async () => {
    if (userId === null) return;
    const storage = queueStorage();
    for (const action of sendOrder(await storage.all(userId))) {
      if (typeof navigator !== "undefined" && navigator.onLine === false) {
        await storage.put({ ...action, lastFailure: "offline" });
        break;
      }
      try {
        const record = await sendAction(action);
        await storage.remove(action.id);
        eventsRef.current.onSent(action, record);
      } catch (error) {
        const failure = failureOf(error);
        if (failure === "refused") {
          await storage.put({ ...action, attempts: action.attempts + 1, lastFailure: undefined, refused: { reason: refusalText(error), at: new Date(serverNow()).toISOString() } });
          if (!action.refused) eventsRef.current.onRefused(action, error);
          continue;
        }
        await storage.put({ ...action, attempts: action.attempts + 1, lastFailure: failure });
        break;
      }
    }
  }, [userId]);

  /** Sends what waits (one round at a time: a second call while one runs waits for it). */
  const flush = useCallback((): Promise<void> => {
    if (!running.current) {
      setSending(true);
      running.current = round()
        .catch((e: unknown) => console.error("offline queue", e))
        .finally(async () => {
          running.current = null;
          setSending(false);
          await refresh();
        });
    }
    return running.current;
  }, [round, refresh, setSending]);

  /** Keeps the action (with its capture time and key), then tries to send it. */
  const enqueue = useCallback(
    async (kind: QueuedKind, fields: ActionFields, selfie?: Blob): Promise<QueuedAction | null> => {
      if (userId === null) return null;
      const action = newAction(kind, userId, fields, selfie);
      await queueStorage().put(action);
      await refresh();
      // A round under way may have read the queue before this action: send again after it.
      await running.current;
      void flush();
      return action;
    },
    [userId, refresh, flush],
  );

  /** The worker sends a refused action again (now, with its capture time and key as made). */
  const retry = useCallback(
    async (id: string): Promise<void> => {
      const action = (await queueStorage().all(userId ?? -1)).find((a) => a.id === id);
      if (!action) return;
      await queueStorage().put({ ...action, refused: undefined });
      await refresh();
      await running.current;
      await flush();
    },
    [userId, refresh, flush],
  );

  /** The worker gives a refused action up: it leaves the phone. */
  const discard = useCallback(
    async (id: string): Promise<void> => {
      await queueStorage().remove(id);
      await refresh();
    },
    [refresh],
  );

  useEffect(() => {
    void refresh().then(flush);
    const online = () => void flush();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [refresh, flush]);

  useEffect(() => {
    if (!hasWaiting) return;
    const timer = setInterval(() => void flush(), RETRY_EVERY_MS);
    return () => clearInterval(timer);
  }, [hasWaiting, flush]);

  return { enqueue, flush, retry, discard };
}
