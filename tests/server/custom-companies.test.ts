// company-management/add with the first admin (server/custom/companies.ts) and the virtual
// fields it rests on (declaration `virtual`: validated, never stored or answered).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceByName } from "../../declaration";
import { MENU_COMPANIES, ROLES, ROLE_MENUS, USERS } from "../../server/access/identity";
import { companyMenuIds } from "../../server/custom/companies";
import { planTable } from "../../server/db/schema-plan";
import { PLATFORM_ONLY_MENUS } from "../../server/seed/demo/access";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
beforeAll(async () => {
  env = await setupServer();
});
afterAll(async () => {
  await env?.close();
});

const company = (n: string, extra: Record<string, unknown> = {}) => ({ name: `PT ${n}`, code: n.toUpperCase(), industry: "construction", email: `info@${n}.test`, ...extra });
const add = (body: unknown, as = env.owner) => env.call(as, "POST", "/api/company-management/add", body);
const countUsers = async (email: string) => (await env.db.selectFrom(USERS.table).select("id").where("email", "=", email).execute()).length;

describe("virtual fields", () => {
  const r = resourceByName("company-management");

  it("are resolved hidden from lists and show pages, and have no column", () => {
    for (const name of ["admin_name", "admin_email", "admin_password"]) {
      const f = r.fields.find((x) => x.name === name)!;
      expect(f).toMatchObject({ virtual: true, list: false, show: false, filter: false, sortable: false, form: true });
      expect(planTable(r)!.columns.map((c) => c.name)).not.toContain(name);
    }
  });

  it("are never answered, searched or stored", async () => {
    const list = await env.call(env.owner, "POST", "/api/company-management/search", {});
    expect(list.status).toBe(200);
    for (const c of list.body.data) expect(Object.keys(c).filter((k) => k.startsWith("admin_"))).toEqual([]);
    expect((await env.call(env.owner, "POST", "/api/company-management/search", { columns: [{ data: "admin_email", value: "x@y.z" }] })).status).toBe(400);
    expect((await env.call(env.owner, "POST", "/api/company-management/search", { orders: { columns: ["admin_name"] } })).status).toBe(400);
    const upd = await env.call(env.owner, "PUT", `/api/company-management/update/${env.companyA}`, {
      phone: "+62 21 555 0101",
      admin_name: "Ignored",
      admin_email: "ignored@x.test",
    });
    expect(upd.status, upd.raw).toBe(200);
    expect(upd.body.data.phone).toBe("+62 21 555 0101");
    expect(upd.body.data).not.toHaveProperty("admin_name");
    expect(await countUsers("ignored@x.test")).toBe(0);
    // Still validated: a bad email is a 400.
    expect((await env.call(env.owner, "PUT", `/api/company-management/update/${env.companyA}`, { admin_email: "not-an-email" })).status).toBe(400);
  });
});

describe("company-management/add", () => {
  it("creates the company, its menus, an Administrator role with every one of them, and the admin who can sign in", async () => {
    const res = await add(company("gamma", { admin_name: "Gita Admin", admin_email: "Gita@Gamma.test", admin_password: "gamma-pass-1" }));
    expect(res.status, res.raw).toBe(200);
    const c = res.body.data;
    expect(c).toMatchObject({ name: "PT gamma", code: "GAMMA", status: "trial", storage_quota_mb: 1024 });
    expect(Object.keys(c).filter((k) => k.startsWith("admin_"))).toEqual([]);
    expect(c.admin).toMatchObject({ name: "Gita Admin", email: "gita@gamma.test", role_id: expect.any(Number), id: expect.any(Number) });

    const menuIds = await companyMenuIds(env.db);
    const owned = await env.db.selectFrom(MENU_COMPANIES.table).select(["menu_id", "is_active"]).where("company_id", "=", c.id).execute();
    expect(owned.map((m) => Number(m.menu_id)).sort((a, b) => a - b)).toEqual([...menuIds].sort((a, b) => a - b));
    const role = await env.db.selectFrom(ROLES.table).selectAll().where("id", "=", c.admin.role_id).executeTakeFirstOrThrow();
    expect(role).toMatchObject({ company_id: c.id, name: "Administrator", role_type: "admin" });
    const grants = await env.db.selectFrom(ROLE_MENUS.table).selectAll().where("role_id", "=", c.admin.role_id).execute();
    expect(grants).toHaveLength(menuIds.length);
    expect(grants.every((g) => Number(g.company_id) === c.id && Number(g.can_add) === 1 && Number(g.can_edit) === 1 && Number(g.can_delete) === 1)).toBe(true);
    const user = await env.db.selectFrom(USERS.table).selectAll().where("id", "=", c.admin.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ company_id: c.id, role_id: c.admin.role_id, email: "gita@gamma.test" });
    expect(String(user.password)).not.toContain("gamma-pass-1");

    const login = await env.call(null, "POST", "/api/login", { email: "gita@gamma.test", password: "gamma-pass-1" });
    expect(login.status, login.raw).toBe(200);
    const aliases = login.body.data.menus.map((m: { alias: string }) => m.alias);
    expect(aliases).toEqual(expect.arrayContaining(["project", "human-resource", "role", "projects", "sales", "product-transaction"]));
    for (const platform of PLATFORM_ONLY_MENUS) expect(aliases).not.toContain(platform);
    // The new admin works in their company right away.
    const admin = { id: c.admin.id, email: "gita@gamma.test", token: login.body.data.token, actor: env.adminA.actor };
    const type = await env.call(admin, "POST", "/api/project-type/add", { name: "Gedung" });
    expect(type.status, type.raw).toBe(200);
    expect(type.body.data.company_id).toBe(c.id);
    const storage = await env.call(admin, "GET", `/api/information-storage/${c.id}`);
    expect(storage.body.data).toMatchObject({ company_id: c.id, used_bytes: 0 });
  });

  it("without admin fields creates the company and its menus only", async () => {
    const res = await add(company("delta"));
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.admin).toBeNull();
    expect((await env.db.selectFrom(MENU_COMPANIES.table).select("id").where("company_id", "=", res.body.data.id).execute()).length).toBe((await companyMenuIds(env.db)).length);
    expect(await env.db.selectFrom(ROLES.table).select("id").where("company_id", "=", res.body.data.id).execute()).toEqual([]);
  });

  it("wants all three admin fields, valid (400), and a free email (409); nothing is left behind", async () => {
    const partial = await add(company("eps", { admin_email: "eps@eps.test" }));
    expect(partial.status).toBe(400);
    expect(Object.keys(partial.body.errors).sort()).toEqual(["admin_name", "admin_password"]);
    const short = await add(company("eps", { admin_name: "E", admin_email: "eps@eps.test", admin_password: "short" }));
    expect(Object.keys(short.body.errors)).toEqual(["admin_password"]);
    const badMail = await add(company("eps", { admin_name: "E", admin_email: "nope", admin_password: "long-enough-1" }));
    expect(Object.keys(badMail.body.errors)).toEqual(["admin_email"]);
    const taken = await add(company("eps", { admin_name: "E", admin_email: "ADMIN@alpha.test", admin_password: "long-enough-1" }));
    expect(taken.status).toBe(409);
    expect(Object.keys(taken.body.errors)).toEqual(["admin_email"]);
    // A company clash rolls back everything, the admin included.
    const clash = await add(company("alpha-2", { name: "PT Alpha", admin_name: "Z", admin_email: "z@alpha2.test", admin_password: "long-enough-1" }));
    expect(clash.status).toBe(409);
    expect(Object.keys(clash.body.errors)).toEqual(["name"]);
    expect(await countUsers("z@alpha2.test")).toBe(0);
    const search = await env.call(env.owner, "POST", "/api/company-management/search", { columns: [{ data: "code", value: "EPS" }] });
    expect(search.body.data).toEqual([]);
  });

  it("is the platform owner's (403 for a company admin)", async () => {
    expect((await add(company("zeta"), env.adminA)).status).toBe(403);
  });
});
