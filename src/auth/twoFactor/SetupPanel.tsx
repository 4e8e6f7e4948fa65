// Setting up an authenticator app: the QR code of the otpauth:// address (antd's QRCode), the
// secret as text for typing it in instead, and the first code to confirm it. Shared by the
// sign-in's set-up step and the Account security page.
import Alert from "antd/es/alert";
import Button from "antd/es/button";
import Form from "antd/es/form";
import QRCode from "antd/es/qr-code";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TwoFactorSetup } from "./calls";
import { CodeField } from "./CodeField";

/** "JBSWY3DPEHPK3PXP..." in groups of four, as apps ask to type it. */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, "$1 ");

export function SetupPanel({
  setup,
  onConfirm,
  submitText,
  intro,
  extra,
}: {
  setup: TwoFactorSetup;
  /** Resolves when the code turned it on; rejects with the text to show. */
  onConfirm: (code: string) => Promise<void>;
  submitText: string;
  intro?: string;
  /** Beside the submit button (Cancel). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onFinish = async ({ code }: { code: string }) => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm(code.replace(/\s+/g, ""));
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t("auth.twoFactor.failed"));
      setBusy(false);
    }
  };
  return (
    <div>
      {intro ? <p style={{ color: "#475569", margin: "0 0 16px", lineHeight: 1.5 }}>{intro}</p> : null}
      <div style={{ display: "flex", justifyContent: "center", marginBottom: 12 }}>
        {/* The aria attributes go on the drawn code itself (an svg of role img). */}
        <QRCode value={setup.otpauth_url} type="svg" size={176} bordered={false} errorLevel="M" aria-label={t("auth.twoFactor.qrLabel")} />
      </div>
      <p style={{ margin: "0 0 4px", color: "#475569", fontSize: 13 }}>{t("auth.twoFactor.cantScan")}</p>
      <p style={{ margin: "0 0 16px" }}>
        <code data-testid="two-factor-secret" style={{ fontSize: 15, letterSpacing: 1, wordBreak: "break-all", userSelect: "all" }}>
          {groupedSecret(setup.secret)}
        </code>
      </p>
      {error ? <Alert role="alert" type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <Form<{ code: string }> layout="vertical" requiredMark={false} onFinish={onFinish} disabled={busy}>
        <CodeField />
        <div style={{ display: "flex", gap: 8, justifyContent: "flex-end" }}>
          {extra}
          <Button type="primary" htmlType="submit" size={extra ? "middle" : "large"} loading={busy} block={!extra}>
            {submitText}
          </Button>
        </div>
      </Form>
    </div>
  );
}
