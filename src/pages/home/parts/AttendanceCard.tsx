// Today's attendance: present, late, absent, on leave (leave and sick), clocked in outside the
// work area; follows the event stream (hooks/useAttendanceToday).
import { useTranslation } from "react-i18next";
import { useAttendanceToday } from "../hooks/useAttendanceToday";
import { DashboardCard, Figure, Figures, useTones } from "./DashboardCard";

export function AttendanceCard({ to }: { to?: string }) {
  const { t } = useTranslation();
  const tones = useTones();
  const { data, loading, error } = useAttendanceToday(true);
  return (
    <DashboardCard testId="card-attendance" title={t("home.attendance.title")} to={to} loading={loading || !data} error={error}>
      {data ? (
        <Figures>
          <Figure testId="attendance-present" label={t("home.attendance.present")} value={data.present} tone={tones.good} />
          <Figure testId="attendance-late" label={t("home.attendance.late")} value={data.late} tone={tones.warn} />
          <Figure testId="attendance-absent" label={t("home.attendance.absent")} value={data.absent} tone={tones.bad} />
          <Figure testId="attendance-leave" label={t("home.attendance.leave")} value={data.leave + data.sick} />
          <Figure testId="attendance-outside" label={t("home.attendance.outside")} value={data.outside} tone={data.outside ? tones.bad : undefined} />
        </Figures>
      ) : null}
    </DashboardCard>
  );
}
