// Company & access (resources.config.ts lists every group).
import type { ResourceDecl } from "../types";
import { RESOURCE_NAMES } from "./names";
import { AUDIT_KINDS, code, color, CRUD_OPS, description, INDUSTRY, isActive, order, ROW_SCOPES, userRef } from "./shared";

export const companyResources: ResourceDecl[] = [
  {
    name: "company-management",
    handlers: ["companies", "company-settings", "company-users", "restore-admin"],
    audited: "all",
    tenantField: "id",
    table: "companies",
    scope: "platform",
    group: "company",
    icon: "BankOutlined",
    labelField: "name",
    // The owner's companies screen: subscription state, storage against quota, users per company.
    pages: { list: "companies" },
    // user-counts: each company's users (beyond the spec; server/custom/company-users.ts).
    // people/{id} and restore-admin/{id}: the platform owner gives a company its administrator
    // back (enabled, with a role holding every right) when it has none (server/custom/restore-admin.ts).
    operations: [
      "add",
      "search",
      "list",
      "update/{id}",
      "edit/{id}",
      "delete/{id}",
      { name: "userCounts", method: "GET", path: "user-counts", right: "read" },
      { name: "people", method: "GET", path: "people/{id}", right: "platform-owner" },
      {
        name: "restoreAdmin",
        method: "PUT",
        path: "restore-admin/{id}",
        right: "platform-owner",
        input: [{ name: "user_id", type: "ref", ref: "human-resource", required: true }],
      },
      // The company's own settings (declaration/company-settings.ts), read and set by its own admins
      // (server/custom/company-settings.ts): only the actor's company, only the listed fields.
      { name: "ownSettings", method: "GET", path: "own-settings", right: { menu: "role-menu", action: "read" } },
      { name: "updateOwnSettings", method: "PUT", path: "own-settings", right: { named: "companySettings" } },
    ],
    beyondSpec: ["user-counts", "people/{id}", "restore-admin/{id}", "own-settings"],
    defaultSort: { field: "name", order: "asc" },
    fields: [
      { name: "name", type: "string", required: true, unique: true },
      { ...code, required: true, unique: true },
      { name: "industry", type: "enum", options: INDUSTRY, required: true },
      { name: "email", type: "email", required: true },
      { name: "phone", type: "phone" },
      { name: "address", type: "text" },
      { name: "npwp", type: "string", maxLength: 32, list: false },
      { name: "package_id", type: "ref", ref: "package-management" },
      { name: "subscription_end", type: "date" },
      { name: "storage_quota_mb", type: "integer", min: 0, default: 1024, list: false },
      { name: "status", type: "enum", options: ["active", "trial", "suspended"], default: "trial", required: true },
      { name: "logo", type: "image", accept: "image/*", list: false },
      // The company's IANA time zone: its days, and the times of sites without a zone of their own.
      { name: "time_zone", type: "timezone", required: true, default: "Asia/Jakarta", list: false },
      // A panic nobody acknowledges within this many seconds alerts the company's admins (server/events/sweep.ts).
      { name: "panic_escalate_seconds", type: "integer", min: 10, max: 86400, default: 120, list: false },
      // Where its alerts' webhook deliveries are posted (server/events/delivery-webhook.ts), signed
      // with the company's secret (own-settings: never answered, not a declared field); a public
      // address only (outbound).
      { name: "alert_webhook_url", type: "url", outbound: true, list: false },
      // How often its staff are paid (issue 20), and the language of its invoices (/invoice/{id}).
      { name: "pay_period", type: "enum", options: ["weekly", "two_weekly", "monthly"], default: "monthly", required: true, list: false },
      // The timesheet's overtime rule (declaration/timesheet.ts rule 5): a day's minutes beyond the
      // daily threshold, and a week's regular minutes beyond the weekly one, are overtime; empty =
      // no such rule. And how its hours are written: 7:30 (clock) or 7.5 (decimal).
      { name: "overtime_daily_minutes", type: "integer", min: 0, max: 1440, default: 480, unit: "minutes", list: false },
      { name: "overtime_weekly_minutes", type: "integer", min: 0, max: 10080, default: 2400, unit: "minutes", list: false },
      // The work calendar and overtime pay (declaration/pay.ts): 5 (Monday-Friday) or 6
      // (Monday-Saturday) work days a week; the overtime multipliers of the hourly wage, by
      // default Kepmenaker 102/2004 art. 11: on a work day the first hour 1.5x, later ones 2x; on
      // a rest day or holiday the first band 2x, the next hour 3x, the two after 4x.
      { name: "work_days_per_week", type: "integer", min: 5, max: 6, default: 5, list: false },
      { name: "ot_workday_first", type: "number", min: 1, max: 10, default: 1.5, list: false },
      { name: "ot_workday_later", type: "number", min: 1, max: 10, default: 2, list: false },
      { name: "ot_restday_first", type: "number", min: 1, max: 10, default: 2, list: false },
      { name: "ot_restday_second", type: "number", min: 1, max: 10, default: 3, list: false },
      { name: "ot_restday_later", type: "number", min: 1, max: 10, default: 4, list: false },
      { name: "hours_format", type: "enum", options: ["clock", "decimal"], default: "clock", required: true, list: false },
      { name: "language", type: "enum", options: ["en", "id"], default: "id", required: true, list: false },
      // Its admins (role_type admin or owner) must sign in with a second factor (server/auth/two-factor-policy.ts).
      { name: "require_two_factor_admins", type: "boolean", default: false, list: false },
      // Beyond the spec: the new company's first admin, made by company-management add
      // (server/custom/companies.ts). Never stored on the company.
      { name: "admin_name", type: "string", virtual: true },
      { name: "admin_email", type: "email", virtual: true },
      { name: "admin_password", type: "password", virtual: true },
    ],
  },
  {
    name: "role",
    handlers: ["role-rights", "view-as"],
    afterWrite: "rights",
    audited: "all",
    scope: "company",
    group: "company",
    icon: "SafetyCertificateOutlined",
    labelField: "name",
    // view-as/{id}: an admin opens a read-only session as a user of the role (server/custom/view-as.ts).
    operations: [
      "add",
      "search",
      "list",
      "update/{id}",
      "delete/{id}",
      { name: "viewAs", method: "POST", path: "view-as/{id}", right: { named: "viewAsRole" } },
      // The roles the actor may give (their rights within the actor's own: server/access/ceiling.ts),
      // for the staff forms' role select and the actions on people above the actor.
      { name: "assignable", method: "GET", path: "assignable", right: { anyOf: [{ menu: "human-resource", action: "read" }, { action: "read" }] } },
    ],
    beyondSpec: ["view-as/{id}", "assignable"],
    fields: [
      { name: "name", type: "string", required: true, unique: true, maxLength: 64 },
      { name: "role_type", type: "enum", options: ["owner", "admin", "manager", "supervisor", "worker"], required: true },
      { name: "is_field_role", type: "boolean", default: false },
      description,
      color,
    ],
  },
  {
    name: "menu",
    handlers: "menus",
    afterWrite: "rights",
    audited: "all",
    scope: "platform",
    group: "company",
    icon: "MenuOutlined",
    labelField: "name",
    // The menu tree (drag to reorder and re-parent) and per company its menus, instead of the generated list.
    pages: { list: "menus" },
    // management/{role_id}: a role's menu tree, read by the platform's menu screen and by a
    // company admin's rights matrix (who assigns menus to roles without the platform's menu list).
    operations: [
      "add",
      "search",
      "list",
      "update/{id}",
      "delete/{id}",
      { name: "management", method: "GET", path: "management/{role_id}", right: { anyOf: [{ action: "read" }, { menu: "role-menu", action: "read" }] } },
    ],
    defaultSort: { field: "order", order: "asc" },
    fields: [
      { name: "name", type: "string", required: true, maxLength: 64 },
      { name: "alias", type: "string", required: true, unique: true, maxLength: 64 },
      { name: "url", type: "string", maxLength: 255 },
      { name: "icon", type: "icon" },
      order,
      { name: "parent_id", type: "ref", ref: "menu" },
      description,
    ],
  },
  {
    // What a person is paid (declaration/pay.ts): a monthly wage (the hourly wage is 1/173 of it)
    // or an hourly rate that overrides it; integer rupiah. The timesheet's and the projects'
    // labour cost read it; only roles with this menu see wages or labour cost.
    name: "pay-rate",
    audited: "all",
    scope: "company",
    group: "company",
    icon: "WalletOutlined",
    labelField: "user_id",
    operations: CRUD_OPS,
    beyondSpec: CRUD_OPS,
    fields: [
      { ...userRef, unique: true },
      { name: "monthly_wage", type: "money", min: 0, max: 10_000_000_000 },
      { name: "hourly_rate", type: "money", min: 0, max: 100_000_000 },
      description,
    ],
  },
  {
    name: "role-menu",
    handlers: "role-rights",
    afterWrite: "rights",
    audited: "all",
    scope: "company",
    group: "company",
    icon: "ApartmentOutlined",
    labelField: "menu_id",
    // The permission matrix (roles × menus × rights) instead of the join table's generated list.
    pages: { list: "rights" },
    // replace-byrole/{role_id}: the permission matrix saves a role's rights at once, in one
    // transaction with one `rights` audit entry (delete-byrole then add could leave it half-saved);
    // it deletes a role's rights and adds new ones, so it needs both rights.
    operations: [
      "add",
      "search",
      "delete-byrole/{role_id}",
      { name: "replaceByrole", method: "PUT", path: "replace-byrole/{role_id}", right: { allOf: [{ action: "create" }, { action: "delete" }] } },
    ],
    beyondSpec: ["replace-byrole/{role_id}"],
    fields: [
      { name: "role_id", type: "ref", ref: "role", required: true },
      { name: "menu_id", type: "ref", ref: "menu", required: true },
      { name: "can_add", type: "boolean", default: true },
      { name: "can_edit", type: "boolean", default: true },
      { name: "can_delete", type: "boolean", default: true },
      // How far the role sees the rows of resources declaring rowVisibility through this menu;
      // empty = its role type's scope (worker own, supervisor projects, others company).
      { name: "row_scope", type: "enum", options: ROW_SCOPES },
    ],
  },
  {
    name: "menu-company",
    afterWrite: "rights",
    audited: "all",
    tenantField: "company_id",
    scope: "platform",
    group: "company",
    icon: "AppstoreAddOutlined",
    labelField: "menu_id",
    operations: ["add-multiple", "search", "update/{id}", "delete/{id}"],
    // A company has a menu once.
    uniqueKey: ["company_id", "menu_id"],
    fields: [{ name: "company_id", type: "ref", ref: "company-management", required: true }, { name: "menu_id", type: "ref", ref: "menu", required: true }, isActive],
  },
  {
    name: "menu-company-role",
    handlers: "menus",
    access: "role-menu",
    scope: "none",
    labelField: "name",
    operations: ["search"],
    fields: [
      { name: "menu_id", type: "ref", ref: "menu" },
      { name: "role_id", type: "ref", ref: "role" },
      { name: "name", type: "string" },
      { name: "alias", type: "string" },
      { name: "parent_id", type: "ref", ref: "menu" },
      { name: "assigned", type: "boolean" },
    ],
  },
  {
    name: "information-storage",
    handlers: "storage-info",
    access: "authenticated",
    scope: "none",
    labelField: "company_name",
    operations: ["{company_id}"],
    fields: [
      { name: "company_id", type: "ref", ref: "company-management" },
      { name: "company_name", type: "string" },
      { name: "used_bytes", type: "integer", max: Number.MAX_SAFE_INTEGER },
      { name: "file_count", type: "integer" },
      { name: "quota_bytes", type: "integer", max: Number.MAX_SAFE_INTEGER },
    ],
  },
  {
    name: "information-storage-all-company",
    handlers: "storage-info",
    scope: "none",
    ownerMenu: true, // bytes used by every company: the platform owner's view
    group: "company",
    icon: "DatabaseOutlined",
    labelField: "company_name",
    operations: [""],
    fields: [
      { name: "company_id", type: "ref", ref: "company-management" },
      { name: "company_name", type: "string" },
      { name: "used_bytes", type: "integer", max: Number.MAX_SAFE_INTEGER },
      { name: "file_count", type: "integer" },
      { name: "quota_bytes", type: "integer", max: Number.MAX_SAFE_INTEGER },
    ],
  },
  {
    // Append-only (server/audit/log.ts; triggers refuse updates and deletes on both databases):
    // who changed rights, roles, menus, users, company settings and subscriptions, when, from
    // where, before → after. A company's admin reads the company's entries, the platform owner all.
    name: "audit-log",
    scope: "platform",
    tenantField: "company_id",
    ownerMenu: true,
    group: "company",
    icon: "AuditOutlined",
    labelField: "record_label",
    pages: { list: "audit" },
    operations: ["search"],
    beyondSpec: ["search"],
    defaultSort: { field: "created_at", order: "desc" },
    fields: [
      { name: "created_at", type: "datetime", serverOwned: true, list: true, filter: true },
      { name: "actor_id", type: "ref", ref: "human-resource", holds: false, serverOwned: true, filter: true },
      { name: "actor_name", type: "string", serverOwned: true, list: false },
      { name: "ip", type: "string", serverOwned: true, maxLength: 64 },
      { name: "kind", type: "enum", options: AUDIT_KINDS, serverOwned: true, filter: true },
      { name: "resource", type: "enum", options: RESOURCE_NAMES, optionLabels: "resourceSingular", serverOwned: true, filter: true },
      { name: "record_id", type: "integer", serverOwned: true, list: false },
      { name: "record_label", type: "string", serverOwned: true },
      { name: "before", type: "json", serverOwned: true },
      { name: "after", type: "json", serverOwned: true },
      { name: "company_id", type: "ref", ref: "company-management", holds: false, serverOwned: true, list: false },
    ],
  },
  {
    name: "image",
    handlers: "files-images",
    access: "authenticated",
    scope: "company",
    labelField: "original_name",
    // Who uploaded it: may delete it (so may whoever may edit the folder's records).
    ownerField: "uploaded_by",
    operations: ["{folder}/{file_name}", "search", "upload", "multiple-upload", "delete/{folder}/{owner_id}/{file_name}", "multiple-delete/{folder}/{owner_id}/{file_names}"],
    fields: [
      { name: "folder", type: "enum", options: ["selfie", "profile", "project", "issue", "k3", "material", "tools", "company"], required: true },
      { name: "owner_id", type: "integer", required: true },
      { name: "file_name", type: "image", serverOwned: true },
      { name: "original_name", type: "string", serverOwned: true },
      { name: "mime", type: "string", serverOwned: true },
      { name: "size", type: "integer", serverOwned: true },
      { name: "uploaded_by", type: "integer", serverOwned: true, list: false },
    ],
  },
  {
    name: "currency",
    audited: "deletes",
    access: "authenticated",
    scope: "platform",
    labelField: "code",
    operations: ["list"],
    fields: [
      { name: "code", type: "string", required: true, unique: true, maxLength: 3 },
      { name: "name", type: "string", required: true },
      { name: "symbol", type: "string", required: true, maxLength: 8 },
      { name: "decimal_places", type: "integer", min: 0, max: 4, default: 0 },
      { name: "is_default", type: "boolean", default: false },
    ],
  },
];

// The answers of its typed operations (OperationAnswers, declaration/answers.ts), beside their declarations.
declare module "../answers" {
  interface OperationAnswers {
    menu: { management: RoleMenuNode[] };
    "role-menu": { replaceByrole: SavedRights };
    role: { viewAs: ViewAsSession; assignable: number[] };
    /** One menu-company record per item, `existing` when the company had the menu already. */
    "menu-company": { addMultiple: PairRecord[] };
    "company-management": {
      userCounts: CompanyUserCount[];
      people: CompanyPerson[];
      restoreAdmin: RestoredAdmin;
      ownSettings: CompanyOwnSettings;
      updateOwnSettings: CompanyOwnSettings;
    };
    "information-storage": { one: StorageInfo };
    "information-storage-all-company": { list: StorageInfo[] };
  }
}
