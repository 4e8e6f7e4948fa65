// Account security (#/account, from the header's user): the signed-in user's own two-factor
// sign-in (docs/api.md "Auth"). Off: turn it on (QR code and setup key, a first code, then the
// recovery codes shown once). On: since when, how many recovery codes are left, new ones (a
// current code; the old ones stop working), turn it off (a code or the password; not offered
// while the settings require it). Turning it on or off ends the user's other sessions.
import { Alert, Button, Flex, Form, Input, Tag, theme } from "antd";
import { SafetyCertificateOutlined } from "@ant-design/icons";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { getStoredTimeZone, getStoredUser } from "../../auth/session";
import {
  beginTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  failureText,
  newRecoveryCodes,
  twoFactorStatus,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from "../../auth/twoFactor/calls";
import { CodeField } from "../../auth/twoFactor/CodeField";
import { RecoveryCodes } from "../../auth/twoFactor/RecoveryCodes";
import { SetupPanel } from "../../auth/twoFactor/SetupPanel";
import { PageFrame } from "../../crud/PageFrame";
import { useNotify } from "../../crud/useNotify";
import { formatDateTime } from "../../lib/zonedTime";
import { zoneOrDefault } from "../../lib/timeZones";

/** At most this many recovery codes left: the page suggests new ones. */
const FEW_CODES = 3;

type Mode = { kind: "view" } | { kind: "setup"; setup: TwoFactorSetup } | { kind: "codes"; codes: string[] } | { kind: "newCodes" } | { kind: "turnOff" };

/** A form asking a code (or the password): its failure shown above it. */
function ProofForm({
  what,
  submitText,
  allowPassword,
  danger,
  onSubmit,
  onCancel,
}: {
  what: string;
  submitText: string;
  allowPassword: boolean;
  danger?: boolean;
  onSubmit: (proof: { code: string } | { password: string }) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [byPassword, setByPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onFinish = async (v: { code?: string; password?: string }) => {
    setBusy(true);
    setError(null);
    try {
      await onSubmit(byPassword ? { password: v.password! } : { code: v.code!.replace(/\s+/g, "") });
    } catch (e) {
      setError(failureText(e) ?? t("auth.twoFactor.failed"));
      setBusy(false);
    }
  };
  return (
    <div style={{ maxWidth: 360 }}>
      <p>{what}</p>
      {error ? <Alert role="alert" type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <Form key={byPassword ? "password" : "code"} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={busy}>
        {byPassword ? (
          <Form.Item label={t("account.password")} name="password" rules={[{ required: true, message: t("common.required") }]}>
            <Input.Password autoComplete="current-password" size="large" autoFocus />
          </Form.Item>
        ) : (
          <CodeField />
        )}
        {allowPassword ? (
          <Button type="link" style={{ padding: 0, marginBottom: 12 }} onClick={() => setByPassword(!byPassword)}>
            {t(byPassword ? "account.useCode" : "account.usePassword")}
          </Button>
        ) : null}
        <Flex gap={8} justify="flex-end">
          <Button onClick={onCancel}>{t("account.cancel")}</Button>
          <Button type="primary" danger={danger} htmlType="submit" loading={busy}>
            {submitText}
          </Button>
        </Flex>
      </Form>
    </div>
  );
}

export default function AccountPage() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const notify = useNotify();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [mode, setMode] = useState<Mode>({ kind: "view" });
  const [starting, setStarting] = useState(false);
  const account = getStoredUser()?.email ?? "";

  useEffect(() => {
    twoFactorStatus().then(setStatus, () => setLoadError(true));
  }, []);

  const turnOn = async () => {
    setStarting(true);
    try {
      setMode({ kind: "setup", setup: await beginTwoFactor() });
    } catch (e) {
      notify.failed("saveFailed", e);
    } finally {
      setStarting(false);
    }
  };
  const confirm = async (code: string) => {
    try {
      const { recovery_codes, ...now } = await enableTwoFactor(code);
      setStatus(now);
      setMode({ kind: "codes", codes: recovery_codes });
      notify.info(t("account.turnedOn"));
    } catch (e) {
      throw new Error(failureText(e) ?? t("auth.twoFactor.failed"), { cause: e });
    }
  };

  const since = status?.enabled_at ? formatDateTime(status.enabled_at, zoneOrDefault(getStoredTimeZone()), i18n.language) : null;
  return (
    <PageFrame title={t("account.title")} panel loading={!status && !loadError}>
      {loadError ? <Alert type="error" showIcon message={t("account.loadFailed")} /> : null}
      {status ? (
        <section aria-labelledby="two-factor-heading">
          <Flex align="center" gap={12} wrap style={{ marginBottom: 8 }}>
            <SafetyCertificateOutlined style={{ fontSize: 20, color: token.colorPrimary }} aria-hidden />
            <h2 id="two-factor-heading" style={{ margin: 0, fontSize: 18 }}>
              {t("account.twoFactor")}
            </h2>
            <Tag color={status.enabled ? "green" : "default"} data-testid="two-factor-state">
              {t(status.enabled ? "account.on" : "account.off")}
            </Tag>
          </Flex>
          <p style={{ color: token.colorTextSecondary, marginTop: 0 }}>{t("account.twoFactorWhat")}</p>
          {status.required ? <p>{t("account.required")}</p> : null}

          {mode.kind === "setup" ? (
            <div style={{ maxWidth: 360 }}>
              <SetupPanel
                setup={mode.setup}
                intro={t("auth.twoFactor.scanIntro")}
                submitText={t("auth.twoFactor.turnOn")}
                onConfirm={confirm}
                extra={<Button onClick={() => setMode({ kind: "view" })}>{t("account.cancel")}</Button>}
              />
            </div>
          ) : mode.kind === "codes" ? (
            <div style={{ maxWidth: 420 }}>
              <h3 style={{ fontSize: 16 }}>{t("auth.twoFactor.codesTitle")}</h3>
              <p>{t("auth.twoFactor.codesIntro")}</p>
              <RecoveryCodes codes={mode.codes} account={account} />
              <Button type="primary" onClick={() => setMode({ kind: "view" })}>
                {t("account.done")}
              </Button>
            </div>
          ) : mode.kind === "newCodes" ? (
            <ProofForm
              what={t("account.newCodesWhat")}
              submitText={t("account.newCodes")}
              allowPassword={false}
              onCancel={() => setMode({ kind: "view" })}
              onSubmit={async (proof) => {
                const { recovery_codes, ...now } = await newRecoveryCodes((proof as { code: string }).code);
                setStatus(now);
                setMode({ kind: "codes", codes: recovery_codes });
              }}
            />
          ) : mode.kind === "turnOff" ? (
            <ProofForm
              what={t("account.turnOffWhat")}
              submitText={t("account.turnOff")}
              allowPassword
              danger
              onCancel={() => setMode({ kind: "view" })}
              onSubmit={async (proof) => {
                setStatus(await disableTwoFactor(proof));
                setMode({ kind: "view" });
                notify.info(t("account.turnedOff"));
              }}
            />
          ) : status.enabled ? (
            <>
              <p>{since ? t("account.onSince", { date: since }) : null}</p>
              <p data-testid="recovery-codes-left">{t("account.codesLeft", { count: status.recovery_codes_left })}</p>
              {status.recovery_codes_left <= FEW_CODES ? <Alert type="warning" showIcon message={t("account.codesLow")} style={{ marginBottom: 12, maxWidth: 420 }} /> : null}
              <Flex gap={8} wrap>
                <Button onClick={() => setMode({ kind: "newCodes" })}>{t("account.newCodes")}</Button>
                {status.required ? null : (
                  <Button danger onClick={() => setMode({ kind: "turnOff" })}>
                    {t("account.turnOff")}
                  </Button>
                )}
              </Flex>
            </>
          ) : (
            <Button type="primary" loading={starting} onClick={() => void turnOn()}>
              {t("account.turnOn")}
            </Button>
          )}
        </section>
      ) : null}
    </PageFrame>
  );
}
