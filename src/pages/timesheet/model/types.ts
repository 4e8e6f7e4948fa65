// The timesheet's wire answer (docs/api.md "Timesheet", GET timesheet/search), as the contract
// gives it. One day item is also the answer of PUT timesheet/correct/{id}.
export type HoursFormat = "clock" | "decimal";
export type PayPeriodKind = "weekly" | "two_weekly" | "monthly";
export type DayKind = "worked" | "absent" | "leave" | "scheduled" | "off";

export interface TimesheetCorrection {
  field: "clock_in" | "clock_out";
  original: string | null;
  corrected: string | null;
  reason: string;
  by_name: string;
  at: string;
}

export interface TimesheetPresenceRow {
  id: number;
  clock_in: string | null;
  clock_out: string | null;
  clock_in_inside: boolean | null;
  clock_out_inside: boolean | null;
  clock_in_loc: string | null;
  clock_out_loc: string | null;
  image_selfie: string | null;
  image_selfie_out: string | null;
  sent_late: boolean;
  presence_status: string;
  corrections: TimesheetCorrection[];
}

export interface TimesheetDayRow {
  date: string;
  zone: string;
  kind: DayKind;
  shift: { id: number; name: string; start_time: string; end_time: string } | null;
  worked_minutes: number;
  break_minutes: number;
  regular_minutes: number;
  overtime_minutes: number;
  late: boolean;
  late_minutes: number;
  open: boolean;
  locked: boolean;
  presences: TimesheetPresenceRow[];
}

export interface TimesheetApproval {
  id: number;
  from: string;
  to: string;
  status: "approved" | "reopened";
  approved_by_name: string;
  approved_at: string;
  reopened_by_name: string | null;
  reopened_at: string | null;
  reopen_reason: string | null;
}

export interface TimesheetPersonRow {
  user_id: number;
  name: string;
  role_name: string | null;
  division_name: string | null;
  days: TimesheetDayRow[];
  totals: {
    worked_minutes: number;
    break_minutes: number;
    regular_minutes: number;
    overtime_minutes: number;
    days_worked: number;
    late_days: number;
    absent_days: number;
    leave_days: number;
  };
  approvals: TimesheetApproval[];
}

export interface TimesheetSettings {
  hours_format: HoursFormat;
  pay_period: PayPeriodKind;
  overtime_daily_minutes: number | null;
  overtime_weekly_minutes: number | null;
  time_zone: string;
}

export interface TimesheetData {
  settings: TimesheetSettings;
  people: TimesheetPersonRow[];
}
