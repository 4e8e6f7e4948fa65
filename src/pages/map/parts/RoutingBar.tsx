// The routing bar: a staff member, a time range (quick ranges today / yesterday / this week) and
// the history search; the route-search flag is on while the call runs.
import Button from "antd/es/button";
import DatePicker from "antd/es/date-picker";
import Select from "antd/es/select";
import dayjs, { type Dayjs } from "dayjs";
import type { GetRef } from "antd";
import { useRef, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { DATETIME_FORMAT } from "../../../lib/format";
import { searchHistory } from "../api/mapCalls";
import { historyOutcome } from "../model/history";
import { useMapStore } from "../store/mapStore";
import { showMapAlert, warnHistoryNotFound } from "./mapAlerts";
import "./routingBar.css";

export function RoutingBar({ userId, onUserChange }: { userId: string | number | null; onUserChange: (id: string | number | null) => void }) {
  const { t } = useTranslation();
  const points = useMapStore((s) => s.userPoints);
  const searching = useMapStore((s) => s.isSearchingRoute);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf("day"), dayjs().endOf("day")]);
  const picker = useRef<GetRef<typeof DatePicker.RangePicker>>(null);
  // The room under the range input when its popup opens: a phone's popup scrolls within it.
  const [room, setRoom] = useState<number | null>(null);

  const search = async () => {
    if (userId == null) return;
    const { setSearchingRoute, setUserHistory } = useMapStore.getState();
    setSearchingRoute(true);
    try {
      const { answer, alert } = await searchHistory(userId, range[0].toISOString(), range[1].toISOString());
      void showMapAlert(alert, t);
      const outcome = historyOutcome(answer);
      if (outcome.kind === "route") setUserHistory(outcome.points);
      else {
        // Nothing found: the previous route (maybe another worker's) must not stand as the answer.
        setUserHistory(null);
        void warnHistoryNotFound(t);
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
      <DatePicker.RangePicker
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
          { label: t("map.routing.today"), value: [dayjs().startOf("day"), dayjs().endOf("day")] },
          { label: t("map.routing.yesterday"), value: [dayjs().subtract(1, "day").startOf("day"), dayjs().subtract(1, "day").endOf("day")] },
          { label: t("map.routing.thisWeek"), value: [dayjs().startOf("week"), dayjs().endOf("day")] },
        ]}
      />
      <Button type="primary" loading={searching} disabled={userId == null} onClick={search}>
        {t("map.routing.search")}
      </Button>
    </div>
  );
}
