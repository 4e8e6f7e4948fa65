// The panic button: always in reach, a red bar fixed at the bottom of the screen whatever the page
// shows above it (a lone-worker app keeps SOS under the thumb), held for 2 seconds to raise the
// alarm (a brush of the thumb sends nothing), filling up while it is held. The alarm carries the
// position (any accuracy: an alarm is never held back for a poor fix) and the optional message of
// the emergency card, and goes through the offline queue like a clock-in. The card then tells the
// worker their own alarm's state: kept on the phone, sent at 10:02, delivered to N people,
// acknowledged by <name> at 10:03 (no office banner, no beep: src/live/panicAudience.ts).
import { AlertOutlined } from "@ant-design/icons";
import { Flex, Input, Card, Typography } from "antd";
import { QuietAlert } from "../../../lib/decorativeIcons";
import { clearOfSider } from "../../../shell/siderWidth";
import { useState } from "react";
import { createPortal } from "react-dom";
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

/** The bar's height (the page keeps this much room under its content). */
export const PANIC_BAR_HEIGHT = 76;
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
  const pct = Math.round(hold.progress * 100);
  const progress = panic?.progress ?? null;
  const delivered = progress && progress.deliveredTo > 0 ? t("field.panic.deliveredTo", { count: progress.deliveredTo }) : null;
  const acknowledged = panic?.status === "open" ? null : (progress?.acknowledged ?? (panic?.handledBy ? { name: panic.handledBy, at: panic.handledAt ?? "" } : null));

  const bar = (
    <div
      data-testid="panic-bar"
      style={{
        position: "fixed",
        // Clear of the shell's sider on a wide screen (its collapse button stays in reach).
        insetInlineStart: clearOfSider,
        insetInlineEnd: 0,
        bottom: 0,
        zIndex: 1000,
        display: "flex",
        justifyContent: "center",
        padding: "8px 12px calc(8px + env(safe-area-inset-bottom, 0px))",
        background: "rgba(255,255,255,0.96)",
        boxShadow: "0 -2px 8px rgba(0,0,0,0.15)",
      }}
    >
      <button
        type="button"
        {...hold.handlers}
        aria-describedby="field-panic-hint"
        style={{
          width: "100%",
          maxWidth: 480,
          height: PANIC_BAR_HEIGHT - 16,
          borderRadius: 30,
          border: "none",
          // The part held so far, darker, filling from the left.
          background: `linear-gradient(90deg, #5c0011 ${pct}%, ${RED} ${pct}%)`,
          color: "#fff",
          fontSize: 20,
          fontWeight: 700,
          letterSpacing: 0.5,
          cursor: "pointer",
          userSelect: "none",
          WebkitUserSelect: "none",
          WebkitTouchCallout: "none",
          touchAction: "none",
          boxShadow: holding ? "inset 0 0 0 4px rgba(0,0,0,0.25)" : "0 2px 8px rgba(207,19,34,0.45)",
        }}
      >
        {holding ? t("field.panic.holding") : t("field.panic.button")}
      </button>
    </div>
  );

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
        <Typography.Text id="field-panic-hint" type="secondary">
          {t("field.panic.hint", { seconds: HOLD_MS / 1000 })} {accuracy === null ? t("field.panic.noPosition") : t("field.panic.withPosition", { accuracy })}
        </Typography.Text>
        <div aria-live="polite" data-testid="own-alarm">
          {waiting.length && waiting[waiting.length - 1].refused ? (
            // The server refused it: the worker sees why (it is sent again every minute; the queue offers retry and discard).
            <QuietAlert
              type="error"
              showIcon
              message={t("field.panic.refused", { time: time(waiting[waiting.length - 1].capturedAt) })}
              description={waiting[waiting.length - 1].refused!.reason}
            />
          ) : waiting.length ? (
            <QuietAlert type="warning" showIcon message={t("field.panic.queued", { time: time(waiting[waiting.length - 1].capturedAt) })} />
          ) : panic?.status === "open" ? (
            // Red, as an open alarm is, with the alarm's sign (the office banner's): the cross of the
            // error icon would read as the alarm failing, which the refused state above says.
            <QuietAlert
              type="error"
              showIcon
              icon={<AlertOutlined aria-hidden />}
              message={t("field.panic.sentAt", { time: time(panic.alertTime) })}
              description={
                <>
                  {delivered ? <div>{delivered}</div> : null}
                  <div>{t("field.panic.waitingAck")}</div>
                </>
              }
            />
          ) : panic && acknowledged ? (
            <QuietAlert
              type="success"
              showIcon
              message={t("field.panic.sentAt", { time: time(panic.alertTime) })}
              description={
                <>
                  {delivered ? <div>{delivered}</div> : null}
                  <div>{t("field.panic.acknowledged", { name: acknowledged.name ?? "-", time: time(acknowledged.at || null) })}</div>
                </>
              }
            />
          ) : null}
        </div>
      </Flex>
      {typeof document === "undefined" ? bar : createPortal(bar, document.body)}
    </Card>
  );
}
