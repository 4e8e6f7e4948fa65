// Left panel: the project tree (checking projects sets the selected ids; parts/ProjectTree.tsx),
// the legend with counts, the time of the last update (on the company's clock), and the map's GIS layers.
import Typography from "antd/es/typography";
import { useTranslation } from "react-i18next";
import { useTimeZones } from "../../../crud/useTimeZones";
import { formatDateTime } from "../../../lib/zonedTime";
import { Legend } from "./Legend";
import { LayersPanel } from "./LayersPanel";
import { ProjectTree } from "./ProjectTree";

export function LeftPanel({ lastUpdate }: { lastUpdate: Date | null }) {
  const { t } = useTranslation();
  const company = useTimeZones().company;
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
      <ProjectTree />
      <Legend />
      <Typography.Text type="secondary" data-testid="map-last-update">
        {t("map.lastUpdate", { time: lastUpdate ? formatDateTime(lastUpdate, company) : "-" })}
      </Typography.Text>
      <LayersPanel />
    </div>
  );
}
