// The worker's own current pay period (timesheet my-period): worked, regular and overtime hours to
// date and the days worked, late, absent and on leave, as the timesheet counts them (in the
// company's hours format), whether the period is approved, and the company's holidays in it
// (holiday my-period). Asked again with the day (every
// minute); shown only to who may read their own attendance (the operation's right), and nothing
// while it has not come or failed: the day card says what is wrong with the connection.
import { Card, Flex, Typography } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { formatHours } from "../../../../declaration/timesheet";
import { DATE_FORMAT } from "../../../lib/format";
import { canOperate } from "../../../providers/operationAccess";
import { useOperation } from "../../../providers/operations";
import { TODAY_REFRESH_MS } from "../hooks/useToday";

/** Both reads: again with the day, quiet on failure (the day card says what is wrong). */
const POLLED = { queryOptions: { refetchInterval: TODAY_REFRESH_MS }, request: { networkFailureHandled: true }, errorNotification: false } as const;

export function MyPeriodCard() {
  const { t, i18n } = useTranslation();
  const { data } = useOperation("timesheet", "myPeriod", { enabled: canOperate("timesheet", "myPeriod").can, ...POLLED });
  const { data: days } = useOperation("holiday", "myPeriod", { enabled: canOperate("holiday", "myPeriod").can, ...POLLED });
  if (!data) return null;
  const { totals } = data;
  const hours = (m: number) => formatHours(m, data.hours_format, i18n.language);
  const range = `${dayjs(data.from).format(DATE_FORMAT)} – ${dayjs(data.to).format(DATE_FORMAT)}`;
  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{`${t("timesheet.period.current")}: ${range}`}</h2>}>
      <Flex vertical gap={4}>
        <Typography.Text>
          {t("timesheet.dayHours", {
            worked: hours(totals.worked_minutes),
            regular: hours(totals.regular_minutes),
            overtime: hours(totals.overtime_minutes),
            break: hours(totals.break_minutes),
          })}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t("timesheet.totalsStatus", { worked: totals.days_worked, late: totals.late_days, absent: totals.absent_days, leave: totals.leave_days })}
        </Typography.Text>
        {days?.holidays.length ? (
          <Typography.Text type="secondary">{`${t("resources.holiday")}: ${days.holidays.map((h) => `${dayjs(h.date).format(DATE_FORMAT)} ${h.name}`).join(", ")}`}</Typography.Text>
        ) : null}
        {data.approved ? <Typography.Text type="success">{t("timesheet.approval.approved")}</Typography.Text> : null}
      </Flex>
    </Card>
  );
}
