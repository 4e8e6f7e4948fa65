// The project tree: the company's projects (checking them sets the selected ids; a tap on a name
// checks it too, the checkbox alone is a small target for a finger), each expandable into its
// FTTH hierarchy, loaded on first expand. A tap on a network node with a place centres the map on it.
import Tree from "antd/es/tree";
import Typography from "antd/es/typography";
import { fromLonLat } from "ol/proj";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { callOperation } from "../../../providers/operations";
import { listProjects } from "../api/mapCalls";
import { checkedProjectIds, ftthNodes, isFtthKey, projectNodes, withProjectChildren } from "../model/projectTree";
import { useMapStore, type ProjectTreeNode } from "../store/mapStore";

const findNode = (nodes: readonly ProjectTreeNode[], key: string): ProjectTreeNode | undefined => {
  for (const n of nodes) {
    if (n.key === key) return n;
    const below = n.children && findNode(n.children, key);
    if (below) return below;
  }
  return undefined;
};

export function ProjectTree() {
  const { t } = useTranslation();
  const tree = useMapStore((s) => s.projectTree);
  const setTree = useMapStore((s) => s.setProjectTree);
  const selected = useMapStore((s) => s.selectedProjectIds);
  const setSelected = useMapStore((s) => s.setSelectedProjectIds);
  const [failed, setFailed] = useState(false);
  const [ftthFailed, setFtthFailed] = useState(false);

  useEffect(() => {
    listProjects()
      .then((ps) => setTree(projectNodes(ps)))
      .catch(() => setFailed(true));
  }, [setTree]);

  const loadData = async (node: { key: React.Key; children?: unknown }) => {
    const key = String(node.key);
    if (isFtthKey(key) || node.children) return;
    try {
      const records = await callOperation("hierarchy-ftths", "tree", { params: { project_id: key } });
      setTree(withProjectChildren(useMapStore.getState().projectTree, key, ftthNodes(records)));
    } catch {
      setFtthFailed(true);
    }
  };

  return (
    <>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t("map.projects")}
      </Typography.Title>
      {failed && <Typography.Text type="danger">{t("map.projectsFailed")}</Typography.Text>}
      {ftthFailed && <Typography.Text type="danger">{t("mapGis.tree.ftthFailed")}</Typography.Text>}
      <Tree
        checkable
        checkStrictly
        treeData={tree}
        loadData={loadData}
        checkedKeys={selected.map(String)}
        onCheck={(keys) => setSelected(checkedProjectIds(Array.isArray(keys) ? keys : keys.checked))}
        selectedKeys={[]}
        onSelect={(_, { node }) => {
          const key = String(node.key);
          if (isFtthKey(key)) {
            const place = findNode(useMapStore.getState().projectTree, key)?.location;
            const map = useMapStore.getState().map;
            if (place && map) {
              map.getView().setCenter(fromLonLat(place));
              map.getView().setZoom(Math.max(map.getView().getZoom() ?? 0, 17));
            }
            return;
          }
          const keys = selected.map(String);
          setSelected(checkedProjectIds(keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]));
        }}
      />
    </>
  );
}
