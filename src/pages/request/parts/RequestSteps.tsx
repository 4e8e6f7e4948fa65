// The next steps of a request (its flow's nextActions: declaration/flows.ts) as buttons, only those
// the session may call (canOperate: the action's declared right, the read-only sessions); each
// opens a small form of the step's fields, with the quantity requested (and, for a receipt, what
// is still to come) in view, dates on antd's picker in the site's zone, and sends the step. A
// refusal (409 out of order, 400) is told through useNotify.
import { useState } from "react";
import { Button, Descriptions, Form, Input, InputNumber, Modal, Space } from "antd";
import { useTranslation } from "react-i18next";
import { nextActions } from "../../../../declaration/flows";
import { REQUEST_FLOWS, type RequestResource } from "../../../../declaration/requests";
import { DateTimeInput } from "../../../crud/fields/dates";
import { fromDayjs, toDayjs } from "../../../crud/fields/convert";
import { useNotify } from "../../../crud/useNotify";
import { useProjectZone } from "../../../crud/useTimeZones";
import { formatNumber } from "../../../lib/format";
import { canOperate } from "../../../providers/operationAccess";
import { takeStep } from "../api/requestSteps";

const isDate = (name: string) => name.endsWith("_date");
const left = (record: Record<string, unknown>) => Math.round(((Number(record.quantity) || 0) - (Number(record.quantity_received) || 0)) * 1e9) / 1e9;

export function RequestSteps({ resource, record, onDone }: { resource: RequestResource; record: Record<string, unknown>; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const zone = useProjectZone(record.project_id);
  const flow = REQUEST_FLOWS[resource];
  const [open, setOpen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const actions = nextActions(flow, record.status).filter((a) => canOperate(resource, a).can);
  if (!actions.length) return null;
  const step = open ? flow.actions[open] : undefined;
  const lang = i18n.language;
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
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t("request.requested")}>{formatNumber(record.quantity, lang)}</Descriptions.Item>
          {step?.accumulate ? (
            <>
              <Descriptions.Item label={t("request.receivedSoFar")}>{formatNumber(record.quantity_received ?? 0, lang)}</Descriptions.Item>
              <Descriptions.Item label={t("request.stillToCome")}>{formatNumber(left(record), lang)}</Descriptions.Item>
            </>
          ) : null}
        </Descriptions>
        <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
          {step?.fields.map((f) => (
            <Form.Item
              key={f.name}
              name={f.name}
              label={t(`request.field.${f.name}`)}
              rules={f.required ? [{ required: true, message: t("request.required") }] : []}
              {...(isDate(f.name) ? { getValueProps: (v: unknown) => ({ value: toDayjs(v, "date", zone) }), normalize: (d) => fromDayjs(d, "date", zone) } : {})}
            >
              {f.name === "quantity_received" ? (
                <InputNumber min={0} max={left(record)} style={{ width: "100%" }} />
              ) : isDate(f.name) ? (
                <DateTimeInput type="date" zone={zone} />
              ) : (
                <Input.TextArea rows={2} />
              )}
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </>
  );
}
