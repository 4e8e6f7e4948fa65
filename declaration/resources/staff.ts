// Staff & master data (resources.config.ts lists every group).
import { answerExample } from "../answers";
import type { ResourceDecl } from "../types";
import { code, color, CRUD_OPS, description, isActive, userRef } from "./shared";

export const staffResources: ResourceDecl[] = [
  {
    name: "human-resource",
    handlers: ["staff", "staff-onboarding", "staff-two-factor", "planning"],
    afterWrite: "rights",
    audited: "all",
    table: "users",
    scope: "company",
    group: "resources",
    icon: "TeamOutlined",
    labelField: "name",
    pages: { list: "staff", show: "person" },
    operations: [
      "add",
      "search",
      "list",
      "update/{id}",
      "delete/{id}",
      "list-assign-activity/{activity_id}",
      // Beyond the spec (server/custom/staff.ts): a person's sessions end and device keys stop at once.
      { name: "disable", method: "PUT", path: "disable/{id}", right: "update" },
      { name: "enable", method: "PUT", path: "enable/{id}", right: "update" },
      // Beyond the spec (server/custom/staff-onboarding.ts): a set-password link instead of a typed password; a CSV of staff.
      { name: "invite", method: "POST", path: "invite", right: "create" },
      { name: "reinvite", method: "POST", path: "invite/{id}", right: "update" },
      { name: "importPreview", method: "POST", path: "import-preview", right: "create" },
      { name: "import", method: "POST", path: "import", right: "create" },
      // Beyond the spec (server/custom/staff-two-factor.ts): whether a person signs in with a second
      // factor, and an admin's reset of it: it is off, their sessions end.
      { name: "twoFactor", method: "GET", path: "two-factor/{id}", right: "read" },
      { name: "resetTwoFactor", method: "PUT", path: "reset-two-factor/{id}", right: "update" },
    ],
    beyondSpec: ["disable/{id}", "enable/{id}", "invite", "invite/{id}", "import-preview", "import", "two-factor/{id}", "reset-two-factor/{id}"],
    defaultSort: { field: "name", order: "asc" },
    fields: [
      { name: "name", type: "string", required: true },
      { name: "code", type: "string", maxLength: 32, unique: true },
      { name: "email", type: "email", required: true, unique: true },
      { name: "password", type: "password", list: false, show: false },
      { name: "phone", type: "phone" },
      { name: "nik", type: "string", maxLength: 16, list: false },
      { name: "birth_place", type: "string", list: false },
      { name: "birth_date", type: "date", list: false },
      { name: "gender", type: "enum", options: ["male", "female"], list: false },
      { name: "address", type: "text" },
      { name: "employee_type", type: "enum", options: ["permanent", "contract", "daily", "outsource"], required: true },
      { name: "division_id", type: "ref", ref: "divisi" },
      // Only the roles within the actor's own rights are offered, and a person of a role beyond them is not the actor's to change.
      { name: "role_id", type: "ref", ref: "role", required: true, offered: { operation: "assignable", lockRows: true } },
      { name: "join_date", type: "date", list: false },
      { name: "photo", type: "image", accept: "image/*", list: false },
      isActive,
    ],
  },
  {
    name: "divisi",
    audited: "deletes",
    scope: "company",
    group: "masterData",
    icon: "ClusterOutlined",
    labelField: "name",
    operations: CRUD_OPS,
    fields: [{ name: "name", type: "string", required: true, unique: true }, code, description],
  },
  {
    name: "satuan",
    audited: "deletes",
    scope: "company",
    group: "masterData",
    icon: "ColumnWidthOutlined",
    labelField: "name",
    operations: CRUD_OPS,
    fields: [{ name: "name", type: "string", required: true, unique: true, maxLength: 64 }, { name: "symbol", type: "string", required: true, maxLength: 16 }, description],
  },
  {
    // The company's public holidays (declaration/pay.ts): nobody's work day; hours worked on one
    // are rest-day overtime. Seeded with the fixed statutory dates (STATUTORY_HOLIDAYS); the
    // movable ones of each year's SKB 3 Menteri are added here by the company.
    name: "holiday",
    handlers: "timesheet",
    audited: "all",
    scope: "company",
    group: "masterData",
    icon: "CalendarOutlined",
    labelField: "name",
    operations: [
      ...CRUD_OPS,
      // The company's holidays in its current pay period (the field page's period card): whoever may read their own attendance.
      {
        name: "myPeriod",
        method: "GET",
        path: "my-period",
        right: { self: "presence", read: true },
        summary: "The company's holidays in its current pay period (dates on its clock), for a worker's own period.",
        example: answerExample<"holiday", "myPeriod">({ from: "2026-12-01", to: "2026-12-31", holidays: [{ date: "2026-12-25", name: "Hari Raya Natal" }] }),
      },
    ],
    beyondSpec: [...CRUD_OPS, "my-period"],
    defaultSort: { field: "date", order: "asc" },
    fields: [{ name: "date", type: "date", required: true, unique: true }, { name: "name", type: "string", required: true, maxLength: 128 }, description],
  },
  {
    name: "shift",
    audited: "deletes",
    scope: "company",
    group: "field",
    icon: "FieldTimeOutlined",
    labelField: "name",
    pages: { list: "shifts" },
    operations: ["list"],
    fields: [
      { name: "name", type: "string", required: true },
      code,
      { name: "start_time", type: "time", required: true },
      { name: "end_time", type: "time", required: true },
      { name: "work_duration", type: "number", min: 0, max: 24, unit: "hours" },
      { name: "break_minutes", type: "integer", min: 0, max: 240, default: 60, unit: "minutes" },
      color,
      // A clock-in later than start + grace is late.
      { name: "grace_minutes", type: "integer", min: 0, max: 240, default: 15 },
    ],
  },
  {
    name: "user-to-shift",
    audited: "all",
    access: "shift",
    scope: "company",
    labelField: "shift_id",
    // search: beyond the spec, a person's shifts on their page; delete/{id}: beyond the spec,
    // taking someone off a shift from the shifts page.
    operations: ["add", "search", "delete/{id}"],
    beyondSpec: ["search", "delete/{id}"],
    fields: [userRef, { name: "shift_id", type: "ref", ref: "shift", required: true }, { name: "start_date", type: "date", required: true }, { name: "end_date", type: "date" }],
  },
];

/** holiday my-period: the company's holidays in its current pay period (server/custom/timesheet.ts). */
export interface HolidaysMyPeriodAnswer {
  /** The company's current pay period, dates on its clock. */
  from: string;
  to: string;
  /** By date. */
  holidays: Array<{ date: string; name: string }>;
}

// The answers of its typed operations (OperationAnswers, declaration/answers.ts), beside their declarations.
declare module "../answers" {
  interface OperationAnswers {
    holiday: { myPeriod: HolidaysMyPeriodAnswer };
    "human-resource": {
      listAssignActivity: AssignableUser[];
      disable: AnswerRecord;
      enable: AnswerRecord;
      invite: AnswerRecord;
      reinvite: { sent: boolean; email: string };
      importPreview: StaffImportPreview;
      import: { created: number; people: Array<{ id: number; name: string; email: string }> };
      twoFactor: PersonTwoFactor;
      resetTwoFactor: PersonTwoFactor;
    };
  }
}
