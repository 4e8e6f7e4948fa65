// What waits in the offline queue: each action with the time it was captured and why it has not
// gone yet, and a way to send it now. Shown only while something waits or the phone is offline.
import { Alert, Button, Card, List, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatClock } from "../../../lib/zonedTime";
import type { QueuedAction } from "../model/queue";
import { useFieldStore } from "../store/fieldStore";

interface Props {
  online: boolean;
  /** The zone the capture times show in. */
  zone: string;
  onSendNow: () => void;
}

export function QueuePanel({ online, zone, onSendNow }: Props) {
  const { t, i18n } = useTranslation();
  const waiting = useFieldStore((s) => s.waiting);
  const sending = useFieldStore((s) => s.sending);
  if (!waiting.length && online) return null;
  const why = (a: QueuedAction) =>
    sending && online
      ? t("field.queue.pending")
      : !online || a.lastFailure === "offline"
        ? t("field.queue.offline")
        : a.lastFailure === "server"
          ? t("field.queue.server")
          : t("field.queue.pending");
  return (
    <section aria-labelledby={waiting.length ? "field-queue-title" : undefined}>
      {!online ? <Alert type="warning" showIcon message={t("field.queue.offlineBanner")} style={{ marginBottom: waiting.length ? 12 : 0 }} /> : null}
      {waiting.length ? (
        <Card
          size="small"
          title={
            <h2 id="field-queue-title" style={{ fontSize: 16, margin: 0 }}>
              {t("field.queue.title", { count: waiting.length })}
            </h2>
          }
          extra={
            online ? (
              <Button size="small" onClick={onSendNow} loading={sending}>
                {t("field.queue.sendNow")}
              </Button>
            ) : null
          }
        >
          <List
            size="small"
            dataSource={waiting}
            rowKey="id"
            renderItem={(a) => (
              <List.Item>
                <List.Item.Meta
                  title={`${t(`field.queue.${a.kind}`)} · ${t("field.queue.captured", { time: formatClock(a.capturedAt, zone, i18n.language) })}`}
                  description={<Typography.Text type="secondary">{why(a)}</Typography.Text>}
                />
              </List.Item>
            )}
          />
        </Card>
      ) : null}
    </section>
  );
}
