// Loads the selected projects' points, then every 60 s while the page is visible.
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { searchAttendance } from "../api/mapCalls";
import { toAttendancePoints } from "../model/attendancePoints";
import { useMapStore } from "../store/mapStore";
import { showMapAlert } from "./mapAlerts";

export const REFRESH_MS = 60_000;

export function useAttendancePoints(): { lastUpdate: Date | null } {
  const { t } = useTranslation();
  const selected = useMapStore((s) => s.selectedProjectIds);
  const [lastUpdate, setLastUpdate] = useState<Date | null>(null);

  const load = useCallback(async () => {
    const { setMapLoading, setUserPoints } = useMapStore.getState();
    setMapLoading(true);
    const { result, alert } = await searchAttendance(selected);
    setUserPoints(result.status ? toAttendancePoints(result.data) : []);
    setMapLoading(false);
    setLastUpdate(new Date());
    void showMapAlert(alert, t);
  }, [selected, t]);

  useEffect(() => {
    // load() sets state only when the request has answered (after an await), not synchronously.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") void load();
    }, REFRESH_MS);
    // Coming back to the tab after a while refreshes at once.
    const onVisible = () => document.visibilityState === "visible" && void load();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [load]);

  return { lastUpdate };
}
