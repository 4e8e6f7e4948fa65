// Left panel: the project tree (checking projects sets the selected ids), the legend with counts
// and the time of the last update.
import Tree from "antd/es/tree";
import Typography from "antd/es/typography";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/format";
import { listProjects } from "../api/mapCalls";
import { useMapStore } from "../store/mapStore";
import { Legend } from "./Legend";

const toId = (k: unknown): string | number => (/^\d+$/.test(String(k)) ? Number(k) : String(k));

export function LeftPanel({ lastUpdate }: { lastUpdate: Date | null }) {
  const { t } = useTranslation();
  const tree = useMapStore((s) => s.projectTree);
  const setTree = useMapStore((s) => s.setProjectTree);
  const selected = useMapStore((s) => s.selectedProjectIds);
  const setSelected = useMapStore((s) => s.setSelectedProjectIds);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    listProjects()
      .then((ps) => setTree(ps.map((p) => ({ key: String(p.id), title: p.name }))))
      .catch(() => setFailed(true));
  }, [setTree]);

  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t("map.projects")}
      </Typography.Title>
      {failed && <Typography.Text type="danger">{t("map.projectsFailed")}</Typography.Text>}
      <Tree
        checkable
        treeData={tree}
        checkedKeys={selected.map(String)}
        onCheck={(keys) => setSelected((Array.isArray(keys) ? keys : keys.checked).map(toId))}
        // A tap on the name checks it too: the checkbox alone is a small target for a finger.
        selectedKeys={[]}
        onSelect={(_, { node }) => {
          const key = String(node.key);
          const keys = selected.map(String);
          setSelected((keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]).map(toId));
        }}
      />
      <Legend />
      <Typography.Text type="secondary" data-testid="map-last-update">
        {t("map.lastUpdate", { time: lastUpdate ? formatDateTime(lastUpdate) : "-" })}
      </Typography.Text>
    </div>
  );
}
