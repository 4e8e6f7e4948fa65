// The project's folders: pick one to see its files; add a folder inside the picked one; delete
// an empty folder with the spec's confirmation (each only with the role's right). The new folder
// goes through the tab's api/; saved or refused, useNotify says so.
import { useState, type ReactNode } from "react";
import { Button, Input, Modal, Space, Tree, Typography } from "antd";
import { FolderAddOutlined, FolderOutlined } from "@ant-design/icons";
import { useCan, useTranslate } from "@refinedev/core";
import { DeleteAction } from "../../../../../crud/DeleteAction";
import { useNotify } from "../../../../../crud/useNotify";
import { addFolder } from "../api/documentCalls";
import { findFolder, folderIdOf, ROOT_KEY, treeNodes, type Folder, type FolderTreeNode } from "../model/folders";

interface Props {
  projectId: string | number;
  tree: readonly Folder[];
  selected: string;
  onSelect: (key: string) => void;
  onChanged: () => void;
}

interface AntdNode {
  key: string;
  title: string;
  icon: ReactNode;
  children: AntdNode[];
}

const toAntd = (n: FolderTreeNode): AntdNode => ({
  key: n.key,
  title: `${n.title} (${n.count})`,
  icon: <FolderOutlined />,
  children: n.children.map(toAntd),
});

const allKeys = (nodes: readonly AntdNode[]): string[] => nodes.flatMap((n) => [n.key, ...allKeys(n.children)]);

export function FolderTree({ projectId, tree, selected, onSelect, onChanged }: Props) {
  const t = useTranslate();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState("");
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  // New folder only with the right to add folders (delete: DeleteAction asks for its own right).
  const mayAdd = useCan({ resource: "folder-document-proyek", action: "create" }).data?.can ?? false;
  const nodes = treeNodes(tree, t("documents.topLevel")).map(toAntd);
  // Every folder open unless the user closed it (the tree arrives after the first render).
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const expandedKeys = allKeys(nodes).filter((k) => !collapsed.has(k));
  const folder = selected === ROOT_KEY ? undefined : findFolder(tree, selected);

  const add = async () => {
    const trimmed = name.trim();
    if (!trimmed || saving) return;
    setSaving(true);
    try {
      await addFolder(projectId, folderIdOf(selected), trimmed);
      notify.saved();
      setAdding(false);
      setName("");
      onChanged();
    } catch (e) {
      // The name stays for another try.
      notify.failed("saveFailed", e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-label={t("documents.folders")}>
      <Space style={{ width: "100%", justifyContent: "space-between", marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t("documents.folders")}
        </Typography.Title>
        <Space>
          {mayAdd ? (
            <Button icon={<FolderAddOutlined />} onClick={() => setAdding(true)}>
              {t("documents.newFolder")}
            </Button>
          ) : null}
          {folder && (
            <DeleteAction
              resource="folder-document-proyek"
              id={folder.id as number}
              record={{ project_id: projectId, id: folder.id }}
              hideText
              onSuccess={() => {
                onSelect(ROOT_KEY);
                onChanged();
              }}
            />
          )}
        </Space>
      </Space>
      <Tree
        showIcon
        blockNode
        expandedKeys={expandedKeys}
        onExpand={(keys) => setCollapsed(new Set(allKeys(nodes).filter((k) => !keys.includes(k))))}
        selectedKeys={[selected]}
        treeData={nodes}
        onSelect={(keys) => keys.length && onSelect(String(keys[0]))}
      />
      <Modal
        title={t("documents.newFolder")}
        open={adding}
        onOk={() => void add()}
        okText={t("crud.actions.save")}
        cancelText={t("crud.actions.cancel")}
        okButtonProps={{ loading: saving, disabled: !name.trim() }}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t("documents.newFolderIn", { folder: folder ? String(folder.name) : t("documents.topLevel") })}</Typography.Paragraph>
        <Input
          aria-label={t("documents.folderName")}
          placeholder={t("documents.folderName")}
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={() => void add()}
          autoFocus
        />
      </Modal>
    </section>
  );
}
