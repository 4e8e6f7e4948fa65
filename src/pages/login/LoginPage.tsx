// The light login page: email and password, the server's message on failure, a language
// switch, a link to forgot-password. No Refine here (see AuthLayout). A user with two-factor
// sign-in then enters a code (or sets it up first): that step is a chunk of its own (TwoFactorStep),
// loaded only when the password step asks for it.
import Alert from "antd/es/alert";
import Button from "antd/es/button";
import Form from "antd/es/form";
import Input from "antd/es/input/Input";
import Password from "antd/es/input/Password";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { AuthLayout, authErrorText } from "../../auth/AuthLayout";
import { landingPath } from "../../auth/landing";
import { isSignedIn, login, returnPathFor, serverMessage, type TwoFactorStep as SecondStep } from "../../auth/session";
import { lazyWithTimeout } from "../../lazy/lazyWithTimeout";

const TwoFactorStep = lazyWithTimeout(() => import("./TwoFactorStep"));

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
  const [email, setEmail] = useState("");
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const target = safeTarget(params.get("to"));
  const restart = useCallback((message?: string) => {
    setSecondStep(null);
    setError(message ?? null);
  }, []);

  // No page to return to: a field worker on a phone starts on the field page.
  const destination = () => returnPathFor(target === "/" ? landingPath() : target);
  if (secondStep) return <TwoFactorStep step={secondStep} onRestart={restart} onDone={(to) => navigate(to ?? destination(), { replace: true })} />;
  if (isSignedIn()) return <Navigate to={destination()} replace />;

  const onFinish = async ({ email, password }: Credentials) => {
    setSubmitting(true);
    setError(null);
    setEmail(email.trim());
    try {
      const result = await login(email.trim(), password);
      if ("twoFactor" in result) {
        setSecondStep(result.twoFactor);
        setSubmitting(false);
        return;
      }
      navigate(destination(), { replace: true });
    } catch (e) {
      setError(authErrorText(t, serverMessage(e), "auth.loginFailed"));
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t("auth.signInTitle")}>
      {error ? <Alert role="alert" type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <Form<Credentials> layout="vertical" requiredMark={false} onFinish={onFinish} disabled={submitting} initialValues={{ email }}>
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
