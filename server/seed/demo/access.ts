// Companies, their roles, the menus each company gets and what each role may use.
import type { RowScope } from "../../../declaration";
import type { CompanyDef } from "./catalog";
import type { Ctx, RoleKind } from "./context";
import { logo } from "./pictures";
import type { Catalogue } from "./sales";
import type { Row } from "./store";

/** Menus only the platform owner uses: never given to a company. */
export const PLATFORM_ONLY_MENUS = [
  "company-management",
  "menu",
  "menu-company",
  "package-management",
  "refferal-code",
  "demo-management",
  "sales-contact",
  "sales-summary",
  "information-storage-all-company",
  "currency",
] as const;

export function buildCompany(ctx: Ctx, def: CompanyDef, cat: Catalogue): Row {
  const { store, clock } = ctx;
  const png = logo(def.initials, def.colour);
  const logoName = store.addFile("company", "png", png, "image/png");
  const pkg = cat.packages.get(def.packageCode)!;
  const row = store.insert("company-management", {
    name: def.name,
    code: def.code,
    industry: def.industry,
    email: def.email,
    phone: def.phone,
    address: def.address,
    npwp: def.npwp,
    package_id: pkg.id,
    subscription_end: clock.date(def.subscriptionEnd),
    storage_quota_mb: pkg.storage_quota_mb,
    status: def.status,
    logo: logoName,
    time_zone: "Asia/Jakarta",
    pay_period: "monthly",
    language: "id",
    overtime_daily_minutes: 480,
    overtime_weekly_minutes: 2400,
    hours_format: "clock",
    created_at: clock.iso(def.joined, 10),
  });
  store.insert("image", {
    company_id: row.id,
    folder: "company",
    owner_id: row.id,
    file_name: logoName,
    original_name: `logo-${def.code.toLowerCase()}.png`,
    mime: "image/png",
    size: png.length,
    created_at: clock.iso(def.joined, 10, 5),
  });
  return row;
}

const ROLES: Array<[kind: RoleKind, name: string, field: boolean, description: string, colour: string]> = [
  ["admin", "Administrator", false, "Mengelola pengguna, peran, master data dan langganan perusahaan", "#1d4ed8"],
  ["manager", "Project Manager", false, "Merencanakan dan mengendalikan proyek: Gantt, biaya, material, dokumen", "#7c3aed"],
  ["supervisor", "Supervisor", false, "Mengawasi pekerja di lapangan lewat peta, absensi, izin dan K3", "#059669"],
  ["worker", "Field Worker", true, "Pekerja lapangan: absensi selfie, tugas, izin dan laporan K3", "#d97706"],
];

export function buildRoles(ctx: Ctx, companyId: number, joinedDay: number): Record<RoleKind, Row> {
  const out = {} as Record<RoleKind, Row>;
  for (const [kind, name, field, description, colour] of ROLES) {
    out[kind] = ctx.store.insert("role", {
      company_id: companyId,
      name,
      role_type: kind,
      is_field_role: field,
      description,
      color: colour,
      created_at: ctx.clock.iso(joinedDay, 10, 30),
    });
  }
  return out;
}

interface Grant {
  add: boolean;
  edit: boolean;
  del: boolean;
}
const FULL: Grant = { add: true, edit: true, del: true };
const READ: Grant = { add: false, edit: false, del: false };
const ADD_ONLY: Grant = { add: true, edit: false, del: false };
/** View and edit (the timesheet: correct, approve, reopen), nothing to add or delete. */
const EDIT: Grant = { add: false, edit: true, del: false };

/** The row scope of every menu of a role (role-menu row_scope; server/access/row-rule.ts defaultRowScope says the same). */
const ROW_SCOPE: Record<RoleKind, RowScope> = { admin: "company", manager: "company", supervisor: "projects", worker: "own" };

/** Menu aliases each role holds (groups are added as the parents of what is held). */
function grantsOf(kind: Exclude<RoleKind, "admin">, childrenOf: (group: string) => string[]): Map<string, Grant> {
  const g = new Map<string, Grant>();
  const all = (group: string, grant: Grant) => childrenOf(group).forEach((a) => g.set(a, grant));
  if (kind === "manager") {
    all("masterData", READ); // project forms pick types, phases and units
    all("projects", FULL);
    all("resources", FULL);
    all("safety", FULL);
    g.set("map-monitoring", READ);
    g.set("presence", READ);
    g.set("timesheet", EDIT); // corrects, approves and reopens the company's timesheets
    g.set("pay-rate", READ); // labour cost of the timesheet and the projects' actual cost
  } else if (kind === "supervisor") {
    all("projects", READ);
    all("field", FULL);
    g.set("timesheet", EDIT); // those of the people of their projects
    all("safety", FULL);
    g.set("human-resource", READ);
  } else {
    g.set("task", READ);
    g.set("issue", ADD_ONLY);
    g.set("field-day", READ); // the field page: clock-in, panic, device keys
    g.set("presence", READ);
    g.set("timesheet", READ); // their own hours
    g.set("panic-button", ADD_ONLY); // raise an alarm (their own alarms listed)
    g.set("permit", ADD_ONLY);
    g.set("report-k3", ADD_ONLY);
  }
  return g;
}

/** menu-company (every non-platform menu) and role-menu rows of one company. */
export function buildMenus(ctx: Ctx, companyId: number, roles: Record<RoleKind, Row>, joinedDay: number): void {
  const { store, input, clock } = ctx;
  const byId = new Map(input.menus.map((m) => [m.id, m]));
  const platform = new Set<string>(PLATFORM_ONLY_MENUS);
  const hasChildren = new Set(input.menus.map((m) => m.parent_id).filter((p): p is number => p !== null));
  // A menu is the company's when it is not platform-only; a group menu when one of its children is.
  const leaves = input.menus.filter((m) => !hasChildren.has(m.id) && !platform.has(m.alias));
  const owned = new Set<number>();
  const withAncestors = (id: number, into: Set<number>) => {
    for (let m = byId.get(id); m; m = m.parent_id === null ? undefined : byId.get(m.parent_id)) into.add(m.id);
  };
  leaves.forEach((m) => withAncestors(m.id, owned));
  const createdAt = clock.iso(joinedDay, 10, 20);
  for (const m of input.menus) if (owned.has(m.id)) store.insert("menu-company", { company_id: companyId, menu_id: m.id, is_active: true, created_at: createdAt });

  const aliasToId = new Map(input.menus.filter((m) => owned.has(m.id)).map((m) => [m.alias, m.id]));
  const childrenOf = (group: string): string[] => {
    const gid = aliasToId.get(group);
    return gid === undefined ? [] : input.menus.filter((m) => m.parent_id === gid && owned.has(m.id)).map((m) => m.alias);
  };
  // Each role sees rows as far as its kind: a worker their own attendance, permits and tracks, a
  // supervisor those of their projects, the admin and the project manager the company's.
  const grant = (kind: RoleKind, menuId: number, g: Grant) =>
    store.insert("role-menu", {
      company_id: companyId,
      role_id: roles[kind].id,
      menu_id: menuId,
      can_add: g.add,
      can_edit: g.edit,
      can_delete: g.del,
      row_scope: ROW_SCOPE[kind],
      created_at: createdAt,
    });

  for (const m of input.menus) if (owned.has(m.id)) grant("admin", m.id, FULL);
  for (const kind of ["manager", "supervisor", "worker"] as const) {
    const grants = grantsOf(kind, childrenOf);
    const held = new Set<number>();
    for (const alias of grants.keys()) {
      const id = aliasToId.get(alias);
      if (id !== undefined) withAncestors(id, held);
    }
    // Menu order, so a role's rows read like its sider.
    for (const m of input.menus) {
      if (!held.has(m.id)) continue;
      grant(kind, m.id, grants.get(m.alias) ?? READ);
    }
  }
}
