// menu/management/{role_id} and menu-company-role/search (server/custom/menus.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MENU_COMPANIES, MENUS } from "../../server/access/identity";
import { load, userWithMenus } from "./custom-fixture";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";

let env: TestEnv;
let menus: Array<{ id: number; alias: string; parent_id: number | null }>;
let roleA: number; // a role of company A holding "project" (read only) and "divisi"
let roleMenuAdmin: FixtureUser; // holds role-menu but not menu
const id = (alias: string) => menus.find((m) => m.alias === alias)!.id;

beforeAll(async () => {
  env = await setupServer();
  menus = (await env.db.selectFrom(MENUS.table).select(["id", "alias", "parent_id"]).execute()).map((m) => ({
    id: Number(m.id),
    alias: String(m.alias),
    parent_id: m.parent_id === null ? null : Number(m.parent_id),
  }));
  // Company A no longer has the "sales-contact" menu (switched off) nor "demo-management" (removed).
  await env.db.updateTable(MENU_COMPANIES.table).set({ is_active: 0 }).where("company_id", "=", env.companyA).where("menu_id", "=", id("sales-contact")).execute();
  await env.db.deleteFrom(MENU_COMPANIES.table).where("company_id", "=", env.companyA).where("menu_id", "=", id("demo-management")).execute();
  [[roleA]] = await load(env, [["role", [{ company_id: env.companyA, name: "Site clerk", role_type: "worker" }]]]);
  await load(env, [
    [
      "role-menu",
      [
        { company_id: env.companyA, role_id: roleA, menu_id: id("project"), can_add: false, can_edit: false, can_delete: false },
        { company_id: env.companyA, role_id: roleA, menu_id: id("divisi"), can_add: true, can_edit: false, can_delete: false },
      ],
    ],
  ]);
  roleMenuAdmin = await userWithMenus(env, { company: env.companyA, name: "Role Keeper", email: "keeper@alpha.test", roleType: "admin", aliases: ["role-menu", "role"] });
});
afterAll(async () => {
  await env?.close();
});

type Node = {
  id: number;
  alias: string;
  children: Node[];
  assigned: boolean;
  can_add: boolean;
  can_edit: boolean;
  can_delete: boolean;
  name: string;
  url: string | null;
  icon: string | null;
  order: number;
};
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

describe("menu/management/{role_id}", () => {
  it("answers the company's menus as a tree with the role's assignment and rights", async () => {
    const res = await env.call(env.adminA, "GET", `/api/menu/management/${roleA}`);
    expect(res.status, res.raw).toBe(200);
    const tree: Node[] = res.body.data;
    // Roots are the group menus, in menu order; resources under their group.
    expect(tree.map((n) => n.alias)).toEqual(["projects", "field", "resources", "safety", "masterData", "company", "sales"]);
    const all = flat(tree);
    expect(all.find((n) => n.alias === "project")).toMatchObject({
      assigned: true,
      can_add: false,
      can_edit: false,
      can_delete: false,
      name: expect.any(String),
      url: "/project",
      icon: "ProjectOutlined",
    });
    expect(all.find((n) => n.alias === "divisi")).toMatchObject({ assigned: true, can_add: true, can_edit: false });
    expect(all.find((n) => n.alias === "issue")).toMatchObject({ assigned: false, can_add: false });
    expect(tree.find((n) => n.alias === "projects")!.children.map((n) => n.alias)).toContain("project");
    // Menus the company does not have (inactive or removed) are not offered.
    expect(all.map((n) => n.alias)).not.toContain("sales-contact");
    expect(all.map((n) => n.alias)).not.toContain("demo-management");
    const orders = tree.find((n) => n.alias === "projects")!.children.map((n) => n.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it("is 404 for another company's role and for no role", async () => {
    expect((await env.call(env.adminB, "GET", `/api/menu/management/${roleA}`)).status).toBe(404);
    expect((await env.call(env.adminA, "GET", `/api/menu/management/${env.roles.adminB}`)).status).toBe(404);
    expect((await env.call(env.adminA, "GET", "/api/menu/management/999999")).status).toBe(404);
    expect((await env.call(env.adminA, "GET", "/api/menu/management/abc")).status).toBe(404);
  });

  it("gives the platform owner's role every menu, all assigned", async () => {
    const res = await env.call(env.owner, "GET", `/api/menu/management/${env.roles.owner}`);
    expect(res.status, res.raw).toBe(200);
    const all = flat(res.body.data);
    expect(all.length).toBe(menus.length);
    expect(all.every((n) => n.assigned && n.can_add && n.can_edit && n.can_delete)).toBe(true);
    // The owner sees company roles as absent (tenancy: rows without a company only).
    expect((await env.call(env.owner, "GET", `/api/menu/management/${roleA}`)).status).toBe(404);
  });

  it("is open to holders of role-menu without the platform's menu list; 403 without either; 401 without a token", async () => {
    const res = await env.call(roleMenuAdmin, "GET", `/api/menu/management/${roleA}`);
    expect(res.status, res.raw).toBe(200);
    expect((await env.call(env.viewerA, "GET", `/api/menu/management/${roleA}`)).status).toBe(403);
    expect((await env.call(null, "GET", `/api/menu/management/${roleA}`)).status).toBe(401);
  });
});

describe("menu-company-role/search", () => {
  const body = (role: unknown, extra: unknown[] = [], more: Record<string, unknown> = {}) => ({
    paging: { start: 0, length: -1 },
    columns: [{ data: "role_id", operator: "=", value: role }, ...extra],
    ...more,
  });

  it("answers the company's menus with the role's assignment, rights and labels", async () => {
    const res = await env.call(env.adminA, "POST", "/api/menu-company-role/search", body(roleA));
    expect(res.status, res.raw).toBe(200);
    const rows = res.body.data;
    const companyMenus = await env.db.selectFrom(MENU_COMPANIES.table).select("menu_id").where("company_id", "=", env.companyA).where("is_active", "=", 1).execute();
    expect(res.body.recordsTotal).toBe(companyMenus.length);
    expect(res.body.recordsFiltered).toBe(companyMenus.length);
    const project = rows.find((r: { alias: string }) => r.alias === "project");
    expect(project).toMatchObject({
      menu_id: id("project"),
      role_id: roleA,
      role_id_label: "Site clerk",
      assigned: true,
      can_add: false,
      parent_id: id("projects"),
      parent_id_label: "Projects",
      menu_id_label: project.name,
    });
    // Default order: menu order.
    expect(rows.map((r: { order: number }) => r.order)).toEqual([...rows.map((r: { order: number }) => r.order)].sort((a: number, b: number) => a - b));
  });

  it("filters, orders and pages like any search", async () => {
    const assigned = await env.call(env.adminA, "POST", "/api/menu-company-role/search", body(roleA, [{ data: "assigned", operator: "=", value: true }]));
    expect(assigned.body.data.map((r: { alias: string }) => r.alias).sort()).toEqual(["divisi", "project"]);
    expect(assigned.body.recordsFiltered).toBe(2);
    const like = await env.call(env.adminA, "POST", "/api/menu-company-role/search", body(roleA, [{ data: "alias", operator: "like", value: "PROJECT-R" }]));
    expect(like.body.data.map((r: { alias: string }) => r.alias)).toEqual(["project-risks", "project-role"]);
    const paged = await env.call(env.adminA, "POST", "/api/menu-company-role/search", {
      ...body(roleA),
      paging: { start: 2, length: 3 },
      orders: { columns: ["alias"], ascending: false },
    });
    expect(paged.body.data).toHaveLength(3);
    const aliases = paged.body.data.map((r: { alias: string }) => r.alias);
    expect(aliases).toEqual([...aliases].sort().reverse());
    const bad = await env.call(env.adminA, "POST", "/api/menu-company-role/search", body(roleA, [{ data: "secret", value: 1 }]));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty("columns");
    const badOrder = await env.call(env.adminA, "POST", "/api/menu-company-role/search", body(roleA, [], { orders: { columns: ["nope"] } }));
    expect(badOrder.status).toBe(400);
  });

  it("needs a role_id (400), of the actor's company (404); the role-menu menu (403)", async () => {
    const none = await env.call(env.adminA, "POST", "/api/menu-company-role/search", { columns: [] });
    expect(none.status).toBe(400);
    expect(none.body.errors).toHaveProperty("role_id");
    expect((await env.call(env.adminB, "POST", "/api/menu-company-role/search", body(roleA))).status).toBe(404);
    expect((await env.call(env.viewerA, "POST", "/api/menu-company-role/search", body(roleA))).status).toBe(403);
    expect((await env.call(roleMenuAdmin, "POST", "/api/menu-company-role/search", body(roleA))).status).toBe(200);
  });
});
