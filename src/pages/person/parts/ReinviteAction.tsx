// Send the person a new set-password link (human-resource invite/{id}): for someone whose
// invitation expired or who forgot to use it; their earlier links stop working.
import { Button, Popconfirm } from "antd";
import { MailOutlined } from "@ant-design/icons";
import { useCan } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { useNotify } from "../../../crud/useNotify";
import { useOperationMutation } from "../../../providers/operations";

export function ReinviteAction({ id, email }: { id: number; email: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const reinvite = useOperationMutation("human-resource", "reinvite");
  const mayEdit = useCan({ resource: "human-resource", action: "edit" }).data?.can ?? false;
  if (!mayEdit) return null;
  const run = async () => {
    try {
      await reinvite.run({ params: { id } });
      notify.info(t("staff.reinvited", { email }));
    } catch (e) {
      notify.failed("saveFailed", e);
    }
  };
  return (
    <Popconfirm title={t("staff.reinviteConfirm", { email })} okText={t("staff.sendInvite")} cancelText={t("crud.actions.cancel")} onConfirm={() => void run()}>
      <Button icon={<MailOutlined />} loading={reinvite.mutation.isPending}>
        {t("staff.reinvite")}
      </Button>
    </Popconfirm>
  );
}
