// The red panic banner (every shell screen, and the map's own layout): per open panic the worker,
// the time on the site's clock, the place, "Show on map" and "Acknowledge"; "escalated" once the
// company's admins were alerted; a mute switch for the sound (remembered on this browser).
// It leaves when the panic is no longer open: acknowledged here, or an `acknowledged` event.
// Only for whoever may acknowledge, never for one's own alarm (src/live/panicAudience.ts); "Show
// on map" only where the map may be opened.
import { AlertOutlined, EnvironmentOutlined, SoundOutlined, MutedOutlined } from "@ant-design/icons";
import { Button, Space, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useNotify } from "../crud/useNotify";
import { useTimeZones } from "../crud/useTimeZones";
import { errorKeyOf } from "../http/errorKeys";
import { MISSING } from "../lib/format";
import { lonLatText } from "../lib/place";
import { zoneOfProject } from "../lib/timeZones";
import { useIsPhone } from "../lib/useIsPhone";
import { formatDateTime } from "../lib/zonedTime";
import { canOperate } from "../providers/operationAccess";
import { useOperationMutation } from "../providers/operations";
import { rereadOpenPanics } from "./connection";
import { lonLatOf, workerName, type PanicRecord } from "./events";
import { mayOpenMap, useOfficePanics } from "./panicAudience";
import { useLiveStore } from "./store";

/** Shown one under the other; beyond this many, "and N more" (the bell lists them all). */
export const BANNER_MAX_ROWS = 3;
/** On a phone (768 px wide or less) one alarm takes the banner's room, so the map
 *  and the page stay usable under it; the others are counted ("and 1 more open panic"). */
export const BANNER_MAX_ROWS_PHONE = 1;

const RED = "#cf1322";

/** Where: the address, else the coordinates (longitude, latitude: the spec's order, everywhere), else the site. */
export function placeOf(p: PanicRecord): string {
  if (p.address) return String(p.address);
  const ll = lonLatOf(p.location);
  if (ll) return lonLatText(ll[0], ll[1]);
  if (p.project_id_label) return String(p.project_id_label);
  return MISSING;
}

function PanicRow({ panic }: { panic: PanicRecord }) {
  const { t } = useTranslation();
  const zones = useTimeZones();
  const notify = useNotify();
  const navigate = useNavigate();
  const { run } = useOperationMutation("panic-button", "acknowledge");
  const [busy, setBusy] = useState(false);
  const mayAcknowledge = canOperate("panic-button", "acknowledge").can;
  const mapAllowed = mayOpenMap();
  const place = lonLatOf(panic.location);
  const site = panic.project_id_label ? String(panic.project_id_label) : null;

  const acknowledge = async () => {
    setBusy(true);
    try {
      const answer = (await run({ params: { id: panic.id } })) as unknown as PanicRecord;
      useLiveStore.getState().applyPanic({ ...panic, ...answer, status: answer?.status ?? "acknowledged" });
    } catch (err) {
      // Someone else was first: they own it; the banner goes and the user is told who.
      if (errorKeyOf(err) === "already_acknowledged") useLiveStore.getState().applyPanic({ ...panic, status: "acknowledged" });
      notify.refused(t("live.panic.ackFailed"), err);
      void rereadOpenPanics();
    } finally {
      setBusy(false);
    }
  };
  const showOnMap = () => {
    if (place) useLiveStore.getState().setFocus({ userId: Number(panic.user_id), lon: place[0], lat: place[1] });
    navigate("/map/view");
  };

  return (
    <div data-testid="panic-row" style={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 8, padding: "6px 0" }}>
      {/* The words take the room, the actions stay together at the right (under them on a phone). */}
      <span style={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 8, flex: "1 1 320px", minWidth: 0 }}>
        <AlertOutlined aria-hidden style={{ fontSize: 18 }} />
        <strong>{t("live.panic.title", { name: workerName(panic) })}</strong>
        <span>{formatDateTime(panic.alert_time, zoneOfProject(zones, panic.project_id))}</span>
        <span>
          {t("live.panic.place")}: {placeOf(panic)}
          {site && panic.address ? ` (${site})` : ""}
        </span>
        {/* An `escalated` event, or escalated before the open panics were read (escalated_at). */}
        {panic.escalated || panic.escalated_at ? (
          <Tag color="gold" style={{ marginInlineEnd: 0 }}>
            {t("live.panic.escalated")}
          </Tag>
        ) : null}
      </span>
      <Space size={8} wrap style={{ flex: "none" }}>
        {mapAllowed ? (
          <Button size="small" ghost icon={<EnvironmentOutlined />} onClick={showOnMap}>
            {t("live.panic.showOnMap")}
          </Button>
        ) : null}
        {mayAcknowledge ? (
          <Button size="small" loading={busy} onClick={acknowledge} style={{ color: RED, fontWeight: 600 }}>
            {t("live.panic.acknowledge")}
          </Button>
        ) : null}
      </Space>
    </div>
  );
}

/** The banner; nothing while no panic is open. `inFlow`: a full-screen page's own layout (the map), under its header; else sticky under the shell's header. */
export function PanicBanner({ inFlow = false }: { inFlow?: boolean }) {
  const { t } = useTranslation();
  const panics = useOfficePanics();
  const muted = useLiveStore((s) => s.muted);
  const phone = useIsPhone();
  if (!panics.length) return null;
  const rows = phone ? BANNER_MAX_ROWS_PHONE : BANNER_MAX_ROWS;
  const more = panics.length - rows;
  return (
    <div
      role="alert"
      aria-live="assertive"
      data-testid="panic-banner"
      style={{
        background: RED,
        color: "#fff",
        padding: "4px 16px",
        ...(inFlow ? { position: "relative", zIndex: 4 } : { position: "sticky", top: 64, zIndex: 9 }),
      }}
    >
      <div style={{ display: "flex", alignItems: "flex-start", gap: 8 }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          {panics.slice(0, rows).map((p) => (
            <PanicRow key={p.id} panic={p} />
          ))}
          {more > 0 ? <div style={{ paddingBottom: 4 }}>{t("live.panic.more", { count: more })}</div> : null}
        </div>
        <Button
          size="small"
          type="text"
          style={{ color: "#fff", marginTop: 4 }}
          icon={muted ? <MutedOutlined /> : <SoundOutlined />}
          aria-pressed={muted}
          aria-label={muted ? t("live.panic.unmute") : t("live.panic.mute")}
          title={muted ? t("live.panic.unmute") : t("live.panic.mute")}
          onClick={() => useLiveStore.getState().setMuted(!muted)}
        />
      </div>
    </div>
  );
}
