// What the field page's parts share: the latest position (one watch for the whole page), what
// waits in the offline queue and whether it is being sent.
import { create } from "zustand";
import type { Fix, PositionProblem } from "../model/position";
import type { QueuedAction } from "../model/queue";

interface FieldState {
  /** The latest position while the page is open, or null before the first. */
  fix: Fix | null;
  /** Why there is no position (refused, unavailable...), or null. */
  positionProblem: PositionProblem | null;
  /** The signed-in user's actions waiting to be sent, oldest capture first. */
  waiting: QueuedAction[];
  /** A send of the queue is under way. */
  sending: boolean;
  setFix: (fix: Fix) => void;
  setPositionProblem: (problem: PositionProblem | null) => void;
  setWaiting: (waiting: QueuedAction[]) => void;
  setSending: (sending: boolean) => void;
  reset: () => void;
}

const initial = { fix: null, positionProblem: null, waiting: [], sending: false };

export const useFieldStore = create<FieldState>()((set) => ({
  ...initial,
  setFix: (fix) => set({ fix, positionProblem: null }),
  setPositionProblem: (positionProblem) => set({ positionProblem }),
  setWaiting: (waiting) => set({ waiting }),
  setSending: (sending) => set({ sending }),
  reset: () => set(initial),
}));
