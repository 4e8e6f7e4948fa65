// Put the person on several projects at once (user-to-proyek add-multiple, all or nothing): the
// projects picked, with one project role and join date for all of them; the projects the person
// is on already are stored once and said (src/crud/pairs.ts).
import { useState } from "react";
import { Button, DatePicker, Form, Modal, Select } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { useCan } from "@refinedev/core";
import { useSelect } from "@refinedev/antd";
import { useTranslation } from "react-i18next";
import type { Dayjs } from "dayjs";
import { pairsAdded } from "../../../crud/pairs";
import { useNotify } from "../../../crud/useNotify";
import { useOperationMutation } from "../../../providers/operations";

interface Values {
  project_ids: number[];
  project_role_id?: number;
  join_date?: Dayjs;
}

export function AddProjects({ userId, onAdded }: { userId: number; onAdded: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const mayAdd = useCan({ resource: "user-to-proyek", action: "create" }).data?.can ?? false;
  const add = useOperationMutation("user-to-proyek", "addMultiple");
  const projects = useSelect({
    resource: "project",
    optionLabel: "name",
    optionValue: "id",
    pagination: { pageSize: 50, mode: "server" },
    debounce: 300,
    queryOptions: { enabled: open },
    errorNotification: false,
    onSearch: (v) => [{ field: "name", operator: "contains", value: v || undefined }],
  });
  const roles = useSelect({ resource: "project-role", optionLabel: "name", optionValue: "id", queryOptions: { enabled: open }, errorNotification: false });
  if (!mayAdd) return null;
  const submit = async (v: Values) => {
    const join_date = v.join_date ? v.join_date.format("YYYY-MM-DD") : undefined;
    try {
      // All or nothing: a failure stores none, and the choices stay for another try.
      const answer = await add.run({
        payload: {
          items: v.project_ids.map((project_id) => ({ user_id: userId, project_id, project_role_id: v.project_role_id ?? null, join_date: join_date ?? null, is_active: true })),
        },
      });
      const pairs = pairsAdded(answer);
      if (pairs.existing) notify.info(t("crud.pairs", { ...pairs }));
      else notify.saved();
      setOpen(false);
      onAdded();
    } catch (e) {
      notify.failed("saveFailed", e);
    }
  };
  return (
    <>
      <Button
        icon={<PlusOutlined />}
        onClick={() => {
          form.resetFields();
          setOpen(true);
        }}
      >
        {t("staff.addProjects")}
      </Button>
      <Modal
        open={open}
        title={t("staff.addProjects")}
        okText={t("crud.actions.save")}
        cancelText={t("crud.actions.cancel")}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={add.mutation.isPending}
        forceRender
      >
        <Form<Values> form={form} name="add-projects" layout="vertical" onFinish={submit}>
          <Form.Item name="project_ids" label={t("staff.projects")} rules={[{ required: true, message: t("staff.pickProjects") }]}>
            <Select mode="multiple" {...projects.selectProps} filterOption={false} />
          </Form.Item>
          <Form.Item name="project_role_id" label={t("fields.project_role_id")}>
            <Select allowClear {...roles.selectProps} />
          </Form.Item>
          <Form.Item name="join_date" label={t("fields.join_date")}>
            <DatePicker format="DD-MM-YYYY" style={{ width: "100%" }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
