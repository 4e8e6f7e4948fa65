// The routing bar: a staff member, a time range (quick ranges today / yesterday / this week) and
// the history search; the route-search flag is on while the call runs. The range is typed on the
// clock of `zone` (the worker's site, else the company's) and the quick ranges are that zone's
// days, whatever the browser's zone; the zone is named beside the range when it is not the browser's.
import Button from "antd/es/button";
import Select from "antd/es/select";
import Typography from "antd/es/typography";
import type { Dayjs } from "dayjs";
import type { GetRef } from "antd";
import { useRef, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { pickersIn } from "../../../crud/fields/zonedPickers";
import { DATETIME_FORMAT } from "../../../lib/format";
import { needsAbbreviation, zoneLabel } from "../../../lib/timeZones";
import { instantOfWall, quickRanges } from "../../../lib/zonedTime";
import { searchHistory } from "../api/mapCalls";
import { historyOutcome } from "../model/history";
import { useMapStore } from "../store/mapStore";
import { useMapAlerts } from "../hooks/useMapAlerts";
import "./routingBar.css";

export function RoutingBar({ userId, onUserChange, zone }: { userId: string | number | null; onUserChange: (id: string | number | null) => void; zone: string }) {
  const { t, i18n } = useTranslation();
  const { showMapAlert, warnHistoryNotFound } = useMapAlerts();
  const points = useMapStore((s) => s.userPoints);
  const searching = useMapStore((s) => s.isSearchingRoute);
  // Picker values: the site's clock (src/lib/zonedTime.ts). Until one is picked, the site's today
  // (also when the zone becomes known, or another worker's site is in another zone).
  const [picked, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const range = picked ?? quickRanges(zone).today;
  const { RangePicker } = pickersIn(zone);
  const picker = useRef<GetRef<typeof RangePicker>>(null);
  // The room under the range input when its popup opens: a phone's popup scrolls within it.
  const [room, setRoom] = useState<number | null>(null);

  const search = async () => {
    if (userId == null) return;
    const { setSearchingRoute, setUserHistory } = useMapStore.getState();
    setSearchingRoute(true);
    try {
      const { answer, alert } = await searchHistory(userId, instantOfWall(range[0], zone).toISOString(), instantOfWall(range[1], zone).toISOString());
      showMapAlert(alert);
      const outcome = historyOutcome(answer);
      if (outcome.kind === "route") setUserHistory(outcome.points);
      else {
        // Nothing found: the previous route (maybe another worker's) must not stand as the answer.
        setUserHistory(null);
        warnHistoryNotFound();
      }
    } finally {
      setSearchingRoute(false);
    }
  };

  return (
    <div role="search" aria-label={t("map.routing.title")} style={{ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "center" }}>
      <Select
        showSearch
        optionFilterProp="label"
        style={{ minWidth: 200 }}
        placeholder={t("map.routing.user")}
        aria-label={t("map.routing.user")}
        value={userId ?? undefined}
        onChange={(v) => onUserChange(v ?? null)}
        allowClear
        options={points.map((p) => ({ value: p.user_id, label: p.name }))}
      />
      <RangePicker
        showTime
        format={DATETIME_FORMAT}
        value={range}
        allowClear={false}
        aria-label={t("map.routing.range")}
        ref={picker}
        classNames={{ popup: { root: "map-range-popup" } }}
        styles={{ popup: { root: room ? ({ "--map-range-room": `${room}px` } as CSSProperties) : undefined } }}
        onOpenChange={(open) => {
          const input = picker.current?.nativeElement;
          if (open && input) setRoom(Math.max(240, Math.floor(window.innerHeight - input.getBoundingClientRect().bottom - 24)));
        }}
        onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        presets={[
          { label: t("map.routing.today"), value: () => quickRanges(zone).today },
          { label: t("map.routing.yesterday"), value: () => quickRanges(zone).yesterday },
          { label: t("map.routing.thisWeek"), value: () => quickRanges(zone).thisWeek },
        ]}
      />
      {needsAbbreviation(zone) ? (
        <Typography.Text type="secondary" data-testid="map-range-zone">
          {t("timeZones.shownIn", { zone: zoneLabel(zone, i18n.language) })}
        </Typography.Text>
      ) : null}
      <Button type="primary" loading={searching} disabled={userId == null} onClick={search}>
        {t("map.routing.search")}
      </Button>
    </div>
  );
}
