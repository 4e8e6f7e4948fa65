// The demo data builder: two companies (construction in Jakarta, FTTH telecom in Bandung) with
// staff, projects, plans, documents, materials, safety and a week of field tracking. Pure: it
// returns rows in wire format (docs/api.md "Values on the wire"); the loader (load.ts) encodes and inserts.
// Everything is relative to `input.now` and drawn from one seeded PRNG, so the same input always
// gives the same data.
import type { ResourceName } from "../../declaration";
import type { BuildDemo, DemoInput } from "./demo-contract";
import { buildCompany, buildMenus, buildRoles } from "./demo/access";
import { buildAuditTrail } from "./demo/audit";
import { COMPANIES } from "./demo/catalog";
import type { CompanyBuild, Ctx } from "./demo/context";
import { buildDocuments } from "./demo/documents";
import { buildAlertConfig, buildLegacyAlerts, buildPanics, buildPermits, buildPresence, type TrailRow } from "./demo/field";
import { buildFtth } from "./demo/ftth";
import { buildInventory, buildMaterialPlans, buildRequests } from "./demo/materials";
import { NameDraw } from "./demo/names";
import { buildGantt, buildIssues, buildKanban } from "./demo/planning";
import { buildMemberships, buildProjectLog, buildProjectMasterData, buildProjects, completeProjects } from "./demo/projects";
import { buildHolidays, buildPayRates } from "./demo/pay";
import { buildOrgData, buildShiftAssignments, buildStaff } from "./demo/people";
import { Rng } from "./demo/rand";
import { buildCatalogue, buildSubscriptions } from "./demo/sales";
import { buildSafety } from "./demo/safety";
import { DemoStore, type Row } from "./demo/store";
import { Clock, MINUTE, wibIso } from "./demo/time";
import { planWeek, waypointChunks, type DayPlan } from "./demo/waypoints";

export const DEMO_PASSWORD = "demo12345";
/** The one seed of the demo. Change it and every generated value changes. */
export const DEMO_SEED = 0x5eed_2026;
export const WAYPOINT_CHUNK_SIZE = 5000;

/** Insertion order: every table after the tables its refs point to. */
export const DEMO_TABLE_ORDER = [
  "package-management",
  "refferal-code",
  "company-management",
  "demo-management",
  "sales-contact",
  "role",
  "menu-company",
  "role-menu",
  "divisi",
  "satuan",
  "holiday",
  "shift",
  "human-resource",
  "pay-rate",
  "image",
  "user-to-shift",
  "product-transaction",
  "transaction-history",
  "project-type",
  "project-phase",
  "project-role",
  "project",
  "user-to-proyek",
  "project-participants",
  "project-checklists",
  "project-issues",
  "project-risks",
  "project-approval",
  "project-milestone",
  "project-expenditure",
  "project-financial-health",
  "project-schedule-health",
  "project-invoice",
  "version-gantt",
  "template-gantt",
  "activity",
  "user-to-activity",
  "user-to-version-gantt",
  "issue",
  "issue-reply",
  "kanban-board",
  "kanban-card",
  "folder-document-proyek",
  "document-project",
  "hierarchy-ftths",
  "material-resource",
  "tools-resource",
  "assign-material",
  "request-material",
  "req-tools",
  "presence",
  "panic-button",
  "config-alert",
  "config-alert-to-user",
  "permit",
  "checklist-k3",
  "project-to-checklist-k3",
  "report-k3",
  "alert",
  "alert-to-user",
  "audit-log",
] as const satisfies readonly ResourceName[];

export const buildDemo: BuildDemo = (input: DemoInput) => {
  const clock = new Clock(input.now.getTime());
  const root = new Rng(DEMO_SEED);
  const store = new DemoStore(input.nextId, root.fork("file names"));
  // Each part draws from its own generator, so a change in one part leaves the others as they were.
  const part = (label: string): Ctx => ({ input, store, clock, rng: root.fork(label) });

  const catalogue = buildCatalogue(part("sales"));
  const names = new NameDraw(root.fork("names"));
  const plans: DayPlan[] = [];
  const trails: TrailRow[] = [];
  for (const def of COMPANIES) {
    const ctx = part(def.key);
    const row = buildCompany(ctx, def, catalogue);
    const roles = buildRoles(ctx, row.id, def.joined);
    const company: CompanyBuild = {
      // admin, pm and supervisor: placeholders until buildStaff makes the accounts.
      def,
      id: row.id,
      row,
      roles,
      admin: row,
      pm: row,
      supervisor: row,
      workers: [],
      staff: [],
      ...buildOrgData(ctx, { id: row.id, def }),
      projectTypes: new Map(),
      phases: new Map(),
      projectRoles: new Map(),
      projects: [],
    };
    buildMenus(ctx, company.id, roles, def.joined);
    buildProjectMasterData(ctx, company);
    buildProjects(ctx, company);
    buildStaff(part(`${def.key} staff`), company, names); // sets admin, pm, supervisor
    buildHolidays(ctx, company);
    buildPayRates(ctx, company);
    completeProjects(company);
    buildShiftAssignments(ctx, company);
    buildSubscriptions(ctx, company, catalogue);
    buildMemberships(part(`${def.key} members`), company);
    buildGantt(part(`${def.key} gantt`), company);
    buildProjectLog(part(`${def.key} log`), company);
    buildIssues(part(`${def.key} issues`), company);
    buildKanban(part(`${def.key} kanban`), company);
    buildFtth(part(`${def.key} ftth`), company);
    buildDocuments(part(`${def.key} documents`), company);
    const inventory = buildInventory(ctx, company);
    buildMaterialPlans(part(`${def.key} material plans`), company, inventory);
    buildRequests(part(`${def.key} requests`), company, inventory);
    const week = planWeek(clock, company);
    const field = part(`${def.key} field`);
    buildPresence(field, company, week);
    buildPermits(field, company, week);
    const panics = buildPanics(field, company, week);
    trails.push(...panics.trail);
    buildAlertConfig(field, company);
    buildLegacyAlerts(field, company, week, panics.rows);
    buildSafety(part(`${def.key} safety`), company);
    buildAuditTrail(part(`${def.key} audit`), company);
    plans.push(...week);
  }
  stampTimes(store, clock);
  return {
    passwordPlain: DEMO_PASSWORD,
    tables: store.toTables(DEMO_TABLE_ORDER),
    serverTables: [{ table: "panic_event", rows: trails.map((t) => ({ ...t })) }],
    streams: [{ resource: "waypoint", chunks: () => waypointChunks(plans, WAYPOINT_CHUNK_SIZE) }],
    files: store.files,
  };
};

/**
 * created_at / updated_at on every row: a row without its own time takes its project's or
 * company's; nothing is created after "now".
 */
function stampTimes(store: DemoStore, clock: Clock): void {
  const companyTime = new Map(store.rows("company-management").map((c) => [c.id, c.created_at as string]));
  const projectTime = new Map(store.rows("project").map((p) => [p.id, p.created_at as string]));
  const platformTime = clock.iso(-540, 9);
  const latest = (iso: string, row: Row): string => (Date.parse(iso) > clock.now ? wibIso(clock.now - (((row.id * 7) % 50) + 1) * MINUTE) : iso);
  for (const resource of DEMO_TABLE_ORDER) {
    for (const row of store.rows(resource)) {
      const own = row.created_at as string | undefined;
      const created =
        own ??
        (typeof row.project_id === "number" ? projectTime.get(row.project_id) : undefined) ??
        (typeof row.company_id === "number" ? companyTime.get(row.company_id) : undefined) ??
        platformTime;
      row.created_at = latest(created, row);
      row.updated_at = latest((row.updated_at as string | undefined) ?? (row.created_at as string), row);
    }
  }
}

export default buildDemo;
