// What the export writes (CSV and XLSX alike): the columns and one row per person and day, then
// a totals row per person, from the timesheet as shown (the answer of timesheet/search, the hours
// in the format the viewer chose). Times on the day's zone (the site's clock), written
// DD-MM-YYYY HH:mm with the zone in its own column. Labour cost (integer rupiah: the day's, and
// each site's share) only when the answer carries it (a viewer who may see pay). Pure: words come
// from `t`.
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { formatHours } from "../../../../declaration/timesheet";
import type { HoursFormat, TimesheetDayRow, TimesheetPersonRow, TimesheetPresenceRow } from "./types";

dayjs.extend(utc);
dayjs.extend(timezone);

export const EXPORT_COLUMNS = [
  "name",
  "role",
  "division",
  "date",
  "zone",
  "shift",
  "site",
  "status",
  "clock_in",
  "clock_out",
  "clock_in_place",
  "clock_out_place",
  "break",
  "worked",
  "regular",
  "overtime",
  "rest_day_overtime",
  "labour_cost",
  "labour_cost_by_site",
  "late_minutes",
  "sent_late",
  "corrected",
  "locked",
] as const;

export type ExportColumn = (typeof EXPORT_COLUMNS)[number];
/** A row: every column's value (the pay columns only when the table has them). */
export type ExportRow = Record<ExportColumn, string | number>;

export interface ExportTable {
  columns: { key: ExportColumn; title: string }[];
  rows: ExportRow[];
}

type T = (key: string, options?: Record<string, unknown>) => string;

const TIME = "DD-MM-YYYY HH:mm";

/** An instant on the zone's clock, DD-MM-YYYY HH:mm; "" without one. */
export function timeInZone(v: string | null, zone: string): string {
  if (!v) return "";
  const d = dayjs(v);
  return d.isValid() ? d.tz(zone).format(TIME) : "";
}

const place = (inside: boolean | null, t: T): string => (inside === null ? "" : t(inside ? "timesheet.inside" : "timesheet.outside"));
const joined = (ps: readonly TimesheetPresenceRow[], f: (p: TimesheetPresenceRow) => string): string =>
  ps
    .map(f)
    .filter((s) => s !== "")
    .join(" / ");
const yesNo = (b: boolean, t: T): string => (b ? t("timesheet.yes") : "");

/** The day's state in words: worked, absent, leave, scheduled, off; a rest day or holiday; and late when it was. */
export function dayStatus(day: TimesheetDayRow, t: T): string {
  const words = [t(`timesheet.kind.${day.kind}`)];
  if (day.rest_kind) words.push(t(`timesheet.restKind.${day.rest_kind}`));
  if (day.late) words.push(t("timesheet.lateMinutes", { count: day.late_minutes }));
  return words.join(", ");
}

/** Whether the answer carries pay (the server answers it only to who may see wages). */
export const carriesPay = (people: readonly TimesheetPersonRow[]): boolean => people.some((p) => p.totals.labour_cost !== null && p.totals.labour_cost !== undefined);

const PAY_COLUMNS: readonly ExportColumn[] = ["labour_cost", "labour_cost_by_site"];

export function exportTable(people: readonly TimesheetPersonRow[], hoursFormat: HoursFormat, lang: string, t: T): ExportTable {
  const hours = (m: number) => formatHours(m, hoursFormat, lang);
  const rows: ExportRow[] = [];
  for (const p of people) {
    const who = { name: p.name, role: p.role_name ?? "", division: p.division_name ?? "" };
    for (const d of p.days) {
      rows.push({
        ...who,
        date: dayjs(d.date).format("DD-MM-YYYY"),
        zone: d.zone,
        shift: d.shift?.name ?? "",
        site: joined(d.presences, (x) => x.project_name ?? ""),
        status: dayStatus(d, t),
        clock_in: joined(d.presences, (x) => timeInZone(x.clock_in, d.zone)),
        clock_out: joined(d.presences, (x) => timeInZone(x.clock_out, d.zone)),
        clock_in_place: joined(d.presences, (x) => place(x.clock_in_inside, t)),
        clock_out_place: joined(d.presences, (x) => place(x.clock_out_inside, t)),
        break: hours(d.break_minutes),
        worked: hours(d.worked_minutes),
        regular: hours(d.regular_minutes),
        overtime: hours(d.overtime_minutes),
        rest_day_overtime: d.rest_day_overtime_minutes ? hours(d.rest_day_overtime_minutes) : "",
        labour_cost: d.labour_cost ?? "",
        labour_cost_by_site: d.labour_cost ? joined(d.presences, (x) => (x.labour_cost ? `${x.project_name ?? "-"}: ${x.labour_cost}` : "")) : "",
        late_minutes: d.late ? d.late_minutes : "",
        sent_late: yesNo(
          d.presences.some((x) => x.sent_late),
          t,
        ),
        corrected: yesNo(
          d.presences.some((x) => x.corrections.length > 0),
          t,
        ),
        locked: yesNo(d.locked, t),
      });
    }
    const s = p.totals;
    rows.push({
      ...who,
      date: t("timesheet.total"),
      zone: "",
      shift: "",
      site: "",
      status: t("timesheet.totalsStatus", { worked: s.days_worked, late: s.late_days, absent: s.absent_days, leave: s.leave_days }),
      clock_in: "",
      clock_out: "",
      clock_in_place: "",
      clock_out_place: "",
      break: hours(s.break_minutes),
      worked: hours(s.worked_minutes),
      regular: hours(s.regular_minutes),
      overtime: hours(s.overtime_minutes),
      rest_day_overtime: hours(s.rest_day_overtime_minutes),
      labour_cost: s.labour_cost ?? "",
      labour_cost_by_site: "",
      late_minutes: "",
      sent_late: "",
      corrected: "",
      locked: "",
    });
  }
  const pay = carriesPay(people);
  const columns = EXPORT_COLUMNS.filter((key) => pay || !PAY_COLUMNS.includes(key));
  return {
    columns: columns.map((key) => ({ key, title: t(`timesheet.col.${key}`) })),
    rows: pay ? rows : rows.map((r) => Object.fromEntries(columns.map((k) => [k, r[k]])) as ExportRow),
  };
}

/** The table as CSV rows: one object per row keyed by the columns' titles (src/crud/csv.ts writes them). */
export const csvRows = (table: ExportTable): Record<string, string | number>[] => table.rows.map((r) => Object.fromEntries(table.columns.map((c) => [c.title, r[c.key]])));
