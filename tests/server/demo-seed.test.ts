// The demo data builder, without a database: every row against the declaration (types,
// required fields, enum options, refs, tenancy), the counts the demo promises, the waypoint
// tracks, the files, and that the same input always builds the same data.
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ALL_RESOURCES, resourceByName, resourceNamed, type ResolvedField, type ResolvedResource } from "../../declaration";
import { requestAmount } from "../../declaration/requests";
import { checkFieldValue } from "../../declaration/field-values";
import { buildDemo, DEMO_PASSWORD, DEMO_TABLE_ORDER } from "../../server/seed/demo";
import type { DemoData, DemoInput } from "../../server/seed/demo-contract";
import { PLATFORM_ONLY_MENUS } from "../../server/seed/demo/access";

/** Resources whose rows the base seed makes (the demo only refers to them through its input). */
const BASE_SEEDED = ["menu", "currency", "issue-status"];
const NOW = new Date("2026-11-21T14:30:00+07:00");
const WIB = 7 * 3_600_000;

/** Menus as the base seed makes them: a group menu per menu group, a menu per grouped resource. */
function declaredMenus(firstId: number): DemoInput["menus"] {
  const menus: DemoInput["menus"] = [];
  const groups = new Map<string, number>();
  let id = firstId;
  for (const r of ALL_RESOURCES)
    if (r.group && !groups.has(r.group)) {
      groups.set(r.group, id);
      menus.push({ id: id++, alias: r.group, parent_id: null });
    }
  for (const r of ALL_RESOURCES) if (r.group) menus.push({ id: id++, alias: r.name, parent_id: groups.get(r.group)! });
  return menus;
}

/** An input as the loader gives it after the base seed (owner, role, menus, statuses exist). */
function inputOf(offset = 0): DemoInput {
  const menus = declaredMenus(1);
  const first: Record<string, number> = { "human-resource": 2, role: 2, menu: menus.length + 1, currency: 2, "issue-status": 5 };
  return {
    menus,
    issueStatuses: [
      { id: 1, name: "Open", is_closed: false },
      { id: 2, name: "In progress", is_closed: false },
      { id: 3, name: "Resolved", is_closed: true },
      { id: 4, name: "Closed", is_closed: true },
    ],
    nextId: (resource) => (first[resource] ?? 1) + offset,
    now: NOW,
  };
}

const tableResources = ALL_RESOURCES.filter((r): r is ResolvedResource & { table: string } => r.table !== null);
type Rec = Record<string, unknown>;

// ---- Checking one value against its field ---------------------------------------------------

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;

function problemOf(f: ResolvedField, v: unknown): string | null {
  if (v === null || v === undefined) return f.required && f.name !== "id" ? "required" : null;
  const isNum = typeof v === "number" && Number.isFinite(v);
  const bounds = (): string | null => {
    const n = v as number;
    if (f.min !== undefined && n < f.min) return `below ${f.min}`;
    if (f.max !== undefined && n > f.max) return `above ${f.max}`;
    return null;
  };
  // What a user could type again without a refusal: the shared rule of the formats (declaration/field-values.ts).
  if (f.type === "email" || f.type === "phone" || f.type === "url") {
    const c = checkFieldValue(f, v);
    if (!c.ok) return c.key;
  }
  switch (f.type) {
    case "string":
    case "text":
    case "phone":
    case "url":
    case "icon":
    case "image":
    case "file":
      if (typeof v !== "string" || v.length === 0) return "not a string";
      return f.maxLength !== undefined && v.length > f.maxLength ? `longer than ${f.maxLength}` : null;
    case "email":
      return typeof v === "string" && /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(v) ? null : "not an email";
    case "color":
      return typeof v === "string" && /^#[0-9a-f]{6}$/i.test(v) ? null : "not a colour";
    case "password":
      return "password given";
    case "integer":
    case "ref":
      return Number.isInteger(v) ? bounds() : "not an integer";
    case "number":
    case "money":
      return isNum ? bounds() : "not a number";
    case "percent":
      return isNum && (v as number) >= 0 && (v as number) <= 100 ? bounds() : "not a percent";
    case "boolean":
      return typeof v === "boolean" ? null : "not a boolean";
    case "date":
      return typeof v === "string" && DATE.test(v) && !Number.isNaN(Date.parse(v)) ? null : "not a date";
    case "datetime":
      return typeof v === "string" && DATETIME.test(v) && !Number.isNaN(Date.parse(v)) ? null : "not a datetime";
    case "time":
      return typeof v === "string" && /^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? null : "not a time";
    case "enum":
      return f.options!.includes(v as string) ? null : `not one of ${f.options!.join("/")}`;
    case "geo": {
      const ok = Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === "number");
      // Jakarta and Bandung: lon 106-108, lat -7.2 … -6; Makassar (the site in WITA): lon 119-120, lat -5.5 … -5
      const westJava = ok && v[0] > 106 && v[0] < 108 && v[1] > -7.2 && v[1] < -6;
      const makassar = ok && v[0] > 119 && v[0] < 120 && v[1] > -5.5 && v[1] < -5;
      return westJava || makassar ? null : "not [lon, lat] in West Java or Makassar";
    }
    case "json":
      return JSON.stringify(v) === undefined ? "not JSON" : null;
    case "timezone":
      return ["Asia/Jakarta", "Asia/Makassar", "Asia/Jayapura"].includes(v as string) ? null : "not an Indonesian zone";
  }
}

// ---- The build under test -------------------------------------------------------------------

let data: DemoData;
const byResource = new Map<string, Rec[]>();
const byId = new Map<string, Map<number, Rec>>();
const rowsOf = (resource: string): Rec[] => byResource.get(resource) ?? [];
interface Waypoints {
  rows: number;
  users: Set<number>;
  problems: string[];
  perUser: Map<number, { first: number; last: number; days: Map<string, { first: number; last: number; n: number }> }>;
  hash: string;
}
let waypoints: Waypoints;

function streamHash(d: DemoData): string {
  const h = createHash("sha256");
  for (const s of d.streams ?? []) for (const chunk of s.chunks()) h.update(JSON.stringify(chunk));
  return h.digest("hex");
}

function scanWaypoints(d: DemoData): Waypoints {
  const waypoint = resourceByName("waypoint");
  const fields = waypoint.fields.filter((f) => !f.implicit || f.name === "company_id");
  const out: Waypoints = { rows: 0, users: new Set(), problems: [], perUser: new Map(), hash: "" };
  const h = createHash("sha256");
  const users = byId.get("human-resource")!;
  const stream = d.streams!.find((s) => s.resource === "waypoint")!;
  for (const chunk of stream.chunks()) {
    expect(chunk.length).toBeLessThanOrEqual(5000);
    h.update(JSON.stringify(chunk));
    for (const row of chunk) {
      out.rows++;
      const note = (m: string) => out.problems.length < 20 && out.problems.push(`${m}: ${JSON.stringify(row)}`);
      for (const k of Object.keys(row)) if (!waypoint.fields.some((f) => f.name === k)) note(`unknown field ${k}`);
      for (const f of fields) {
        const p = problemOf(f, row[f.name]);
        if (p) note(`${f.name} ${p}`);
      }
      const user = users.get(row.user_id as number);
      if (!user) note("unknown user");
      else if (user.company_id !== row.company_id) note("user of another company");
      const ms = Date.parse(row.wptime as string);
      const local = new Date(ms + WIB);
      const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
      if (minute < 8 * 60 || minute >= 17 * 60) note("outside 08:00-17:00 WIB");
      if (ms > NOW.getTime() || ms <= NOW.getTime() - 7 * 86_400_000) note("outside the week ending now");
      if ((row.speed as number) > 25) note("faster than a motorbike in town");
      const company = row.company_id === rowsOf("company-management")[0].id ? "jakarta" : "bandung";
      const [lonMin, lonMax, latMin, latMax] = company === "jakarta" ? [106.7, 107.0, -6.35, -6.05] : [107.5, 107.8, -7.05, -6.8];
      if ((row.lon as number) < lonMin || (row.lon as number) > lonMax || (row.lat as number) < latMin || (row.lat as number) > latMax) note(`not around ${company}`);
      const uid = row.user_id as number;
      out.users.add(uid);
      let u = out.perUser.get(uid);
      if (!u) out.perUser.set(uid, (u = { first: ms, last: ms - 30_000, days: new Map() }));
      const day = local.toISOString().slice(0, 10);
      const dayStat = u.days.get(day);
      if (ms <= u.last) note("not after the user's previous waypoint");
      if (dayStat && ms - u.last !== 30_000) note(`gap of ${(ms - u.last) / 1000} s within a day`);
      if (dayStat) {
        dayStat.last = ms;
        dayStat.n++;
      } else u.days.set(day, { first: ms, last: ms, n: 1 });
      u.last = ms;
    }
  }
  out.hash = h.digest("hex");
  return out;
}

beforeAll(() => {
  data = buildDemo(inputOf());
  for (const t of data.tables) {
    byResource.set(t.resource, t.rows);
    byId.set(t.resource, new Map(t.rows.map((r) => [r.id as number, r])));
  }
  waypoints = scanWaypoints(data);
});

describe("demo data: tables against the declaration", () => {
  it("fills every table-backed resource but the base seed's, in an order that respects refs", () => {
    const filled = new Set([...data.tables.filter((t) => t.rows.length > 0).map((t) => t.resource), ...(data.streams ?? []).map((s) => s.resource)]);
    const empty = tableResources.map((r) => r.name).filter((n) => !BASE_SEEDED.includes(n) && !filled.has(n));
    // Device keys are not seeded: a key is shown once, when it is made; a seeded one could never be typed into a phone.
    expect(empty).toEqual(["device-key"]);
    expect(data.tables.map((t) => t.resource).filter((n) => BASE_SEEDED.includes(n))).toEqual([]);
    expect(data.streams?.map((s) => s.resource)).toEqual(["waypoint"]);
    expect(waypoints.rows).toBeGreaterThan(0);

    const position = new Map(data.tables.map((t, i) => [t.resource, i]));
    expect([...position.keys()]).toEqual(DEMO_TABLE_ORDER.filter((n) => position.has(n)));
    for (const t of data.tables) {
      const r = resourceNamed(t.resource);
      for (const f of r.fields.filter((x) => x.type === "ref" && x.ref !== r.name && !BASE_SEEDED.includes(x.ref!)))
        expect(position.get(f.ref!), `${t.resource}.${f.name} → ${f.ref}`).toBeLessThan(position.get(t.resource)!);
    }
  });

  it("gives every row only declared fields, of the declared type, with required fields and enum options", () => {
    const problems: string[] = [];
    for (const t of data.tables) {
      const r = resourceNamed(t.resource);
      expect(r.table, t.resource).not.toBeNull();
      for (const row of t.rows) {
        for (const k of Object.keys(row)) if (!r.fields.some((f) => f.name === k)) problems.push(`${t.resource}#${String(row.id)}: unknown field ${k}`);
        for (const f of r.fields) {
          const p = problemOf(f, row[f.name]);
          if (p) problems.push(`${t.resource}#${String(row.id)}.${f.name}: ${p} (${JSON.stringify(row[f.name])})`);
        }
      }
    }
    expect(problems.slice(0, 30)).toEqual([]);
  });

  it("numbers each table from the loader's nextId, without gaps or repeats", () => {
    const input = inputOf(500);
    const other = buildDemo(input);
    for (const t of other.tables) {
      expect(t.rows[0].id, t.resource).toBe(input.nextId(t.resource));
      t.rows.forEach((row, i) => expect(row.id).toBe(input.nextId(t.resource) + i));
    }
  });

  it("points every ref at a row of the data or of the input (menus, issue statuses)", () => {
    const input = inputOf();
    const external = new Map<string, Set<number>>([
      ["menu", new Set(input.menus.map((m) => m.id))],
      ["issue-status", new Set(input.issueStatuses.map((s) => s.id))],
    ]);
    const problems: string[] = [];
    for (const t of data.tables) {
      const r = resourceNamed(t.resource);
      for (const row of t.rows)
        for (const f of r.fields.filter((x) => x.type === "ref")) {
          const v = row[f.name];
          if (v === null || v === undefined) continue;
          const ok = external.get(f.ref!)?.has(v as number) ?? byId.get(f.ref!)?.has(v as number) ?? false;
          if (!ok) problems.push(`${t.resource}#${String(row.id)}.${f.name} → ${f.ref}#${String(v)}`);
        }
    }
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it("puts company_id on company rows and keeps refs within one company", () => {
    const companies = new Set(rowsOf("company-management").map((c) => c.id));
    const problems: string[] = [];
    for (const t of data.tables) {
      const r = resourceNamed(t.resource);
      for (const row of t.rows) {
        if (r.scope === "company" && !companies.has(row.company_id as number)) problems.push(`${t.resource}#${String(row.id)}: company_id ${String(row.company_id)}`);
        if (r.scope === "platform" && !r.fields.some((f) => f.name === "company_id" && !f.implicit) && "company_id" in row)
          problems.push(`${t.resource}#${String(row.id)}: platform row with company_id`);
        if (r.scope !== "company") continue;
        for (const f of r.fields.filter((x) => x.type === "ref" && resourceByName(x.ref!).scope === "company")) {
          const target = byId.get(f.ref!)?.get(row[f.name] as number);
          if (target && target.company_id !== row.company_id) problems.push(`${t.resource}#${String(row.id)}.${f.name} → another company`);
        }
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
  });

  it("keeps unique fields unique (per company, or across the platform) and trees parent-first", () => {
    for (const t of data.tables) {
      const r = resourceNamed(t.resource);
      for (const f of r.fields.filter((x) => x.unique)) {
        const keys = t.rows.filter((row) => row[f.name] != null).map((row) => `${String(row.company_id ?? "")}|${String(row[f.name])}`);
        expect(new Set(keys).size, `${t.resource}.${f.name}`).toBe(keys.length);
      }
      for (const f of r.fields.filter((x) => x.type === "ref" && x.ref === r.name)) {
        const seen = new Set<number>();
        for (const row of t.rows) {
          if (row[f.name] != null) expect(seen.has(row[f.name] as number), `${t.resource}#${String(row.id)}.${f.name}`).toBe(true);
          seen.add(row.id as number);
        }
      }
    }
    const emails = rowsOf("human-resource").map((u) => (u.email as string).toLowerCase());
    expect(new Set(emails).size).toBe(emails.length);
  });

  it("stamps rows no later than now", () => {
    for (const t of data.tables)
      for (const row of t.rows) {
        expect(Date.parse(row.created_at as string), `${t.resource}#${String(row.id)}`).toBeLessThanOrEqual(NOW.getTime());
        expect(Date.parse(row.updated_at as string)).toBeGreaterThanOrEqual(Date.parse(row.created_at as string));
      }
  });
});

describe("demo data: what the demo promises", () => {
  const company = (name: string) => rowsOf("company-management").find((c) => c.name === name)!;
  const usersOf = (companyId: unknown) => rowsOf("human-resource").filter((u) => u.company_id === companyId);
  const roleTypeOf = (user: Rec) => byId.get("role")!.get(user.role_id as number)!.role_type;

  it("has the two companies with a package, a status and the demo accounts", () => {
    expect(rowsOf("company-management")).toHaveLength(2);
    const dk = company("PT Demo Konstruksi");
    const ct = company("PT Contoh Telekomunikasi");
    for (const c of [dk, ct]) {
      expect(byId.get("package-management")!.has(c.package_id as number)).toBe(true);
      expect(c.status).toBe("active");
      const types = usersOf(c.id).map(roleTypeOf);
      for (const t of ["admin", "manager", "supervisor", "worker"]) expect(types).toContain(t);
    }
    expect(dk.industry).toBe("construction");
    expect(ct.industry).toBe("telecom");
    const account = (email: string) => rowsOf("human-resource").find((u) => u.email === email);
    for (const [email, c, type] of [
      ["admin@demo.test", dk, "admin"],
      ["pm@demo.test", dk, "manager"],
      ["supervisor@demo.test", dk, "supervisor"],
      ["worker1@demo.test", dk, "worker"],
      ["worker2@demo.test", dk, "worker"],
      ["admin2@demo.test", ct, "admin"],
      ["pm2@demo.test", ct, "manager"],
      ["supervisor2@demo.test", ct, "supervisor"],
      ["worker21@demo.test", ct, "worker"],
    ] as const) {
      const u = account(email);
      expect(u, email).toBeDefined();
      expect(u!.company_id, email).toBe(c.id);
      expect(roleTypeOf(u!), email).toBe(type);
      expect(u!.password, email).toBeUndefined();
    }
    expect(data.passwordPlain).toBe(DEMO_PASSWORD);
    expect(DEMO_PASSWORD).toBe("demo12345");
    const workers = rowsOf("human-resource").filter((u) => roleTypeOf(u) === "worker");
    expect(workers.length).toBeGreaterThanOrEqual(40);
    expect(rowsOf("role").map((r) => r.name)).toEqual(expect.arrayContaining(["Administrator", "Project Manager", "Supervisor", "Field Worker"]));
  });

  it("gives each company the non-platform menus and each role its share of them", () => {
    const input = inputOf();
    const menuById = new Map(input.menus.map((m) => [m.id, m]));
    for (const c of rowsOf("company-management")) {
      const owned = new Set(
        rowsOf("menu-company")
          .filter((m) => m.company_id === c.id)
          .map((m) => m.menu_id as number),
      );
      const aliases = new Set([...owned].map((id) => menuById.get(id)!.alias));
      for (const alias of PLATFORM_ONLY_MENUS) expect(aliases.has(alias), alias).toBe(false);
      for (const m of input.menus) if (!(PLATFORM_ONLY_MENUS as readonly string[]).includes(m.alias) && m.parent_id !== null) expect(owned.has(m.id), m.alias).toBe(true);
      for (const alias of ["projects", "field", "resources", "safety", "masterData", "company", "sales"]) expect(aliases.has(alias), alias).toBe(true);
      const roles = rowsOf("role").filter((r) => r.company_id === c.id);
      const grants = (type: string) => rowsOf("role-menu").filter((g) => g.role_id === roles.find((r) => r.role_type === type)!.id);
      for (const g of rowsOf("role-menu").filter((x) => x.company_id === c.id)) expect(owned.has(g.menu_id as number)).toBe(true);
      const admin = grants("admin");
      expect(new Set(admin.map((g) => g.menu_id))).toEqual(owned);
      expect(admin.every((g) => g.can_add && g.can_edit && g.can_delete)).toBe(true);
      const aliasesOf = (type: string) => grants(type).map((g) => menuById.get(g.menu_id as number)!.alias);
      expect(aliasesOf("manager")).toEqual(expect.arrayContaining(["projects", "project", "version-gantt", "resources", "material-resource", "safety", "report-k3"]));
      expect(aliasesOf("supervisor")).toEqual(expect.arrayContaining(["field", "map-monitoring", "presence", "safety", "project"]));
      expect(grants("supervisor").find((g) => menuById.get(g.menu_id as number)!.alias === "project")!.can_edit).toBe(false);
      expect(aliasesOf("worker")).toEqual(expect.arrayContaining(["task", "presence", "permit"]));
      expect(aliasesOf("worker")).not.toContain("human-resource");
    }
  });

  it("has 3-5 projects per company with varied statuses, a baseline and a current Gantt each", () => {
    const statuses = new Set<unknown>();
    for (const c of rowsOf("company-management")) {
      const projects = rowsOf("project").filter((p) => p.company_id === c.id);
      expect(projects.length).toBeGreaterThanOrEqual(3);
      expect(projects.length).toBeLessThanOrEqual(5);
      projects.forEach((p) => statuses.add(p.status));
    }
    expect([...statuses]).toEqual(expect.arrayContaining(["planning", "in_progress", "on_hold", "completed"]));
    for (const p of rowsOf("project")) {
      const versions = rowsOf("version-gantt").filter((v) => v.project_id === p.id);
      expect(versions).toHaveLength(2);
      expect(versions.filter((v) => v.is_baseline)).toHaveLength(1);
      for (const v of versions) {
        const acts = rowsOf("activity").filter((a) => a.version_gantt_id === v.id);
        expect(new Set(acts.map((a) => a.type))).toEqual(new Set(["summary", "task", "milestone"]));
        const ids = new Set(acts.map((a) => a.id));
        for (const a of acts) {
          expect(a.project_id).toBe(p.id);
          const [start, end] = [a.start_date as string, a.end_date as string];
          expect(start >= (p.start_date as string) && end <= (p.end_date as string), `${String(a.code)} ${start}..${end}`).toBe(true);
          expect((a.start_date as string) <= (a.end_date as string)).toBe(true);
          expect(a.code).toMatch(/^\d+(\.\d+)?$/);
          if (a.parent_id !== null) expect(ids.has(a.parent_id)).toBe(true);
          expect(a.type === "summary").toBe(a.parent_id === null);
          for (const pred of a.predecessors as Array<{ id: number; type: string }>) {
            expect(ids.has(pred.id)).toBe(true);
            expect(["e2s", "s2s", "e2e", "s2e"]).toContain(pred.type);
          }
        }
        expect(acts.filter((a) => a.type !== "summary").some((a) => (a.predecessors as unknown[]).length > 0)).toBe(true);
      }
      if (p.status === "completed") expect(p.progress).toBe(100);
      if (p.status === "planning") expect(p.progress).toBe(0);
    }
    expect(rowsOf("template-gantt").every((t) => Array.isArray((t.structure as { phases: unknown[] }).phases))).toBe(true);
  });

  it("keeps health indices consistent with their values", () => {
    for (const h of rowsOf("project-financial-health")) {
      expect(Math.abs((h.cpi as number) - (h.earned_value as number) / (h.actual_cost as number))).toBeLessThanOrEqual(0.006);
      expect(h.status).toBe((h.cpi as number) >= 0.95 ? "healthy" : (h.cpi as number) >= 0.85 ? "at_risk" : "critical");
    }
    for (const h of rowsOf("project-schedule-health")) {
      expect(Math.abs((h.spi as number) - (h.actual_progress as number) / (h.planned_progress as number))).toBeLessThanOrEqual(0.006);
      expect(h.status).toBe((h.spi as number) >= 0.95 ? "healthy" : (h.spi as number) >= 0.85 ? "at_risk" : "critical");
    }
    expect(new Set(rowsOf("project-financial-health").map((h) => h.status)).size).toBeGreaterThan(1);
  });

  it("spends what the health reports say: the expenditure to date is the earned value at about the reported CPI", () => {
    for (const p of rowsOf("project")) {
      const reports = rowsOf("project-financial-health").filter((h) => h.project_id === p.id);
      const spent = rowsOf("project-expenditure")
        .filter((e) => e.project_id === p.id)
        .reduce((s, e) => s + Number(e.amount), 0);
      if (!reports.length || !spent) continue;
      const budget = Number(p.budget);
      // The project's earned value now (its progress) over what it spent: near the reports' CPI.
      const cpi = (budget * Number(p.progress)) / 100 / spent;
      const reported = reports.map((h) => Number(h.cpi));
      expect(cpi).toBeGreaterThan(Math.min(...reported) - 0.1);
      expect(cpi).toBeLessThan(Math.max(...reported) + 0.1);
    }
  });

  it("fills kanban boards with cards in every status and issues with replies", () => {
    for (const b of rowsOf("kanban-board")) {
      const cards = rowsOf("kanban-card").filter((c) => c.kanban_board_id === b.id);
      expect(new Set(cards.map((c) => c.status))).toEqual(new Set(["todo", "in_progress", "review", "done"]));
    }
    for (const i of rowsOf("issue")) expect(rowsOf("issue-reply").some((r) => r.issue_id === i.id)).toBe(true);
    const statuses = new Set(rowsOf("issue").map((i) => i.issue_status_id));
    expect(statuses.size).toBeGreaterThan(1);
  });

  it("builds an FTTH tree per project, OLT to ONT, near the project", () => {
    for (const p of rowsOf("project")) {
      const nodes = rowsOf("hierarchy-ftths").filter((n) => n.project_id === p.id);
      const levels = new Set(nodes.map((n) => n.level));
      for (const level of ["olt", "odc", "odp"]) expect(levels.has(level), `${String(p.code)} ${level}`).toBe(true);
      const nodeById = new Map(nodes.map((n) => [n.id, n]));
      const parentLevel: Record<string, string | null> = { olt: null, odc: "olt", odp: "odc", ont: "odp" };
      for (const n of nodes) {
        expect(n.parent_id === null ? null : nodeById.get(n.parent_id)?.level).toBe(parentLevel[n.level as string]);
        const [lon, lat] = n.location as number[];
        const [plon, plat] = p.location as number[];
        expect(Math.hypot((lon - plon) * 110_000, (lat - plat) * 110_000)).toBeLessThan(3000);
        expect(n.used_ports as number).toBeLessThanOrEqual(n.capacity as number);
      }
    }
    for (const c of rowsOf("company-management")) expect(rowsOf("hierarchy-ftths").some((n) => n.company_id === c.id && n.level === "ont")).toBe(true);
  });

  it("dates material and tool requests in the order deliveries happen", () => {
    const seen = new Set<unknown>();
    for (const r of rowsOf("request-material")) {
      seen.add(r.status);
      const chain = [r.delivery_date, r.received_to_warehouse_date, r.delivery_to_site_date, r.received_date].filter((d) => d != null) as string[];
      expect([...chain].sort()).toEqual(chain);
      if (r.status === "received") expect(r.received_date).not.toBeNull();
      if (["requested", "approved", "rejected"].includes(r.status as string)) expect(chain).toEqual([]);
      // The server's amount: quantity × unit price − discount (declaration/requests.ts).
      const a = requestAmount({ quantity: r.quantity as number, unitPrice: r.unit_price as number, discount: r.discount as number });
      expect(a.ok && a.amount).toBe(r.amount);
    }
    expect(seen.size).toBeGreaterThanOrEqual(4);
    expect(rowsOf("request-material").some((r) => (r.discount as number) > 0)).toBe(true);
    expect(rowsOf("req-tools").some((r) => r.unit_price !== null && r.amount === (r.quantity as number) * (r.unit_price as number))).toBe(true);
    for (const r of rowsOf("req-tools")) {
      if (r.unit_price !== null) expect(r.amount).toBe((r.quantity as number) * (r.unit_price as number) - (r.discount as number));
      if (r.send_date && r.received_date) expect((r.send_date as string) <= (r.received_date as string)).toBe(true);
      if (r.status === "received") expect(r.received_date).not.toBeNull();
    }
  });

  it("stores every referenced file: documents, selfies, profile pictures, logos, K3 photos", () => {
    const files = new Map((data.files ?? []).map((f) => [`${f.folder}/${f.name}`, f]));
    expect(files.size).toBe(data.files!.length);
    const png = (name: string, folder: string) => {
      const f = files.get(`${folder}/${name}`);
      expect(f, `${folder}/${name}`).toBeDefined();
      expect([...f!.content.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(f!.mime).toBe("image/png");
      return f!;
    };
    for (const img of rowsOf("image")) expect(png(img.file_name as string, img.folder as string).content.length).toBe(img.size);
    const images = new Map(rowsOf("image").map((i) => [i.file_name, i]));
    for (const p of rowsOf("presence")) {
      for (const name of [p.image_selfie, p.image_selfie_out].filter(Boolean)) {
        expect(images.get(name)?.folder).toBe("selfie");
        expect(images.get(name)?.owner_id).toBe(p.user_id);
      }
    }
    for (const u of rowsOf("human-resource")) expect(images.get(u.photo)?.owner_id).toBe(u.id);
    for (const c of rowsOf("company-management")) expect(images.get(c.logo)?.folder).toBe("company");
    for (const r of rowsOf("report-k3").filter((x) => x.image)) expect(images.get(r.image)?.owner_id).toBe(r.id);
    for (const d of rowsOf("document-project")) {
      const f = files.get(`documents/${d.file as string}`);
      expect(f, d.name as string).toBeDefined();
      expect(f!.content.length).toBe(d.size);
      expect(f!.mime).toBe(d.mime);
      const head = new TextDecoder("latin1").decode(f!.content.subarray(0, 5));
      if (d.mime === "application/pdf") expect(head).toBe("%PDF-");
      expect(f!.content.length).toBeLessThan(20_000);
    }
    const folders = new Set(data.files!.map((f) => f.folder));
    expect([...folders].sort()).toEqual(["company", "documents", "k3", "profile", "selfie"]);
    const total = data.files!.reduce((n, f) => n + f.content.length, 0);
    expect(total).toBeLessThan(5_000_000);
  });
});

describe("demo data: the field week", () => {
  it("seeds alert rules that fire, company-wide (one per event, as the alert rules screen shows and switches them)", () => {
    // The events the server raises (server/events/alerts.ts, sweep.ts, position-watch.ts) and #/config-alert lists.
    const fired = new Set([
      "panic_button",
      "late_clock_in",
      "clock_in_outside_area",
      "no_clock_in",
      "phone_silent",
      "geofence_exit",
      "geofence_enter",
      "no_movement",
      "low_battery",
    ]);
    for (const company of rowsOf("company-management")) {
      const rules = rowsOf("config-alert").filter((r) => r.company_id === company.id);
      if (!rules.length) continue;
      expect(rules.every((r) => fired.has(String(r.alert_type)) && r.project_id === null)).toBe(true);
      expect(new Set(rules.map((r) => r.alert_type)).size).toBe(rules.length);
      expect(rules.map((r) => r.alert_type)).toEqual(expect.arrayContaining(["panic_button", "geofence_exit", "no_movement"]));
    }
  });

  const today = new Date(NOW.getTime() + WIB).toISOString().slice(0, 10);

  it("tracks at least 40 workers for a week, every 30 s within working hours around their sites", () => {
    expect(waypoints.problems).toEqual([]);
    expect(waypoints.users.size).toBeGreaterThanOrEqual(40);
    expect(waypoints.rows).toBeGreaterThan(250_000);
    for (const [, u] of waypoints.perUser) expect(u.days.size).toBeGreaterThanOrEqual(5);
    const companies = new Set([...waypoints.users].map((id) => byId.get("human-resource")!.get(id)!.company_id));
    expect(companies.size).toBe(2);
  });

  it("matches each day's track to its presence: starts at clock-in, ends by clock-out", () => {
    const presence = rowsOf("presence");
    let matched = 0;
    for (const p of presence) {
      const day = waypoints.perUser.get(p.user_id as number)?.days.get(p.presence_date as string);
      if (p.clock_in === null) {
        expect(day, `${String(p.user_id)} ${String(p.presence_date)} ${String(p.presence_status)}`).toBeUndefined();
        expect(["absent", "leave", "sick"]).toContain(p.presence_status);
        continue;
      }
      expect(day).toBeDefined();
      matched++;
      expect(day!.first - Date.parse(p.clock_in as string)).toBeGreaterThanOrEqual(0);
      expect(day!.first - Date.parse(p.clock_in as string)).toBeLessThan(30_000);
      if (p.clock_out !== null) {
        expect(Date.parse(p.clock_out as string) - day!.last).toBeGreaterThanOrEqual(0);
        expect(Date.parse(p.clock_out as string) - day!.last).toBeLessThan(30_000);
      } else {
        expect(p.presence_date).toBe(today);
        expect(NOW.getTime() - day!.last).toBeLessThan(30_000);
      }
      expect(typeof p.clock_in_loc).toBe("string");
      expect(p.clock_in_loc as string).toMatch(/^(Jl\.|Gg\.)/);
      expect(p.presence_status === "late").toBe(Date.parse(p.clock_in as string) - Date.parse(`${p.presence_date as string}T08:15:59+07:00`) > 0);
    }
    const days = [...waypoints.perUser.values()].reduce((n, u) => n + u.days.size, 0);
    expect(matched).toBe(days);
  });

  it("shows most workers on the map today, the ones still at work without clock-out", () => {
    const workers = rowsOf("human-resource").filter((u) => byId.get("role")!.get(u.role_id as number)!.role_type === "worker");
    const todays = rowsOf("presence").filter((p) => p.presence_date === today);
    const working = todays.filter((p) => p.clock_in !== null);
    expect(working.length).toBeGreaterThanOrEqual(Math.ceil(workers.length * 0.8));
    expect(working.filter((p) => p.clock_out === null).length).toBeGreaterThanOrEqual(Math.ceil(workers.length * 0.8));
    expect(todays.some((p) => p.presence_status === "present")).toBe(true);
    expect(new Set(rowsOf("presence").map((p) => p.presence_status))).toEqual(new Set(["present", "late", "leave", "sick", "absent"]));
  });

  it("starts calm: every panic alarm of the week handled (resolved or a false alarm), none open, acknowledged, escalated or from today", () => {
    const panics = rowsOf("panic-button");
    expect(panics.length).toBe(12);
    expect(new Set(panics.map((p) => p.status))).toEqual(new Set(["resolved", "false_alarm"]));
    for (const p of panics) {
      expect(p.escalated_at ?? null).toBeNull();
      expect(p.handled_by).toEqual(expect.any(Number));
      expect(typeof p.note).toBe("string");
      expect(String(p.alert_time).slice(0, 10) < today).toBe(true);
    }
  });

  it("gives each alarm its trail: raised by its worker, delivered in the app and sent by e-mail as its rule names them, acknowledged within the escalation time, resolved with its note", () => {
    const trail = data.serverTables!.find((t) => t.table === "panic_event")!.rows;
    const users = byId.get("human-resource")!;
    for (const p of rowsOf("panic-button")) {
      const steps = trail.filter((e) => e.panic_id === p.id);
      expect(steps.map((e) => e.kind)).toEqual(["raised", "delivered", "sent", "sent", "acknowledged", "resolved"]);
      expect(steps.slice(1, 4).map((e) => e.channel)).toEqual(["app", "email", "email"]);
      expect(steps.every((e) => e.company_id === p.company_id && users.get(e.actor_id as number)?.company_id === p.company_id)).toBe(true);
      expect(steps[0]).toMatchObject({ actor_id: p.user_id, at: p.alert_time });
      // Delivered or sent to three different people, none of them the worker who raised it.
      expect(new Set(steps.slice(1, 4).map((e) => e.actor_id)).size).toBe(3);
      expect(steps.slice(1, 4).some((e) => e.actor_id === p.user_id)).toBe(false);
      const times = steps.map((e) => Date.parse(e.at as string));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[4] - times[0]).toBeLessThan(120_000);
      expect(steps[4]).toMatchObject({ actor_id: p.handled_by, at: p.handled_at });
      expect(steps[5]).toMatchObject({ note: p.note });
      expect(times[5]).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it("before the shift starts, has nobody clocked in today and nothing after now", () => {
    const early = new Date("2026-11-21T06:10:00+07:00");
    const d = buildDemo({ ...inputOf(), now: early });
    const presence = d.tables.find((t) => t.resource === "presence")!.rows;
    expect(presence.filter((p) => p.presence_date === today && p.clock_in !== null)).toEqual([]);
    // Yesterday is the latest attendance: everyone clocked out.
    const yesterday = presence.filter((p) => p.presence_date === "2026-11-20" && p.clock_in !== null);
    expect(yesterday.length).toBeGreaterThan(30);
    expect(yesterday.every((p) => p.clock_out !== null)).toBe(true);
    let latest = 0;
    for (const chunk of d.streams![0].chunks()) for (const w of chunk) latest = Math.max(latest, Date.parse(w.wptime as string));
    expect(latest).toBeLessThanOrEqual(Date.parse("2026-11-20T17:00:00+07:00"));
    for (const t of d.tables) for (const row of t.rows) expect(Date.parse(row.created_at as string)).toBeLessThanOrEqual(early.getTime());
  });

  it("gives leave and sick days a permit", () => {
    for (const p of rowsOf("presence").filter((x) => x.presence_status === "leave" || x.presence_status === "sick")) {
      const permit = rowsOf("permit").find(
        (x) =>
          x.user_id === p.user_id &&
          x.permit_type === p.presence_status &&
          (x.absent_date as string) <= (p.presence_date as string) &&
          (x.end_date as string) >= (p.presence_date as string),
      );
      expect(permit, `${String(p.user_id)} ${String(p.presence_date)}`).toBeDefined();
    }
  });
});

describe("demo data: determinism", () => {
  it("builds the same tables, files and waypoints from the same input", () => {
    const again = buildDemo(inputOf());
    expect(JSON.stringify(again.tables)).toBe(JSON.stringify(data.tables));
    const digest = (d: DemoData) =>
      createHash("sha256")
        .update(JSON.stringify((d.files ?? []).map((f) => [f.folder, f.name, f.mime, createHash("sha256").update(f.content).digest("hex")])))
        .digest("hex");
    expect(digest(again)).toBe(digest(data));
    expect(streamHash(again)).toBe(waypoints.hash);
    // The stream can be read again (the loader may retry): same rows.
    expect(streamHash(data)).toBe(waypoints.hash);
  });

  it("moves with now: the week always ends today", () => {
    const later = buildDemo({ ...inputOf(), now: new Date(NOW.getTime() + 30 * 86_400_000) });
    const project = later.tables.find((t) => t.resource === "project")!.rows[0];
    const first = data.tables.find((t) => t.resource === "project")!.rows[0];
    expect(Date.parse(`${project.start_date as string}T00:00:00Z`) - Date.parse(`${first.start_date as string}T00:00:00Z`)).toBe(30 * 86_400_000);
  });
});
