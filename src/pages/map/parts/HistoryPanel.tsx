// The history's figures (distance, time moving/stopped/without data), stops > 5 min and the
// playback controls; times on the clock of `zone` (the worker's site, else the company's).
import Button from "antd/es/button";
import Select from "antd/es/select";
import Slider from "antd/es/slider";
import Typography from "antd/es/typography";
import { fromLonLat } from "ol/proj";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/zonedTime";
import { NO_DATA_GAP_MS, type Stop } from "../model/track";
import type { HistoryPoint } from "../model/types";
import { useMapStore } from "../store/mapStore";
import { SPEEDS, type usePlayback } from "../hooks/usePlayback";

const minutes = (ms: number) => Math.round(ms / 60_000);

export function HistoryPanel({
  points,
  stops,
  distanceM,
  movingMs,
  stoppedMs,
  noDataMs,
  playback,
  zone,
}: {
  points: readonly HistoryPoint[];
  stops: readonly Stop[];
  distanceM: number;
  movingMs: number;
  stoppedMs: number;
  noDataMs: number;
  playback: ReturnType<typeof usePlayback>;
  zone: string;
}) {
  const { t } = useTranslation();
  const zoomTo = (s: Stop) =>
    useMapStore
      .getState()
      .map?.getView()
      .animate({ center: fromLonLat([s.lon, s.lat]), zoom: 17, duration: 300 });
  return (
    <section aria-label={t("map.history.title")} data-testid="map-history" style={{ display: "flex", flexDirection: "column", gap: 8 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t("map.history.title")}
      </Typography.Title>
      <Typography.Text>{t("map.history.distance", { km: (distanceM / 1000).toFixed(2) })}</Typography.Text>
      <Typography.Text>{t("map.history.moving", { minutes: minutes(movingMs) })}</Typography.Text>
      <Typography.Text>{t("map.history.stopped", { minutes: minutes(stoppedMs) })}</Typography.Text>
      <Typography.Text data-testid="map-no-data">{t("map.history.noData", { minutes: minutes(noDataMs), gap: minutes(NO_DATA_GAP_MS) })}</Typography.Text>
      <div style={{ display: "flex", gap: 8, alignItems: "center" }}>
        <Button onClick={() => playback.setPlaying(!playback.playing)} data-testid="map-play">
          {playback.playing ? t("map.history.pause") : t("map.history.play")}
        </Button>
        <Select
          aria-label={t("map.history.speed")}
          value={playback.speed}
          onChange={playback.setSpeed}
          options={SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
          style={{ width: 80 }}
        />
      </div>
      <Slider
        min={0}
        max={Math.max(0, points.length - 1)}
        value={playback.index}
        onChange={(v) => playback.setIndex(v)}
        tooltip={{ formatter: (v) => formatDateTime(points[v ?? 0]?.wptime, zone) }}
        ariaLabelForHandle={t("map.history.time")}
      />
      <Typography.Text data-testid="map-playback-time">{t("map.history.markerTime", { time: formatDateTime(playback.current?.wptime, zone) })}</Typography.Text>
      <Typography.Text strong>{t("map.history.stops", { count: stops.length })}</Typography.Text>
      <ul style={{ margin: 0, paddingLeft: 16 }}>
        {stops.map((s) => (
          <li key={s.index}>
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => zoomTo(s)}>
              {t("map.history.stopItem", { start: formatDateTime(s.start, zone), minutes: minutes(s.durationMs) })}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
