// The six digits of an authenticator app, as a form field: a numeric keyboard on phones and the
// browser's one-time-code autofill; spaces allowed ("123 456" as some apps show it).
import Form from "antd/es/form";
import Input from "antd/es/input/Input";
import { useTranslation } from "react-i18next";

export const CODE_PATTERN = /^\s*\d{3}\s?\d{3}\s*$/;

export function CodeField({ name = "code", autoFocus = true }: { name?: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={t("auth.twoFactor.code")}
      name={name}
      rules={[
        { required: true, message: t("common.required") },
        { pattern: CODE_PATTERN, message: t("auth.twoFactor.codeInvalid") },
      ]}
    >
      <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} size="large" autoFocus={autoFocus} style={{ letterSpacing: 4, fontVariantNumeric: "tabular-nums" }} />
    </Form.Item>
  );
}
