// Invite a person: the staff form without a password (human-resource invite); they get a mail
// with a link to choose their own. Server field errors land on the fields; the typed values stay.
import { useMemo, useState } from "react";
import { Button, Col, Form, Modal, Row } from "antd";
import { MailOutlined } from "@ant-design/icons";
import { useInvalidate } from "@refinedev/core";
import type { HttpError } from "@refinedev/core";
import { FormField, isWide } from "../../../crud/fields/FormField";
import { defaultsOf, toWire } from "../../../crud/formValues";
import { useDeclared, useFormatting } from "../../../crud/useCrud";
import { useNotify } from "../../../crud/useNotify";
import { useOperationMutation } from "../../../providers/operations";
import { inviteFieldsOf } from "../model/staffFields";

type Values = Record<string, unknown>;

export function InviteAction() {
  const r = useDeclared("human-resource");
  const fields = useMemo(() => inviteFieldsOf(r), [r]);
  const fmt = useFormatting(fields);
  const notify = useNotify();
  const invalidate = useInvalidate();
  const invite = useOperationMutation("human-resource", "invite");
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();

  const submit = async (values: Values) => {
    try {
      const person = await invite.run({ payload: toWire(fields, values) });
      notify.info(fmt.t("staff.invited", { name: person.name, email: person.email }));
      await invalidate({ resource: r.name, invalidates: ["list"] });
      setOpen(false);
    } catch (e) {
      const errors = (e as HttpError).errors ?? {};
      if (Object.keys(errors).length) form.setFields(Object.entries(errors).map(([name, msg]) => ({ name, errors: [Array.isArray(msg) ? msg.join(" ") : String(msg)] })));
      else notify.failed("saveFailed", e);
    }
  };

  return (
    <>
      <Button
        type="primary"
        icon={<MailOutlined />}
        onClick={() => {
          form.resetFields();
          form.setFieldsValue(defaultsOf(fields) as Parameters<typeof form.setFieldsValue>[0]);
          setOpen(true);
        }}
      >
        {fmt.t("staff.invite")}
      </Button>
      <Modal
        open={open}
        title={fmt.t("staff.inviteTitle")}
        okText={fmt.t("staff.sendInvite")}
        cancelText={fmt.t("crud.actions.cancel")}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={invite.mutation.isPending}
        width={720}
        forceRender
      >
        <p>{fmt.t("staff.inviteWhat")}</p>
        <Form<Values> form={form} name="invite" layout="vertical" onFinish={submit} scrollToFirstError>
          <Row gutter={16}>
            {fields.map((f) => (
              <Col key={f.name} xs={24} md={isWide(f) ? 24 : 12}>
                <FormField resource={r} field={f} action="create" fmt={fmt} multipart={false} />
              </Col>
            ))}
          </Row>
        </Form>
      </Modal>
    </>
  );
}
