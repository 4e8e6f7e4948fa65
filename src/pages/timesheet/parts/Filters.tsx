// The filters: project, division, shift and person (the data provider's rows), the date range
// (DD-MM-YYYY, the company's clock) and the pay period quick picks (the company's pay period:
// current, previous, next).
import { Button, Select, Space } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { pickersIn } from "../../../crud/fields/zonedPickers";
import { DATE_FORMAT } from "../../../lib/format";
import { useFilterOptions } from "../hooks/useTimesheet";
import { beyondMaxRange, type PeriodStep, type TimesheetFilters } from "../model/filters";

const WIRE = "YYYY-MM-DD";
const REFS = [
  ["project_id", "projects"],
  ["division_id", "divisions"],
  ["shift_id", "shifts"],
  ["user_id", "people"],
] as const;

export function Filters({
  value,
  zone,
  onChange,
  onPeriod,
}: {
  value: TimesheetFilters;
  zone: string;
  onChange: (f: TimesheetFilters) => void;
  onPeriod: (step: PeriodStep) => void;
}) {
  const { t } = useTranslation();
  const options = useFilterOptions();
  const { RangePicker } = pickersIn(zone);
  return (
    <Space wrap size="small" style={{ width: "100%" }}>
      {REFS.map(([field, list]) => (
        <Select
          key={field}
          aria-label={t(`timesheet.filter.${field}`)}
          placeholder={t(`timesheet.filter.${field}`)}
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 160 }}
          options={options[list]}
          value={value[field] ?? undefined}
          onChange={(v?: number) => onChange({ ...value, [field]: v ?? null })}
        />
      ))}
      <RangePicker
        aria-label={t("timesheet.filter.range")}
        format={DATE_FORMAT}
        allowClear={false}
        value={[dayjs(value.from), dayjs(value.to)]}
        // At most 62 days, as the server answers: dates further from the first pick are disabled.
        disabledDate={(date, info) => beyondMaxRange(date, info.from)}
        onChange={(range) => {
          if (range?.[0] && range[1]) onChange({ ...value, from: range[0].format(WIRE), to: range[1].format(WIRE) });
        }}
      />
      <Space wrap size={4}>
        {(["previous", "current", "next"] as const).map((step) => (
          <Button key={step} onClick={() => onPeriod(step)}>
            {t(`timesheet.period.${step}`)}
          </Button>
        ))}
      </Space>
    </Space>
  );
}
