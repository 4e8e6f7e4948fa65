// One row per person with the range's totals (worked, regular, overtime, late days, absent days),
// the days needing a look, the period's approval and the links; expanded, the person's days. With
// the edit right, people are selected for approving their period together.
import { Space, Table, Tag, Typography, type CheckboxProps } from "antd";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatHours } from "../../../../declaration/timesheet";
import type { HoursFormat, TimesheetPersonRow } from "../model/types";
import { Approval } from "./Approval";
import { DaysTable, type CorrectTarget } from "./DaysTable";
import { getStoredUser } from "../../../auth/session";
import { PersonLinks } from "./PersonLinks";
import { carriesPay } from "../model/exportTable";
import { formatMoney } from "../../../lib/format";

export interface PeopleTableProps {
  people: TimesheetPersonRow[];
  loading: boolean;
  hoursFormat: HoursFormat;
  from: string;
  to: string;
  zone: string;
  canEdit: boolean;
  /** The people chosen for approve-many (their user ids). */
  selected: number[];
  onSelect: (userIds: number[]) => void;
  onCorrect: (target: CorrectTarget) => void;
  onChanged: () => void;
}

/** "2 days to check", as a tag; nothing when there are none. */
export function FlaggedDays({ count }: { count: number }) {
  const { t } = useTranslation();
  return count ? <Tag color="red">{t("timesheet.flaggedDays", { count })}</Tag> : null;
}

/** Whether the viewer may approve and correct this person's period: never their own (another person with the right signs it off). */
export const signsOff = (canEdit: boolean, p: Pick<TimesheetPersonRow, "user_id">): boolean => canEdit && p.user_id !== getStoredUser()?.id;

export function PeopleTable({ people, loading, hoursFormat, from, to, zone, canEdit, selected, onSelect, onCorrect, onChanged }: PeopleTableProps) {
  const { t, i18n } = useTranslation();
  const hours = (m: number) => formatHours(m, hoursFormat, i18n.language);
  const pay = carriesPay(people);
  // antd's hidden measuring row repeats the column titles, the select-all box included: inert,
  // so that copy is neither focusable nor announced (axe: aria-hidden-focus).
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const row of box.current?.querySelectorAll(".ant-table-measure-row") ?? []) row.setAttribute("inert", "");
  });
  return (
    <div ref={box}>
      <Table<TimesheetPersonRow>
        rowKey="user_id"
        loading={loading}
        dataSource={people}
        pagination={false}
        scroll={{ x: "max-content" }}
        expandable={{ expandedRowRender: (p) => <DaysTable days={p.days} hoursFormat={hoursFormat} canEdit={signsOff(canEdit, p)} onCorrect={onCorrect} pay={pay} /> }}
        rowSelection={
          canEdit
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => onSelect(keys.map(Number)),
                // The box's accessible name (passed on to its input): "Choose Ani Lestari"; one's own row cannot be chosen.
                getCheckboxProps: (p) => ({ "aria-label": t("timesheet.select", { name: p.name }), disabled: !signsOff(canEdit, p) }) as Partial<CheckboxProps>,
              }
            : undefined
        }
        columns={[
          {
            title: t("timesheet.col.name"),
            key: "name",
            // A fixed column: the expanded days are then laid out at the visible width and scroll by themselves.
            fixed: "left",
            render: (_, p) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{p.name}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[p.role_name, p.division_name].filter(Boolean).join(" · ")}
                </Typography.Text>
                <PersonLinks person={p} from={from} to={to} zone={zone} />
              </Space>
            ),
          },
          { title: t("timesheet.col.worked"), key: "worked", align: "right", render: (_, p) => hours(p.totals.worked_minutes) },
          { title: t("timesheet.col.regular"), key: "regular", align: "right", render: (_, p) => hours(p.totals.regular_minutes) },
          { title: t("timesheet.col.overtime"), key: "overtime", align: "right", render: (_, p) => hours(p.totals.overtime_minutes) },
          ...(pay
            ? [
                {
                  title: t("timesheet.col.labour_cost"),
                  key: "labour_cost",
                  align: "right" as const,
                  render: (_: unknown, p: TimesheetPersonRow) => (p.totals.labour_cost == null ? t("timesheet.noPayRate") : formatMoney(p.totals.labour_cost, i18n.language)),
                },
              ]
            : []),
          { title: t("timesheet.lateDays"), key: "late", align: "right", render: (_, p) => p.totals.late_days },
          { title: t("timesheet.absentDays"), key: "absent", align: "right", render: (_, p) => p.totals.absent_days },
          { title: t("timesheet.col.flags"), key: "flags", render: (_, p) => <FlaggedDays count={p.flagged_days} /> },
          {
            title: t("timesheet.approval.title"),
            key: "approval",
            render: (_, p) => <Approval person={p} from={from} to={to} zone={zone} canEdit={signsOff(canEdit, p)} onDone={onChanged} />,
          },
        ]}
      />
    </div>
  );
}
