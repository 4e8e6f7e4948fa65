// What waits in the offline queue: each action with the time it was captured and why it has not
// gone yet, and a way to send it now; an action the server refused with its reason, to send
// again or discard (an alarm only after the worker confirms). Shown only while something waits
// or the phone is offline.
import { Button, Card, List, Popconfirm, Space, Typography } from "antd";
import { QuietAlert, quietConfirmIcon } from "../../../lib/decorativeIcons";
import { useTranslation } from "react-i18next";
import { formatClock } from "../../../lib/zonedTime";
import type { QueuedAction } from "../model/queue";
import { useFieldStore } from "../store/fieldStore";

interface Props {
  online: boolean;
  /** The zone the capture times show in. */
  zone: string;
  onSendNow: () => void;
  /** Send a refused action again. */
  onRetry: (id: string) => void;
  /** Give a refused action up. */
  onDiscard: (id: string) => void;
}

export function QueuePanel({ online, zone, onSendNow, onRetry, onDiscard }: Props) {
  const { t, i18n } = useTranslation();
  const waiting = useFieldStore((s) => s.waiting);
  const sending = useFieldStore((s) => s.sending);
  if (!waiting.length && online) return null;
  const why = (a: QueuedAction) =>
    a.refused
      ? t(a.kind === "panic" ? "field.queue.refusedPanic" : "field.queue.refused", { reason: a.refused.reason })
      : sending && online
        ? t("field.queue.pending")
        : !online || a.lastFailure === "offline"
          ? t("field.queue.offline")
          : a.lastFailure === "server"
            ? t("field.queue.server")
            : t("field.queue.pending");
  return (
    <section aria-labelledby={waiting.length ? "field-queue-title" : undefined}>
      {!online ? <QuietAlert type="warning" showIcon message={t("field.queue.offlineBanner")} style={{ marginBottom: waiting.length ? 12 : 0 }} /> : null}
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
              <List.Item data-testid="queued-action">
                <List.Item.Meta
                  title={`${t(`field.queue.${a.kind}`)} · ${t("field.queue.captured", { time: formatClock(a.capturedAt, zone, i18n.language) })}`}
                  description={
                    <Space direction="vertical" size={4}>
                      <Typography.Text type={a.refused ? "danger" : "secondary"}>{why(a)}</Typography.Text>
                      {a.refused ? (
                        <Space size={8} wrap>
                          <Button size="small" onClick={() => onRetry(a.id)} disabled={!online}>
                            {t("field.queue.retry")}
                          </Button>
                          <Popconfirm
                            icon={quietConfirmIcon}
                            title={t(a.kind === "panic" ? "field.queue.discardPanic" : "field.queue.discardConfirm")}
                            okText={t("field.queue.discard")}
                            cancelText={t("buttons.cancel")}
                            okButtonProps={{ danger: true }}
                            onConfirm={() => onDiscard(a.id)}
                          >
                            <Button size="small" danger>
                              {t("field.queue.discard")}
                            </Button>
                          </Popconfirm>
                        </Space>
                      ) : null}
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
      ) : null}
    </section>
  );
}
