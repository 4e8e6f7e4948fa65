// The worker's own latest alarm of the last day, read through the data provider. The shell's event
// stream (src/live/) tells the page when it changed: a `panic` event (the worker's own alarm
// reaches their stream, docs/api.md "Live events") invalidates the panic-button reads, and every
// (re)connect re-reads them once, so "acknowledged by <name> at 10:03" shows as soon as a
// supervisor acknowledged it. Only while the stream is not open (connecting, retrying: a network
// that keeps dropping it) and the alarm is open, the page asks again every 30 s: a worker waiting
// for help must learn that someone answered even when the stream cannot reach them.
import { useList } from "@refinedev/core";
import { useState } from "react";
import { useLiveStore } from "../../../live/store";

/** How often an open alarm is asked for while the event stream is not open. */
export const PANIC_FALLBACK_MS = 30_000;
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
  const streamOpen = useLiveStore((s) => s.stream === "open");
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
      refetchInterval: (q) => (!streamOpen && q.state.data?.data?.[0]?.status === "open" ? PANIC_FALLBACK_MS : false),
    },
    errorNotification: false,
  });
  const row = result.data?.[0];
  const panic: OwnPanic | null = row
    ? { id: Number(row.id), status: String(row.status), alertTime: String(row.alert_time), handledBy: text(row.handled_by_label), handledAt: text(row.handled_at) }
    : null;
  return { panic, refetch: query.refetch };
}
