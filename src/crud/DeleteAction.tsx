// Delete with the spec's confirmation ('Delete this data ?' / 'Are you sure ?'). The record goes
// in meta so the data provider can fill two-key paths (delete/{company_id}/{id}, ...).
import { Button, Popconfirm } from "antd";
import type { ButtonProps } from "antd";
import { DeleteOutlined } from "@ant-design/icons";
import { useDeleteButton, useTranslate, type BaseKey, type DeleteOneResponse } from "@refinedev/core";
import { deletedNotification, failedNotification } from "./notifications";

export interface DeleteActionProps {
  resource: string;
  id: BaseKey;
  record: Record<string, unknown>;
  hideText?: boolean;
  size?: ButtonProps["size"];
  onSuccess?: (value: DeleteOneResponse) => void;
}

export function DeleteAction({ resource, id, record, hideText, size, onSuccess }: DeleteActionProps) {
  const t = useTranslate();
  const { hidden, disabled, loading, title, onConfirm } = useDeleteButton({
    resource,
    id,
    meta: { record },
    accessControl: { enabled: true, hideIfUnauthorized: true },
    successNotification: deletedNotification(t),
    errorNotification: failedNotification(t, "deleteFailed"),
    onSuccess,
  });
  if (hidden) return null;
  return (
    <Popconfirm
      title={t("common.deleteTitle")}
      description={t("common.deleteConfirm")}
      okText={t("crud.actions.delete")}
      cancelText={t("crud.actions.cancel")}
      okType="danger"
      okButtonProps={{ loading }}
      onConfirm={onConfirm}
      disabled={disabled}
    >
      <Button danger size={size} icon={<DeleteOutlined />} disabled={disabled} loading={loading} title={title || t("crud.actions.delete")} aria-label={t("crud.actions.delete")}>
        {hideText ? null : t("crud.actions.delete")}
      </Button>
    </Popconfirm>
  );
}
