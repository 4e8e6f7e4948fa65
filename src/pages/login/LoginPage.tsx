// The light login page: email and password, the server's message on failure, a language
// switch, a link to forgot-password. No Refine here (see AuthLayout).
import Alert from "antd/es/alert";
import Button from "antd/es/button";
import Form from "antd/es/form";
import Input from "antd/es/input/Input";
import Password from "antd/es/input/Password";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { AuthLayout, authErrorText } from "../../auth/AuthLayout";
import { landingPath } from "../../auth/landing";
import { isSignedIn, login, returnPathFor, serverMessage } from "../../auth/session";

interface Credentials {
  email: string;
  password: string;
}

/** Only an in-app path is followed after login (never another site). */
const safeTarget = (to: string | null): string => (to && to.startsWith("/") && !to.startsWith("//") && !to.startsWith("/login") ? to : "/");

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const target = safeTarget(params.get("to"));

  // No page to return to: a field worker on a phone starts on the field page.
  const destination = () => returnPathFor(target === "/" ? landingPath() : target);
  if (isSignedIn()) return <Navigate to={destination()} replace />;

  const onFinish = async ({ email, password }: Credentials) => {
    setSubmitting(true);
    setError(null);
    try {
      await login(email.trim(), password);
      navigate(destination(), { replace: true });
    } catch (e) {
      setError(authErrorText(t, serverMessage(e), "auth.loginFailed"));
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t("auth.signInTitle")}>
      {error ? <Alert role="alert" type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <Form<Credentials> layout="vertical" requiredMark={false} onFinish={onFinish} disabled={submitting}>
        <Form.Item
          label={t("auth.email")}
          name="email"
          rules={[
            { required: true, message: t("common.required") },
            { type: "email", message: t("auth.emailInvalid") },
          ]}
        >
          <Input type="email" autoComplete="username" placeholder={t("auth.emailPlaceholder")} size="large" autoFocus />
        </Form.Item>
        <Form.Item label={t("auth.password")} name="password" rules={[{ required: true, message: t("common.required") }]}>
          <Password autoComplete="current-password" size="large" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
            {t("auth.signIn")}
          </Button>
        </Form.Item>
      </Form>
      <div style={{ textAlign: "center" }}>
        <Link to="/forgot-password">{t("auth.forgotLink")}</Link>
      </div>
    </AuthLayout>
  );
}
