// The worker's own latest alarm of the last day, read through the data provider. The shell's event
// stream (src/live/) tells the page when it changed: a `panic` event (the worker's own alarm
// reaches their stream, docs/api.md "Live events") invalidates the panic-button reads, and every
// (re)connect re-reads them once, so "acknowledged by <name> at 10:03" shows as soon as a
// supervisor acknowledged it. Only while the stream is not open (connecting, retrying: a network
// that keeps dropping it) and the alarm is open, the page asks again every 30 s: a worker waiting
// for help must learn that someone answered even when the stream cannot reach them.
// Its trail (trail/{id}, where the role may read it) says to how many people it was delivered.
import { useList } from "@refinedev/core";
import { useEffect, useRef, useState } from "react";
import { useLiveStore } from "../../../live/store";
import { canOperate } from "../../../providers/operationAccess";
import { useOperation } from "../../../providers/operations";
import { alarmProgressOf, type AlarmProgress } from "../model/alarm";

/** How often an open alarm is asked for while the event stream is not open. */
export const PANIC_FALLBACK_MS = 30_000;
const DAY_MS = 24 * 3600_000;

export interface OwnPanic {
  id: number;
  status: string;
  alertTime: string;
  handledBy: string | null;
  handledAt: string | null;
  /** From its trail: delivered to how many people, acknowledged by whom (null: the trail is not readable). */
  progress: AlarmProgress | null;
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
  const id = row ? Number(row.id) : NaN;
  const mayReadTrail = enabled && canOperate("panic-button", "trail").can;
  const trail = useOperation("panic-button", "trail", {
    params: { id },
    enabled: mayReadTrail && Number.isFinite(id),
    errorNotification: false,
    queryOptions: { refetchInterval: row?.status === "open" && !streamOpen ? PANIC_FALLBACK_MS : false },
  });
  // The alarm changed (an event, a re-read): its trail is read again.
  const refetchTrail = trail.query.refetch;
  const version = row ? `${String(row.id)}:${String(row.status)}:${String(row.updated_at ?? "")}` : "";
  const seen = useRef(version);
  useEffect(() => {
    const before = seen.current;
    seen.current = version;
    // The same alarm changed (a new one is read by its own query).
    if (before && version && before !== version && before.split(":")[0] === version.split(":")[0] && mayReadTrail) void refetchTrail();
  }, [version, mayReadTrail, refetchTrail]);
  const panic: OwnPanic | null = row
    ? {
        id,
        status: String(row.status),
        alertTime: String(row.alert_time),
        handledBy: text(row.handled_by_label),
        handledAt: text(row.handled_at),
        progress: mayReadTrail && trail.data ? alarmProgressOf(trail.data) : null,
      }
    : null;
  return {
    panic,
    // The trail of the alarm now read (a refetch ignores `enabled`: never one without an alarm).
    refetch: async () => {
      const read = await query.refetch();
      const latest = Number(read.data?.data?.[0]?.id);
      if (mayReadTrail && Number.isFinite(latest) && latest === id) await refetchTrail();
    },
  };
}
