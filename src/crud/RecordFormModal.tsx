// The generated form in a modal, for lists shown inside another page (the project workspace):
// the same field widgets, rules, defaults and wire values as FormPage, with `fixed` values (the
// project the list belongs to) sent in every body and not asked. Server field errors land on
// the fields; the typed values stay.
import { useEffect, useMemo } from "react";
import { Col, Form, Modal, Row } from "antd";
import { useCreate, useUpdate, type HttpError } from "@refinedev/core";
import { findOp } from "../../declaration";
import { FormField, isWide } from "./fields/FormField";
import { defaultsOf, toWire } from "./formValues";
import { formFieldsOf, pageTitle } from "./model";
import { failedNotification, savedNotification } from "./notifications";
import { useDeclared, useFormatting } from "./useCrud";

type Values = Record<string, unknown>;

export interface RecordFormModalProps {
  resource: string;
  /** The record to edit; undefined: a new one. */
  record?: Values;
  /** Values every body carries, not shown as fields (e.g. { project_id: 4 }). */
  fixed?: Values;
  open: boolean;
  onClose: () => void;
}

export function RecordFormModal({ resource, record, fixed = {}, open, onClose }: RecordFormModalProps) {
  const r = useDeclared(resource);
  const action = record ? "edit" : "create";
  const fields = useMemo(() => formFieldsOf(r, action, record).filter((f) => !(f.name in fixed)), [r, action, fixed, record]);
  const fmt = useFormatting(fields);
  const [form] = Form.useForm<Values>();
  const { mutateAsync: create, mutation: created } = useCreate<Values, HttpError, Values>();
  const { mutateAsync: update, mutation: updated } = useUpdate<Values, HttpError, Values>();
  const multipart = !!findOp(r, "create")?.multipart;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue((record ? Object.fromEntries(fields.map((f) => [f.name, record[f.name]])) : defaultsOf(fields)) as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, record, fields, form]);

  const submit = async (values: Values) => {
    const body = { ...toWire(fields, values), ...fixed };
    const notifications = { successNotification: savedNotification(fmt.t), errorNotification: failedNotification(fmt.t, "saveFailed") };
    try {
      if (record) await update({ resource, id: record.id as string | number, values: body, meta: { record }, ...notifications });
      else await create({ resource, values: body, ...notifications });
      onClose();
    } catch (e) {
      const errors = (e as HttpError).errors ?? {};
      form.setFields(Object.entries(errors).map(([name, msg]) => ({ name, errors: [Array.isArray(msg) ? msg.join(" ") : String(msg)] })));
    }
  };

  return (
    <Modal
      open={open}
      title={pageTitle(fmt.t, action, r)}
      okText={fmt.t("crud.actions.save")}
      cancelText={fmt.t("crud.actions.cancel")}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={created.isPending || updated.isPending}
      width={720}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} scrollToFirstError>
        <Row gutter={16}>
          {fields.map((f) => (
            <Col key={f.name} xs={24} md={isWide(f) ? 24 : 12}>
              <FormField resource={r} field={f} action={action} fmt={fmt} multipart={multipart} recordId={record?.id as string | number | undefined} fixed={fixed} />
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}
