// The answers of the custom operations the web app reads (types only): the `data` of the answer
// envelope, by resource name and operation name (the declared camelCase name, or the resolved
// one: "one", "list", "total", "search"). The server's handlers are checked against this map
// (registerCustom in server/routes/custom-registry.ts) and the web app reads them typed
// (useOperation / callOperation in src/providers/operations.ts). An operation missing here is
// still callable from the server's side, untyped; the web's typed calls only know these.
import type { RowOf } from "./rows";

/** A record as answered: its fields, with `<ref>_label` beside each reference. */
export type AnswerRecord = Record<string, unknown>;

/** A node of a tree answer: the record with the nodes below it. */
export type TreeNode<T> = T & { children: Array<TreeNode<T>> };

/** template-gantt getTree: a node of the template's structure (other plain values kept). */
export interface TemplateNode {
  /** The node's own `id` or `code`, else its position ("1", "1.2"). */
  id: string;
  name: string;
  children: TemplateNode[];
  [k: string]: unknown;
}

/** folder-document-proyek getTree: a folder with its documents (id null: the project's top level). */
export type FolderNode = AnswerRecord & { documents: AnswerRecord[] };

/** The levels of an FTTH network, top-down. */
export type FtthLevel = "olt" | "odc" | "odp" | "ont";

/** hierarchy-ftths countTree: a node with the count of nodes below it. */
export interface CountNode {
  id: number;
  name: string;
  code: string;
  level: string;
  status: string;
  /** Nodes below this one (all levels). */
  count: number;
  /** Nodes below this one per level. */
  by_level: Record<FtthLevel, number>;
  children: CountNode[];
}

/** hierarchy-ftths countTree: the project's totals and the counted tree. */
export interface CountTree {
  total: number;
  by_level: Record<FtthLevel, number>;
  by_status: Record<string, number>;
  tree: CountNode[];
}

/** kanban-card getData: one column per status, in the declared order, with its cards. */
export interface KanbanColumn {
  status: string;
  cards: AnswerRecord[];
}

/** human-resource importPreview: each row of a staff CSV as `add` would take it, and what is wrong with it (nothing is stored). */
export interface StaffImportPreview {
  rows: Array<{ row: number; values: Record<string, unknown>; errors: Record<string, string> }>;
  valid: number;
  invalid: number;
}

/** human-resource listAssignActivity: a user who may work on the activity. */
export type AssignableUser = AnswerRecord & {
  assigned: boolean;
  /** The user-to-activity row when assigned. */
  user_to_activity_id: number | null;
};

/** information-storage: a company's stored files. */
export interface StorageInfo {
  company_id: number;
  company_id_label: string;
  company_name: string;
  used_bytes: number;
  file_count: number;
  /** null: no quota set (no limit). */
  quota_bytes: number | null;
  /** used / quota in percent, one decimal (null without a quota). */
  used_percent: number | null;
}

/** map-monitoring search: the attendance point (declaration/map-service.ts, the map's wire). */
export type { AttendancePoint, HistoryColumns, HistoryPoint } from "./map-service";

/** waypoint-monitoring searchByUser: one waypoint of the user. */
export interface UserWaypoint {
  user_id: unknown;
  user_id_label: unknown;
  wptime: unknown;
  lon: unknown;
  lat: unknown;
}

/** version-gantt savePlan: the version's revision after the save and its activities now, in order. */
export interface SavedPlan {
  revision: number;
  activities: AnswerRecord[];
}

/** presence today: one of the worker's projects, with its work area and its zone (its own, else the company's). */
export interface FieldDayProject {
  id: number;
  name: string;
  /** [lon, lat], or null when the project has no location (no work area). */
  location: [number, number] | null;
  work_radius_m: number | null;
  time_zone: string;
  /** The project's address (its site), or null. */
  address: string | null;
}

/** presence today: the worker's shift on the day. */
export interface FieldDayShift {
  id: number;
  name: string;
  start_time: string;
  end_time: string;
  grace_minutes: number | null;
}

/** presence break-start / break-end: a break punched within the worker's open presence. */
export interface PresenceBreakRecord {
  id: number;
  presence_id: number;
  start: string;
  end: string | null;
  /** How far off the phone's time of a punch was, in seconds (the larger of the two; null: within the tolerance, or not known). */
  clock_skew_seconds: number | null;
}

/** presence attendance-today: the presence rows the actor may see dated today on each row's site
 *  (its project's zone, else the company's), by status, and those clocked in outside the work area. */
export interface AttendanceToday {
  present: number;
  late: number;
  absent: number;
  leave: number;
  sick: number;
  /** Clocked in outside the project's work area (work_area_in "outside"), any status. */
  outside: number;
}

/** panic-button trail/{id}: one step of an alarm, oldest first. */
export interface PanicTrailEntry {
  id: number;
  /**
   * raised, escalated, acknowledged, resolved: the alarm's steps. delivered: a person's open app
   * (their event stream) carried it. sent / retried / failed: one attempt of an e-mail or webhook
   * delivery to a person (server/events/delivery.ts): accepted by the mail server or the webhook's
   * receiver; refused and tried again at `next_attempt_at`; refused for good (the reason in `note`).
   */
  kind: "raised" | "delivered" | "escalated" | "acknowledged" | "resolved" | "sent" | "retried" | "failed";
  /** Who: the worker (raised), the person it was delivered or sent to, who acknowledged or resolved it; null: the server (escalated). */
  actor_id: number | null;
  actor_name: string | null;
  at: string;
  /** The resolution's or acknowledgement's note; for a refused delivery, the reason. */
  note: string | null;
  /** How a delivery went: "app" (delivered), "email" or "webhook" (sent / retried / failed); null for the alarm's steps. */
  channel: "app" | "email" | "webhook" | null;
  /** A delivery attempt's number (1 for the first); null otherwise. */
  attempt: number | null;
  /** retried: when the next attempt is due; null otherwise. */
  next_attempt_at: string | null;
}

/** presence today: the worker's own day (docs/api.md "Field capture"). */
export interface FieldDay {
  /** The open presence (the worker's latest, clocked in within 24 hours and not out), else the day's latest, else null. */
  presence: AnswerRecord | null;
  /** The day's presences (the open presence's shift-day, else today), clock-in order: one per site worked at. */
  presences: AnswerRecord[];
  /** The break running in the open presence (break-start without its break-end), or null. */
  break: PresenceBreakRecord | null;
  projects: FieldDayProject[];
  shift: FieldDayShift | null;
  /** The zone that decides "today": the open presence's site, else the company's. */
  time_zone: string;
  /** That day there, YYYY-MM-DD. */
  date: string;
  /** The server's clock (ISO): a page may warn when the phone's is off. */
  server_time: string;
}

/** waypoint addBatch: points stored, and skipped as already stored (same user and time). */
export interface StoredPoints {
  stored: number;
  skipped: number;
}

/** device-key add: the record and the key, answered this once. */
export type NewDeviceKey = AnswerRecord & { key: string };

/** project timeZones: the company's zone and the projects whose zone differs from it (id → IANA name). */
export interface ProjectTimeZones {
  company: string;
  projects: Record<string, string>;
}

/** A role's rights on one menu: holding the row is reading it; empty row_scope = the role type's default. */
export interface RoleRight {
  menu_id: number;
  can_add: boolean;
  can_edit: boolean;
  can_delete: boolean;
  row_scope: "own" | "projects" | "company" | null;
}

/** A menu as the menu answers give it: the menu record's fields (declaration/rows.ts), `order` 0 when the record has none. */
export type MenuLine = Pick<RowOf<"menu">, "id" | "name" | "alias" | "url" | "icon" | "parent_id"> & { order: number };

/** A menu of a session: the menu and the role's rights on it. */
export type SessionMenuAnswer = MenuLine & Pick<RoleRight, "can_add" | "can_edit" | "can_delete">;

/** menu management: a menu the role's company has, with the role's rights on it and the menus below it. */
export interface RoleMenuNode extends Omit<RoleRight, "menu_id">, MenuLine {
  /** The role holds the menu (may read it). */
  assigned: boolean;
  children: RoleMenuNode[];
}

/** role-menu replaceByrole: the role's rights as stored now, by menu order. */
export interface SavedRights {
  role_id: number;
  rights: RoleRight[];
}

/** Who a session is (the login answer without its token; GET /api/session): the user, the role and its menus. */
export interface SessionAnswer {
  user: { id: number; name: string; email: string; company_id: number | null; company_name: string | null; photo: string | null; time_zone: string };
  role: { id: number; name: string; role_type: string } | null;
  menus: SessionMenuAnswer[];
  /** A view-as session (role viewAs): read-only, opened by this admin. */
  view_as: { by_id: number; by_name: string | null; role_id: number; role_name: string } | null;
}

/** role viewAs: a read-only session as a user of the role (its token, answered this once). */
export type ViewAsSession = SessionAnswer & { token: string; expires_at: string };

/** POST /api/login, and the two-factor step that follows it: a new session (its token, answered this once). */
export type LoginAnswer = Omit<SessionAnswer, "view_as"> & { token: string; expires_at: string };

/** The second step a sign-in needs (docs/api.md "Auth"): the code ("verify") or setting two-factor sign-in up first ("setup"). */
export interface TwoFactorChallenge {
  step: "verify" | "setup";
  /** Single use, bound to the user whose password was right; sent back with the code. */
  challenge: string;
  expires_at: string;
}

/** A TOTP secret being set up: the QR code's otpauth:// address and the secret to type instead. */
export interface TwoFactorSetup {
  secret: string;
  otpauth_url: string;
  issuer: string;
  account: string;
}

/** GET /api/two-factor: the signed-in user's second factor. */
export interface TwoFactorStatus {
  enabled: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
  /** The settings require it for this user: it cannot be turned off. */
  required: boolean;
}

/** human-resource twoFactor: a person's second factor as their admin sees it (never the secret). */
export interface PersonTwoFactor {
  enabled: boolean;
  enabled_at: string | null;
  required: boolean;
}

/** company-management ownSettings / updateOwnSettings: the settings a company's own admins set. */
export interface CompanyOwnSettings {
  require_two_factor_admins: boolean;
  /** Seconds before an unacknowledged panic is escalated to the admins (10 s to a day). */
  panic_escalate_seconds: number;
  /** Where the webhook deliveries of its alerts are posted; null: none (a webhook recipient's delivery then fails). */
  alert_webhook_url: string | null;
  /** Whether a signing secret is set (the secret itself is never answered). */
  alert_webhook_secret_set: boolean;
}

/** company-management userCounts: a company's people (human-resource rows), all and active. */
export interface CompanyUserCount {
  company_id: number;
  user_count: number;
  active_user_count: number;
}

/** company-management people/{id}: a company's people, for the platform owner restoring its administrator. */
export interface CompanyPerson {
  id: number;
  name: string;
  email: string;
  is_active: boolean;
  role_id: number | null;
  role_name: string | null;
  /** Holds every right on staff, roles and role rights (declaration/rights.ts ADMINISTRATION_MENUS) and is active. */
  is_administrator: boolean;
}

/** company-management restoreAdmin/{id}: who is the company's administrator again, with which role. */
export interface RestoredAdmin {
  user_id: number;
  role_id: number;
  role_name: string;
}

/** A count of transactions and their total (whole rupiah). */
export interface SalesFigure {
  transaction_count: number;
  total: number;
}

/** sales-summary summary: every company's sales, the platform owner's view (server/custom/sales-summary.ts). */
export interface SalesSummary {
  /** Paid transactions, all time. */
  paid: SalesFigure;
  /** Transactions waiting for payment. */
  pending: SalesFigure;
  /** Paid, by the month of payment in WIB ("2026-11"), newest first. */
  by_month: Array<SalesFigure & { month: string }>;
  /** Paid, by package, the largest total first. */
  by_package: Array<SalesFigure & { package_id: number; package_id_label: string }>;
  /** Paid, by company, the largest total first. */
  by_company: Array<SalesFigure & { company_id: number; company_id_label: string }>;
  /** The pending transactions themselves, oldest first. */
  pending_transactions: Array<{
    id: number;
    invoice_number: string;
    company_id: number;
    company_id_label: string;
    package_id: number;
    package_id_label: string;
    payment_method: string;
    total: number;
    created_at: string | null;
  }>;
  /** Every referral code: its stored use count and the sales through it (paid ones; pending apart), by code. */
  referral_codes: Array<{
    refferal_code_id: number;
    code: string;
    title: string;
    is_active: boolean;
    quota: number | null;
    used_count: number;
    paid: SalesFigure;
    pending_count: number;
    /** The discount the paid sales were given. */
    discount_total: number;
  }>;
}

/** A correction of a presence's clock-in or out (timesheet correct): the value before and after. */
export interface TimesheetCorrection {
  field: "clock_in" | "clock_out";
  /** ISO instants; null: there was none (there is none). */
  original: string | null;
  corrected: string | null;
  reason: string;
  by_name: string;
  at: string;
}

/** A break punched within a presence (presence break-start / break-end): ISO instants; end null while it runs. */
export interface PresenceBreakAnswer {
  start: string;
  end: string | null;
}

/** A presence as the timesheet shows it. */
export interface TimesheetPresenceAnswer {
  id: number;
  /** The site: the presence's project (a person may work at several a day). */
  project_id: number | null;
  project_name: string | null;
  clock_in: string | null;
  clock_out: string | null;
  /** Its share of the day's worked minutes (its stored work_duration); null while open. */
  worked_minutes: number | null;
  breaks: PresenceBreakAnswer[];
  /** Clocked inside the work area (work_area_in / work_area_out); null: not known. */
  clock_in_inside: boolean | null;
  clock_out_inside: boolean | null;
  clock_in_loc: string | null;
  clock_out_loc: string | null;
  /** File URLs, as the presence's answers give them. */
  image_selfie: string | null;
  image_selfie_out: string | null;
  sent_late: boolean;
  presence_status: string;
  /** Oldest first. */
  corrections: TimesheetCorrection[];
  /**
   * Its share of the day's regular and overtime minutes (rest-day overtime included), by worked
   * minutes as its labour cost: the day's presences add up to the day's figures. 0 while open.
   */
  regular_minutes: number;
  overtime_minutes: number;
  /** Its share of the day's labour cost (integer rupiah, by worked minutes); null: the caller may not see pay, or the person has no pay rate. */
  labour_cost: number | null;
}

export type TimesheetDayKind = "worked" | "absent" | "leave" | "scheduled" | "off";

/**
 * What a reviewer should look at on a day: a presence without its clock-out (a later one began, or
 * it began over 12 hours ago), a presence over 12 hours, presences overlapping, and an edit of
 * the day tried while it was approved (a refused correction, a capture that came in after).
 */
export type TimesheetDayFlag = "missing_clock_out" | "long_presence" | "overlap" | "edit_tried";

/** A person's site-day (declaration/timesheet.ts); also the answer of timesheet correct. */
export interface TimesheetDayAnswer {
  date: string;
  zone: string;
  kind: TimesheetDayKind;
  shift: { id: number; name: string; start_time: string; end_time: string } | null;
  worked_minutes: number;
  break_minutes: number;
  regular_minutes: number;
  /** All overtime: beyond the daily and weekly thresholds, and rest_day_overtime_minutes. */
  overtime_minutes: number;
  /** Of overtime_minutes: worked on a rest day or a public holiday (declaration/pay.ts). */
  rest_day_overtime_minutes: number;
  /** Why the date is not a work day (the company's work week, its holidays); null on a work day. */
  rest_kind: "rest_day" | "holiday" | null;
  /** Regular hours × hourly wage + overtime pay (integer rupiah); null: the caller may not see pay, or the person has no pay rate. */
  labour_cost: number | null;
  late: boolean;
  late_minutes: number;
  open: boolean;
  /** Inside an approved period of this person: no correction before it is reopened; the figures are the approved ones. */
  locked: boolean;
  flags: TimesheetDayFlag[];
  presences: TimesheetPresenceAnswer[];
}

/** A person's approved (or reopened) period; the answer of timesheet approve. */
export interface TimesheetApprovalAnswer {
  id: number;
  user_id: number;
  from: string;
  to: string;
  status: "approved" | "reopened";
  approved_by_name: string;
  approved_at: string;
  reopened_by_name: string | null;
  reopened_at: string | null;
  reopen_reason: string | null;
  /** The totals as approved (kept, whatever the rules say now); null for an approval stored without them. */
  totals: TimesheetTotalsAnswer | null;
  /** The overtime thresholds or a shift the approved figures were computed with have changed since (an approved period only). */
  rules_changed: boolean;
}

/** timesheet approve-many: who was approved, and who not and why. */
export interface TimesheetApproveManyAnswer {
  approved: TimesheetApprovalAnswer[];
  skipped: Array<{ user_id: number; key: "already_approved" | "unresolved_exceptions" | "not_found"; dates?: string[] }>;
}

export interface TimesheetTotalsAnswer {
  worked_minutes: number;
  break_minutes: number;
  regular_minutes: number;
  overtime_minutes: number;
  rest_day_overtime_minutes: number;
  /** The days' labour cost (integer rupiah); null as on a day. Not kept by an approval. */
  labour_cost?: number | null;
  days_worked: number;
  late_days: number;
  absent_days: number;
  leave_days: number;
}

export interface TimesheetPersonAnswer {
  user_id: number;
  name: string;
  /** The staff record's code: the employee id a payroll knows the person by. */
  code: string | null;
  /** The national id number (staff nik); null also when the caller may not read staff records (and it is not their own). */
  nik: string | null;
  role_name: string | null;
  division_name: string | null;
  /** Every date of the range, in order. */
  days: TimesheetDayAnswer[];
  totals: TimesheetTotalsAnswer;
  /** Approvals overlapping the range, newest first. */
  approvals: TimesheetApprovalAnswer[];
  /** Days of the range with a flag (the review's exceptions). */
  flagged_days: number;
  /** The hourly wage used for labour cost (pay-rate: its hourly rate, else monthly wage / 173), rupiah; null as labour_cost. */
  hourly_wage: number | null;
}

export interface TimesheetSettingsAnswer {
  hours_format: "clock" | "decimal";
  pay_period: "weekly" | "two_weekly" | "monthly";
  overtime_daily_minutes: number | null;
  overtime_weekly_minutes: number | null;
  /** 5 (Monday-Friday) or 6 (Monday-Saturday) work days a week. */
  work_days_per_week: 5 | 6;
  /** The overtime multipliers of the hourly wage (declaration/pay.ts). */
  ot_workday_first: number;
  ot_workday_later: number;
  ot_restday_first: number;
  ot_restday_second: number;
  ot_restday_later: number;
  /** The company's IANA zone. */
  time_zone: string;
}

/** timesheet search: the company's rule and the people the caller may see, by name (server/custom/timesheet.ts). */
export interface TimesheetAnswer {
  /** The range answered (the query's, or the company's current pay period for `period=current`). */
  from: string;
  to: string;
  settings: TimesheetSettingsAnswer;
  people: TimesheetPersonAnswer[];
}

/** A day's field labour on a project (project labour-cost/{id}). */
export interface ProjectLabourDayAnswer {
  /** The shift-day (the timesheet's date). */
  date: string;
  worked_minutes: number;
  regular_minutes: number;
  overtime_minutes: number;
  /** Integer rupiah; people without a pay rate count 0. */
  labour_cost: number;
}

/** A person's field labour on a project over the answer's range. */
export interface ProjectLabourPersonAnswer {
  user_id: number;
  name: string;
  days_worked: number;
  worked_minutes: number;
  regular_minutes: number;
  overtime_minutes: number;
  /** Integer rupiah; null: the person has no pay rate (counted 0 in the totals). */
  labour_cost: number | null;
}

/**
 * project labour-cost/{id} (declaration/project-labour.ts): the project's field labour from its
 * first presence to today, by the timesheet's engine and rates: each presence's share of its
 * person-day's cost (TimesheetPresenceAnswer.labour_cost) goes to the presence's project.
 */
export interface ProjectLabourAnswer {
  project_id: number;
  /** The first presence's shift-day; null: nobody has clocked in at the project yet (no days). */
  from: string | null;
  /** Today on the company's clock. */
  to: string;
  /** Totals over the range; labour_cost in integer rupiah. */
  worked_minutes: number;
  regular_minutes: number;
  overtime_minutes: number;
  labour_cost: number;
  /** The days with time worked at the project, oldest first (labour to date per day: the S-curve's). */
  days: ProjectLabourDayAnswer[];
  /** The people who worked there, by name. */
  people: ProjectLabourPersonAnswer[];
  /** How many of them have no pay rate: their hours count, their cost 0. */
  unpriced_people: number;
}

/** product-transaction-user notification: the transaction's payment as it stands now. */
export interface PaymentResult {
  invoice_number: string;
  status: string;
  paid_at: string | null;
  period_start: string | null;
  period_end: string | null;
}

/**
 * A join's item as add-multiple answers it (a resource with a uniqueKey): the stored record, and
 * whether its pair was there already (nothing stored for it).
 */
export type PairRecord = AnswerRecord & { existing: boolean };

/** A catalogue item's stock at one site (`project_id` null: the tools' yard), declaration/requests.ts stockBySite. */
export interface SiteStockAnswer {
  project_id: number | null;
  project_id_label: string | null;
  stock: number;
  stock_in: number;
  stock_out: number;
}

/**
 * The answer (`data`) of each typed operation, by resource and operation name. Each resource's
 * entry is declared beside the resource (declaration/resources/<area>.ts) and merged in here:
 *
 *   declare module "../answers" {
 *     interface OperationAnswers {
 *       timesheet: { summary: TimesheetSummaryAnswer };
 *     }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the declarations' augmentations
export interface OperationAnswers {}

/** A resource with typed operations. */
export type OperationResource = keyof OperationAnswers;
/** A typed operation of the resource. */
export type OperationName<R extends OperationResource> = keyof OperationAnswers[R] & string;
/** The answer of a typed operation. */
export type AnswerOf<R extends OperationResource, O extends OperationName<R>> = OperationAnswers[R][O];

/** The answer of any operation: typed when the map lists it, unknown otherwise (server side). */
export type AnswerOfAny<R extends string, O extends string> = R extends OperationResource ? (O extends OperationName<R> ? AnswerOf<R, O> : unknown) : unknown;

/**
 * A custom operation's example answer, typed by its entry here (CustomOperationDecl.example):
 * `example: answerExample<"holiday", "myPeriod">({ ... })` does not compile while it differs
 * from the answer's type.
 */
export const answerExample = <R extends OperationResource, O extends OperationName<R>>(answer: AnswerOf<R, O>): AnswerOf<R, O> => answer;
