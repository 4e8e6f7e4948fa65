// A company's administrators, for the platform owner (company-management people/{id}): who holds
// the administration (staff, roles and role rights, every right), and, when nobody does (all of
// them disabled, demoted or stripped), the way to give one back (restore-admin/{id}: the person
// enabled, with the company's administrator role holding every menu). Audited by the server.
import { useState } from "react";
import { Alert, Button, List, Modal, Popconfirm, Space, Tag, Typography } from "antd";
import { SafetyCertificateOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useNotify } from "../../../crud/useNotify";
import { useOperation, useOperationMutation } from "../../../providers/operations";

export function AdministratorsAction({ companyId, companyName }: { companyId: number; companyName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" icon={<SafetyCertificateOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t("companies.admins.open")}
      </Button>
      {open ? <AdministratorsModal companyId={companyId} companyName={companyName} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function AdministratorsModal({ companyId, companyName, onClose }: { companyId: number; companyName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { data: people, query } = useOperation("company-management", "people", { params: { id: companyId } });
  const { run, mutation } = useOperationMutation("company-management", "restoreAdmin");
  const admins = (people ?? []).filter((p) => p.is_administrator);
  const restore = async (userId: number, name: string) => {
    try {
      await run({ params: { id: companyId }, payload: { user_id: userId } });
      notify.info(t("companies.admins.restored", { name }));
      await query.refetch();
    } catch (e) {
      notify.failed("saveFailed", e);
    }
  };
  return (
    <Modal open title={t("companies.admins.title", { company: companyName })} onCancel={onClose} footer={<Button onClick={onClose}>{t("common.close")}</Button>} width={640}>
      <Space direction="vertical" style={{ width: "100%" }}>
        {people && admins.length === 0 ? <Alert type="error" showIcon message={t("companies.admins.none")} description={t("companies.admins.noneWhat")} /> : null}
        <List
          loading={query.isPending}
          dataSource={people ?? []}
          rowKey="id"
          renderItem={(p) => (
            <List.Item
              actions={
                p.is_administrator
                  ? []
                  : [
                      <Popconfirm
                        key="restore"
                        title={t("companies.admins.confirm", { name: p.name })}
                        description={t("companies.admins.confirmWhat")}
                        okText={t("companies.admins.restore")}
                        cancelText={t("crud.actions.cancel")}
                        onConfirm={() => restore(p.id, p.name)}
                      >
                        <Button size="small" loading={mutation.isPending}>
                          {t("companies.admins.restore")}
                        </Button>
                      </Popconfirm>,
                    ]
              }
            >
              <List.Item.Meta
                title={
                  <Space size={6} wrap>
                    <Typography.Text strong>{p.name}</Typography.Text>
                    {p.is_administrator ? <Tag color="blue">{t("companies.admins.administrator")}</Tag> : null}
                    {p.is_active ? null : <Tag color="red">{t("staff.disabled")}</Tag>}
                  </Space>
                }
                description={[p.email, p.role_name].filter(Boolean).join(" · ")}
              />
            </List.Item>
          )}
        />
      </Space>
    </Modal>
  );
}
