// The live stream's one store (zustand): the stream's state, the open panics (the banner and the
// bell read them), a map focus asked by "Show on map", and the mute choice (kept in local storage).
import { create } from "zustand";
import type { PanicRecord } from "./events";

export type StreamState = "idle" | "connecting" | "open" | "retrying" | "stopped";

export const MUTE_KEY = "live_muted";

const readMuted = (): boolean => {
  try {
    return localStorage.getItem(MUTE_KEY) === "true";
  } catch {
    return false;
  }
};

export interface MapFocus {
  userId: number | null;
  lon: number;
  lat: number;
}

export interface LiveState {
  stream: StreamState;
  /** Open panics, newest first (status open; escalated ones carry `escalated_at` or `escalated`). */
  openPanics: PanicRecord[];
  muted: boolean;
  focus: MapFocus | null;
  setStream(s: StreamState): void;
  /** The open panics as a re-read answered them (replaces the list). */
  setOpenPanics(rows: PanicRecord[]): void;
  /** One panic event: an open one is added or updated, any other status removes it. */
  applyPanic(p: PanicRecord, escalated?: boolean): void;
  setMuted(m: boolean): void;
  setFocus(f: MapFocus | null): void;
  reset(): void;
}

const byNewest = (a: PanicRecord, b: PanicRecord) => String(b.alert_time ?? "").localeCompare(String(a.alert_time ?? "")) || Number(b.id) - Number(a.id);

export const useLiveStore = create<LiveState>()((set) => ({
  stream: "idle",
  openPanics: [],
  muted: readMuted(),
  focus: null,
  setStream: (stream) => set({ stream }),
  setOpenPanics: (rows) => set({ openPanics: rows.filter((p) => p.status === "open").sort(byNewest) }),
  applyPanic: (p, escalated = false) =>
    set((s) => {
      const rest = s.openPanics.filter((x) => Number(x.id) !== Number(p.id));
      if (p.status !== "open") return { openPanics: rest };
      const before = s.openPanics.find((x) => Number(x.id) === Number(p.id));
      const next: PanicRecord = { ...p, escalated: escalated || !!p.escalated_at || !!before?.escalated };
      return { openPanics: [...rest, next].sort(byNewest) };
    }),
  setMuted: (muted) => {
    try {
      localStorage.setItem(MUTE_KEY, String(muted));
    } catch {
      // private mode: the choice holds for this page only
    }
    set({ muted });
  },
  setFocus: (focus) => set({ focus }),
  reset: () => set({ stream: "idle", openPanics: [], focus: null }),
}));
