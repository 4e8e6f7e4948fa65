// The panic button: large and red, held for 2 seconds to raise the alarm (a brush of the thumb
// sends nothing), with a ring filling up while it is held. The alarm carries the position (any
// accuracy: an alarm is never held back for a poor fix) and an optional message, and goes
// through the offline queue like a clock-in. Then: "sent at 10:02", and once someone
// acknowledged it, "acknowledged by <name> at 10:03".
import { Alert, Flex, Input, Card, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatClock } from "../../../lib/zonedTime";
import { useHold } from "../hooks/useHold";
import type { OwnPanic } from "../hooks/useOwnPanic";
import { HOLD_MS } from "../model/hold";
import type { ActionFields, QueuedAction } from "../model/queue";
import { useFieldStore } from "../store/fieldStore";

interface Props {
  /** The alarm's project: the one the worker is clocked in at, if any. */
  projectId: number | null;
  zone: string;
  panic: OwnPanic | null;
  onRaise: (fields: ActionFields) => Promise<QueuedAction | null>;
}

const SIZE = 188;
const RED = "#cf1322";

export function PanicPanel({ projectId, zone, panic, onRaise }: Props) {
  const { t, i18n } = useTranslation();
  const [message, setMessage] = useState("");
  const waiting = useFieldStore((s) => s.waiting).filter((a) => a.kind === "panic");
  const accuracy = useFieldStore((s) => s.fix?.accuracy ?? null);
  const time = (at: string | null) => formatClock(at, zone, i18n.language);

  const hold = useHold(() => {
    const fix = useFieldStore.getState().fix;
    return onRaise({ lon: fix?.lon, lat: fix?.lat, accuracy: fix?.accuracy, project_id: projectId ?? undefined, message: message.trim() || undefined }).finally(() =>
      setMessage(""),
    );
  });
  const holding = hold.state.kind === "holding";
  const deg = Math.round(hold.progress * 360);

  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{t("field.panic.title")}</h2>}>
      <Flex vertical gap={12} align="stretch">
        <Flex vertical gap={4}>
          <label htmlFor="field-panic-message">{t("field.panic.message")}</label>
          <Input.TextArea
            id="field-panic-message"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            maxLength={500}
            placeholder={t("field.panic.messagePlaceholder")}
            autoSize={{ minRows: 1, maxRows: 3 }}
          />
        </Flex>
        <Flex justify="center">
          {/* The ring: the part held so far, darker. */}
          <div style={{ width: SIZE + 16, height: SIZE + 16, borderRadius: "50%", padding: 8, background: `conic-gradient(#5c0011 ${deg}deg, #ffccc7 ${deg}deg)` }}>
            <button
              type="button"
              {...hold.handlers}
              aria-describedby="field-panic-hint"
              style={{
                width: SIZE,
                height: SIZE,
                borderRadius: "50%",
                border: "none",
                background: RED,
                color: "#fff",
                fontSize: 22,
                fontWeight: 700,
                lineHeight: 1.2,
                cursor: "pointer",
                userSelect: "none",
                WebkitUserSelect: "none",
                WebkitTouchCallout: "none",
                boxShadow: holding ? "inset 0 0 0 6px rgba(0,0,0,0.25)" : "0 4px 12px rgba(207,19,34,0.45)",
              }}
            >
              {holding ? t("field.panic.holding") : t("field.panic.button")}
            </button>
          </div>
        </Flex>
        <Typography.Text id="field-panic-hint" type="secondary" style={{ textAlign: "center" }}>
          {t("field.panic.hint", { seconds: HOLD_MS / 1000 })} {accuracy === null ? t("field.panic.noPosition") : t("field.panic.withPosition", { accuracy })}
        </Typography.Text>
        <div aria-live="polite">
          {waiting.length ? (
            <Alert type="warning" showIcon message={t("field.panic.queued", { time: time(waiting[waiting.length - 1].capturedAt) })} />
          ) : panic?.status === "open" ? (
            <Alert type="error" showIcon message={t("field.panic.sentAt", { time: time(panic.alertTime) })} description={t("field.panic.waitingAck")} />
          ) : panic?.status === "acknowledged" ? (
            <Alert
              type="success"
              showIcon
              message={t("field.panic.sentAt", { time: time(panic.alertTime) })}
              description={t("field.panic.acknowledged", { name: panic.handledBy ?? "-", time: time(panic.handledAt) })}
            />
          ) : null}
        </div>
      </Flex>
    </Card>
  );
}
