// Legend of presence colours with the count of points in each.
import { useTranslation } from "react-i18next";
import { countByPresence } from "../model/attendancePoints";
import { useMapStore } from "../store/mapStore";
import { PRESENCE_COLORS, PRESENCE_GROUPS } from "./pointStyles";

export function Legend() {
  const { t } = useTranslation();
  const points = useMapStore((s) => s.userPoints);
  const counts = countByPresence(points);
  return (
    <ul aria-label={t("map.legend")} style={{ listStyle: "none", margin: 0, padding: 0 }}>
      {PRESENCE_GROUPS.map((g) => (
        <li key={g} style={{ display: "flex", alignItems: "center", gap: 8, padding: "2px 0" }}>
          <span style={{ width: 12, height: 12, borderRadius: 6, background: PRESENCE_COLORS[g], display: "inline-block" }} />
          <span style={{ flex: 1 }}>{t(`map.presence.${g}`)}</span>
          <strong data-testid={`map-count-${g}`}>{counts[g]}</strong>
        </li>
      ))}
    </ul>
  );
}
