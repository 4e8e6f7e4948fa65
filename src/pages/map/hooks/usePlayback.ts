// Playback along the history: the index advances by route time × speed (1× to 60×); the gaps
// without data (nights) are skipped (model/track.ts playbackClock).
import { useEffect, useRef, useState } from "react";
import { playbackClock } from "../model/track";
import type { HistoryPoint } from "../model/types";

export const SPEEDS = [1, 5, 10, 30, 60] as const;

export function usePlayback(points: readonly HistoryPoint[] | null) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(10);
  const clock = useRef<{ wall: number; route: number } | null>(null);

  // A new route starts from its beginning, stopped (adjusted while rendering, not in an effect).
  const [route, setRoute] = useState(points);
  if (route !== points) {
    setRoute(points);
    setIndex(0);
    setPlaying(false);
  }

  useEffect(() => {
    if (!playing || !points?.length) return;
    let frame = 0;
    const times = playbackClock(points);
    clock.current = { wall: performance.now(), route: times[index] };
    const step = (now: number) => {
      const routeNow = clock.current!.route + (now - clock.current!.wall) * speed;
      let i = index;
      while (i + 1 < times.length && times[i + 1] <= routeNow) i++;
      setIndex(i);
      if (i >= times.length - 1) return setPlaying(false);
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
    // The clock restarts when play, speed or the route change, not on each index step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playing, speed, points]);

  return { index, setIndex, playing, setPlaying, speed, setSpeed, current: points?.[index] ?? null };
}
