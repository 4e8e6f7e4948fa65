// The panic's sound: a short WebAudio beep (no asset to load) every few seconds while a panic is
// open and the user has not muted it. A browser that blocks audio before a click stays silent
// until the first click (the banner still shows). Only for the alarms the banner shows (who may
// acknowledge them; never one's own: src/live/panicAudience.ts).
import { useEffect } from "react";
import { useOfficePanics } from "./panicAudience";
import { useLiveStore } from "./store";

export const BEEP_EVERY_MS = 4000;

let ctx: AudioContext | null = null;

function beep(): void {
  const Ctor = typeof window !== "undefined" ? (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext) : undefined;
  if (!Ctor) return;
  try {
    ctx ??= new Ctor();
    if (ctx.state === "suspended") void ctx.resume();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "square";
    osc.frequency.value = 880;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(ctx.destination);
    const t = ctx.currentTime;
    osc.start(t);
    osc.frequency.setValueAtTime(660, t + 0.18);
    osc.stop(t + 0.36);
  } catch {
    // no audio here: the banner is the alarm
  }
}

export function usePanicSound(): void {
  const muted = useLiveStore((s) => s.muted);
  const sounding = useOfficePanics().length > 0 && !muted;
  useEffect(() => {
    if (!sounding) return;
    beep();
    const timer = setInterval(beep, BEEP_EVERY_MS);
    return () => clearInterval(timer);
  }, [sounding]);
}
