// The timesheet (#/timesheet; declaration: timesheet, page "timesheet"): per person the range's
// worked, regular and overtime hours, late and absent days and what needs a look (the flags:
// missing clock-out, over 12 h, overlaps, edits tried on an approved period; those people first,
// or only them), expandable into the days (each site's clock-in and out on the site's clock,
// places, selfies, breaks, corrections, locks), from GET timesheet/search with the filters. It
// opens on the company's current pay period (period=current). With the edit right, corrections
// (PUT timesheet/correct/{id}) and the period's approval, one person's (POST timesheet/approve,
// timesheet/reopen) or the selected people's (POST timesheet/approve-many). Hours as the
// company's setting says (7:30 or 7.5), which the viewer may flip; export of what is shown as CSV
// or XLSX; with the edit right, the company's rules (PUT timesheet/settings).
import { Space, Switch, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { resourceByName } from "../../../declaration";
import { formatHours } from "../../../declaration/timesheet";
import { getStoredTimeZone } from "../../auth/session";
import { resourceLabelKey } from "../../crud/model";
import { PageFrame } from "../../crud/PageFrame";
import { zoneOrDefault } from "../../lib/timeZones";
import { canOperate } from "../../providers/operationAccess";
import { usePhone } from "./hooks/usePhone";
import { useTimesheet } from "./hooks/useTimesheet";
import { exceptionsFirst } from "./model/exceptions";
import { filtersFromUrl, pickPeriod, shownFilters, type PeriodStep, type TimesheetFilters } from "./model/filters";
import type { HoursFormat } from "./model/types";
import { ApproveSelected } from "./parts/ApproveSelected";
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
  // The range a link carries (the home's attendance card: today), else until a range is chosen the
  // company's current pay period (the server says which).
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<TimesheetFilters>(() => filtersFromUrl(params));
  const { data, loading, reload } = useTimesheet(filters);
  const settings = data?.settings;
  const shown = shownFilters(filters, data);
  const zone = settings ? zoneOrDefault(settings.time_zone) : sessionZone;
  const [viewerFormat, setViewerFormat] = useState<HoursFormat | null>(null);
  const hoursFormat: HoursFormat = viewerFormat ?? settings?.hours_format ?? "clock";
  // A fresh dialog (and form) for every opening: the one before leaves nothing behind.
  const [correcting, setCorrecting] = useState<{ target: CorrectTarget; opening: number } | null>(null);
  const [onlyExceptions, setOnlyExceptions] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  // Approving and correcting (named rights on the timesheet menu; never in a read-only session).
  const canEdit = canOperate("timesheet", "approve").can;
  const canSettings = canOperate("timesheet", "settings").can;
  const onPeriod = (step: PeriodStep) => setFilters((f) => ({ ...f, ...pickPeriod(settings?.pay_period ?? "weekly", step, shownFilters(f, data), zone) }));
  const people = useMemo(() => exceptionsFirst(data?.people ?? [], onlyExceptions), [data, onlyExceptions]);
  const chosen = people.filter((p) => selected.includes(p.user_id));
  // A phone (below md) gets a card per person; the table needs the width.
  const People = usePhone() ? PersonCards : PeopleTable;
  const ready = !!shown.from && !!shown.to;
  return (
    <PageFrame
      title={t(resourceLabelKey(TIMESHEET))}
      actions={
        <Space wrap>
          {canSettings && settings ? <SettingsButton settings={settings} onSaved={() => void reload()} /> : null}
          <ExportButtons people={people} fileName={`${t("timesheet.file")}_${shown.from}_${shown.to}`} />
        </Space>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        {ready ? <Filters value={shown} zone={zone} onChange={setFilters} onPeriod={onPeriod} /> : null}
        <Space wrap>
          <Switch checked={hoursFormat === "decimal"} onChange={(decimal) => setViewerFormat(decimal ? "decimal" : "clock")} aria-label={t("timesheet.decimalHours")} />
          <Typography.Text>
            {t("timesheet.decimalHours")} ({formatHours(450, "decimal", i18n.language)})
          </Typography.Text>
          <Switch checked={onlyExceptions} onChange={setOnlyExceptions} aria-label={t("timesheet.onlyExceptions")} />
          <Typography.Text>{t("timesheet.onlyExceptions")}</Typography.Text>
          {settings ? (
            <Typography.Text type="secondary">
              {t(`timesheet.payPeriod.${settings.pay_period}`)}
              {settings.overtime_daily_minutes !== null ? ` · ${t("timesheet.dailyRule", { hours: settings.overtime_daily_minutes / 60 })}` : ""}
              {settings.overtime_weekly_minutes !== null ? ` · ${t("timesheet.weeklyRule", { hours: settings.overtime_weekly_minutes / 60 })}` : ""}
              {` · ${t("timesheet.workWeek", { count: settings.work_days_per_week })}`}
            </Typography.Text>
          ) : null}
        </Space>
        {canEdit && ready ? (
          <ApproveSelected
            people={chosen}
            from={shown.from}
            to={shown.to}
            onDone={() => {
              setSelected([]);
              void reload();
            }}
          />
        ) : null}
        <People
          people={people}
          loading={loading}
          hoursFormat={hoursFormat}
          from={shown.from}
          to={shown.to}
          zone={zone}
          canEdit={canEdit}
          selected={selected}
          onSelect={setSelected}
          onCorrect={(target) => setCorrecting({ target, opening: Date.now() })}
          onChanged={() => void reload()}
        />
      </Space>
      {correcting ? <CorrectModal key={correcting.opening} target={correcting.target} onClose={() => setCorrecting(null)} onDone={() => void reload()} /> : null}
    </PageFrame>
  );
}
