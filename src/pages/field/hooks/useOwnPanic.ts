// The worker's own latest alarm of the last day, read through the data provider: while it is
// open it is asked again every 10 s, so "acknowledged by <name> at 10:03" shows soon after a
// supervisor acknowledged it (issue 18 replaces this polling with an event stream).
import { useList } from "@refinedev/core";
import { useState } from "react";

export const PANIC_POLL_MS = 10_000;
const DAY_MS = 24 * 3600_000;

export interface OwnPanic {
  id: number;
  status: string;
  alertTime: string;
  handledBy: string | null;
  handledAt: string | null;
}

const text = (v: unknown): string | null => (typeof v === "string" && v ? v : null);

/** `enabled`: the role may read alarms (else nothing is asked). */
export function useOwnPanic(userId: number | null, enabled = true) {
  // From a day back, fixed while the page is open (a moving bound would be a new query each render).
  const [since] = useState(() => new Date(Date.now() - DAY_MS).toISOString());
  const { result, query } = useList({
    resource: "panic-button",
    filters: [
      { field: "user_id", operator: "eq", value: userId },
      { field: "alert_time", operator: "gte", value: since },
    ],
    sorters: [{ field: "alert_time", order: "desc" }],
    pagination: { currentPage: 1, pageSize: 1 },
    queryOptions: {
      enabled: enabled && userId !== null,
      refetchInterval: (q) => (q.state.data?.data?.[0]?.status === "open" ? PANIC_POLL_MS : false),
    },
    errorNotification: false,
  });
  const row = result.data?.[0];
  const panic: OwnPanic | null = row
    ? { id: Number(row.id), status: String(row.status), alertTime: String(row.alert_time), handledBy: text(row.handled_by_label), handledAt: text(row.handled_at) }
    : null;
  return { panic, refetch: query.refetch };
}
