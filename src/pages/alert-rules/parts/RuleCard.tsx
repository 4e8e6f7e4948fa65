// One event's rule: on/off, its threshold where one applies, who is alerted by which channel
// (in the app, by e-mail, by the company's webhook), Save.
import { Button, Card, Form, InputNumber, Select, Switch } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotify } from "../../../crud/useNotify";
import { runSteps } from "../api/ruleCalls";
import { CHANNELS, draftOf, RULE_EVENTS, saveSteps, type RuleType, type StoredRule } from "../model/rules";

interface Props {
  type: RuleType;
  stored: StoredRule | undefined;
  options: { value: number; label: string }[];
  onSaved: () => Promise<unknown>;
  /** Whether the company's webhook is set (false also when the settings cannot be read). */
  webhookSet: boolean;
}

export function RuleCard({ type, stored, options, onSaved, webhookSet }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [draft, setDraft] = useState(() => draftOf(type, stored));
  const [saving, setSaving] = useState(false);
  // A re-read after a save (a new rule, other recipients) starts the draft again from what is stored.
  const [shown, setShown] = useState(stored);
  if (shown !== stored) {
    setShown(stored);
    setDraft(draftOf(type, stored));
  }
  const threshold = RULE_EVENTS.find((e) => e.type === type)!.threshold;
  const steps = saveSteps(draft, stored);
  const title = t(`enums.alert_type.${type}`);

  const save = async () => {
    setSaving(true);
    try {
      await runSteps(steps, () => title);
      notify.saved();
    } catch (err) {
      notify.failed("saveFailed", err);
    } finally {
      await onSaved();
      setSaving(false);
    }
  };

  return (
    <Card
      title={title}
      size="small"
      data-testid={`rule-${type}`}
      extra={<Switch checked={draft.active} onChange={(active) => setDraft({ ...draft, active })} aria-label={t("alertRules.active", { event: title })} />}
    >
      <p style={{ marginTop: 0 }}>{t(`alertRules.explain.${type}`)}</p>
      <Form layout="vertical" component="div">
        {threshold ? (
          <Form.Item label={t(`alertRules.threshold.${threshold.label}`)} htmlFor={`threshold-${type}`}>
            <InputNumber
              id={`threshold-${type}`}
              min={0}
              max={threshold.max}
              value={draft.threshold}
              onChange={(v) => setDraft({ ...draft, threshold: v === null ? null : Number(v) })}
              suffix={t(`alertRules.unit.${threshold.unit}`)}
            />
          </Form.Item>
        ) : null}
        {CHANNELS.map((channel) => (
          <Form.Item
            key={channel}
            label={t(`alertRules.channel.${channel}`)}
            htmlFor={`recipients-${type}-${channel}`}
            extra={channel === "webhook" && !webhookSet && draft.to.webhook.length > 0 ? t("alertRules.noWebhook") : undefined}
          >
            <Select
              id={`recipients-${type}-${channel}`}
              mode="multiple"
              allowClear
              optionFilterProp="label"
              options={options}
              value={draft.to[channel]}
              onChange={(userIds: number[]) => setDraft({ ...draft, to: { ...draft.to, [channel]: userIds } })}
              placeholder={t("alertRules.recipientsPlaceholder")}
            />
          </Form.Item>
        ))}
        <Button type="primary" onClick={save} loading={saving} disabled={steps.length === 0}>
          {t("buttons.save")}
        </Button>
      </Form>
    </Card>
  );
}
