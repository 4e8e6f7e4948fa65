// Re-renders a component when the stored session changes (src/auth/session.ts: a refresh after a
// rights change, view-as): for parts that read the stored menus synchronously.
import { useSyncExternalStore } from "react";
import { getSessionVersion, subscribeSession } from "./session";

export const useSessionVersion = (): number => useSyncExternalStore(subscribeSession, getSessionVersion, getSessionVersion);
