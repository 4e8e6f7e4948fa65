// Today's attendance as the timesheet counts it: present, late, absent (scheduled and not in), on
// leave (leave and sick), clocked in outside the work area; follows the event stream
// (hooks/useAttendanceToday). Its link opens today's timesheet (the people it counted, each with
// their day), or without the timesheet's menu the list of today's presences (the company's day).
import { useTranslation } from "react-i18next";
import { useTimeZones } from "../../../crud/useTimeZones";
import { useAttendanceToday } from "../hooks/useAttendanceToday";
import { listLink, presencesOn, timesheetLink } from "../model/cardFilters";
import { dayFromToday } from "../model/dashboard";
import { DashboardCard, Figure, Figures, useTones } from "./DashboardCard";

export function AttendanceCard({ to, timesheet }: { to?: string; timesheet?: string }) {
  const { t } = useTranslation();
  const tones = useTones();
  const today = dayFromToday(0, useTimeZones().company);
  const { data, loading, error } = useAttendanceToday(true);
  return (
    <DashboardCard
      testId="card-attendance"
      title={t("home.attendance.title")}
      to={timesheet ? timesheetLink(timesheet, today) : listLink(to, presencesOn(today))}
      loading={loading || !data}
      error={error}
    >
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
