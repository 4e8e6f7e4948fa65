// The supervisor's map: the map view with points and route, the left panel (projects, legend),
// the right panel (details), the routing bar and the history panel; each toggled by one action.
import { AimOutlined, HomeOutlined, MenuOutlined, ProfileOutlined } from "@ant-design/icons";
import Button from "antd/es/button";
import Spin from "antd/es/spin";
import Typography from "antd/es/typography";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useGisStore } from "./store/gisStore";
import { useCurrentMap } from "./hooks/useCurrentMap";
import { useGisLayers } from "./hooks/useGisLayers";
import { detectStops, movingAndStopped, totalDistanceMeters } from "./model/track";
import { GisFeatureDetails } from "./parts/GisFeatureDetails";
import { HistoryPanel } from "./parts/HistoryPanel";
import { LeftPanel } from "./parts/LeftPanel";
import { MapView } from "./parts/MapView";
import { RightPanel } from "./parts/RightPanel";
import { RoutingBar } from "./parts/RoutingBar";
import { SidePanel } from "./parts/SidePanel";
import { useAttendancePoints } from "./hooks/useAttendancePoints";
import { usePlayback } from "./hooks/usePlayback";
import { usePanicOnMap } from "./hooks/usePanicOnMap";
import { isPhoneWidth } from "../../lib/useIsPhone";
import { useMapStore } from "./store/mapStore";
import { useTimeZones } from "../../crud/useTimeZones";
import { zoneOfProject } from "../../lib/timeZones";
import { PanicBanner } from "../../live/PanicBanner";

export default function MapScreen() {
  const { t } = useTranslation();
  const s = useMapStore();
  const { lastUpdate } = useAttendancePoints();
  useCurrentMap();
  useGisLayers();
  usePanicOnMap();
  const gisSelected = useGisStore((g) => g.selected);
  const [routeUser, setRouteUser] = useState<string | number | null>(null);
  // A worker's route is on the clock of their site (their attendance point's project), else the company's.
  const zones = useTimeZones();
  const routeZone = zoneOfProject(zones, s.userPoints.find((p) => p.user_id === routeUser)?.project_id);
  const history = s.userHistory;
  const figures = useMemo(() => {
    if (!history?.length) return null;
    const stops = detectStops(history);
    return { stops, distanceM: totalDistanceMeters(history), ...movingAndStopped(history, stops) };
  }, [history]);
  const playback = usePlayback(history);

  const showHistory = (userId: string | number) => {
    setRouteUser(userId);
    s.toggleRoutingBar(true);
    // On a phone the details drawer would cover the routing bar.
    if (isPhoneWidth()) s.toggleRight(false);
  };

  return (
    <main style={{ position: "fixed", inset: 0, display: "flex", flexDirection: "column" }}>
      <header style={{ display: "flex", alignItems: "center", gap: 8, padding: 8, background: "#fff", borderBottom: "1px solid #eee", zIndex: 3, flexWrap: "wrap" }}>
        {/* One link styled as a button (a button inside a link is two tab stops for one action). */}
        <Button href="#/" icon={<HomeOutlined aria-hidden />}>
          {t("map.home")}
        </Button>
        <Typography.Title level={1} style={{ fontSize: 16, margin: "0 8px" }}>
          {t("map.title")}
        </Typography.Title>
        <Button icon={<MenuOutlined aria-hidden />} aria-pressed={s.openLeft} onClick={() => s.toggleLeft()}>
          {t("map.toggleLeft")}
        </Button>
        <Button icon={<AimOutlined aria-hidden />} aria-pressed={s.routingBarVisible} onClick={() => s.toggleRoutingBar()}>
          {t("map.toggleRouting")}
        </Button>
        <Button icon={<ProfileOutlined aria-hidden />} aria-pressed={s.openRight} onClick={() => s.toggleRight()}>
          {t("map.toggleRight")}
        </Button>
        {s.mapLoading && <Spin size="small" aria-label={t("map.loading")} />}
      </header>
      <PanicBanner inFlow />
      {s.routingBarVisible && (
        <div style={{ padding: 8, background: "#fafafa", borderBottom: "1px solid #eee", zIndex: 3 }}>
          <RoutingBar userId={routeUser} onUserChange={setRouteUser} zone={routeZone} />
        </div>
      )}
      <div style={{ position: "relative", flex: 1 }}>
        <MapView stops={figures?.stops} marker={playback.current && playback.index > 0 ? playback.current : null} zone={routeZone} />
        <SidePanel side="left" open={s.openLeft} title={t("map.leftPanel")} onClose={() => s.toggleLeft(false)}>
          <LeftPanel lastUpdate={lastUpdate} />
          {history?.length && figures ? <HistoryPanel points={history} playback={playback} zone={routeZone} {...figures} /> : null}
        </SidePanel>
        <SidePanel side="right" open={s.openRight} title={t("map.rightPanel")} onClose={() => s.toggleRight(false)}>
          {gisSelected ? <GisFeatureDetails /> : <RightPanel onShowHistory={showHistory} />}
        </SidePanel>
      </div>
    </main>
  );
}
