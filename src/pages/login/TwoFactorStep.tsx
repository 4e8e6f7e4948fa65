// The sign-in's second step (its own chunk, loaded only when the password step asks for it):
// - "verify": the code of the authenticator app, or a recovery code instead;
// - "setup": a user who must sign in with a second factor and has none sets it up (QR code and
//   setup key, a first code), then sees the recovery codes once (copy, download) and only then
//   continues into the session.
// A challenge that has expired (5 minutes, 5 wrong codes) sends the user back to the password.
import Alert from "antd/es/alert";
import Button from "antd/es/button";
import Checkbox from "antd/es/checkbox";
import Form from "antd/es/form";
import Input from "antd/es/input/Input";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthLayout, authErrorText } from "../../auth/AuthLayout";
import { serverMessage, startSession, type LoginAnswer, type TwoFactorStep as Step } from "../../auth/session";
import { enableAtSignIn, failureText, setupAtSignIn, verifySignIn, type TwoFactorSetup } from "../../auth/twoFactor/calls";
import { CodeField } from "../../auth/twoFactor/CodeField";
import { RecoveryCodes } from "../../auth/twoFactor/RecoveryCodes";
import { SetupPanel } from "../../auth/twoFactor/SetupPanel";

export interface TwoFactorStepProps {
  step: Step;
  /** Signed in: where to go (a recovery code leads to Account security), else the usual place. */
  onDone: (to?: string) => void;
  /** Back to the password, with the reason to show. */
  onRestart: (message?: string) => void;
}

const expired = (e: unknown) => serverMessage(e).key === "two_factor_expired";

function VerifyStep({ step, onDone, onRestart }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onFinish = async (values: { code?: string; recovery_code?: string }) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await verifySignIn(step.challenge, recovery ? { recovery_code: values.recovery_code!.trim() } : { code: values.code!.replace(/\s+/g, "") });
      startSession(answer);
      onDone(answer.recovery_codes_left === undefined ? undefined : "/account");
    } catch (e) {
      if (expired(e)) return onRestart(failureText(e));
      setError(authErrorText(t, { ...serverMessage(e), message: failureText(e) }, "auth.twoFactor.failed"));
      setBusy(false);
    }
  };
  return (
    <AuthLayout title={t("auth.twoFactor.verifyTitle")} intro={t(recovery ? "auth.twoFactor.recoveryIntro" : "auth.twoFactor.verifyIntro")}>
      {error ? <Alert role="alert" type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <Form key={recovery ? "recovery" : "code"} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={busy}>
        {recovery ? (
          <Form.Item label={t("auth.twoFactor.recoveryCode")} name="recovery_code" rules={[{ required: true, message: t("common.required") }]}>
            <Input autoComplete="off" size="large" autoFocus spellCheck={false} />
          </Form.Item>
        ) : (
          <CodeField />
        )}
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>
            {t("auth.twoFactor.verify")}
          </Button>
        </Form.Item>
      </Form>
      <div style={{ display: "flex", justifyContent: "space-between", gap: 12, flexWrap: "wrap" }}>
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => {
            setRecovery(!recovery);
            setError(null);
          }}
        >
          {t(recovery ? "auth.twoFactor.useApp" : "auth.twoFactor.useRecovery")}
        </Button>
        <Button type="link" style={{ padding: 0 }} onClick={() => onRestart()}>
          {t("auth.backToLogin")}
        </Button>
      </div>
    </AuthLayout>
  );
}

function SetupStep({ step, onDone, onRestart }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState<(LoginAnswer & { recovery_codes: string[] }) | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    let live = true;
    setupAtSignIn(step.challenge).then(
      (s) => live && setSetup(s),
      (e: unknown) => {
        if (!live) return;
        if (expired(e)) onRestart(failureText(e));
        else setError(authErrorText(t, { ...serverMessage(e), message: failureText(e) }, "auth.twoFactor.failed"));
      },
    );
    return () => {
      live = false;
    };
  }, [step.challenge, onRestart, t]);

  const confirm = async (code: string) => {
    try {
      setSignedIn(await enableAtSignIn(step.challenge, code));
    } catch (e) {
      if (expired(e)) return onRestart(failureText(e));
      throw new Error(authErrorText(t, { ...serverMessage(e), message: failureText(e) }, "auth.twoFactor.failed"), { cause: e });
    }
  };

  if (signedIn) {
    return (
      <AuthLayout title={t("auth.twoFactor.codesTitle")} intro={t("auth.twoFactor.codesIntro")} fixedLanguage>
        <RecoveryCodes codes={signedIn.recovery_codes} account={signedIn.user.email} />
        <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} style={{ marginBottom: 16 }}>
          {t("auth.twoFactor.saved")}
        </Checkbox>
        <Button
          type="primary"
          size="large"
          block
          disabled={!saved}
          onClick={() => {
            // The session begins only now: the codes were shown first.
            const { recovery_codes: _codes, ...answer } = signedIn;
            startSession(answer);
            onDone();
          }}
        >
          {t("auth.twoFactor.continue")}
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t("auth.twoFactor.setupTitle")} intro={t("auth.twoFactor.setupIntro")}>
      {error ? <Alert role="alert" type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      {setup ? <SetupPanel setup={setup} onConfirm={confirm} submitText={t("auth.twoFactor.turnOn")} /> : error ? null : <p role="status">{t("common.loading")}</p>}
      <div style={{ textAlign: "center", marginTop: 12 }}>
        <Button type="link" onClick={() => onRestart()}>
          {t("auth.backToLogin")}
        </Button>
      </div>
    </AuthLayout>
  );
}

export default function TwoFactorStep(props: TwoFactorStepProps) {
  return props.step.step === "setup" ? <SetupStep {...props} /> : <VerifyStep {...props} />;
}
