// The legend: a colour per presence state with the count of points in each, the greyed
// last-known places (older than STALE_AFTER_MS) with theirs, and, while a route is shown, the
// route's Start, End, stops and playback marker. Every colour on the map is named here.
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { useNow } from "../hooks/useNow";
import { countByPresence, isStale, STALE_AFTER_MS } from "../model/attendancePoints";
import { useMapStore } from "../store/mapStore";
import { PRESENCE_COLORS, PRESENCE_GROUPS, ROUTE_COLORS, STALE_FILL } from "./pointStyles";

const row: CSSProperties = { display: "flex", alignItems: "center", gap: 8, padding: "2px 0" };

function Swatch({ fill, ring = "#ffffff", square = false, testId }: { fill: string; ring?: string; square?: boolean; testId: string }) {
  return (
    <span
      aria-hidden
      data-testid={testId}
      style={{
        width: 14,
        height: 14,
        boxSizing: "border-box",
        borderRadius: square ? 2 : 7,
        background: fill,
        border: `3px solid ${ring}`,
        boxShadow: "0 0 0 1px #bdbdbd",
        display: "inline-block",
      }}
    />
  );
}

export function Legend() {
  const { t } = useTranslation();
  const points = useMapStore((s) => s.userPoints);
  const routeShown = useMapStore((s) => !!s.userHistory?.length);
  const counts = countByPresence(points);
  const now = useNow();
  const stale = points.filter((p) => isStale(p, now)).length;
  const route = [
    { key: "start", fill: ROUTE_COLORS.start },
    { key: "end", fill: ROUTE_COLORS.end },
    { key: "stop", fill: ROUTE_COLORS.stop, square: true },
    { key: "marker", fill: ROUTE_COLORS.marker },
  ] as const;
  return (
    <ul aria-label={t("map.legend")} data-testid="map-legend" style={{ listStyle: "none", margin: 0, padding: 0 }}>
      {PRESENCE_GROUPS.map((g) => (
        <li key={g} style={row}>
          <Swatch fill={PRESENCE_COLORS[g]} testId={`map-swatch-${g}`} />
          <span style={{ flex: 1 }}>{t(`map.presence.${g}`)}</span>
          <strong data-testid={`map-count-${g}`}>{counts[g]}</strong>
        </li>
      ))}
      <li style={row}>
        <Swatch fill={STALE_FILL} ring="#616161" testId="map-swatch-stale" />
        <span style={{ flex: 1 }}>{t("map.legendStale", { hours: STALE_AFTER_MS / 3_600_000 })}</span>
        <strong data-testid="map-count-stale">{stale}</strong>
      </li>
      {routeShown &&
        route.map((r) => (
          <li key={r.key} style={row}>
            <Swatch fill={r.fill} square={"square" in r && r.square} testId={`map-swatch-${r.key}`} />
            <span style={{ flex: 1 }}>{t(`map.legendRoute.${r.key}`)}</span>
          </li>
        ))}
    </ul>
  );
}
