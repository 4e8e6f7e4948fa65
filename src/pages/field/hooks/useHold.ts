// Press and hold: `onDone` runs once the control has been held for HOLD_MS without a break
// (pointer, or Space/Enter from a keyboard); letting go, a cancelled touch (a scroll) or leaving
// the button before then sends nothing. `progress` (0..1) drives the visible ring; once what
// `onDone` started has finished, the button is ready again.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { HOLD_MS, pressed, progressOf, released, ticked, type HoldState } from "../model/hold";

export function useHold(onDone: () => unknown, disabled = false) {
  const [state, setState] = useState<HoldState>({ kind: "idle" });
  const [progress, setProgress] = useState(0);
  const current = useRef<HoldState>({ kind: "idle" });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const frame = useRef<ReturnType<typeof setInterval> | null>(null);
  const doneRef = useRef(onDone);
  useEffect(() => {
    doneRef.current = onDone;
  });

  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    if (frame.current) clearInterval(frame.current);
    timer.current = frame.current = null;
  };
  const move = (next: HoldState) => {
    current.current = next;
    setState(next);
  };

  /** Ready for another press (after the alarm was sent). */
  const reset = useCallback(() => {
    clear();
    move({ kind: "idle" });
    setProgress(0);
  }, []);

  const begin = useCallback(() => {
    if (disabled || current.current.kind !== "idle") return;
    clear();
    move(pressed(current.current, Date.now()));
    // The ring follows the clock; the alarm goes when the full time has passed.
    frame.current = setInterval(() => setProgress(progressOf(current.current, Date.now())), 50);
    timer.current = setTimeout(() => {
      clear();
      const next = ticked(current.current, Date.now());
      if (next.kind !== "done") return;
      move(next);
      setProgress(1);
      // Ready for the next press once what it started has finished.
      void Promise.resolve(doneRef.current()).finally(reset);
    }, HOLD_MS);
  }, [disabled, reset]);

  const end = useCallback(() => {
    if (current.current.kind !== "holding") return;
    clear();
    move(released(current.current));
    setProgress(0);
  }, []);

  useEffect(() => clear, []);

  const handlers = {
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (e.button !== 0) return;
      // Keep receiving the pointer's events while the finger wanders a little; a scroll that
      // starts on the button cancels the pointer (pointercancel): nothing is sent.
      e.currentTarget.setPointerCapture?.(e.pointerId);
      begin();
    },
    onPointerUp: end,
    onPointerCancel: end,
    onLostPointerCapture: end,
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if ((e.key === " " || e.key === "Enter") && !e.repeat) {
        e.preventDefault();
        begin();
      }
    },
    onKeyUp: (e: KeyboardEvent<HTMLElement>) => {
      if (e.key === " " || e.key === "Enter") end();
    },
    onBlur: end,
    // A long press on a phone opens the context menu (copy, share): not on this button.
    onContextMenu: (e: { preventDefault: () => void }) => e.preventDefault(),
  };

  return { state, progress, handlers, reset };
}
