// Right panel: the selected staff member's details and the button to show their history.
import Button from "antd/es/button";
import Descriptions from "antd/es/descriptions";
import Tag from "antd/es/tag";
import Typography from "antd/es/typography";
import { useTranslation } from "react-i18next";
import AuthImage from "../../../crud/display/AuthImage";
import { presenceGroup } from "../model/attendancePoints";
import { useMapStore } from "../store/mapStore";
import { PRESENCE_COLORS } from "./pointStyles";

/** A selfie field holds a file name of the selfie folder, or a path below the API. */
const selfiePath = (v: string) => (v.includes("/") ? v.replace(/^\/+/, "") : `image/selfie/${v}`);

const projectsText = (v: unknown): string =>
  v == null ? "-" : Array.isArray(v) ? v.map((p) => (typeof p === "object" && p ? String((p as { name?: unknown }).name ?? "") : String(p))).join(", ") || "-" : String(v);

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
          <Tag color={PRESENCE_COLORS[group]}>{t(`map.presence.${group}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t("map.details.clockIn")}>{f.clock_in}</Descriptions.Item>
        <Descriptions.Item label={t("map.details.clockInLoc")}>{f.clock_in_loc}</Descriptions.Item>
        <Descriptions.Item label={t("map.details.clockOut")}>{f.clock_out}</Descriptions.Item>
        <Descriptions.Item label={t("map.details.clockOutLoc")}>{f.clock_out_loc}</Descriptions.Item>
        <Descriptions.Item label={t("map.details.projects")}>{projectsText(f.projects)}</Descriptions.Item>
        <Descriptions.Item label={t("map.details.lastSeen")}>{f.clock_out !== "-" ? f.clock_out : f.clock_in}</Descriptions.Item>
      </Descriptions>
      <Button type="primary" onClick={() => onShowHistory(f.user_id)}>
        {t("map.details.showHistory")}
      </Button>
    </div>
  );
}
