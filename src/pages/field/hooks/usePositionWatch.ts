// One watch of the phone's position while the field page is open (the browser asks for leave
// once): every part reads the latest fix from the store. `restart` watches again after the
// worker allowed location in the browser's settings.
import { useCallback, useEffect, useState } from "react";
import { fixOf, problemOfError } from "../model/position";
import { useFieldStore } from "../store/fieldStore";

const OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 10_000, timeout: 30_000 };

export function usePositionWatch(): { restart: () => void } {
  const setFix = useFieldStore((s) => s.setFix);
  const setProblem = useFieldStore((s) => s.setPositionProblem);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const geo = typeof navigator !== "undefined" ? navigator.geolocation : undefined;
    if (!geo) {
      setProblem("unsupported");
      return;
    }
    const id = geo.watchPosition(
      (p) => setFix(fixOf(p)),
      // A timeout while a fix is known keeps it (the phone stood still); a refusal always says so.
      (e) => {
        if (e.code !== 3 || !useFieldStore.getState().fix) setProblem(problemOfError(e));
      },
      OPTIONS,
    );
    return () => geo.clearWatch(id);
  }, [round, setFix, setProblem]);

  const restart = useCallback(() => {
    setProblem(null);
    setRound((r) => r + 1);
  }, [setProblem]);
  return { restart };
}
