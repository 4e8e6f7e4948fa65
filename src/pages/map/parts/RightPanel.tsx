// Right panel: the selected staff member's details and the button to show their history.
import Button from "antd/es/button";
import Descriptions from "antd/es/descriptions";
import Tag from "antd/es/tag";
import Typography from "antd/es/typography";
import { useTranslation } from "react-i18next";
import AuthImage from "../../../crud/display/AuthImage";
import { useTimeZones } from "../../../crud/useTimeZones";
import { lonLatText, mapLinkOf } from "../../../lib/place";
import { formatDateTime } from "../../../lib/zonedTime";
import { useNow } from "../hooks/useNow";
import { isStale, positionAgeMs, presenceGroup } from "../model/attendancePoints";
import type { AttendancePoint } from "../model/types";
import { ageText } from "./ageText";
import { useMapStore } from "../store/mapStore";
import { PRESENCE_COLORS } from "./pointStyles";

/** A selfie field holds a file name of the selfie folder, or a path below the API. */
const selfiePath = (v: string) => (v.includes("/") ? v.replace(/^\/+/, "") : `image/selfie/${v}`);

/** When and from what the worker's place is known: "23-11-2026 16:59:30, 2d ago · last GPS point". */
function LastSeen({ point }: { point: AttendancePoint }) {
  const { t } = useTranslation();
  const now = useNow();
  const company = useTimeZones().company;
  const age = positionAgeMs(point, now);
  if (age === null) return <>{point.clock_out !== "-" ? point.clock_out : point.clock_in}</>;
  const source = point.position_source ? t(`map.details.source.${point.position_source}`) : "";
  return (
    <span data-testid="map-last-seen" style={isStale(point, now) ? { color: "#595959" } : undefined}>
      {t("map.details.lastSeenAt", { time: formatDateTime(point.position_time, point.zone ?? company), age: ageText(age, t) })}
      {source ? ` · ${source}` : ""}
    </span>
  );
}

export function RightPanel({ onShowHistory }: { onShowHistory: (userId: string | number) => void }) {
  const { t } = useTranslation();
  const f = useMapStore((s) => s.selectedFeature);
  if (!f) return <Typography.Text type="secondary">{t("map.noSelection")}</Typography.Text>;
  const group = presenceGroup(f);
  return (
    <div data-testid="map-details" style={{ display: "flex", flexDirection: "column", gap: 12 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {f.name}
      </Typography.Title>
      {f.image_selfie ? <AuthImage path={selfiePath(f.image_selfie)} alt={t("map.details.selfie")} size={160} /> : null}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t("map.details.status")}>
          {/* The state's colour as a dot beside dark text: white text on Late's orange is too faint. */}
          <Tag style={{ borderColor: PRESENCE_COLORS[group], background: "#ffffff", color: "#1f1f1f" }}>
            <span aria-hidden style={{ display: "inline-block", width: 8, height: 8, borderRadius: 4, marginInlineEnd: 6, background: PRESENCE_COLORS[group] }} />
            {t(`map.presence.${group}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t("map.details.clockIn")}>{f.clock_in}</Descriptions.Item>
        <Descriptions.Item label={t("map.details.clockInLoc")}>
          {/* The clock-in place apart from the point (the latest place): its name, its coordinates (longitude, latitude) on a map. */}
          {f.clock_in_loc}
          {f.clock_in_at ? (
            <>
              {" · "}
              <a
                data-testid="map-clock-in-place"
                href={mapLinkOf(f.clock_in_at[0], f.clock_in_at[1])}
                target="_blank"
                rel="noopener noreferrer"
                style={{ textDecoration: "underline" }}
              >
                {lonLatText(f.clock_in_at[0], f.clock_in_at[1])}
              </a>
            </>
          ) : null}
        </Descriptions.Item>
        <Descriptions.Item label={t("map.details.clockOut")}>{f.clock_out}</Descriptions.Item>
        <Descriptions.Item label={t("map.details.clockOutLoc")}>{f.clock_out_loc}</Descriptions.Item>
        <Descriptions.Item label={t("map.details.projects")}>{f.projects ?? "-"}</Descriptions.Item>
        <Descriptions.Item label={t("map.details.lastSeen")}>
          <LastSeen point={f} />
        </Descriptions.Item>
      </Descriptions>
      <Button type="primary" onClick={() => onShowHistory(f.user_id)}>
        {t("map.details.showHistory")}
      </Button>
    </div>
  );
}
