// Where the offline queue keeps its actions: IndexedDB (idb-keyval: a database of its own, one
// entry per action, the selfie kept as a Blob), so a clock-in made without network survives a
// closed tab or a restarted phone. Without IndexedDB (the web tests' jsdom) the queue lives in
// memory. Entries are the signed-in user's to send: a shared phone keeps each person's apart.
import { createStore, del, set, values, type UseStore } from "idb-keyval";
import type { QueuedAction } from "../model/queue";

export interface QueueStorage {
  /** The user's waiting actions, in no particular order. */
  all(userId: number): Promise<QueuedAction[]>;
  put(action: QueuedAction): Promise<void>;
  remove(id: string): Promise<void>;
}

export function idbQueueStorage(dbName = "fieldworks-field", storeName = "queue"): QueueStorage {
  let store: UseStore | undefined;
  const db = () => (store ??= createStore(dbName, storeName));
  return {
    all: async (userId) => (await values<QueuedAction>(db())).filter((a) => a.userId === userId),
    put: (action) => set(action.id, action, db()),
    remove: (id) => del(id, db()),
  };
}

export function memoryQueueStorage(): QueueStorage {
  const rows = new Map<string, QueuedAction>();
  return {
    all: async (userId) => [...rows.values()].filter((a) => a.userId === userId),
    put: async (action) => void rows.set(action.id, action),
    remove: async (id) => void rows.delete(id),
  };
}

let current: QueueStorage | undefined;

/** The queue's storage: IndexedDB where the browser has it. */
export const queueStorage = (): QueueStorage => (current ??= typeof indexedDB === "undefined" ? memoryQueueStorage() : idbQueueStorage());

/** Another storage (tests: one that outlives the page, as IndexedDB does). */
export const setQueueStorage = (storage: QueueStorage | undefined): void => {
  current = storage;
};
