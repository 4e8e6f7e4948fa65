// Correcting a clock-in or out: the times on the site's clock (a picker whose "now" is the
// site's), a required reason; only the changed times are sent (PUT timesheet/correct/{id}). A
// refusal (409 period_locked, 400 over 24 hours or overlapping another presence) shows its
// message in the form, which keeps what was typed. The page mounts one dialog per opening, with
// its own form: the times shown are always those of the presence it was opened on.
import { Alert, Form, Modal } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DateTimeInput } from "../../../crud/fields/dates";
import { useNotify } from "../../../crud/useNotify";
import { zoneAbbreviation } from "../../../lib/timeZones";
import { instantOfWall, wallOf } from "../../../lib/zonedTime";
import { toHttpError } from "../../../providers/dataHelpers/errors";
import { correctPresence, type CorrectionBody } from "../api/timesheetCalls";
import type { CorrectTarget } from "./DaysTable";
import { ReasonField } from "./ReasonField";

interface Values {
  clock_in?: Dayjs | null;
  clock_out?: Dayjs | null;
  reason: string;
}

/** The instant a picker value means, as the wire's ISO; null for an empty picker. */
const wire = (v: Dayjs | null | undefined, zone: string): string | null => (v ? instantOfWall(v, zone).toISOString() : null);
const same = (a: string | null, b: string | null) => (a === null || b === null ? a === b : new Date(a).getTime() === new Date(b).getTime());

/** Mounted for one opening: `onClose` once it has closed (after its animation). */
export function CorrectModal({ target, onClose, onDone }: { target: CorrectTarget; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { presence: p, zone } = target;
  const submit = async (values: Values) => {
    const body: CorrectionBody = { reason: values.reason.trim() };
    const clockIn = wire(values.clock_in, zone);
    const clockOut = wire(values.clock_out, zone);
    if (!same(clockIn, p.clock_in)) body.clock_in = clockIn;
    if (!same(clockOut, p.clock_out)) body.clock_out = clockOut;
    if (!("clock_in" in body) && !("clock_out" in body)) {
      setRefusal(t("timesheet.correct.unchanged"));
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      await correctPresence(p.id, body);
      notify.saved();
      onDone();
      setOpen(false);
    } catch (e) {
      const error = toHttpError(e);
      const fields = Object.values(error.errors ?? {}).flatMap((m) => (Array.isArray(m) ? m : [m]));
      setRefusal([error.message, ...fields.filter((m): m is string => typeof m === "string" && m !== error.message)].join(" "));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t("timesheet.correct.title", { zone: zoneAbbreviation(zone) })}
      okText={t("timesheet.correct.save")}
      cancelText={t("buttons.cancel")}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => setOpen(false)}
      afterClose={onClose}
    >
      {refusal ? <Alert type="error" showIcon message={refusal} style={{ marginBottom: 12 }} role="alert" /> : null}
      {p.project_name ? <p style={{ marginTop: 0 }}>{p.project_name}</p> : null}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ clock_in: wallOf(p.clock_in, zone) ?? null, clock_out: wallOf(p.clock_out, zone) ?? null, reason: "" }}
      >
        <Form.Item name="clock_in" label={t("timesheet.field.clock_in")}>
          <DateTimeInput type="datetime" zone={zone} />
        </Form.Item>
        <Form.Item
          name="clock_out"
          label={t("timesheet.field.clock_out")}
          dependencies={["clock_in"]}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, v: Dayjs | null) => {
                const start = getFieldValue("clock_in") as Dayjs | null;
                return v && start && !v.isAfter(start) ? Promise.reject(new Error(t("timesheet.correct.outBeforeIn"))) : Promise.resolve();
              },
            }),
          ]}
        >
          <DateTimeInput type="datetime" zone={zone} />
        </Form.Item>
        <ReasonField />
      </Form>
    </Modal>
  );
}
