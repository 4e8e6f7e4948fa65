// From a shift: choose several people and the day they start (and, for a rotation, the day they
// stop); one user-to-shift/add per person (hooks/useAssign.ts). The days through the app's date
// picker (DD-MM-YYYY, the company's "today"); the form holds wire dates (YYYY-MM-DD).
import { Button, Card, Form, Space } from "antd";
import { fromDayjs, toDayjs } from "../../../crud/fields/convert";
import { DateTimeInput } from "../../../crud/fields/dates";
import { FormSelect } from "../../../crud/fields/FormSelect";
import { useTimeZones } from "../../../crud/useTimeZones";
import { useTranslation } from "react-i18next";
import type { Person, Shift } from "../hooks/useShiftData";
import { useAssign } from "../hooks/useAssign";

interface Values {
  shift_id?: number;
  user_ids?: number[];
  start_date?: string;
  end_date?: string;
}

export function AssignPeople({
  shifts,
  people,
  onAssigned,
  onShiftChange,
}: {
  shifts: Shift[];
  people: Person[];
  onAssigned: () => void;
  /** The shift chosen, for the page to show who is on it. */
  onShiftChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const zone = useTimeZones().company;
  const [form] = Form.useForm<Values>();
  const nameOf = (id: number) => people.find((p) => Number(p.id) === id)?.name ?? `#${id}`;
  const { assign, busy } = useAssign(nameOf, onAssigned);
  const submit = async (v: Values) => {
    const ok = await assign({ shiftId: Number(v.shift_id), userIds: v.user_ids ?? [], startDate: v.start_date!, endDate: v.end_date || null });
    if (ok) form.resetFields(["user_ids"]);
  };
  const required = [{ required: true, message: t("shifts.assign.required") }];
  // Wire dates in the form, dayjs in the picker (as the generated forms' date fields).
  const dateItem = { getValueProps: (v: unknown) => ({ value: toDayjs(v, "date", zone) }), normalize: (d: Parameters<typeof fromDayjs>[0]) => fromDayjs(d, "date", zone) };
  return (
    <Card title={t("shifts.assign.title")} size="small">
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={(changed: Values) => "shift_id" in changed && onShiftChange(changed.shift_id ?? null)}
        aria-label={t("shifts.assign.title")}
      >
        <Form.Item name="shift_id" label={t("shifts.assign.shift")} rules={required}>
          <FormSelect
            options={shifts.map((s) => ({ value: Number(s.id), label: `${s.name} (${s.start_time ?? ""}–${s.end_time ?? ""})` }))}
            placeholder={t("shifts.assign.shift")}
          />
        </Form.Item>
        <Form.Item name="user_ids" label={t("shifts.assign.people")} rules={required}>
          <FormSelect mode="multiple" optionFilterProp="label" options={people.map((p) => ({ value: Number(p.id), label: p.name }))} placeholder={t("shifts.assign.people")} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="start_date" label={t("shifts.assign.from")} rules={required} {...dateItem}>
            <DateTimeInput type="date" zone={zone} />
          </Form.Item>
          <Form.Item name="end_date" label={t("shifts.assign.until")} {...dateItem}>
            <DateTimeInput type="date" zone={zone} />
          </Form.Item>
        </Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t("shifts.assign.submit")}
        </Button>
      </Form>
    </Card>
  );
}
