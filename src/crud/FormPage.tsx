// The generated create and edit form: a widget per field type, the declaration's rules and
// defaults, server field errors on the fields (the typed values stay), a warning before leaving
// unsaved changes. Edit reads the record through the data provider's getOne.
import { useMemo } from "react";
import { Button, Col, Form, Row } from "antd";
import { SaveOutlined } from "@ant-design/icons";
import { useForm } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { findOp } from "../../declaration";
import { getStoredUser } from "../auth/session";
import { DeleteAction } from "./DeleteAction";
import { FormField, isWide } from "./fields/FormField";
import { defaultsOf, ownRowDefaults, toWire } from "./formValues";
import { capabilitiesOf, formFieldsOf, pageTitle, routeMetaOf } from "./model";
import { failedNotification, savedNotification } from "./notifications";
import { PageFrame } from "./PageFrame";
import { ListButton } from "./RouteButtons";
import { useDeclared, useFormatting } from "./useCrud";

type Values = Record<string, unknown>;

export default function FormPage({ resource, action }: { resource: string; action: "create" | "edit" }) {
  const r = useDeclared(resource);
  // The formatting reads the fields' types (the fields before the record's state is known will do).
  const fmt = useFormatting(useMemo(() => formFieldsOf(r, action), [r, action]));
  const multipart = !!findOp(r, "create")?.multipart;
  const can = capabilitiesOf(r);
  const { formProps, saveButtonProps, query, formLoading, id, onFinish } = useForm<Values, HttpError, Values>({
    resource,
    action,
    warnWhenUnsavedChanges: true,
    redirect: "list",
    successNotification: savedNotification(fmt.t),
    errorNotification: failedNotification(fmt.t, "saveFailed"),
  });
  const record = query?.data?.data as Values | undefined;
  // A flow's fields follow the stored record's state (src/crud/model.ts).
  const flowState = r.flow ? record?.[r.flow.field] : undefined;
  const fields = useMemo(() => formFieldsOf(r, action, r.flow ? { [r.flow.field]: flowState } : undefined), [r, action, flowState]);
  const initialValues = useMemo(() => (action === "create" ? { ...ownRowDefaults(r, fields, getStoredUser()?.id), ...defaultsOf(fields) } : undefined), [action, fields, r]);
  const title = pageTitle(fmt.t, action, r);
  // The footer keeps Save only: delete (with the spec's confirmation) is in the header.
  const save = (
    <Button type="primary" icon={<SaveOutlined />} {...saveButtonProps}>
      {fmt.t("crud.actions.save")}
    </Button>
  );
  const form = (
    <Form<Values>
      {...formProps}
      layout="vertical"
      initialValues={initialValues ?? formProps.initialValues}
      // Refine has already shown the failure (toast, field errors): nothing left to handle.
      onFinish={(values) => onFinish(toWire(fields, values)).catch(() => undefined)}
      scrollToFirstError
    >
      <Row gutter={16}>
        {fields.map((f) => (
          <Col key={f.name} xs={24} md={isWide(f) ? 24 : 12}>
            <FormField resource={r} field={f} action={action} fmt={fmt} multipart={multipart} recordId={id} />
          </Col>
        ))}
      </Row>
    </Form>
  );
  return (
    <PageFrame
      title={title}
      back
      panel
      loading={formLoading}
      footer={save}
      actions={
        action === "edit" ? (
          <>
            {can.list ? <ListButton resource={resource}>{fmt.t("crud.actions.list")}</ListButton> : null}
            {can.delete && record && id !== undefined ? <DeleteAction resource={resource} id={id} record={{ ...record, ...routeMetaOf(r, record) }} /> : null}
          </>
        ) : null
      }
    >
      {form}
    </PageFrame>
  );
}
