// The panic button's hold: it sends only after being held for HOLD_MS without a break, so a
// brush of the thumb (or a pocket) sends nothing. Pure: the hook (hooks/useHold.ts) feeds it
// the press, the release and the clock.

/** How long the button must be held to send, ms. */
export const HOLD_MS = 2000;

export type HoldState = { kind: "idle" } | { kind: "holding"; since: number } | { kind: "done" };

export const pressed = (state: HoldState, now: number): HoldState => (state.kind === "idle" ? { kind: "holding", since: now } : state);

/** Let go (or the pointer left the button) before the time: back to idle, nothing sent. */
export const released = (state: HoldState): HoldState => (state.kind === "holding" ? { kind: "idle" } : state);

/** Held for HOLD_MS: done (the one moment the alarm goes out). */
export const ticked = (state: HoldState, now: number, holdMs: number = HOLD_MS): HoldState => (state.kind === "holding" && now - state.since >= holdMs ? { kind: "done" } : state);

/** 0..1 of the hold, for the ring around the button. */
export const progressOf = (state: HoldState, now: number, holdMs: number = HOLD_MS): number =>
  state.kind === "done" ? 1 : state.kind === "holding" ? Math.min(1, Math.max(0, (now - state.since) / holdMs)) : 0;
