// What the export writes (CSV and XLSX alike), a payroll's input: the columns (one list, each with
// the kind of value it holds) and one row per person and day, then a totals row per person, from
// the timesheet as shown (the answer of timesheet/search); and the hours per person per project
// (the XLSX's second sheet). Values are typed, not formatted: hours are decimal hours (minutes /
// 60), dates the site's day (YYYY-MM-DD) and times the site's wall clock (YYYY-MM-DDTHH:mm, the
// day's zone in its own column); the writers (./xlsx.ts, ./csvExport.ts) make cells of them.
// Labour cost (integer rupiah: the day's, and each site's share) only when the answer carries it
// (a viewer who may see pay). Pure: words come from `t`.
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import type { TimesheetDayRow, TimesheetPersonRow, TimesheetPresenceRow } from "./types";

dayjs.extend(utc);
dayjs.extend(timezone);

/** How a column's values are written: words, a date, a wall-clock time, decimal hours, a whole number. */
export type ExportKind = "text" | "date" | "time" | "hours" | "integer";

export const EXPORT_COLUMNS = [
  { key: "employee_code", kind: "text" },
  { key: "nik", kind: "text" },
  { key: "name", kind: "text" },
  { key: "role", kind: "text" },
  { key: "division", kind: "text" },
  { key: "date", kind: "date" },
  { key: "zone", kind: "text" },
  { key: "site", kind: "text" },
  { key: "shift", kind: "text" },
  { key: "status", kind: "text" },
  { key: "clock_in", kind: "time" },
  { key: "clock_out", kind: "time" },
  { key: "clock_in_place", kind: "text" },
  { key: "clock_out_place", kind: "text" },
  { key: "break", kind: "hours" },
  { key: "worked", kind: "hours" },
  { key: "regular", kind: "hours" },
  { key: "overtime", kind: "hours" },
  { key: "rest_day_overtime", kind: "hours" },
  { key: "labour_cost", kind: "integer" },
  { key: "labour_cost_by_site", kind: "text" },
  { key: "late_minutes", kind: "integer" },
  { key: "sent_late", kind: "text" },
  { key: "corrected", kind: "text" },
  { key: "locked", kind: "text" },
] as const satisfies readonly { key: string; kind: ExportKind }[];

export type ExportColumn = (typeof EXPORT_COLUMNS)[number]["key"];
/** A cell before it is written: text, a number (hours, minutes), a date or time as above, or "" for none. */
export type ExportValue = string | number;
export type ExportRow = Record<ExportColumn, ExportValue>;

export interface ExportSheet<K extends string> {
  columns: { key: K; kind: ExportKind; title: string }[];
  rows: Record<K, ExportValue>[];
}
export type ExportTable = ExportSheet<ExportColumn>;

/** The per-project sheet: hours (regular and overtime) and labour cost per person per project. */
export const PROJECT_COLUMNS = [
  { key: "project", kind: "text" },
  { key: "employee_code", kind: "text" },
  { key: "nik", kind: "text" },
  { key: "name", kind: "text" },
  { key: "days", kind: "integer" },
  { key: "worked", kind: "hours" },
  { key: "regular", kind: "hours" },
  { key: "overtime", kind: "hours" },
  { key: "labour_cost", kind: "integer" },
] as const satisfies readonly { key: string; kind: ExportKind }[];
export type ProjectColumn = (typeof PROJECT_COLUMNS)[number]["key"];
export type ProjectTable = ExportSheet<ProjectColumn>;

type T = (key: string, options?: Record<string, unknown>) => string;

/** An instant on the zone's wall clock, YYYY-MM-DDTHH:mm; "" without one. */
export function timeInZone(v: string | null, zone: string): string {
  if (!v) return "";
  const d = dayjs(v);
  return d.isValid() ? d.tz(zone).format("YYYY-MM-DDTHH:mm") : "";
}

/** Minutes as decimal hours. */
export const hoursOf = (minutes: number): number => minutes / 60;

const place = (inside: boolean | null, t: T): string => (inside === null ? "" : t(inside ? "timesheet.inside" : "timesheet.outside"));
const joined = (ps: readonly TimesheetPresenceRow[], f: (p: TimesheetPresenceRow) => string): string =>
  ps
    .map(f)
    .filter((s) => s !== "")
    .join(" / ");
const distinct = (xs: readonly string[]): string => [...new Set(xs.filter((x) => x !== ""))].join(" / ");
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

const titled = <K extends string>(cols: readonly { key: K; kind: ExportKind }[], t: T) => cols.map((c) => ({ key: c.key, kind: c.kind, title: t(`timesheet.col.${c.key}`) }));

/**
 * The day rows and totals. A day's clock-in is its first presence's, its clock-out its last
 * presence's (empty while that one is open); each presence's place is listed in order.
 */
export function exportTable(people: readonly TimesheetPersonRow[], t: T): ExportTable {
  const rows: ExportRow[] = [];
  for (const p of people) {
    const who = { employee_code: p.code ?? "", nik: p.nik ?? "", name: p.name, role: p.role_name ?? "", division: p.division_name ?? "" };
    for (const d of p.days) {
      const first = d.presences[0];
      const last = d.presences[d.presences.length - 1];
      rows.push({
        ...who,
        date: d.date,
        zone: d.zone,
        site: distinct(d.presences.map((x) => x.project_name ?? "")),
        shift: d.shift?.name ?? "",
        status: dayStatus(d, t),
        clock_in: first ? timeInZone(first.clock_in, d.zone) : "",
        clock_out: last ? timeInZone(last.clock_out, d.zone) : "",
        clock_in_place: joined(d.presences, (x) => place(x.clock_in_inside, t)),
        clock_out_place: joined(d.presences, (x) => place(x.clock_out_inside, t)),
        break: hoursOf(d.break_minutes),
        worked: hoursOf(d.worked_minutes),
        regular: hoursOf(d.regular_minutes),
        overtime: hoursOf(d.overtime_minutes),
        rest_day_overtime: d.rest_day_overtime_minutes ? hoursOf(d.rest_day_overtime_minutes) : "",
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
      date: "",
      zone: "",
      site: "",
      shift: "",
      status: `${t("timesheet.total")}: ${t("timesheet.totalsStatus", { worked: s.days_worked, late: s.late_days, absent: s.absent_days, leave: s.leave_days })}`,
      clock_in: "",
      clock_out: "",
      clock_in_place: "",
      clock_out_place: "",
      break: hoursOf(s.break_minutes),
      worked: hoursOf(s.worked_minutes),
      regular: hoursOf(s.regular_minutes),
      overtime: hoursOf(s.overtime_minutes),
      rest_day_overtime: hoursOf(s.rest_day_overtime_minutes),
      labour_cost: s.labour_cost ?? "",
      labour_cost_by_site: "",
      late_minutes: "",
      sent_late: "",
      corrected: "",
      locked: "",
    });
  }
  const pay = carriesPay(people);
  const columns = EXPORT_COLUMNS.filter((c) => pay || !PAY_COLUMNS.includes(c.key));
  return {
    columns: titled(columns, t),
    rows: pay ? rows : rows.map((r) => Object.fromEntries(columns.map((c) => [c.key, r[c.key]])) as ExportRow),
  };
}

/**
 * Hours per person per project: each presence's worked, regular and overtime minutes and labour
 * cost (its share of its day's, by worked minutes, as the server splits them: an open one has none
 * yet) summed by project and person, and the days they worked there; by project name, then person
 * as the timesheet orders them. Presences without a project are under "no project". The labour
 * cost column only when the answer carries pay; empty for a person without a pay rate.
 */
export function projectTable(people: readonly TimesheetPersonRow[], t: T): ProjectTable {
  const noProject = t("timesheet.noProject");
  interface Entry {
    person: TimesheetPersonRow;
    order: number;
    worked: number;
    regular: number;
    overtime: number;
    cost: number | null;
    days: Set<string>;
  }
  const byProject = new Map<string, Map<number, Entry>>();
  people.forEach((person, order) => {
    for (const d of person.days)
      for (const x of d.presences) {
        const project = x.project_name ?? noProject;
        const mine = byProject.get(project) ?? new Map<number, Entry>();
        byProject.set(project, mine);
        const entry = mine.get(person.user_id) ?? { person, order, worked: 0, regular: 0, overtime: 0, cost: null, days: new Set<string>() };
        mine.set(person.user_id, entry);
        entry.worked += x.worked_minutes ?? 0;
        entry.regular += x.regular_minutes ?? 0;
        entry.overtime += x.overtime_minutes ?? 0;
        if (x.labour_cost !== null && x.labour_cost !== undefined) entry.cost = (entry.cost ?? 0) + x.labour_cost;
        entry.days.add(d.date);
      }
  });
  const rows: Record<ProjectColumn, ExportValue>[] = [];
  for (const project of [...byProject.keys()].sort((a, b) => a.localeCompare(b)))
    for (const e of [...byProject.get(project)!.values()].sort((a, b) => a.order - b.order))
      rows.push({
        project,
        employee_code: e.person.code ?? "",
        nik: e.person.nik ?? "",
        name: e.person.name,
        days: e.days.size,
        worked: hoursOf(e.worked),
        regular: hoursOf(e.regular),
        overtime: hoursOf(e.overtime),
        // A priced person's day without time at the site still counts 0 there.
        labour_cost: e.cost ?? (e.person.hourly_wage !== null && e.person.hourly_wage !== undefined ? 0 : ""),
      });
  const pay = carriesPay(people);
  const columns = PROJECT_COLUMNS.filter((c) => pay || c.key !== "labour_cost");
  return {
    columns: titled(columns, t),
    rows: pay ? rows : rows.map((r) => Object.fromEntries(columns.map((c) => [c.key, r[c.key]])) as Record<ProjectColumn, ExportValue>),
  };
}
