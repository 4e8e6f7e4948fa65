// Forgot password: asks for the email and sends the recovery mail (the answer never says
// whether the address exists).
import Alert from "antd/es/alert";
import Button from "antd/es/button";
import Form from "antd/es/form";
import Input from "antd/es/input/Input";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthLayout, authErrorText } from "../../auth/AuthLayout";
import { sendForgotEmail, serverMessage } from "../../auth/session";

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async ({ email }: { email: string }) => {
    setSubmitting(true);
    setError(null);
    try {
      await sendForgotEmail(email.trim());
      setSentTo(email.trim());
    } catch (e) {
      setError(authErrorText(t, serverMessage(e), "auth.requestFailed"));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t("auth.forgotTitle")} intro={sentTo ? undefined : t("auth.forgotIntro")}>
      {sentTo ? (
        <Alert role="status" type="success" showIcon message={t("auth.forgotSent", { email: sentTo })} style={{ marginBottom: 16 }} />
      ) : (
        <>
          {error ? <Alert role="alert" type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
          <Form<{ email: string }> layout="vertical" requiredMark={false} onFinish={onFinish} disabled={submitting}>
            <Form.Item
              label={t("auth.email")}
              name="email"
              rules={[
                { required: true, message: t("common.required") },
                { type: "email", message: t("auth.emailInvalid") },
              ]}
            >
              <Input type="email" autoComplete="email" placeholder={t("auth.emailPlaceholder")} size="large" autoFocus />
            </Form.Item>
            <Form.Item style={{ marginBottom: 12 }}>
              <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
                {t("auth.sendLink")}
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
