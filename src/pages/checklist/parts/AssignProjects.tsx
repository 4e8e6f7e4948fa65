// From a K3 checklist: assign it to several projects at once, required or optional
// (project-to-checklist-k3 add-multiple, the safety tab's own call); saved or refused, useNotify says so.
import { useState } from "react";
import { Button, Form, Modal, Switch } from "antd";
import { ProjectOutlined } from "@ant-design/icons";
import { useSelect } from "@refinedev/antd";
import { useInvalidate } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { FormSelect } from "../../../crud/fields/FormSelect";
import { useNotify } from "../../../crud/useNotify";
import { assignChecklists } from "../../project/tabs/safety/api/checklistCalls";

interface Values {
  project_ids: number[];
  is_required: boolean;
}

export function AssignProjects({ checklistId }: { checklistId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();
  const notify = useNotify();
  const invalidate = useInvalidate();
  const projects = useSelect({ resource: "project", optionLabel: "name", optionValue: "id", pagination: { mode: "off" } });
  const submit = async (v: Values) => {
    setSaving(true);
    try {
      await assignChecklists(v.project_ids.map((project_id) => ({ project_id: Number(project_id), checklist_k3_id: checklistId, is_required: v.is_required })));
      notify.info(t("checklist.assigned", { count: v.project_ids.length }));
      await invalidate({ resource: "project-to-checklist-k3", invalidates: ["list"] });
      setOpen(false);
      form.resetFields();
    } catch (e) {
      // The choices stay for another try.
      notify.failed("saveFailed", e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button icon={<ProjectOutlined />} onClick={() => setOpen(true)}>
        {t("checklist.assign")}
      </Button>
      <Modal
        open={open}
        title={t("checklist.assign")}
        okText={t("crud.actions.save")}
        cancelText={t("crud.actions.cancel")}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={saving}
      >
        <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ is_required: true }}>
          <Form.Item name="project_ids" label={t("checklist.projects")} rules={[{ required: true, message: t("common.required") }]}>
            <FormSelect mode="multiple" {...projects.selectProps} optionFilterProp="label" aria-label={t("checklist.projects")} />
          </Form.Item>
          <Form.Item name="is_required" label={t("checklist.required")} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
