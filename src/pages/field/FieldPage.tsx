// The field worker's phone page (#/field; declaration: field-day, page "field"): today at a
// glance, clock in and out with a selfie and the position (again after a clock-out: one site
// after another), a break while clocked in, the panic button, what waits in the offline queue,
// positions sent while clocked in, the worker's K3 reports and permits, and the device keys of a
// tracking app. One column, phone first (360-430 px), usable with one hand; on a wide screen it
// keeps a phone's width. The panic button is a bar fixed at the bottom.
import { useInvalidate } from "@refinedev/core";
import { Flex, Typography } from "antd";
import { QuietAlert } from "../../lib/decorativeIcons";
import { useCallback, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_TIME_ZONE } from "../../../declaration/time-zones";
import { getStoredUser } from "../../auth/session";
import { useNotify } from "../../crud/useNotify";
import { wantToasts } from "../../lazy/toasts";
import { formatClock } from "../../lib/zonedTime";
import { canAccess } from "../../providers/accessControlProvider";
import { canOperate, readOnlyReason } from "../../providers/operationAccess";
import { useNow } from "./hooks/useNow";
import { useOfflineQueue } from "./hooks/useOfflineQueue";
import { useOnline } from "./hooks/useOnline";
import { useOwnPanic } from "./hooks/useOwnPanic";
import { usePositionBatches } from "./hooks/usePositionBatches";
import { usePositionWatch } from "./hooks/usePositionWatch";
import { useToday } from "./hooks/useToday";
import { dayStateOf, nextBreakAction, nextClockAction, zoneOfDay } from "./model/day";
import type { QueuedAction } from "./model/queue";
import { sitesOf } from "./model/sites";
import { BreakPanel } from "./parts/BreakPanel";
import { ClockPanel } from "./parts/ClockPanel";
import { DeviceKeysPanel } from "./parts/DeviceKeysPanel";
import { PANIC_BAR_HEIGHT, PanicPanel } from "./parts/PanicPanel";
import { QueuePanel } from "./parts/QueuePanel";
import { ReportsPanel } from "./parts/ReportsPanel";
import { MyPeriodCard } from "./parts/MyPeriodCard";
import { TodayCard } from "./parts/TodayCard";
import { useFieldStore } from "./store/fieldStore";

export default function FieldPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const invalidate = useInvalidate();
  useEffect(wantToasts, []);
  const user = getStoredUser();
  const userId = typeof user?.id === "number" ? user.id : null;
  const companyZone = typeof user?.time_zone === "string" && user.time_zone ? user.time_zone : DEFAULT_TIME_ZONE;

  // Only what the role may read is asked: a refused read (403) would end the session.
  const mayClock = canAccess("presence", "list").can;
  // A read-only session (view-as, a company past its subscription) writes nothing: the page says why
  // instead of offering what the server refuses (a company past its end still raises a panic).
  const readOnly = readOnlyReason();
  const clockRight = canOperate("presence", "clockIn");
  const mayPanic = canOperate("panic-button", "add").can;
  const maySendPositions = canOperate("waypoint", "addBatch").can;
  const { day, failed, refetch } = useToday(mayClock);
  const waiting = useFieldStore((s) => s.waiting);
  const state = useMemo(() => dayStateOf(day, waiting), [day, waiting]);
  const zone = day ? zoneOfDay(state, day) : companyZone;
  const sites = useMemo(() => sitesOf(day), [day]);
  const now = useNow();
  const online = useOnline();
  const { restart } = usePositionWatch();
  usePositionBatches(state.kind === "clockedIn" && maySendPositions);
  const { panic, refetch: refetchPanic } = useOwnPanic(userId, canAccess("panic-button", "list").can);
  useEffect(() => () => useFieldStore.getState().reset(), []);

  const onSent = useCallback(
    (a: QueuedAction, record: Record<string, unknown>) => {
      const at = { clockIn: record.clock_in, clockOut: record.clock_out, breakStart: record.start, breakEnd: record.end, panic: record.alert_time }[a.kind];
      notify.info(t(`field.sent.${a.kind}`, { time: formatClock(at ?? a.capturedAt, zone, i18n.language) }), a.attempts > 0 || a.lastFailure ? t("field.sent.late") : undefined);
      if (a.kind === "panic") void refetchPanic();
      else {
        void refetch();
        void invalidate({ resource: "presence", invalidates: ["list"] });
      }
    },
    [notify, t, i18n, zone, refetch, refetchPanic, invalidate],
  );
  const onRefused = useCallback(
    (a: QueuedAction, error: unknown) => {
      notify.refused(t(`field.refused.${a.kind}`), error);
      void refetch();
    },
    [notify, t, refetch],
  );
  const { enqueue, flush, retry, discard } = useOfflineQueue(userId, { onSent, onRefused });

  const next = nextClockAction(state);
  const breakAction = nextBreakAction(state);
  const openProject = state.kind === "clockedIn" ? (state.site?.id ?? null) : null;

  return (
    // Room under the content for the panic bar fixed at the bottom.
    <Flex vertical gap={16} style={{ maxWidth: 480, margin: "0 auto", width: "100%", paddingBottom: mayPanic ? PANIC_BAR_HEIGHT + 16 : 0 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {t("field.title")}
      </Typography.Title>
      {failed && !day ? <QuietAlert type="error" showIcon message={t("field.today.failed")} /> : null}
      <TodayCard day={day} state={state} now={now} />
      <MyPeriodCard />
      <QueuePanel online={online} zone={zone} onSendNow={() => void flush()} onRetry={(id) => void retry(id)} onDiscard={(id) => void discard(id)} />
      {mayClock && day && breakAction && canOperate("presence", breakAction).can ? (
        <BreakPanel key={breakAction} action={breakAction} onPunch={() => enqueue(breakAction, {})} />
      ) : null}
      {mayClock && day && clockRight.can ? (
        <ClockPanel key={next} action={next} sites={sites} onRetryPosition={restart} onSubmit={(fields, selfie) => enqueue(next, fields, selfie)} />
      ) : null}
      {mayClock && readOnly && !clockRight.can ? <QuietAlert type="warning" showIcon role="status" message={t(`field.readOnly.${readOnly}`)} /> : null}
      {mayPanic ? <PanicPanel projectId={openProject} zone={zone} panic={panic} onRaise={(fields) => enqueue("panic", fields)} /> : null}
      {userId !== null ? <ReportsPanel userId={userId} /> : null}
      {userId !== null ? <DeviceKeysPanel userId={userId} zone={companyZone} mayAdd={canOperate("device-key", "add").can} /> : null}
    </Flex>
  );
}
