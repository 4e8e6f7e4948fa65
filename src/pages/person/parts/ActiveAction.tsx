// Disable (with a confirmation saying what it does) or enable the person, for a role that may edit
// staff; nobody is offered to disable themselves (the server refuses it: not_self).
import { Button, Popconfirm } from "antd";
import { CheckCircleOutlined, StopOutlined } from "@ant-design/icons";
import { useCan } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { getStoredUser } from "../../../auth/session";
import { useSetActive } from "../hooks/useSetActive";
import { isActiveRecord } from "../model/person";

export function ActiveAction({ record }: { record: Record<string, unknown> }) {
  const { t } = useTranslation();
  const id = Number(record.id);
  const name = String(record.name ?? "");
  const { run, busy } = useSetActive(id, name);
  const mayEdit = useCan({ resource: "human-resource", action: "edit" }).data?.can ?? false;
  const me = getStoredUser();
  if (!mayEdit || Number(me?.id) === id) return null;
  return isActiveRecord(record) ? (
    <Popconfirm
      title={t("staff.disableConfirm", { name })}
      description={t("staff.disableWhat")}
      okText={t("staff.disable")}
      okType="danger"
      cancelText={t("crud.actions.cancel")}
      onConfirm={() => run(false)}
    >
      <Button danger icon={<StopOutlined />} loading={busy}>
        {t("staff.disable")}
      </Button>
    </Popconfirm>
  ) : (
    <Button icon={<CheckCircleOutlined />} loading={busy} onClick={() => void run(true)}>
      {t("staff.enable")}
    </Button>
  );
}
