// Whether the person signs in with a second factor (human-resource two-factor/{id}) and, for a
// role that may edit staff, its reset with a confirmation saying what it does
// (reset-two-factor/{id}: the server turns it off, ends their sessions and logs it). Nobody is
// offered to reset their own: they turn it off on their Account security page.
import { Button, Popconfirm, Tag } from "antd";
import { SafetyCertificateOutlined } from "@ant-design/icons";
import { useCan } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { getStoredUser } from "../../../auth/session";
import { useNotify } from "../../../crud/useNotify";
import { useOperation, useOperationMutation } from "../../../providers/operations";

/** The person's second factor, on or off (nothing until it is known). */
export function TwoFactorTag({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data } = useOperation("human-resource", "twoFactor", { params: { id }, errorNotification: false });
  if (!data) return null;
  return (
    <Tag color={data.enabled ? "blue" : "default"} data-testid="person-two-factor">
      {t(data.enabled ? "staff.twoFactor.on" : "staff.twoFactor.off")}
    </Tag>
  );
}

export function TwoFactorAction({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const mayEdit = useCan({ resource: "human-resource", action: "edit" }).data?.can ?? false;
  const me = Number(getStoredUser()?.id) === id;
  const { data, query } = useOperation("human-resource", "twoFactor", { params: { id }, errorNotification: false });
  const reset = useOperationMutation("human-resource", "resetTwoFactor");
  if (!mayEdit || me || !data?.enabled) return null;
  const run = async () => {
    try {
      await reset.run({ params: { id } });
      notify.info(t("staff.twoFactor.resetDone", { name }));
      await query.refetch();
    } catch (e) {
      notify.failed("saveFailed", e);
    }
  };
  return (
    <Popconfirm
      title={t("staff.twoFactor.resetConfirm", { name })}
      description={<div style={{ maxWidth: 320 }}>{t("staff.twoFactor.resetWhat")}</div>}
      okText={t("staff.twoFactor.reset")}
      okType="danger"
      cancelText={t("crud.actions.cancel")}
      onConfirm={() => run()}
    >
      <Button icon={<SafetyCertificateOutlined />} loading={reset.mutation.isPending}>
        {t("staff.twoFactor.reset")}
      </Button>
    </Popconfirm>
  );
}
