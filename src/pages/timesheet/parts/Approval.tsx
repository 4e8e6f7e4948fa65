// A person's period: who approved it and when (and who reopened it, when and why), "rules changed
// since approval" when the overtime thresholds or a shift its figures were computed with changed
// (the figures stay the approved ones until it is reopened), then, with the edit right, approve
// the range shown (POST timesheet/approve) or reopen it with a required reason (POST
// timesheet/reopen). A refusal (409 already_approved or unresolved_exceptions, 404) is told
// through useNotify.
import { Button, Form, Modal, Popconfirm, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import dayjs from "dayjs";
import { useNotify } from "../../../crud/useNotify";
import { DATE_FORMAT } from "../../../lib/format";
import { formatDateTime } from "../../../lib/zonedTime";
import { approvePeriod, reopenPeriod } from "../api/timesheetCalls";
import type { TimesheetPersonRow } from "../model/types";
import { ReasonField } from "./ReasonField";

const date = (d: string) => dayjs(d).format(DATE_FORMAT);

export function Approval({
  person,
  from,
  to,
  zone,
  canEdit,
  onDone,
}: {
  person: TimesheetPersonRow;
  from: string;
  to: string;
  zone: string;
  canEdit: boolean;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [reopening, setReopening] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const approved = person.approvals.find((a) => a.status === "approved");
  const run = async (call: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(true);
    try {
      await call();
      notify.info(done);
      onDone();
      return true;
    } catch (e) {
      notify.failed("saveFailed", e);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" size={2} style={{ maxWidth: 300 }}>
      {person.approvals.map((a) => (
        <Typography.Text key={a.id} type="secondary" style={{ fontSize: 12 }}>
          {t("timesheet.approval.approvedBy", { from: date(a.from), to: date(a.to), name: a.approved_by_name, at: formatDateTime(a.approved_at, zone, i18n.language) })}
          {a.status === "reopened" && a.reopened_at
            ? ` ${t("timesheet.approval.reopenedBy", { name: a.reopened_by_name ?? "", at: formatDateTime(a.reopened_at, zone, i18n.language), reason: a.reopen_reason ?? "" })}`
            : ""}
          {a.rules_changed ? (
            <>
              {" "}
              <Tag color="gold">{t("timesheet.approval.rulesChanged")}</Tag>
            </>
          ) : null}
        </Typography.Text>
      ))}
      {canEdit ? (
        approved ? (
          <Button size="small" onClick={() => setReopening(true)}>
            {t("timesheet.approval.reopen")}
          </Button>
        ) : (
          <Popconfirm
            title={t("timesheet.approval.confirm", { name: person.name, from: date(from), to: date(to) })}
            okText={t("timesheet.approval.approve")}
            cancelText={t("buttons.cancel")}
            onConfirm={() => run(() => approvePeriod({ user_id: person.user_id, from, to }), t("timesheet.approval.approved"))}
          >
            <Button size="small" type="primary" loading={busy}>
              {t("timesheet.approval.approve")}
            </Button>
          </Popconfirm>
        )
      ) : null}
      <Modal
        open={reopening}
        title={t("timesheet.approval.reopenTitle", { name: person.name })}
        okText={t("timesheet.approval.reopen")}
        cancelText={t("buttons.cancel")}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setReopening(false)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={async ({ reason }) => {
            if (await run(() => reopenPeriod({ user_id: person.user_id, from, to, reason: reason.trim() }), t("timesheet.approval.reopened"))) setReopening(false);
          }}
        >
          <ReasonField />
        </Form>
      </Modal>
    </Space>
  );
}
