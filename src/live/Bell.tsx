// The header's bell: the count of open panics and unviewed alerts, and their list (who, where,
// when, what). Opening an alert marks it viewed (alert-to-user edit-status-view); opening a panic
// shows it on the map. Kept fresh by the stream (src/live/connection.ts), not by polling.
import { AlertOutlined, BellOutlined } from "@ant-design/icons";
import { useCustomMutation, useInvalidate } from "@refinedev/core";
import { Badge, Button, Popover, theme } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { enumLabelKey } from "../crud/model";
import { useNotify } from "../crud/useNotify";
import { useTimeZones } from "../crud/useTimeZones";
import { MISSING } from "../lib/format";
import { zoneOfProject } from "../lib/timeZones";
import { formatDateTime } from "../lib/zonedTime";
import { lonLatOf, workerName } from "./events";
import { lonLatText } from "../lib/place";
import { mayOpenMap, useOfficePanics } from "./panicAudience";
import { placeOf } from "./PanicBanner";
import { useLiveStore } from "./store";
import { useBellAlerts, type BellAlert } from "./useBellAlerts";

const itemStyle = { display: "block", width: "100%", textAlign: "start", padding: "8px 4px", border: 0, background: "none", cursor: "pointer" } as const;

function AlertItem({ item, onOpen }: { item: BellAlert; onOpen: (item: BellAlert) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const zones = useTimeZones();
  const a = item.alert;
  const ll = a ? lonLatOf(a.location) : null;
  const where = a?.project_id_label ? String(a.project_id_label) : ll ? lonLatText(ll[0], ll[1]) : MISSING;
  return (
    <button type="button" data-testid="bell-alert" style={{ ...itemStyle, borderBottom: `1px solid ${token.colorBorderSecondary}` }} onClick={() => onOpen(item)}>
      <strong style={{ display: "block" }}>{item.title || MISSING}</strong>
      {a ? (
        <span style={{ display: "block", fontSize: 12, color: token.colorTextSecondary }}>
          {[
            a.alert_type ? t(enumLabelKey({ name: "alert_type" }, String(a.alert_type))) : null,
            a.user_id_label ? t("live.bell.who", { name: String(a.user_id_label) }) : null,
            t("live.bell.where", { place: where }),
            formatDateTime(a.alert_time, zoneOfProject(zones, a.project_id)),
          ]
            .filter(Boolean)
            .join(" · ")}
        </span>
      ) : null}
      {a?.message ? <span style={{ display: "block", fontSize: 12 }}>{String(a.message)}</span> : null}
    </button>
  );
}

/** The list (mounted when the bell opens: the site zones are asked for then, not on every page). */
function BellList({ alerts, onClose }: { alerts: BellAlert[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const zones = useTimeZones();
  const navigate = useNavigate();
  const notify = useNotify();
  const invalidate = useInvalidate();
  const panics = useOfficePanics();
  // The declared operation by name, through the data provider (an untyped answer: only its success counts).
  const { mutateAsync } = useCustomMutation();
  const markViewed = (id: number) => mutateAsync({ url: "", method: "put", values: {}, meta: { resource: "alert-to-user", operation: "editStatusView", params: { id } } });
  const count = panics.length + alerts.length;

  const openAlert = async (item: BellAlert) => {
    try {
      await markViewed(item.id);
      await invalidate({ resource: "alert-to-user", invalidates: ["list"] });
    } catch (err) {
      notify.refused(t("live.bell.markFailed"), err);
    }
  };
  const openPanic = (id: number) => {
    const p = panics.find((x) => Number(x.id) === id);
    const ll = p ? lonLatOf(p.location) : null;
    if (p && ll) useLiveStore.getState().setFocus({ userId: Number(p.user_id), lon: ll[0], lat: ll[1] });
    onClose();
    if (mayOpenMap()) navigate("/map/view");
  };

  return (
    <div data-testid="bell-list" style={{ width: 340, maxHeight: 420, overflowY: "auto" }}>
      {count === 0 ? <div style={{ padding: 8, color: token.colorTextSecondary }}>{t("live.bell.empty")}</div> : null}
      {panics.map((p) => (
        <button
          key={`p${p.id}`}
          type="button"
          data-testid="bell-panic"
          style={{ ...itemStyle, color: token.colorError, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
          onClick={() => openPanic(Number(p.id))}
        >
          <strong style={{ display: "block" }}>
            <AlertOutlined /> {t("live.panic.title", { name: workerName(p) })}
          </strong>
          <span style={{ display: "block", fontSize: 12 }}>
            {t("live.bell.where", { place: placeOf(p) })} · {formatDateTime(p.alert_time, zoneOfProject(zones, p.project_id))}
            {p.escalated ? ` · ${t("live.panic.escalated")}` : ""}
          </span>
        </button>
      ))}
      {alerts.map((a) => (
        <AlertItem key={a.id} item={a} onOpen={openAlert} />
      ))}
    </div>
  );
}

export function Bell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const openPanics = useOfficePanics().length;
  const { alerts, total } = useBellAlerts();
  const count = openPanics + total;
  return (
    <Popover
      content={<BellList alerts={alerts} onClose={() => setOpen(false)} />}
      title={t("live.bell.title")}
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
    >
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<BellOutlined />} aria-label={t("live.bell.label", { count })} data-testid="bell" />
      </Badge>
    </Popover>
  );
}
