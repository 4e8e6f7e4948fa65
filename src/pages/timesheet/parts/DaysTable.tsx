// One person's days: each presence's site, clock in and out on the day's zone (its abbreviation
// when the browser is in another), inside or outside the work area, the selfies (a preview on
// click), break (and the breaks punched), regular and overtime hours, late / absent / leave,
// "sent late", what needs a look (missing clock-out, over 12 h, overlap, an edit tried while
// approved), the corrections (the original struck through, who, when, why) and the locked mark; a
// correct action per presence with the edit right.
import { Button, Space, Table, Tag, Typography } from "antd";
import { EditOutlined, LockOutlined } from "@ant-design/icons";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { resourceByName } from "../../../../declaration";
import { formatHours } from "../../../../declaration/timesheet";
import AuthImage from "../../../crud/display/AuthImage";
import { imagePath } from "../../../crud/display/imageFolder";
import { DATE_FORMAT, formatMoney } from "../../../lib/format";
import { formatClock, formatDateTime } from "../../../lib/zonedTime";
import type { HoursFormat, TimesheetDayRow, TimesheetPresenceRow } from "../model/types";

export interface CorrectTarget {
  presence: TimesheetPresenceRow;
  zone: string;
}

const PRESENCE = resourceByName("presence");
type SelfieField = "image_selfie" | "image_selfie_out";
/** The selfie's path below the API (image/{folder}/{file}, the presence's image folder). */
const selfiePath = (name: SelfieField, value: string): string =>
  imagePath(
    PRESENCE,
    PRESENCE.fields.find((f) => f.name === name)!,
    value,
  );

export function Clock({
  at,
  inside,
  selfie,
  field,
  zone,
  lang,
}: {
  at: string | null;
  inside: boolean | null;
  selfie: string | null;
  field: SelfieField;
  zone: string;
  lang: string;
}) {
  const { t } = useTranslation();
  if (!at) return <span>-</span>;
  return (
    <Space size={4} wrap>
      <span>{formatClock(at, zone, lang)}</span>
      {inside === null ? null : <Tag color={inside ? "green" : "orange"}>{t(inside ? "timesheet.inside" : "timesheet.outside")}</Tag>}
      {selfie ? <AuthImage path={selfiePath(field, selfie)} alt={t("timesheet.selfie")} size={32} /> : null}
    </Space>
  );
}

export function Corrections({ p, zone, lang }: { p: TimesheetPresenceRow; zone: string; lang: string }) {
  const { t } = useTranslation();
  if (!p.corrections.length) return null;
  return (
    <div>
      {p.corrections.map((c, i) => (
        <div key={i} style={{ fontSize: 12 }}>
          {t(`timesheet.field.${c.field}`)}: <Typography.Text delete>{c.original ? formatClock(c.original, zone, lang) : "-"}</Typography.Text> →{" "}
          {c.corrected ? formatClock(c.corrected, zone, lang) : "-"}{" "}
          <Typography.Text type="secondary">{t("timesheet.correctedBy", { name: c.by_name, at: formatDateTime(c.at, zone, lang), reason: c.reason })}</Typography.Text>
        </div>
      ))}
    </div>
  );
}

/** The breaks punched within a presence, as "12:00-13:15" on the day's clock. */
export function Breaks({ p, zone, lang }: { p: TimesheetPresenceRow; zone: string; lang: string }) {
  const { t } = useTranslation();
  if (!p.breaks.length) return null;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {t("timesheet.breaks", { list: p.breaks.map((b) => `${formatClock(b.start, zone, lang)}-${b.end ? formatClock(b.end, zone, lang) : "…"}`).join(", ") })}
    </Typography.Text>
  );
}

const FLAG_COLOR: Record<TimesheetDayRow["flags"][number], string> = { missing_clock_out: "red", long_presence: "orange", overlap: "red", edit_tried: "purple" };

/** Absent, leave, scheduled (not yet worked), day off, late (with minutes), sent late, not clocked out, and the flags. */
export function DayTags({ day: d }: { day: TimesheetDayRow }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {d.flags.map((f) => (
        <Tag key={f} color={FLAG_COLOR[f]}>
          {t(`timesheet.flag.${f}`)}
        </Tag>
      ))}
      {d.kind === "absent" ? <Tag color="red">{t("timesheet.kind.absent")}</Tag> : null}
      {d.kind === "leave" ? <Tag color="blue">{t("timesheet.kind.leave")}</Tag> : null}
      {d.kind === "scheduled" || d.kind === "off" ? <Tag>{t(`timesheet.kind.${d.kind}`)}</Tag> : null}
      {d.rest_kind ? <Tag color={d.rest_kind === "holiday" ? "magenta" : "purple"}>{t(`timesheet.restKind.${d.rest_kind}`)}</Tag> : null}
      {d.late ? <Tag color="orange">{t("timesheet.lateMinutes", { count: d.late_minutes })}</Tag> : null}
      {d.presences.some((p) => p.sent_late) ? <Tag>{t("timesheet.sentLate")}</Tag> : null}
      {d.open && !d.flags.includes("missing_clock_out") ? <Tag>{t("timesheet.open")}</Tag> : null}
    </Space>
  );
}

/** A day's labour cost and, over several sites, each one's share. */
export function DayCost({ day, lang }: { day: TimesheetDayRow; lang: string }) {
  if (day.labour_cost === null) return <span>-</span>;
  const sites = day.presences.filter((p) => p.labour_cost);
  return (
    <Space direction="vertical" size={0}>
      <span>{formatMoney(day.labour_cost, lang)}</span>
      {sites.length > 1
        ? sites.map((p) => (
            <Typography.Text key={p.id} type="secondary" style={{ fontSize: 12 }}>
              {p.project_name ?? "-"}: {formatMoney(p.labour_cost, lang)}
            </Typography.Text>
          ))
        : null}
    </Space>
  );
}

export function DaysTable({
  days,
  hoursFormat,
  canEdit,
  onCorrect,
  pay = false,
}: {
  days: TimesheetDayRow[];
  hoursFormat: HoursFormat;
  canEdit: boolean;
  onCorrect: (t: CorrectTarget) => void;
  /** The answer carries labour cost (the viewer may see pay). */
  pay?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const hours = (m: number) => formatHours(m, hoursFormat, lang);
  return (
    <Table<TimesheetDayRow>
      size="small"
      rowKey="date"
      pagination={false}
      scroll={{ x: "max-content" }}
      dataSource={days}
      columns={[
        {
          title: t("timesheet.col.date"),
          key: "date",
          render: (_, d) => (
            <Space size={4}>
              {dayjs(d.date).format(DATE_FORMAT)}
              {d.locked ? <LockOutlined aria-label={t("timesheet.locked")} title={t("timesheet.locked")} /> : null}
            </Space>
          ),
        },
        { title: t("timesheet.col.shift"), key: "shift", render: (_, d) => d.shift?.name ?? "-" },
        {
          title: t("timesheet.col.site"),
          key: "site",
          render: (_, d) => (
            <Space direction="vertical" size={2}>
              {d.presences.map((p) => (
                <Typography.Text key={p.id} ellipsis={{ tooltip: p.project_name }} style={{ maxWidth: 200 }}>
                  {p.project_name ?? "-"}
                </Typography.Text>
              ))}
            </Space>
          ),
        },
        {
          title: t("timesheet.col.clock_in"),
          key: "in",
          render: (_, d) => (
            <Space direction="vertical" size={2}>
              {d.presences.map((p) => (
                <Clock key={p.id} at={p.clock_in} inside={p.clock_in_inside} selfie={p.image_selfie} field="image_selfie" zone={d.zone} lang={lang} />
              ))}
            </Space>
          ),
        },
        {
          title: t("timesheet.col.clock_out"),
          key: "out",
          render: (_, d) => (
            <Space direction="vertical" size={2}>
              {d.presences.map((p) => (
                <Clock key={p.id} at={p.clock_out} inside={p.clock_out_inside} selfie={p.image_selfie_out} field="image_selfie_out" zone={d.zone} lang={lang} />
              ))}
            </Space>
          ),
        },
        {
          title: t("timesheet.col.break"),
          key: "break",
          align: "right",
          render: (_, d) => (
            <Space direction="vertical" size={0} align="end">
              {hours(d.break_minutes)}
              {d.presences.map((p) => (
                <Breaks key={p.id} p={p} zone={d.zone} lang={lang} />
              ))}
            </Space>
          ),
        },
        { title: t("timesheet.col.worked"), key: "worked", align: "right", render: (_, d) => hours(d.worked_minutes) },
        { title: t("timesheet.col.regular"), key: "regular", align: "right", render: (_, d) => hours(d.regular_minutes) },
        { title: t("timesheet.col.overtime"), key: "overtime", align: "right", render: (_, d) => hours(d.overtime_minutes) },
        ...(pay
          ? [{ title: t("timesheet.col.labour_cost"), key: "labour_cost", align: "right" as const, render: (_: unknown, d: TimesheetDayRow) => <DayCost day={d} lang={lang} /> }]
          : []),
        {
          title: t("timesheet.col.status"),
          key: "status",
          render: (_, d) => <DayTags day={d} />,
        },
        {
          title: t("timesheet.col.corrected"),
          key: "corrections",
          render: (_, d) => (
            <>
              {d.presences.map((p) => (
                <Corrections key={p.id} p={p} zone={d.zone} lang={lang} />
              ))}
            </>
          ),
        },
        ...(canEdit
          ? [
              {
                title: t("timesheet.actions"),
                key: "actions",
                render: (_: unknown, d: TimesheetDayRow) => (
                  <Space direction="vertical" size={2}>
                    {d.presences.map((p) => (
                      <Button key={p.id} size="small" icon={<EditOutlined />} onClick={() => onCorrect({ presence: p, zone: d.zone })}>
                        {t("timesheet.correct.open")}
                      </Button>
                    ))}
                  </Space>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
