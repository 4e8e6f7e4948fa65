// The timesheet's wire answer (docs/api.md "Timesheet", GET timesheet/search): the types of
// declaration/answers.ts under the page's names. One day item is also the answer of PUT
// timesheet/correct/{id}.
export type {
  TimesheetAnswer as TimesheetData,
  TimesheetApprovalAnswer as TimesheetApproval,
  TimesheetCorrection,
  TimesheetDayAnswer as TimesheetDayRow,
  TimesheetDayKind as DayKind,
  TimesheetPersonAnswer as TimesheetPersonRow,
  TimesheetPresenceAnswer as TimesheetPresenceRow,
  TimesheetSettingsAnswer as TimesheetSettings,
} from "../../../../declaration/answers";
export type { HoursFormat, PayPeriodKind } from "../../../../declaration/timesheet";
