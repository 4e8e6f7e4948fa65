// The timesheet on a phone (below antd's md breakpoint): a card per person with the range's
// totals, the days to check, the approval and the links (with the edit right, a box choosing the
// person for approving together), and the days as a list under a "days" toggle: the same figures
// as the table, without sideways scrolling.
import { Button, Card, Checkbox, Descriptions, List, Space, Typography } from "antd";
import { EditOutlined, LockOutlined } from "@ant-design/icons";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatHours } from "../../../../declaration/timesheet";
import { DATE_FORMAT, formatMoney } from "../../../lib/format";
import { carriesPay } from "../model/exportTable";
import type { TimesheetPersonRow } from "../model/types";
import { Approval } from "./Approval";
import { Breaks, Clock, Corrections, DayTags } from "./DaysTable";
import { FlaggedDays, signsOff, type PeopleTableProps } from "./PeopleTable";
import { PersonLinks } from "./PersonLinks";

function PersonCard({
  person: p,
  hoursFormat,
  from,
  to,
  zone,
  canEdit: mayEdit,
  selected,
  onSelect,
  onCorrect,
  onChanged,
  pay,
}: Omit<PeopleTableProps, "people" | "loading"> & { person: TimesheetPersonRow; pay: boolean }) {
  const canEdit = signsOff(mayEdit, p);
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const hours = (m: number) => formatHours(m, hoursFormat, lang);
  const [open, setOpen] = useState(false);
  return (
    <Card
      size="small"
      title={
        canEdit ? (
          <Checkbox
            checked={selected.includes(p.user_id)}
            onChange={(e) => onSelect(e.target.checked ? [...selected, p.user_id] : selected.filter((id) => id !== p.user_id))}
            aria-label={t("timesheet.select", { name: p.name })}
          >
            {p.name}
          </Checkbox>
        ) : (
          p.name
        )
      }
    >
      <Space size={4} wrap>
        <Typography.Text type="secondary">{[p.role_name, p.division_name].filter(Boolean).join(" · ")}</Typography.Text>
        <FlaggedDays count={p.flagged_days} />
      </Space>
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t("timesheet.col.worked")}>{hours(p.totals.worked_minutes)}</Descriptions.Item>
        <Descriptions.Item label={t("timesheet.col.regular")}>{hours(p.totals.regular_minutes)}</Descriptions.Item>
        <Descriptions.Item label={t("timesheet.col.overtime")}>{hours(p.totals.overtime_minutes)}</Descriptions.Item>
        <Descriptions.Item label={t("timesheet.lateDays")}>{p.totals.late_days}</Descriptions.Item>
        {/* The row's rest: the labour cost then gets a row of its own, not half of one (a rupiah figure wrapped digit by digit at 390 px). */}
        <Descriptions.Item label={t("timesheet.absentDays")} span="filled">
          {p.totals.absent_days}
        </Descriptions.Item>
        {pay ? (
          <Descriptions.Item label={t("timesheet.col.labour_cost")} span="filled">
            {p.totals.labour_cost == null ? t("timesheet.noPayRate") : formatMoney(p.totals.labour_cost, lang)}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Space direction="vertical" size={4} style={{ width: "100%" }}>
        <Approval person={p} from={from} to={to} zone={zone} canEdit={canEdit} onDone={onChanged} />
        <PersonLinks person={p} from={from} to={to} zone={zone} />
        <Button size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {t(open ? "timesheet.hideDays" : "timesheet.showDays")}
        </Button>
        {open ? (
          <List
            size="small"
            dataSource={p.days}
            rowKey="date"
            renderItem={(d) => (
              <List.Item style={{ display: "block" }}>
                <Space size={6} wrap>
                  <Typography.Text strong>{dayjs(d.date).format(DATE_FORMAT)}</Typography.Text>
                  {d.locked ? <LockOutlined aria-label={t("timesheet.locked")} title={t("timesheet.locked")} /> : null}
                  {d.shift ? <Typography.Text type="secondary">{d.shift.name}</Typography.Text> : null}
                  <DayTags day={d} />
                </Space>
                {d.presences.map((x) => (
                  <div key={x.id} style={{ marginTop: 4 }}>
                    {x.project_name ? <Typography.Text type="secondary">{x.project_name} </Typography.Text> : null}
                    <Space size={4} wrap>
                      <Clock at={x.clock_in} inside={x.clock_in_inside} selfie={x.image_selfie} field="image_selfie" zone={d.zone} lang={lang} />→
                      <Clock at={x.clock_out} inside={x.clock_out_inside} selfie={x.image_selfie_out} field="image_selfie_out" zone={d.zone} lang={lang} />
                      {canEdit ? (
                        <Button size="small" icon={<EditOutlined />} onClick={() => onCorrect({ presence: x, zone: d.zone })}>
                          {t("timesheet.correct.open")}
                        </Button>
                      ) : null}
                    </Space>
                    <Breaks p={x} zone={d.zone} lang={lang} />
                    <Corrections p={x} zone={d.zone} lang={lang} />
                  </div>
                ))}
                {d.kind === "worked" ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t("timesheet.dayHours", {
                      worked: hours(d.worked_minutes),
                      regular: hours(d.regular_minutes),
                      overtime: hours(d.overtime_minutes),
                      break: hours(d.break_minutes),
                    })}
                    {pay && d.labour_cost !== null ? ` · ${formatMoney(d.labour_cost, lang)}` : ""}
                  </Typography.Text>
                ) : null}
              </List.Item>
            )}
          />
        ) : null}
      </Space>
    </Card>
  );
}

export function PersonCards({ people, loading, ...rest }: PeopleTableProps) {
  const pay = carriesPay(people);
  return (
    <List
      loading={loading}
      dataSource={people}
      rowKey="user_id"
      split={false}
      renderItem={(p) => (
        <List.Item style={{ padding: "6px 0" }}>
          <PersonCard person={p} pay={pay} {...rest} />
        </List.Item>
      )}
      style={{ width: "100%" }}
    />
  );
}
