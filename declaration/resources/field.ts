// Field: attendance, alerts, tracking (resources.config.ts lists every group).
import { SELFIE_FILES } from "../field-capture";
import type { ResourceDecl } from "../types";
import type { TimesheetSettingsAnswer, TimesheetTotalsAnswer } from "../answers";
import type { AttendancePoint, HistoryColumns, HistoryPoint } from "../map-service";
import { ALERT_TYPE, isActive, note, PRESENCE_STATUS, userRef } from "./shared";

export const fieldResources: ResourceDecl[] = [
  {
    // The field worker's phone page (src/pages/field/, #/field): the day at a glance, clock-in and
    // out with a selfie, the panic button, the offline queue, the device keys of a tracking app.
    // No table: the page reads presence/today and calls the capture operations below. Its menu
    // is what gives a role the page (the seed gives it to field workers and supervisors).
    name: "field-day",
    route: "/field",
    scope: "none",
    group: "field",
    icon: "MobileOutlined",
    labelField: "presence_date",
    operations: [],
    pages: { list: "field" },
    fields: [
      { name: "presence_date", type: "date" },
      { name: "time_zone", type: "timezone" },
    ],
  },
  {
    name: "presence",
    handlers: ["field-presence", "dashboard-attendance"],
    scope: "company",
    rowVisibility: { person: "user_id", project: "project_id" },
    group: "field",
    icon: "ClockCircleOutlined",
    labelField: "presence_date",
    operations: [
      "search",
      // Beyond the spec: the worker's own clock-in and clock-out (docs/api.md "Field capture").
      // One selfie each (declaration/field-capture.ts).
      { name: "clockIn", method: "POST", path: "clock-in", multipart: true, files: SELFIE_FILES, right: { self: "presence" } },
      { name: "clockOut", method: "POST", path: "clock-out", multipart: true, files: SELFIE_FILES, right: { self: "presence" } },
      // Breaks punched within the worker's own open presence (JSON: captured_at, idempotency_key).
      { name: "breakStart", method: "POST", path: "break-start", right: { self: "presence" } },
      { name: "breakEnd", method: "POST", path: "break-end", right: { self: "presence" } },
      { name: "today", method: "GET", path: "today", right: { self: "presence", read: true } },
      // Beyond the spec: today's attendance counted for the dashboard (docs/api.md "Field capture").
      { name: "attendanceToday", method: "GET", path: "attendance-today", right: "read" },
    ],
    beyondSpec: ["clock-in", "clock-out", "break-start", "break-end", "today", "attendance-today"],
    defaultSort: { field: "clock_in", order: "desc" },
    fields: [
      userRef,
      { name: "project_id", type: "ref", ref: "project" },
      { name: "shift_id", type: "ref", ref: "shift", list: false },
      { name: "presence_date", type: "date", required: true },
      { name: "clock_in", type: "datetime" },
      { name: "clock_in_loc", type: "string", list: false },
      { name: "work_area_in", type: "string", list: false },
      { name: "clock_in_geo", type: "geo" },
      { name: "clock_out", type: "datetime" },
      { name: "clock_out_loc", type: "string", list: false },
      { name: "work_area_out", type: "string", list: false },
      { name: "clock_out_geo", type: "geo" },
      { name: "image_selfie", type: "image", accept: "image/*" },
      { name: "image_selfie_out", type: "image", accept: "image/*", list: false },
      { name: "presence_status", type: "enum", options: PRESENCE_STATUS, required: true },
      { name: "work_duration", type: "integer", min: 0, unit: "minutes" },
      note,
      // clock_in / clock_out hold the capture times; these say how precise the position was
      // (metres) and whether the action was queued offline (arrived > 2 min after its capture).
      { name: "accuracy_in", type: "number", min: 0, list: false },
      { name: "accuracy_out", type: "number", min: 0, list: false },
      { name: "sent_late", type: "boolean", serverOwned: true },
      // The server's clock is the authority: when each action arrived, and how far ahead of it the
      // phone's capture time was (its clock fast; the record took the receipt time), the larger of the two.
      { name: "clock_in_received_at", type: "datetime", serverOwned: true, list: false },
      { name: "clock_out_received_at", type: "datetime", serverOwned: true, list: false },
      { name: "clock_skew_seconds", type: "integer", serverOwned: true, list: false },
    ],
  },
  {
    // The timesheet (issue 19; src/pages/timesheet/, server/custom/timesheet.ts): per person and
    // site-day, the presences with their worked, break, regular and overtime minutes (the
    // arithmetic of declaration/timesheet.ts), corrections of a clock-in or out with a reason (the
    // original kept), and the approval of a person's period, which locks it until reopened. No
    // table of its own: presences, shifts and the company's rule, with its corrections and
    // approvals (migration 018). Rows are people: a worker sees only themself, a supervisor the
    // people of their projects, others the company (as presence).
    name: "timesheet",
    handlers: "timesheet",
    scope: "none",
    rowVisibility: { person: "user_id" },
    group: "field",
    icon: "FieldTimeOutlined",
    labelField: "name",
    pages: { list: "timesheet" },
    operations: [
      { name: "search", method: "GET", path: "search", right: "read" },
      { name: "correct", method: "PUT", path: "correct/{id}", right: { named: "correctTimesheets" }, signOff: { record: "presence", param: "id", field: "user_id" } },
      { name: "approve", method: "POST", path: "approve", right: { named: "approveTimesheets" }, signOff: { body: "user_id" } },
      // Several people's period at once (each as approve): nobody among them may be the actor.
      { name: "approveMany", method: "POST", path: "approve-many", right: { named: "approveTimesheets" }, signOff: { body: "user_ids" } },
      { name: "reopen", method: "POST", path: "reopen", right: { named: "approveTimesheets" }, signOff: { body: "user_id" } },
      // The company's timesheet rules (pay period, overtime thresholds, hours format): the edit right.
      { name: "settings", method: "PUT", path: "settings", right: "update" },
      // The caller's own figures for the current pay period (the field page's card): whoever may read their own attendance.
      { name: "myPeriod", method: "GET", path: "my-period", right: { self: "presence", read: true } },
    ],
    beyondSpec: ["search", "correct/{id}", "approve", "approve-many", "reopen", "settings", "my-period"],
    // The figures of a person's row (declaration/answers.ts TimesheetAnswer has the whole answer).
    fields: [
      { name: "user_id", type: "ref", ref: "human-resource" },
      { name: "name", type: "string" },
      { name: "worked_minutes", type: "integer", unit: "minutes" },
      { name: "regular_minutes", type: "integer", unit: "minutes" },
      { name: "overtime_minutes", type: "integer", unit: "minutes" },
    ],
  },
  {
    name: "panic-button",
    handlers: "field-panic",
    afterWrite: "panic-resolved",
    scope: "company",
    rowVisibility: { person: "user_id", project: "project_id" },
    group: "safety",
    icon: "AlertOutlined",
    labelField: "alert_time",
    operations: [
      "search",
      "update/{id}",
      // Beyond the spec: the worker raises one (a custom add: the server sets who, when and the status);
      // a reviewer acknowledges it (the flow's action, below: PUT acknowledge/{id}).
      { name: "add", method: "POST", path: "add", right: "self", expiredCompanyMay: true },
      // The alarm's trail: raised, delivered to whom, escalated, acknowledged, resolved (docs/api.md "Live events").
      { name: "trail", method: "GET", path: "trail/{id}", right: "read" },
    ],
    beyondSpec: ["add", "trail/{id}"],
    // Raised open; the first reviewer to acknowledge it owns it (server/custom/field-panic.ts), then
    // sets it resolved or a false alarm with a note (update/{id}: status is a review field). What
    // the worker's phone sent stays as sent.
    flow: {
      field: "status",
      initial: "open",
      actions: { acknowledge: { from: ["open"], to: "acknowledged", right: "update", fields: [{ name: "note", shared: true }] } },
      reviews: [{ from: ["acknowledged"], to: ["resolved", "false_alarm"], fields: [{ name: "note", shared: true }] }],
      frozen: [{ in: ["open", "acknowledged", "resolved", "false_alarm"], fields: ["user_id", "project_id", "alert_time", "location", "address", "message", "accuracy"] }],
    },
    // The generated details with the alarm's trail under them.
    pages: { show: "panic" },
    defaultSort: { field: "alert_time", order: "desc" },
    fields: [
      { ...userRef, form: false },
      { name: "project_id", type: "ref", ref: "project", form: false },
      { name: "alert_time", type: "datetime", required: true, form: false },
      { name: "location", type: "geo", form: false },
      { name: "address", type: "text", form: false },
      { name: "message", type: "text", form: false },
      { name: "status", type: "enum", options: ["open", "acknowledged", "resolved", "false_alarm"], required: true, default: "open", reviewField: true },
      { name: "handled_by", type: "ref", ref: "human-resource", serverOwned: true },
      { name: "handled_at", type: "datetime", serverOwned: true, list: false },
      // When nobody had acknowledged it within the company's panic_escalate_seconds and the admins were alerted.
      { name: "escalated_at", type: "datetime", serverOwned: true, list: false },
      note,
      { name: "accuracy", type: "number", min: 0, form: false, list: false },
      { name: "sent_late", type: "boolean", serverOwned: true, list: false },
      // An alarm is stored whatever its capture time says: alert_time is the phone's capture time
      // (captured_at, as sent) where it holds, else the server's receipt (received_at), and
      // clock_skew_seconds how far off the phone's time was (ahead, or older than a day).
      { name: "received_at", type: "datetime", serverOwned: true, list: false },
      { name: "captured_at", type: "datetime", serverOwned: true, list: false },
      { name: "clock_skew_seconds", type: "integer", serverOwned: true, list: false },
    ],
  },
  {
    name: "control-monitoring",
    handlers: "monitoring",
    scope: "none",
    rowVisibility: { person: "user_id" },
    group: "field",
    icon: "MonitorOutlined",
    labelField: "name",
    operations: ["search"],
    fields: [
      { name: "user_id", type: "ref", ref: "human-resource" },
      { name: "name", type: "string" },
      { name: "date", type: "date" },
      { name: "presence_status", type: "enum", options: PRESENCE_STATUS },
      { name: "clock_in", type: "datetime" },
      { name: "clock_out", type: "datetime" },
      { name: "last_seen", type: "datetime" },
      { name: "waypoint_count", type: "integer" },
      { name: "distance_km", type: "number" },
    ],
  },
  {
    name: "map-monitoring",
    handlers: "monitoring-map",
    route: "/map/view",
    scope: "none",
    rowVisibility: { person: "user_id" },
    group: "field",
    icon: "EnvironmentOutlined",
    labelField: "name",
    operations: ["search"],
    pages: { list: "map" },
    fields: [
      { name: "user_id", type: "ref", ref: "human-resource" },
      { name: "name", type: "string" },
      { name: "clock_in", type: "datetime" },
      { name: "clock_in_loc", type: "string" },
      { name: "clock_out", type: "datetime" },
      { name: "clock_out_loc", type: "string" },
      { name: "image_selfie", type: "image" },
      { name: "projects", type: "string" },
      { name: "presence_status", type: "enum", options: PRESENCE_STATUS },
      { name: "wp_lon", type: "number" },
      { name: "wp_lat", type: "number" },
    ],
  },
  {
    name: "waypoint",
    handlers: ["field-tracking", "monitoring-map"],
    access: "map-monitoring",
    scope: "company",
    rowVisibility: { person: "user_id" },
    labelField: "wptime",
    // Beyond the spec: the field page sends the actor's own positions in batches (anyone signed in:
    // own rows only). Tracking apps send theirs to /osmand with a device key.
    operations: ["search", { name: "addBatch", method: "POST", path: "add-batch", right: "self" }],
    beyondSpec: ["add-batch"],
    maxPageLength: 20000,
    defaultSort: { field: "wptime", order: "asc" },
    fields: [
      userRef,
      { name: "wptime", type: "datetime", required: true, storeAs: "epochMs" },
      { name: "lon", type: "number", required: true, min: -180, max: 180 },
      { name: "lat", type: "number", required: true, min: -90, max: 90 },
      { name: "accuracy", type: "number", min: 0 },
      { name: "speed", type: "number", min: 0 },
      { name: "battery", type: "integer", min: 0, max: 100 },
    ],
  },
  {
    name: "config-alert",
    scope: "company",
    group: "field",
    icon: "NotificationOutlined",
    // One screen per event (the rule, its threshold, its recipients) instead of two join tables.
    pages: { list: "alert-rules" },
    labelField: "name",
    operations: ["add", "search", "delete/{id}"],
    fields: [
      { name: "name", type: "string", required: true },
      { name: "alert_type", type: "enum", options: ALERT_TYPE, required: true },
      { name: "project_id", type: "ref", ref: "project" },
      { name: "threshold", type: "integer", min: 0 },
      { name: "message", type: "text" },
      isActive,
    ],
  },
  {
    name: "config-alert-to-user",
    scope: "company",
    group: "field",
    icon: "UserSwitchOutlined",
    labelField: "user_id",
    operations: ["add", "search", "delete/{id}"],
    fields: [
      { name: "config_alert_id", type: "ref", ref: "config-alert", required: true },
      userRef,
      // How the person is told: in the app (the bell, the stream), by e-mail, or through the company's
      // webhook (a WhatsApp/SMS gateway, a chat channel); one row per person and channel.
      { name: "channel", type: "enum", options: ["app", "email", "webhook"], required: true, default: "app" },
    ],
  },
  {
    // A tracking app's key for /osmand (Traccar Client's "device identifier"): the secret is
    // answered once by add; only its SHA-256 is stored (never answered); delete revokes it.
    name: "device-key",
    handlers: "field-tracking",
    access: "authenticated",
    scope: "company",
    rowVisibility: { person: "user_id" },
    group: "field",
    icon: "KeyOutlined",
    labelField: "name",
    ownerField: "user_id",
    companyMembersOnly: true,
    operations: ["add", "search", "delete/{id}"],
    defaultSort: { field: "created_at", order: "desc" },
    fields: [
      { name: "user_id", type: "ref", ref: "human-resource", serverOwned: true },
      { name: "name", type: "string", required: true, default: "Phone", maxLength: 64 },
      // The zone the device's local times ("yyyy-MM-dd HH:mm:ss" on /osmand) are read in, as
      // Traccar's per-device decoder.timezone; empty: UTC, as Traccar's OsmAnd decoder reads them.
      { name: "time_zone", type: "timezone", list: false },
      { name: "key_prefix", type: "string", serverOwned: true, maxLength: 8 },
      // A password field: never answered nor searchable; server-owned: never taken from a body.
      { name: "key_hash", type: "password", serverOwned: true },
      { name: "last_used_at", type: "datetime", serverOwned: true },
    ],
  },
];

/** timesheet my-period: the caller's own current pay period as the timesheet counts it (server/custom/timesheet.ts). */
export interface TimesheetMyPeriodAnswer {
  /** The company's current pay period, dates on its clock. */
  from: string;
  to: string;
  /** How the company writes hours: 7:30 ("clock") or 7.5 ("decimal"). */
  hours_format: TimesheetSettingsAnswer["hours_format"];
  /** To date; labour_cost only for who may read pay rates, as on the timesheet. */
  totals: TimesheetTotalsAnswer;
  /** An approval covers the whole period (its figures are then the approved ones). */
  approved: boolean;
}

// The answers of its typed operations (OperationAnswers, declaration/answers.ts), beside their declarations.
declare module "../answers" {
  interface OperationAnswers {
    presence: {
      clockIn: AnswerRecord;
      clockOut: AnswerRecord;
      breakStart: PresenceBreakRecord;
      breakEnd: PresenceBreakRecord;
      today: FieldDay;
      attendanceToday: AttendanceToday;
    };
    "panic-button": { add: AnswerRecord; acknowledge: AnswerRecord; trail: PanicTrailEntry[] };
    "device-key": { add: NewDeviceKey };
    timesheet: {
      search: TimesheetAnswer;
      correct: TimesheetDayAnswer;
      approve: TimesheetApprovalAnswer;
      approveMany: TimesheetApproveManyAnswer;
      reopen: TimesheetApprovalAnswer[];
      settings: TimesheetSettingsAnswer;
      myPeriod: TimesheetMyPeriodAnswer;
    };
    "map-monitoring": { search: AttendancePoint[] };
    /** Waypoint records, lon/lat as the legacy strings ("106.827153"). */
    waypoint: { search: HistoryPoint[] | HistoryColumns; addBatch: StoredPoints };
  }
}
