// Today's attendance (presence attendance-today). A presence event of the stream invalidates the
// presence resource's reads (src/live/cache.ts applyPresence), this one included: the card
// follows clock-ins and clock-outs as they come.
import { useOperation } from "../../../providers/operations";

export function useAttendanceToday(enabled: boolean) {
  const { data, query } = useOperation("presence", "attendanceToday", { enabled, errorNotification: false });
  return { data, loading: enabled && query.isPending, error: query.error };
}
