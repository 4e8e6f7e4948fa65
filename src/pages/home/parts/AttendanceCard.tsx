// Today's attendance: present, late, absent, on leave (leave and sick), clocked in outside the
// work area; follows the event stream (hooks/useAttendanceToday).
import { theme } from "antd";
import { useTranslation } from "react-i18next";
import { useAttendanceToday } from "../hooks/useAttendanceToday";
import { DashboardCard, Figure, Figures } from "./DashboardCard";

export function AttendanceCard({ to }: { to?: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data, loading, error } = useAttendanceToday(true);
  return (
    <DashboardCard testId="card-attendance" title={t("home.attendance.title")} to={to} loading={loading || !data} error={error}>
      {data ? (
        <Figures>
          <Figure testId="attendance-present" label={t("home.attendance.present")} value={data.present} tone={token.colorSuccess} />
          <Figure testId="attendance-late" label={t("home.attendance.late")} value={data.late} tone={token.colorWarning} />
          <Figure testId="attendance-absent" label={t("home.attendance.absent")} value={data.absent} tone={token.colorError} />
          <Figure testId="attendance-leave" label={t("home.attendance.leave")} value={data.leave + data.sick} />
          <Figure testId="attendance-outside" label={t("home.attendance.outside")} value={data.outside} tone={data.outside ? token.colorError : undefined} />
        </Figures>
      ) : null}
    </DashboardCard>
  );
}
