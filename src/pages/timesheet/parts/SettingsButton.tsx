// The company's timesheet rules (pay period, overtime after so many minutes a day and a week,
// hours as 7:30 or 7.5; the work week and overtime multipliers with the pay-rate edit right too), with the edit right: a modal of company-management's own fields (their
// widgets, labels and checks from the declaration), saved by PUT timesheet/settings. A refusal
// keeps the values (useModalSubmit).
import { SettingOutlined } from "@ant-design/icons";
import { Button, Form, Modal } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { resourceByName } from "../../../../declaration";
import type { TimesheetSettingsAnswer } from "../../../../declaration/answers";
import { PAY_SETTING_FIELDS, TIMESHEET_SETTING_FIELDS } from "../../../../declaration/timesheet-answer";
import { canOperate } from "../../../providers/operationAccess";
import { FormField } from "../../../crud/fields/FormField";
import { useFormatting } from "../../../crud/useCrud";
import { useModalSubmit } from "../../../crud/useModalSubmit";
import { useNotify } from "../../../crud/useNotify";
import { saveSettings, type SettingsBody } from "../api/timesheetCalls";

const COMPANY = resourceByName("company-management");
const FIELDS = TIMESHEET_SETTING_FIELDS.map((name) => COMPANY.fields.find((f) => f.name === name)!);

export function SettingsButton({ settings, onSaved }: { settings: TimesheetSettingsAnswer; onSaved: () => void }) {
  const { t } = useTranslation();
  // The pay rules (work week, multipliers) only for who may change pay rates (the server's rule).
  const fields = useMemo(() => (canOperate("pay-rate", "update").can ? FIELDS : FIELDS.filter((f) => !PAY_SETTING_FIELDS.includes(f.name))), []);
  const fmt = useFormatting(fields);
  const notify = useNotify();
  const { open, setOpen, saving, form, submit } = useModalSubmit<SettingsBody>("timesheet", saveSettings, () => {
    notify.saved();
    onSaved();
  });
  return (
    <>
      <Button icon={<SettingOutlined />} onClick={() => setOpen(true)}>
        {t("timesheet.settings.open")}
      </Button>
      <Modal
        open={open}
        title={t("timesheet.settings.title")}
        okText={t("crud.actions.save")}
        cancelText={t("crud.actions.cancel")}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={saving}
        destroyOnHidden
      >
        {/* Made afresh at each opening: the rules as the last answer says. */}
        <Form<SettingsBody>
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={Object.fromEntries(fields.map((f) => [f.name, settings[f.name as keyof TimesheetSettingsAnswer]]))}
        >
          {fields.map((f) => (
            <FormField key={f.name} resource={COMPANY} field={f} action="edit" fmt={fmt} multipart={false} />
          ))}
        </Form>
      </Modal>
    </>
  );
}
