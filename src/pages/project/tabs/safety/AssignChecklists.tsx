// Several K3 checklists assigned to the project at once (project-to-checklist-k3 add-multiple),
// each required or optional, through the tab's api/; saved or refused, useNotify says so.
import { useState } from "react";
import { Button, Form, Modal, Switch } from "antd";
import { FormSelect } from "../../../../crud/fields/FormSelect";
import { SafetyCertificateOutlined } from "@ant-design/icons";
import { useSelect } from "@refinedev/antd";
import { useInvalidate, useTranslate } from "@refinedev/core";
import { useNotify } from "../../../../crud/useNotify";
import { resourceByName } from "../../../../../declaration";
import { assignChecklists } from "./api/checklistCalls";

const ASSIGNED = resourceByName("project-to-checklist-k3");

interface AssignValues {
  checklist_k3_ids: number[];
  is_required: boolean;
}

export function AssignChecklists({ projectId }: { projectId: string | number }) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<AssignValues>();
  const invalidate = useInvalidate();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const checklists = useSelect({ resource: "checklist-k3", optionLabel: "name", optionValue: "id", pagination: { mode: "off" } });
  const submit = async (v: AssignValues) => {
    const items = v.checklist_k3_ids.map((checklist_k3_id) => ({ project_id: Number(projectId), checklist_k3_id, is_required: v.is_required }));
    setSaving(true);
    try {
      await assignChecklists(items);
      notify.saved();
      await invalidate({ resource: ASSIGNED.name, invalidates: ["list"] });
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
      <Button icon={<SafetyCertificateOutlined />} onClick={() => setOpen(true)}>
        {t("project.safety.assign")}
      </Button>
      <Modal
        open={open}
        title={t("project.safety.assign")}
        okText={t("crud.actions.save")}
        cancelText={t("crud.actions.cancel")}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={saving}
      >
        <Form<AssignValues> form={form} layout="vertical" onFinish={submit} initialValues={{ is_required: true }}>
          <Form.Item name="checklist_k3_ids" label={t("project.safety.checklists")} rules={[{ required: true, message: t("common.required") }]}>
            <FormSelect mode="multiple" {...checklists.selectProps} optionFilterProp="label" aria-label={t("project.safety.checklists")} />
          </Form.Item>
          <Form.Item name="is_required" label={t("fields.is_required")} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
