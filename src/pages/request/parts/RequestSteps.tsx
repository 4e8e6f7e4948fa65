// The next steps of a request (nextActions of declaration/requests.ts) as buttons, only those the
// user's right on the menu allows (add: receive, return; edit: approve, reject, send); each opens a
// small form of the step's fields and sends the step. A refusal (409 out of order, 400) is told
// through useNotify.
import { useState } from "react";
import { Button, Form, Input, InputNumber, Modal, Space } from "antd";
import { useCan, useTranslate } from "@refinedev/core";
import { nextActions, stepOf, type RequestAction, type RequestResource } from "../../../../declaration/requests";
import { useNotify } from "../../../crud/useNotify";
import { takeStep } from "../api/requestSteps";

const isDate = (name: string) => name.endsWith("_date");

export function RequestSteps({ resource, record, onDone }: { resource: RequestResource; record: Record<string, unknown>; onDone: () => void }) {
  const t = useTranslate();
  const notify = useNotify();
  const mayAdd = useCan({ resource, action: "create" }).data?.can ?? false;
  const mayEdit = useCan({ resource, action: "edit" }).data?.can ?? false;
  const [open, setOpen] = useState<RequestAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const actions = nextActions(resource, String(record.status ?? "")).filter((a) => (stepOf(resource, a)!.right === "create" ? mayAdd : mayEdit));
  if (!actions.length) return null;
  const step = open ? stepOf(resource, open) : undefined;
  const submit = async (values: Record<string, unknown>) => {
    if (!open) return;
    setBusy(true);
    try {
      await takeStep(resource, open, Number(record.id), values);
      notify.info(t(`request.done.${open}`));
      setOpen(null);
      form.resetFields();
      onDone();
    } catch (e) {
      notify.failed("saveFailed", e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Space>
        {actions.map((a) => (
          <Button key={a} danger={a === "reject"} onClick={() => setOpen(a)}>
            {t(`request.action.${a}`)}
          </Button>
        ))}
      </Space>
      <Modal
        open={!!open}
        title={open ? t(`request.action.${open}`) : ""}
        okText={open ? t(`request.action.${open}`) : ""}
        cancelText={t("buttons.cancel")}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setOpen(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
          {step?.fields.map((f) => (
            <Form.Item key={f.name} name={f.name} label={t(`request.field.${f.name}`)} rules={f.required ? [{ required: true, message: t("request.required") }] : []}>
              {f.name === "quantity_received" ? <InputNumber min={0} style={{ width: "100%" }} /> : isDate(f.name) ? <Input type="date" /> : <Input.TextArea rows={2} />}
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </>
  );
}
