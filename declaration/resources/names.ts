// Every resource name, once, as a literal type: a `ref`, `access` or `parent` naming an unknown
// resource, or a lookup of one (resourceByName), fails to compile. Listed apart from the
// declarations because those are typed by these names. declaration/resolve.ts checks at start
// that each name here is declared exactly once and each declared resource is named here.

/** The project API's resources (/api), in declaration order. */
export const API_RESOURCE_NAMES = [
  "company-management", "role", "menu", "role-menu", "menu-company", "menu-company-role",
  "information-storage", "information-storage-all-company", "image", "currency", "human-resource", "divisi",
  "satuan", "shift", "user-to-shift", "project", "project-type", "project-phase", "project-role",
  "user-to-proyek", "project-participants", "project-checklists", "project-issues", "project-risks",
  "project-approval", "project-milestone", "project-expenditure", "project-financial-health",
  "project-schedule-health", "project-invoice", "version-gantt", "template-gantt", "activity",
  "user-to-activity", "user-to-version-gantt", "issue", "issue-status", "issue-reply", "kanban-board",
  "kanban-card", "task", "folder-document-proyek", "document-project", "hierarchy-ftths",
  "material-resource", "tools-resource", "assign-material", "request-material", "req-tools", "presence",
  "panic-button", "control-monitoring", "map-monitoring", "waypoint", "config-alert", "config-alert-to-user",
  "permit", "checklist-k3", "project-to-checklist-k3", "report-k3", "package-management", "refferal-code",
  "product-transaction", "product-transaction-user", "transaction-history", "demo-management",
  "sales-contact",
] as const satisfies readonly string[];

/** The legacy service's resources (/legacy). */
export const LEGACY_RESOURCE_NAMES = [
  "legacy-user-to-proyek", "alert", "alert-to-user", "waypoint-monitoring", "dashboard-status",
  "dashboard-proyek", "employee-daily-report",
] as const satisfies readonly string[];

export type ResourceName = (typeof API_RESOURCE_NAMES)[number] | (typeof LEGACY_RESOURCE_NAMES)[number];

export const RESOURCE_NAMES: readonly ResourceName[] = [...API_RESOURCE_NAMES, ...LEGACY_RESOURCE_NAMES];
