// The worker's day (presence/today), asked again every minute (the day may turn; a supervisor may
// correct it) and after every capture the server stored. Without a network the last answer stays
// (react-query waits while the browser is offline); a failure is the page's to say, not a toast
// or the browser's alert every minute.
import { useOperation } from "../../../providers/operations";

export const TODAY_REFRESH_MS = 60_000;

/** `enabled`: the role may read attendance (else the server would refuse, and a refusal ends the session). */
export function useToday(enabled = true) {
  const { data, query } = useOperation("presence", "today", {
    enabled,
    queryOptions: { refetchInterval: TODAY_REFRESH_MS },
    request: { networkFailureHandled: true },
    errorNotification: false,
  });
  return { day: data, loading: query.isPending, failed: query.isError, refetch: query.refetch };
}
