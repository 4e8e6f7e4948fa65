// Role ceilings and the company's administration (issue 27, findings 3, 4 and 5), on the demo
// seed as the attack was made: pm@demo.test holds the Staff menu with every right, yet gives
// nobody (himself included) a role or a right beyond his own, acts on nobody above him, and
// nobody can leave PT Demo Konstruksi without an active administrator; the platform owner can
// give a company its administrator back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MENUS, ROLE_MENUS, ROLES, USERS } from "../../server/access/identity";
import { demoServer, type DemoEnv } from "./map-demo-data";

let env: DemoEnv;
let company: number;
let roles: Record<"admin" | "manager" | "supervisor" | "worker", number>;
let ids: Record<"admin" | "pm" | "supervisor" | "worker", number>;
let tokens: Record<"owner" | "admin" | "pm" | "supervisor", string>;

beforeAll(async () => {
  env = await demoServer();
  const user = async (email: string) =>
    (await env.db.selectFrom(USERS.table).select(["id", "company_id"]).where("email", "=", email).executeTakeFirstOrThrow()) as { id: number; company_id: number };
  const admin = await user("admin@demo.test");
  company = Number(admin.company_id);
  ids = {
    admin: Number(admin.id),
    pm: Number((await user("pm@demo.test")).id),
    supervisor: Number((await user("supervisor@demo.test")).id),
    worker: Number((await user("worker1@demo.test")).id),
  };
  const roleRows = await env.db.selectFrom(ROLES.table).select(["id", "role_type"]).where("company_id", "=", company).execute();
  const roleOf = (type: string) => Number(roleRows.find((r) => r.role_type === type)!.id);
  roles = { admin: roleOf("admin"), manager: roleOf("manager"), supervisor: roleOf("supervisor"), worker: roleOf("worker") };
  tokens = {
    owner: await env.token("owner@demo.test"),
    admin: await env.token("admin@demo.test"),
    pm: await env.token("pm@demo.test"),
    supervisor: await env.token("supervisor@demo.test"),
  };
}, 120_000);
afterAll(async () => {
  await env?.close();
});

const call = async (token: string | null, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) => {
  const res = await env.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() as { status: boolean; key?: string; message?: string; errors?: Record<string, string>; data?: unknown } };
};
const person = (id: number) => env.db.selectFrom(USERS.table).select(["role_id", "is_active", "password", "name"]).where("id", "=", id).executeTakeFirstOrThrow();
const rightsOf = (role: number) =>
  env.db.selectFrom(ROLE_MENUS.table).select(["menu_id", "can_add", "can_edit", "can_delete", "row_scope"]).where("role_id", "=", role).orderBy("menu_id").execute();

describe("the role ceiling", () => {
  it("pm@demo.test cannot make himself administrator: 400 on role_id, nothing changes, his session stays a project manager's", async () => {
    const res = await call(tokens.pm, "PUT", `/api/human-resource/update/${ids.pm}`, { role_id: roles.admin });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ role_id: "You cannot give or change rights you do not hold yourself." });
    expect(Number((await person(ids.pm)).role_id)).toBe(roles.manager);
    const session = await call(tokens.pm, "GET", "/api/session");
    expect((session.body.data as { role: { role_type: string } }).role.role_type).toBe("manager");
    // Nor can he give a new person the role, by the form, an invitation or an import.
    const add = await call(tokens.pm, "POST", "/api/human-resource/add", {
      name: "Orang Baru",
      email: "baru@demo.test",
      employee_type: "permanent",
      role_id: roles.admin,
      password: "password-123",
    });
    expect(add.status).toBe(400);
    expect(add.body.errors).toMatchObject({ role_id: expect.any(String) });
    const invite = await call(tokens.pm, "POST", "/api/human-resource/invite", { name: "Orang Baru", email: "baru@demo.test", employee_type: "permanent", role_id: roles.admin });
    expect(invite.status).toBe(400);
    const items = [{ name: "Orang Baru", email: "baru@demo.test", employee_type: "permanent", role_id: "Administrator" }];
    const preview = await call(tokens.pm, "POST", "/api/human-resource/import-preview", { items });
    expect(preview.status).toBe(200);
    expect((preview.body.data as { invalid: number; rows: Array<{ errors: Record<string, string> }> }).rows[0].errors).toMatchObject({ role_id: expect.any(String) });
    const imported = await call(tokens.pm, "POST", "/api/human-resource/import", { items });
    expect(imported.status).toBe(400);
    expect(imported.body.errors).toMatchObject({ "items.0.role_id": expect.any(String) });
    expect(await env.db.selectFrom(USERS.table).select("id").where("email", "=", "baru@demo.test").executeTakeFirst()).toBeUndefined();
  });

  it("pm@demo.test acts on nobody above him: the admin's password, record, disable and delete are 403 above_own_rights", async () => {
    const before = await person(ids.admin);
    for (const [method, url, body] of [
      ["PUT", `/api/human-resource/update/${ids.admin}`, { password: "taken-over-1" }],
      ["PUT", `/api/human-resource/update/${ids.admin}`, { name: "Renamed" }],
      ["PUT", `/api/human-resource/disable/${ids.admin}`, {}],
      ["DELETE", `/api/human-resource/delete/${ids.admin}`, undefined],
      ["POST", `/api/human-resource/invite/${ids.admin}`, {}],
    ] as const) {
      const res = await call(tokens.pm, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.key).toBe("above_own_rights");
    }
    expect(await person(ids.admin)).toEqual(before);
    // The admin still signs in with their own password.
    expect((await call(null, "POST", "/api/login", { email: "admin@demo.test", password: "fixture-pass-1" })).status).toBe(200);
  });

  it("pm@demo.test changes his own details; the roles he may give are those within his rights", async () => {
    expect((await call(tokens.pm, "PUT", `/api/human-resource/update/${ids.pm}`, { phone: "081200001111" })).status).toBe(200);
    const mine = await call(tokens.pm, "GET", "/api/role/assignable");
    expect(mine.status).toBe(200);
    expect(mine.body.data).toContain(roles.manager);
    expect(mine.body.data).not.toContain(roles.admin);
    const admins = await call(tokens.admin, "GET", "/api/role/assignable");
    expect((admins.body.data as number[]).sort()).toEqual(Object.values(roles).sort());
  });

  it("the rights matrix grants nothing beyond the saver's own, and edits no role above them", async () => {
    // The supervisor is given the rights matrix (edit) by the admin: now he may save rights, within his own.
    const menus = await env.db.selectFrom(MENUS.table).select(["id", "alias"]).execute();
    const menuId = (alias: string) => Number(menus.find((m) => m.alias === alias)!.id);
    const supervisorRights = await rightsOf(roles.supervisor);
    const withMatrix = [
      ...supervisorRights.map((r) => ({ menu_id: Number(r.menu_id), can_add: !!r.can_add, can_edit: !!r.can_edit, can_delete: !!r.can_delete, row_scope: r.row_scope ?? null })),
      { menu_id: menuId("role-menu"), can_add: true, can_edit: true, can_delete: true, row_scope: null },
    ];
    expect((await call(tokens.admin, "PUT", `/api/role-menu/replace-byrole/${roles.supervisor}`, { rights: withMatrix })).status).toBe(200);
    // A role within his rights (the map, read), made by the admin.
    const made = await call(tokens.admin, "POST", "/api/role/add", { name: "Helper", role_type: "worker" });
    expect(made.status).toBe(200);
    const helper = Number((made.body.data as { id: number }).id);
    const helperRights = [{ menu_id: menuId("map-monitoring"), can_add: false, can_edit: false, can_delete: false, row_scope: null }];
    expect((await call(tokens.admin, "PUT", `/api/role-menu/replace-byrole/${helper}`, { rights: helperRights })).status).toBe(200);
    try {
      // The helper role given the staff menu with every right: the supervisor holds staff read only.
      const asked = [...helperRights, { menu_id: menuId("human-resource"), can_add: true, can_edit: true, can_delete: true, row_scope: null }];
      const beyond = await call(tokens.supervisor, "PUT", `/api/role-menu/replace-byrole/${helper}`, { rights: asked });
      expect(beyond.status).toBe(400);
      expect(beyond.body.key).toBe("above_own_rights");
      expect(Object.keys(beyond.body.errors ?? {})).toEqual(["rights.1.menu_id"]);
      expect((await rightsOf(helper)).map((r) => Number(r.menu_id))).toEqual([menuId("map-monitoring")]);
      expect(
        (await call(tokens.supervisor, "POST", "/api/role-menu/add", { role_id: helper, menu_id: menuId("human-resource"), can_add: true, can_edit: true, can_delete: true }))
          .status,
      ).toBe(400);
      // The admin's role, and the worker's (which may add issues: he may not), are above him: 403.
      expect((await call(tokens.supervisor, "PUT", `/api/role-menu/replace-byrole/${roles.admin}`, { rights: [] })).status).toBe(403);
      expect((await call(tokens.supervisor, "DELETE", `/api/role-menu/delete-byrole/${roles.admin}`)).status).toBe(403);
      expect((await call(tokens.supervisor, "PUT", `/api/role-menu/replace-byrole/${roles.worker}`, { rights: [] })).status).toBe(403);
      // Within his own rights he may: the helper gets the staff list to read, and attendance.
      const within = [
        ...helperRights,
        { menu_id: menuId("human-resource"), can_add: false, can_edit: false, can_delete: false, row_scope: null },
        { menu_id: menuId("presence"), can_add: false, can_edit: false, can_delete: false, row_scope: null },
      ];
      expect((await call(tokens.supervisor, "PUT", `/api/role-menu/replace-byrole/${helper}`, { rights: within })).status).toBe(200);
      expect((await rightsOf(helper)).length).toBe(3);
    } finally {
      await call(tokens.admin, "DELETE", `/api/role-menu/delete-byrole/${helper}`);
      await call(tokens.admin, "DELETE", `/api/role/delete/${helper}`);
      const restored = await call(tokens.admin, "PUT", `/api/role-menu/replace-byrole/${roles.supervisor}`, { rights: withMatrix.slice(0, -1) });
      expect(restored.status).toBe(200);
    }
  });
});

describe("the company's last administrator", () => {
  it("an admin cannot strip their own role's rights, by the matrix or by delete-byrole: 409 last_administrator, nothing changes", async () => {
    const before = await rightsOf(roles.admin);
    const strip = await call(tokens.admin, "PUT", `/api/role-menu/replace-byrole/${roles.admin}`, { rights: [] });
    expect(strip.status).toBe(409);
    expect(strip.body.key).toBe("last_administrator");
    const del = await call(tokens.admin, "DELETE", `/api/role-menu/delete-byrole/${roles.admin}`);
    expect(del.status).toBe(409);
    expect(await rightsOf(roles.admin)).toEqual(before);
    // Nor be demoted: the admin moving themselves to the worker role.
    const demote = await call(tokens.admin, "PUT", `/api/human-resource/update/${ids.admin}`, { role_id: roles.worker });
    expect(demote.status).toBe(409);
    expect(Number((await person(ids.admin)).role_id)).toBe(roles.admin);
  });

  it("lets one administrator go once another holds the rights; the one left is out of the former admin's reach", async () => {
    // The supervisor becomes an administrator too; then the admin may be demoted.
    expect((await call(tokens.admin, "PUT", `/api/human-resource/update/${ids.supervisor}`, { role_id: roles.admin })).status).toBe(200);
    expect((await call(tokens.admin, "PUT", `/api/human-resource/update/${ids.admin}`, { role_id: roles.manager })).status).toBe(200);
    // The former admin, now a project manager, cannot disable the administrator left (above him: 403).
    const disable = await call(tokens.admin, "PUT", `/api/human-resource/disable/${ids.supervisor}`, {});
    expect(disable.status).toBe(403);
    expect((await person(ids.supervisor)).is_active).not.toBe(0);
  });
});

describe("the platform owner's repair", () => {
  it("gives the company its administrator back: enabled, with a role holding every menu; audited; owner only", async () => {
    // Make the company lose its administration outside the rules (as a stray database edit would).
    await env.db.updateTable(USERS.table).set({ is_active: 0 }).where("company_id", "=", company).where("role_id", "=", roles.admin).execute();
    await env.db.deleteFrom(ROLE_MENUS.table).where("role_id", "=", roles.admin).execute();
    const people = await call(tokens.owner, "GET", `/api/company-management/people/${company}`);
    expect(people.status).toBe(200);
    expect((people.body.data as Array<{ is_administrator: boolean }>).some((p) => p.is_administrator)).toBe(false);

    // Nobody else may: the company's own manager, the admin of the other demo company.
    expect((await call(tokens.pm, "PUT", `/api/company-management/restore-admin/${company}`, { user_id: ids.pm })).status).toBe(403);
    expect((await call(tokens.pm, "GET", `/api/company-management/people/${company}`)).status).toBe(403);
    expect((await call(tokens.owner, "PUT", `/api/company-management/restore-admin/${company}`, {})).body.errors).toEqual({ user_id: expect.any(String) });

    const res = await call(tokens.owner, "PUT", `/api/company-management/restore-admin/${company}`, { user_id: ids.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user_id: ids.admin, role_id: roles.admin });
    expect(await person(ids.admin)).toMatchObject({ role_id: roles.admin, is_active: 1 });
    const after = await call(tokens.owner, "GET", `/api/company-management/people/${company}`);
    expect((after.body.data as Array<{ id: number; is_administrator: boolean }>).find((p) => p.id === ids.admin)!.is_administrator).toBe(true);
    const login = await call(null, "POST", "/api/login", { email: "admin@demo.test", password: "fixture-pass-1" });
    expect(login.status).toBe(200);
    const entry = await env.db.selectFrom("audit_log").selectAll().where("kind", "=", "restore_admin").executeTakeFirst();
    expect(entry).toMatchObject({ record_id: ids.admin, company_id: company });
  });
});
