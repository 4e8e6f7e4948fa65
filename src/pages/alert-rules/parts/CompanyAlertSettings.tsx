// The company's alert settings beside its rules (company-management own-settings,
// declaration/company-settings.ts): how long a panic waits for an acknowledgement before the
// admins are alerted, and the webhook the "webhook" recipients are told through (its address and
// signing secret; the secret is never shown, only whether one is set). Shown to those who may read
// the settings, editable by those who may change them (canOperate, as the server checks). A
// refused save shows the server's reason under each field it names (a webhook address on a
// private network, a short secret).
import { Button, Card, Form, Input, InputNumber, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CompanyOwnSettings } from "../../../../declaration/answers";
import { WEBHOOK_SECRET_MAX, WEBHOOK_SECRET_MIN } from "../../../../declaration/company-settings";
import { useNotify } from "../../../crud/useNotify";
import { toHttpError } from "../../../providers/dataHelpers/errors";
import { canOperate } from "../../../providers/operationAccess";
import { useOperationMutation } from "../../../providers/operations";

interface Draft {
  panic_escalate_seconds: number | null;
  alert_webhook_url: string;
  /** A new secret ("" keeps the stored one). */
  secret: string;
}

/** The server's words for one field of a refused save. */
const fieldError = (errors: Record<string, unknown>, name: string): { validateStatus?: "error"; help?: string } => {
  const m = errors[name];
  const text = Array.isArray(m) ? m.filter((x) => typeof x === "string").join(" ") : typeof m === "string" ? m : "";
  return text ? { validateStatus: "error", help: text } : {};
};

const draftOf = (s: CompanyOwnSettings): Draft => ({ panic_escalate_seconds: s.panic_escalate_seconds, alert_webhook_url: s.alert_webhook_url ?? "", secret: "" });

export function CompanyAlertSettings({ settings, onSaved }: { settings: CompanyOwnSettings; onSaved: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const mayEdit = canOperate("company-management", "updateOwnSettings").can;
  const save = useOperationMutation("company-management", "updateOwnSettings");
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [shown, setShown] = useState(settings);
  const [errors, setErrors] = useState<Record<string, unknown>>({});
  if (shown !== settings) {
    setShown(settings);
    setDraft(draftOf(settings));
  }
  const url = draft.alert_webhook_url.trim();
  const changed = draft.panic_escalate_seconds !== settings.panic_escalate_seconds || url !== (settings.alert_webhook_url ?? "") || draft.secret !== "";

  const submit = async (clearWebhook = false) => {
    const payload: Record<string, unknown> = clearWebhook
      ? { alert_webhook_url: null, alert_webhook_secret: null }
      : { panic_escalate_seconds: draft.panic_escalate_seconds, alert_webhook_url: url === "" ? null : url, ...(draft.secret ? { alert_webhook_secret: draft.secret } : {}) };
    try {
      await save.run({ payload });
      setErrors({});
      notify.saved();
      await onSaved();
    } catch (e) {
      setErrors(toHttpError(e).errors ?? {});
      notify.failed("saveFailed", e);
    }
  };

  return (
    <Card title={t("alertRules.settings.title")} size="small" data-testid="company-alert-settings" style={{ marginBottom: 16 }}>
      <Form layout="vertical" component="div" disabled={!mayEdit}>
        <Form.Item
          label={t("alertRules.settings.escalate")}
          htmlFor="panic-escalate-seconds"
          extra={t("alertRules.settings.escalateWhat")}
          {...fieldError(errors, "panic_escalate_seconds")}
        >
          <InputNumber
            id="panic-escalate-seconds"
            style={{ width: 200 }}
            min={10}
            max={86400}
            value={draft.panic_escalate_seconds}
            onChange={(v) => setDraft({ ...draft, panic_escalate_seconds: v === null ? null : Number(v) })}
            suffix={t("alertRules.settings.seconds")}
          />
        </Form.Item>
        <Form.Item
          label={t("alertRules.settings.webhookUrl")}
          htmlFor="alert-webhook-url"
          extra={t("alertRules.settings.webhookWhat")}
          {...fieldError(errors, "alert_webhook_url")}
        >
          <Input
            id="alert-webhook-url"
            type="url"
            inputMode="url"
            value={draft.alert_webhook_url}
            placeholder="https://"
            onChange={(e) => setDraft({ ...draft, alert_webhook_url: e.target.value })}
          />
        </Form.Item>
        <Form.Item
          label={t("alertRules.settings.webhookSecret")}
          htmlFor="alert-webhook-secret"
          {...fieldError(errors, "alert_webhook_secret")}
          extra={
            settings.alert_webhook_secret_set ? t("alertRules.settings.secretSet") : t("alertRules.settings.secretLength", { min: WEBHOOK_SECRET_MIN, max: WEBHOOK_SECRET_MAX })
          }
        >
          <Input.Password
            id="alert-webhook-secret"
            autoComplete="new-password"
            maxLength={WEBHOOK_SECRET_MAX}
            value={draft.secret}
            onChange={(e) => setDraft({ ...draft, secret: e.target.value })}
          />
        </Form.Item>
        {mayEdit ? (
          <Typography.Paragraph style={{ marginBottom: 0, display: "flex", gap: 8, flexWrap: "wrap" }}>
            <Button type="primary" onClick={() => void submit()} loading={save.mutation.isPending} disabled={!changed || draft.panic_escalate_seconds === null}>
              {t("buttons.save")}
            </Button>
            {settings.alert_webhook_url ? (
              <Button danger onClick={() => void submit(true)} disabled={save.mutation.isPending}>
                {t("alertRules.settings.removeWebhook")}
              </Button>
            ) : null}
          </Typography.Paragraph>
        ) : null}
      </Form>
    </Card>
  );
}
