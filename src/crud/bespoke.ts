// The registry of bespoke pages: the declaration names a page (`pages: { list: "map" }`, a
// PageName of declaration/types.ts), this maps the name to its lazy chunk under src/pages/<page>/.
// `satisfies Record<PageName, ...>`: a declared name without an entry here, or an entry for a
// name the declaration does not know, fails to compile. Every page is routed inside <Refine>
// (src/shell/Shell.tsx), signed-in only; a full-screen one without the shell's layout.
import type { ComponentType } from "react";
import type { PageName } from "../../declaration";

export type BespokeLoader = () => Promise<{ default: ComponentType }>;

export interface BespokePage {
  load: BespokeLoader;
  /** Routed without the shell's layout (no sider, no header): the page has the whole screen. */
  fullScreen: boolean;
}

export const BESPOKE_PAGES = {
  map: { load: () => import("../pages/map/MapPage"), fullScreen: true },
  gantt: { load: () => import("../pages/gantt/GanttPage"), fullScreen: false },
  kanban: { load: () => import("../pages/kanban/KanbanPage"), fullScreen: false },
  project: { load: () => import("../pages/project/ProjectPage"), fullScreen: false },
  field: { load: () => import("../pages/field/FieldPage"), fullScreen: false },
  "alert-rules": { load: () => import("../pages/alert-rules/AlertRulesPage"), fullScreen: false },
  rights: { load: () => import("../pages/rights/RightsPage"), fullScreen: false },
  menus: { load: () => import("../pages/menus/MenusPage"), fullScreen: false },
  audit: { load: () => import("../pages/audit/AuditPage"), fullScreen: false },
  person: { load: () => import("../pages/person/PersonPage"), fullScreen: false },
  staff: { load: () => import("../pages/staff/StaffPage"), fullScreen: false },
  panic: { load: () => import("../pages/panic/PanicPage"), fullScreen: false },
  companies: { load: () => import("../pages/companies/CompaniesPage"), fullScreen: false },
  transaction: { load: () => import("../pages/transaction/TransactionPage"), fullScreen: false },
  pipeline: { load: () => import("../pages/pipeline/PipelinePage"), fullScreen: false },
  sales: { load: () => import("../pages/sales/SalesPage"), fullScreen: false },
  shifts: { load: () => import("../pages/shifts/ShiftsPage"), fullScreen: false },
  checklist: { load: () => import("../pages/checklist/ChecklistPage"), fullScreen: false },
  request: { load: () => import("../pages/request/RequestPage"), fullScreen: false },
  catalogue: { load: () => import("../pages/catalogue/CataloguePage"), fullScreen: false },
  timesheet: { load: () => import("../pages/timesheet/TimesheetPage"), fullScreen: false },
} as const satisfies Record<PageName, BespokePage>;
