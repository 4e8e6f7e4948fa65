// The version's members (user-to-version-gantt search) and adding several at once (add-multiple).
import { TeamOutlined } from "@ant-design/icons";
import { Button, List, Modal, Select, Space, Tag } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { dataProvider } from "../../../providers/dataProvider";
import { useGanttStore } from "../store/ganttStore";

type Row = Record<string, unknown>;

export function MembersButton() {
  const { t } = useTranslation();
  const versionId = useGanttStore((s) => s.versionId);
  const [open, setOpen] = useState(false);
  const [members, setMembers] = useState<Row[]>([]);
  const [people, setPeople] = useState<Row[]>([]);
  const [picked, setPicked] = useState<number[]>([]);
  const [permission, setPermission] = useState<"view" | "edit">("view");

  const load = async () => {
    if (versionId === null) return;
    const res = await dataProvider.getList({
      resource: "user-to-version-gantt",
      filters: [{ field: "version_gantt_id", operator: "eq", value: versionId }],
      pagination: { mode: "off" },
    });
    setMembers(res.data as Row[]);
  };
  useEffect(() => {
    if (!open) return;
    Promise.resolve().then(load);
    void dataProvider.getList({ resource: "human-resource", pagination: { mode: "off" }, sorters: [{ field: "name", order: "asc" }] }).then((r) => setPeople(r.data as Row[]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, versionId]);

  const add = async () => {
    if (versionId === null || picked.length === 0) return;
    const items = picked.map((user_id) => ({ version_gantt_id: versionId, user_id, permission }));
    // add-multiple answers plain records: untyped in declaration/answers.ts, called through the provider.
    await dataProvider.custom!({ url: "add-multiple", method: "post", payload: { items }, meta: { resource: "user-to-version-gantt", operation: "addMultiple", params: {} } });
    setPicked([]);
    await load();
  };
  const memberIds = new Set(members.map((m) => m.user_id));

  return (
    <>
      <Button icon={<TeamOutlined />} disabled={versionId === null} onClick={() => setOpen(true)}>
        {t("gantt.members.title")}
      </Button>
      <Modal open={open} title={t("gantt.members.title")} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
        <List
          size="small"
          dataSource={members}
          locale={{ emptyText: t("gantt.panel.none") }}
          renderItem={(m) => (
            <List.Item>
              {String(m.user_id_label ?? m.user_id)} <Tag>{t(`gantt.members.${m.permission === "edit" ? "edit" : "view"}`)}</Tag>
            </List.Item>
          )}
        />
        <Space.Compact style={{ width: "100%", marginTop: 8 }}>
          <Select
            mode="multiple"
            style={{ flex: 1 }}
            aria-label={t("gantt.members.add")}
            placeholder={t("gantt.members.add")}
            value={picked}
            onChange={setPicked}
            optionFilterProp="label"
            options={people.filter((p) => !memberIds.has(p.id)).map((p) => ({ value: Number(p.id), label: String(p.name) }))}
          />
          <Select
            value={permission}
            onChange={setPermission}
            options={[
              { value: "view", label: t("gantt.members.view") },
              { value: "edit", label: t("gantt.members.edit") },
            ]}
          />
          <Button type="primary" onClick={() => void add()} disabled={picked.length === 0}>
            {t("gantt.members.addButton")}
          </Button>
        </Space.Compact>
      </Modal>
    </>
  );
}
