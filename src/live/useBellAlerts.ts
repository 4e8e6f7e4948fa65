// The bell's alerts: the signed-in user's unviewed alert-to-user rows, with their alert records
// (who, where, when, what) when the role may read alerts (else the alert's title, its label).
// Read once and again when the stream says (an `alert` event, a reconnect): no polling.
import { useList } from "@refinedev/core";
import { getStoredUser } from "../auth/session";
import { canAccess } from "../providers/accessControlProvider";

export const BELL_PAGE_SIZE = 20;

type Row = Record<string, unknown>;

export interface BellAlert {
  /** The alert-to-user row (what edit-status-view marks). */
  id: number;
  alertId: number;
  title: string;
  alert: Row | null;
}

export function useBellAlerts(enabled = true): { alerts: BellAlert[]; total: number } {
  const me = getStoredUser()?.id ?? null;
  const { result } = useList({
    resource: "alert-to-user",
    filters: [
      { field: "user_id", operator: "eq", value: me },
      { field: "is_viewed", operator: "eq", value: false },
    ],
    sorters: [{ field: "id", order: "desc" }],
    pagination: { currentPage: 1, pageSize: BELL_PAGE_SIZE },
    queryOptions: { enabled: enabled && me !== null },
    errorNotification: false,
  });
  const rows = (result.data ?? []) as Row[];
  const ids = rows.map((r) => Number(r.alert_id)).filter(Number.isFinite);
  const mayReadAlerts = canAccess("alert", "list").can;
  const { result: alerts } = useList({
    resource: "alert",
    filters: [{ field: "id", operator: "in", value: ids }],
    pagination: { currentPage: 1, pageSize: BELL_PAGE_SIZE },
    queryOptions: { enabled: enabled && mayReadAlerts && ids.length > 0 },
    errorNotification: false,
  });
  const byId = new Map(((alerts.data ?? []) as Row[]).map((a) => [Number(a.id), a]));
  return {
    alerts: rows.map((r) => ({
      id: Number(r.id),
      alertId: Number(r.alert_id),
      title: String(byId.get(Number(r.alert_id))?.title ?? r.alert_id_label ?? ""),
      alert: byId.get(Number(r.alert_id)) ?? null,
    })),
    total: Number(result.total ?? rows.length),
  };
}
