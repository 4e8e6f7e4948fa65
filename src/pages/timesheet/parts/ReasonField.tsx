// The required reason of a correction or a reopening (at most 500 characters, the server's limit).
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";

export const REASON_MAX = 500;

export function ReasonField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="reason"
      label={t("timesheet.correct.reason")}
      rules={[{ required: true, whitespace: true, message: t("timesheet.correct.reasonRequired") }, { max: REASON_MAX }]}
    >
      <Input.TextArea rows={3} maxLength={REASON_MAX} />
    </Form.Item>
  );
}
