// Approving the selected people's period at once (POST timesheet/approve-many): a confirmation
// naming how many and the range, then what was approved and, by name, who was not and why (an
// approved period already overlapping, a day still to resolve: a missing clock-out or an overlap).
import { Button, Popconfirm } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotify } from "../../../crud/useNotify";
import { DATE_FORMAT } from "../../../lib/format";
import { approveMany } from "../api/timesheetCalls";
import type { TimesheetPersonRow } from "../model/types";

const date = (d: string) => dayjs(d).format(DATE_FORMAT);

export function ApproveSelected({ people, from, to, onDone }: { people: TimesheetPersonRow[]; from: string; to: string; onDone: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const answer = await approveMany({ user_ids: people.map((p) => p.user_id), from, to });
      const name = (id: number) => people.find((p) => p.user_id === id)?.name ?? String(id);
      const skipped = answer.skipped.map((s) => `${name(s.user_id)}: ${t(`timesheet.approval.skipped.${s.key}`, { dates: (s.dates ?? []).map(date).join(", ") })}`);
      const title = t("timesheet.approval.manyDone", { approved: answer.approved.length, skipped: answer.skipped.length });
      if (skipped.length) notify.alert("warning", [title, ...skipped].join(" · "), "timesheet-approve-many");
      else notify.info(title);
      onDone();
    } catch (e) {
      notify.failed("saveFailed", e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popconfirm
      title={t("timesheet.approval.confirmMany", { count: people.length, from: date(from), to: date(to) })}
      okText={t("timesheet.approval.approve")}
      cancelText={t("buttons.cancel")}
      onConfirm={run}
      disabled={!people.length}
    >
      <Button type="primary" disabled={!people.length} loading={busy}>
        {t("timesheet.approval.approveSelected", { count: people.length })}
      </Button>
    </Popconfirm>
  );
}
