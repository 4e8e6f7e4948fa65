// The version's members (user-to-version-gantt search) and adding several at once (add-multiple);
// a failed read or write is shown as the generated screens show theirs (useNotify).
import { TeamOutlined } from "@ant-design/icons";
import { Button, List, Modal, Select, Space, Tag } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotify } from "../../../crud/useNotify";
import { pairsAdded } from "../../../crud/pairs";
import { addMembers, loadMembers, loadPeople, type MemberRecord } from "../api/ganttCalls";
import { useGanttStore } from "../store/ganttStore";

export function MembersButton() {
  const { t } = useTranslation();
  const notify = useNotify();
  const versionId = useGanttStore((s) => s.versionId);
  const [open, setOpen] = useState(false);
  const [members, setMembers] = useState<MemberRecord[]>([]);
  const [people, setPeople] = useState<Array<{ id: number; name: string }>>([]);
  const [picked, setPicked] = useState<number[]>([]);
  const [permission, setPermission] = useState<"view" | "edit">("view");
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (id: number) => {
      try {
        setMembers(await loadMembers(id));
      } catch (e) {
        notify.failed("loadFailed", e);
      }
    },
    [notify],
  );
  useEffect(() => {
    if (!open || versionId === null) return;
    Promise.resolve().then(() => load(versionId));
    loadPeople().then(setPeople, (e: unknown) => notify.failed("loadFailed", e));
  }, [open, versionId, load, notify]);

  const add = async () => {
    if (versionId === null || picked.length === 0) return;
    setBusy(true);
    try {
      const pairs = pairsAdded(await addMembers(picked.map((user_id) => ({ version_gantt_id: versionId, user_id, permission }))));
      setPicked([]);
      // Members already there are stored once (src/crud/pairs.ts).
      if (pairs.existing) notify.info(t("crud.pairs", { ...pairs }));
      else notify.saved();
    } catch (e) {
      // The picked people stay picked: nothing was stored (add-multiple is all or nothing).
      notify.failed("saveFailed", e);
      return;
    } finally {
      setBusy(false);
    }
    await load(versionId);
  };
  const memberIds = new Set(members.map((m) => m.user_id));

  return (
    <>
      <Button icon={<TeamOutlined aria-hidden />} disabled={versionId === null} onClick={() => setOpen(true)}>
        {t("gantt.members.title")}
      </Button>
      <Modal open={open} title={t("gantt.members.title")} onCancel={() => setOpen(false)} closable={{ "aria-label": t("common.close") }} footer={null} destroyOnHidden>
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
            aria-label={t("gantt.members.permission")}
            value={permission}
            onChange={setPermission}
            options={[
              { value: "view", label: t("gantt.members.view") },
              { value: "edit", label: t("gantt.members.edit") },
            ]}
          />
          <Button type="primary" onClick={() => void add()} disabled={picked.length === 0} loading={busy}>
            {t("gantt.members.addButton")}
          </Button>
        </Space.Compact>
      </Modal>
    </>
  );
}
