// The timesheet (#/timesheet; declaration: timesheet, page "timesheet"): per person the range's
// worked, regular and overtime hours, late and absent days, expandable into the days (clock in and
// out on the site's clock, places, selfies, corrections, locks), from GET timesheet/search with the
// filters; with the edit right, corrections (PUT timesheet/correct/{id}) and the period's approval
// (POST timesheet/approve, timesheet/reopen). Hours as the company's setting says (7:30 or 7.5),
// which the viewer may flip; export of what is shown as CSV or XLSX; with the edit right, the
// company's rules (PUT timesheet/settings).
import { Space, Switch, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { resourceByName } from "../../../declaration";
import { formatHours } from "../../../declaration/timesheet";
import { getStoredTimeZone } from "../../auth/session";
import { resourceLabelKey } from "../../crud/model";
import { PageFrame } from "../../crud/PageFrame";
import { zoneOrDefault } from "../../lib/timeZones";
import { canOperate } from "../../providers/operationAccess";
import { usePhone } from "./hooks/usePhone";
import { useTimesheet } from "./hooks/useTimesheet";
import { pickPeriod, type PeriodStep, type TimesheetFilters } from "./model/filters";
import type { HoursFormat } from "./model/types";
import { CorrectModal } from "./parts/CorrectModal";
import type { CorrectTarget } from "./parts/DaysTable";
import { ExportButtons } from "./parts/ExportButtons";
import { Filters } from "./parts/Filters";
import { PeopleTable } from "./parts/PeopleTable";
import { PersonCards } from "./parts/PersonCards";
import { SettingsButton } from "./parts/SettingsButton";

const TIMESHEET = resourceByName("timesheet");

export default function TimesheetPage() {
  const { t, i18n } = useTranslation();
  const sessionZone = zoneOrDefault(getStoredTimeZone());
  // Until the first answer says the company's pay period, the current week.
  const [filters, setFilters] = useState<TimesheetFilters>(() => pickPeriod("weekly", "current", { from: "" }, sessionZone));
  const { data, loading, reload } = useTimesheet(filters);
  const settings = data?.settings;
  const zone = settings ? zoneOrDefault(settings.time_zone) : sessionZone;
  const [viewerFormat, setViewerFormat] = useState<HoursFormat | null>(null);
  const hoursFormat: HoursFormat = viewerFormat ?? settings?.hours_format ?? "clock";
  const [correcting, setCorrecting] = useState<CorrectTarget | null>(null);
  // Approving and correcting (named rights on the timesheet menu; never in a read-only session).
  const canEdit = canOperate("timesheet", "approve").can;
  const canSettings = canOperate("timesheet", "settings").can;
  const onPeriod = (step: PeriodStep) => setFilters((f) => ({ ...f, ...pickPeriod(settings?.pay_period ?? "weekly", step, f, zone) }));
  const people = data?.people ?? [];
  // A phone (below md) gets a card per person; the table needs the width.
  const People = usePhone() ? PersonCards : PeopleTable;
  return (
    <PageFrame
      title={t(resourceLabelKey(TIMESHEET))}
      actions={
        <Space wrap>
          {canSettings && settings ? <SettingsButton settings={settings} onSaved={() => void reload()} /> : null}
          <ExportButtons people={people} hoursFormat={hoursFormat} fileName={`${t("timesheet.file")}_${filters.from}_${filters.to}`} />
        </Space>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Filters value={filters} zone={zone} onChange={setFilters} onPeriod={onPeriod} />
        <Space wrap>
          <Switch checked={hoursFormat === "decimal"} onChange={(decimal) => setViewerFormat(decimal ? "decimal" : "clock")} aria-label={t("timesheet.decimalHours")} />
          <Typography.Text>
            {t("timesheet.decimalHours")} ({formatHours(450, "decimal", i18n.language)})
          </Typography.Text>
          {settings ? (
            <Typography.Text type="secondary">
              {t(`timesheet.payPeriod.${settings.pay_period}`)}
              {settings.overtime_daily_minutes !== null ? ` · ${t("timesheet.dailyRule", { hours: settings.overtime_daily_minutes / 60 })}` : ""}
              {settings.overtime_weekly_minutes !== null ? ` · ${t("timesheet.weeklyRule", { hours: settings.overtime_weekly_minutes / 60 })}` : ""}
            </Typography.Text>
          ) : null}
        </Space>
        <People
          people={people}
          loading={loading}
          hoursFormat={hoursFormat}
          from={filters.from}
          to={filters.to}
          zone={zone}
          canEdit={canEdit}
          onCorrect={setCorrecting}
          onChanged={() => void reload()}
        />
      </Space>
      <CorrectModal target={correcting} onClose={() => setCorrecting(null)} onDone={() => void reload()} />
    </PageFrame>
  );
}
