// role-menu PUT replace-byrole/{role_id} (server/custom/role-rights.ts): a role's rights saved
// at once, in one transaction with one `rights` audit entry; a failure keeps the old rights.
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MENUS, ROLE_MENUS } from "../../server/access/identity";
import { load, userWithMenus } from "./custom-fixture";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";

let env: TestEnv;
let menus: Array<{ id: number; alias: string }>;
let clerk: number; // a role of company A
let clerkUser: FixtureUser;
let readOnlyKeeper: FixtureUser; // holds role-menu without delete
const id = (alias: string) => menus.find((m) => m.alias === alias)!.id;

const rowsOf = async (roleId: number) =>
  (
    await env.db
      .selectFrom(ROLE_MENUS.table)
      .select(["menu_id", "can_add", "can_edit", "can_delete", "row_scope", "company_id"])
      .where("role_id", "=", roleId)
      .orderBy("menu_id")
      .execute()
  ).map((r) => ({
    menu_id: Number(r.menu_id),
    can_add: Number(r.can_add) === 1,
    can_edit: Number(r.can_edit) === 1,
    can_delete: Number(r.can_delete) === 1,
    row_scope: r.row_scope ?? null,
    company_id: Number(r.company_id),
  }));
const rightsEntries = async (roleId: number) => env.db.selectFrom("audit_log").selectAll().where("kind", "=", "rights").where("record_id", "=", roleId).orderBy("id").execute();

beforeAll(async () => {
  env = await setupServer();
  menus = (await env.db.selectFrom(MENUS.table).select(["id", "alias"]).execute()).map((m) => ({ id: Number(m.id), alias: String(m.alias) }));
  [[clerk]] = await load(env, [["role", [{ company_id: env.companyA, name: "Site clerk", role_type: "supervisor" }]]]);
  const [[userId]] = await load(env, [
    ["human-resource", [{ company_id: env.companyA, name: "Cici Clerk", email: "clerk@alpha.test", employee_type: "permanent", role_id: clerk }]],
  ]);
  const { issueToken, sha256 } = await import("../../server/auth/tokens");
  const { token } = await issueToken(env.db, userId, 24);
  clerkUser = {
    id: userId,
    email: "clerk@alpha.test",
    token,
    actor: { userId, companyId: env.companyA, roleId: clerk, roleName: "Site clerk", roleType: "supervisor", isOwner: false, tokenHash: sha256(token) },
  };
  readOnlyKeeper = await userWithMenus(env, {
    company: env.companyA,
    name: "Rita Reader",
    email: "rita@alpha.test",
    roleType: "admin",
    aliases: ["role-menu", "role"],
    grant: { can_add: true, can_edit: true, can_delete: false },
  });
});
beforeEach(async () => {
  await env.db.deleteFrom(ROLE_MENUS.table).where("role_id", "=", clerk).execute();
  await load(env, [
    [
      "role-menu",
      [
        { company_id: env.companyA, role_id: clerk, menu_id: id("project"), can_add: false, can_edit: true, can_delete: false },
        { company_id: env.companyA, role_id: clerk, menu_id: id("issue"), can_add: true, can_edit: true, can_delete: true, row_scope: "own" },
      ],
    ],
  ]);
});
afterAll(async () => {
  await env?.close();
});

const replace = (as: FixtureUser, roleId: number, rights: unknown) => env.call(as, "PUT", `/api/role-menu/replace-byrole/${roleId}`, { rights });

describe("role-menu/replace-byrole/{role_id}", () => {
  it("replaces the role's rights, answers them and logs one rights entry with before → after of the changed menus", async () => {
    const res = await replace(env.adminA, clerk, [
      { menu_id: id("project"), can_add: false, can_edit: true, can_delete: false },
      { menu_id: id("divisi"), can_add: true, can_edit: false, can_delete: false, row_scope: null },
      { menu_id: id("presence"), can_add: false, can_edit: false, can_delete: false, row_scope: "projects" },
    ]);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.role_id).toBe(clerk);
    expect(res.body.data.rights.map((r: { menu_id: number }) => r.menu_id).sort()).toEqual([id("project"), id("divisi"), id("presence")].sort());
    expect(await rowsOf(clerk)).toEqual(
      [
        { menu_id: id("project"), can_add: false, can_edit: true, can_delete: false, row_scope: null, company_id: env.companyA },
        { menu_id: id("divisi"), can_add: true, can_edit: false, can_delete: false, row_scope: null, company_id: env.companyA },
        { menu_id: id("presence"), can_add: false, can_edit: false, can_delete: false, row_scope: "projects", company_id: env.companyA },
      ].sort((a, b) => a.menu_id - b.menu_id),
    );
    const entries = await rightsEntries(clerk);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ resource: "role", record_label: "Site clerk", actor_id: env.adminA.id, company_id: env.companyA });
    // project did not change: not in the entry.
    expect(JSON.parse(String(entries[0].before))).toEqual({
      issue: { read: true, create: true, update: true, delete: true, row_scope: "own" },
      divisi: null,
      presence: null,
    });
    expect(JSON.parse(String(entries[0].after))).toEqual({
      issue: null,
      divisi: { read: true, create: true, update: false, delete: false, row_scope: null },
      presence: { read: true, create: false, update: false, delete: false, row_scope: "projects" },
    });
    // No per-row create/delete entries beside it.
    const rowEntries = await env.db.selectFrom("audit_log").select("id").where("resource", "=", "role-menu").where("actor_id", "=", env.adminA.id).execute();
    expect(rowEntries).toHaveLength(0);
  });

  it("an empty list takes every right; the role's users lose the menus at their next request", async () => {
    expect((await env.call(clerkUser, "POST", "/api/issue/search", {})).status).toBe(200);
    const res = await replace(env.adminA, clerk, []);
    expect(res.status, res.raw).toBe(200);
    expect(await rowsOf(clerk)).toEqual([]);
    expect((await env.call(clerkUser, "POST", "/api/issue/search", {})).status).toBe(403);
  });

  it("refuses bad rights with the item's field and changes nothing", async () => {
    const before = await rowsOf(clerk);
    const logged = (await rightsEntries(clerk)).length;
    const res = await replace(env.adminA, clerk, [
      { menu_id: id("project"), can_add: "yes" },
      { menu_id: id("project") },
      { menu_id: 999999 },
      { menu_id: id("issue"), row_scope: "everyone" },
    ]);
    expect(res.status, res.raw).toBe(400);
    expect(res.body.key).toBe("validation_failed");
    expect(Object.keys(res.body.errors).sort()).toEqual(["rights.0.can_add", "rights.1.menu_id", "rights.2.menu_id", "rights.3.row_scope"]);
    expect(res.body.errors["rights.2.menu_id"]).toBe("No such record.");
    expect((await replace(env.adminA, clerk, "all")).status).toBe(400);
    expect(await rowsOf(clerk)).toEqual(before);
    expect(await rightsEntries(clerk)).toHaveLength(logged);
  });

  it("a failure in the middle keeps the old rights and logs nothing", async () => {
    const before = await rowsOf(clerk);
    const logged = (await rightsEntries(clerk)).length;
    const bad = id("divisi");
    // The database refuses the second insert's row: the delete before it must be undone.
    if (env.dialect === "sqlite") {
      await sql
        .raw(`create trigger fail_rights before insert on role_menu when new.menu_id = ${bad} and new.role_id = ${clerk} begin select raise(abort, 'refused'); end`)
        .execute(env.db);
    } else {
      await sql
        .raw(
          `create function fail_rights() returns trigger language plpgsql as $$ begin if new.menu_id = ${bad} and new.role_id = ${clerk} then raise exception 'refused'; end if; return new; end $$;
           create trigger fail_rights before insert on role_menu for each row execute function fail_rights();`,
        )
        .execute(env.db);
    }
    try {
      const res = await replace(env.adminA, clerk, [
        { menu_id: id("project"), can_add: true, can_edit: true, can_delete: true },
        { menu_id: bad, can_add: true },
      ]);
      expect(res.status).toBe(500);
      expect(res.body.key).toBe("server_error");
    } finally {
      await sql.raw(env.dialect === "sqlite" ? "drop trigger fail_rights" : "drop trigger fail_rights on role_menu; drop function fail_rights();").execute(env.db);
    }
    expect(await rowsOf(clerk)).toEqual(before);
    expect(await rightsEntries(clerk)).toHaveLength(logged);
    // menu/management answers the old rights too (no stale cache).
    const tree = (await env.call(env.adminA, "GET", `/api/menu/management/${clerk}`)).body.data as Array<{ alias: string; children: unknown[] }>;
    const flat = (
      ns: Array<{ alias: string; assigned?: boolean; row_scope?: string | null; children: unknown[] }>,
    ): Array<{ alias: string; assigned?: boolean; row_scope?: string | null }> => ns.flatMap((n) => [n, ...flat(n.children as typeof ns)]);
    expect(flat(tree).find((n) => n.alias === "issue")).toMatchObject({ assigned: true, row_scope: "own" });
    expect(flat(tree).find((n) => n.alias === "divisi")).toMatchObject({ assigned: false });
  });

  it("another company's role is not found; a keeper without delete rights is refused; reads only", async () => {
    const other = await replace(env.adminB, clerk, []);
    expect(other.status).toBe(404);
    const refused = await replace(readOnlyKeeper, clerk, []);
    expect(refused.status).toBe(403);
    expect(refused.body.key).toBe("forbidden");
    expect((await rowsOf(clerk)).length).toBe(2);
  });
});
