// Reset password: the mailed link #/reset-password?token=... leads here; a new password is
// chosen twice and sent with the token.
import Alert from "antd/es/alert";
import Button from "antd/es/button";
import Form from "antd/es/form";
import Password from "antd/es/input/Password";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AuthLayout, authErrorText } from "../../auth/AuthLayout";
import { resetPassword, serverMessage } from "../../auth/session";

/** Client-side floor only; the server's own rule answers with a field error. */
export const PASSWORD_MIN_LENGTH = 8;

interface NewPassword {
  password: string;
  confirm: string;
}

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<NewPassword>();

  const onFinish = async ({ password }: NewPassword) => {
    setSubmitting(true);
    setError(null);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (e) {
      const info = serverMessage(e);
      const fieldErrors = (e as { response?: { data?: { errors?: Record<string, string> } } }).response?.data?.errors;
      if (fieldErrors?.password) form.setFields([{ name: "password", errors: [fieldErrors.password] }]);
      setError(authErrorText(t, info, "auth.requestFailed"));
    } finally {
      setSubmitting(false);
    }
  };

  if (!token) {
    return (
      <AuthLayout title={t("auth.resetTitle")}>
        <Alert role="alert" type="warning" showIcon message={t("auth.resetNoToken")} style={{ marginBottom: 16 }} />
        <div style={{ textAlign: "center" }}>
          <Link to="/forgot-password">{t("auth.requestNewLink")}</Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t("auth.resetTitle")} intro={done ? undefined : t("auth.resetIntro")}>
      {done ? (
        <Alert role="status" type="success" showIcon message={t("auth.resetDone")} style={{ marginBottom: 16 }} />
      ) : (
        <>
          {error ? <Alert role="alert" type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
          <Form<NewPassword> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={submitting}>
            <Form.Item
              label={t("auth.newPassword")}
              name="password"
              rules={[
                { required: true, message: t("common.required") },
                { min: PASSWORD_MIN_LENGTH, message: t("auth.passwordTooShort", { min: PASSWORD_MIN_LENGTH }) },
              ]}
            >
              <Password autoComplete="new-password" size="large" autoFocus />
            </Form.Item>
            <Form.Item
              label={t("auth.confirmPassword")}
              name="confirm"
              dependencies={["password"]}
              rules={[
                { required: true, message: t("common.required") },
                ({ getFieldValue }) => ({
                  validator: (_, v) => (!v || v === getFieldValue("password") ? Promise.resolve() : Promise.reject(new Error(t("auth.passwordMismatch")))),
                }),
              ]}
            >
              <Password autoComplete="new-password" size="large" />
            </Form.Item>
            <Form.Item style={{ marginBottom: 12 }}>
              <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
                {t("auth.resetSubmit")}
              </Button>
            </Form.Item>
          </Form>
        </>
      )}
      <div style={{ textAlign: "center" }}>
        <Link to="/login">{t("auth.backToLogin")}</Link>
      </div>
    </AuthLayout>
  );
}
