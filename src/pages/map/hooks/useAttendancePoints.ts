// The selected projects' attendance points (map-monitoring search), read with react-query through
// useOperation: again every minute (refetchInterval; a hidden tab's interval pauses) and at once
// when the tab is shown again. The answer goes into the map store by the spec's rules (points only
// from a non-empty list); a failure clears them and shows the map's alert (spec 8), not Refine's.
// The points' times are on their sites' clocks: the first search waits for the zones (asked when
// the shell opened), and new zones (a project saved) convert the last answer again.
import { useEffect } from "react";
import { useTimeZonesQuery } from "../../../crud/useTimeZones";
import { useOperation } from "../../../providers/operations";
import { attendanceSearchBody } from "../api/requests";
import { toAttendancePoints } from "../model/attendancePoints";
import { failedSearch, wrapSearch } from "../model/searchResult";
import { useMapAlerts } from "./useMapAlerts";
import { MAP_MARKS, markMap } from "../renderMarks";
import { useMapStore } from "../store/mapStore";

export const REFRESH_MS = 60_000;

export function useAttendancePoints(): { lastUpdate: Date | null } {
  const { showMapAlert } = useMapAlerts();
  const selected = useMapStore((s) => s.selectedProjectIds);
  const { zones, settled } = useTimeZonesQuery();
  const { query } = useOperation("map-monitoring", "search", {
    enabled: settled,
    payload: attendanceSearchBody(selected),
    queryOptions: {
      refetchInterval: REFRESH_MS,
      refetchOnWindowFocus: true,
      // A failure is told at once (the connection alert); the next minute tries again.
      retry: false,
    },
    errorNotification: false,
  });
  // The envelope itself: the spec's rules read the answer's own list.
  const envelope = query.data as unknown;
  const answeredAt = query.dataUpdatedAt;
  const failedAt = query.errorUpdatedAt;

  useEffect(() => {
    useMapStore.getState().setMapLoading(query.isFetching);
  }, [query.isFetching]);

  useEffect(() => {
    if (!answeredAt) return;
    // When the answer came, not when React got round to it (bench:map measures from there).
    markMap(MAP_MARKS.pointsAnswered, answeredAt);
    const result = wrapSearch<Record<string, unknown>>(envelope);
    useMapStore.getState().setUserPoints(result.status ? toAttendancePoints(result.data, zones) : []);
    // Each answer counts (an unchanged one keeps its object: the time tells them apart).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answeredAt, zones]);

  useEffect(() => {
    if (!failedAt) return;
    useMapStore.getState().setUserPoints([]);
    showMapAlert(failedSearch(query.error).alert);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failedAt]);

  const last = Math.max(answeredAt, failedAt);
  return { lastUpdate: last ? new Date(last) : null };
}
