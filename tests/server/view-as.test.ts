// "View as a user of this role" (role POST view-as/{id}, server/custom/view-as.ts), GET
// /api/session and the X-Rights stamp (server/auth/session-route.ts, rights-stamp.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MENUS } from "../../server/access/identity";
import { issueToken, sha256 } from "../../server/auth/tokens";
import { load } from "./custom-fixture";
import { setupServer, type FixtureUser, type TestEnv } from "./helpers";

let env: TestEnv;
let menus: Array<{ id: number; alias: string }>;
let clerk: number;
let clerkUser: FixtureUser;
let emptyRole: number;
const id = (alias: string) => menus.find((m) => m.alias === alias)!.id;
const asToken = (token: string, userId: number): FixtureUser => ({ id: userId, email: "", token, actor: { userId } as FixtureUser["actor"] });
const viewAsEntries = (roleId: number) => env.db.selectFrom("audit_log").selectAll().where("kind", "=", "view_as").where("record_id", "=", roleId).orderBy("id").execute();

beforeAll(async () => {
  env = await setupServer();
  menus = (await env.db.selectFrom(MENUS.table).select(["id", "alias"]).execute()).map((m) => ({ id: Number(m.id), alias: String(m.alias) }));
  [[clerk, emptyRole]] = await load(env, [
    [
      "role",
      [
        { company_id: env.companyA, name: "Site clerk", role_type: "supervisor" },
        { company_id: env.companyA, name: "Nobody yet", role_type: "worker" },
      ],
    ],
  ]);
  await load(env, [
    [
      "role-menu",
      [
        { company_id: env.companyA, role_id: clerk, menu_id: id("project"), can_add: false, can_edit: false, can_delete: false },
        { company_id: env.companyA, role_id: clerk, menu_id: id("divisi"), can_add: true, can_edit: true, can_delete: true },
      ],
    ],
  ]);
  const [[userId]] = await load(env, [
    ["human-resource", [{ company_id: env.companyA, name: "Cici Clerk", email: "clerk@alpha.test", employee_type: "permanent", role_id: clerk }]],
  ]);
  const { token } = await issueToken(env.db, userId, 24);
  clerkUser = {
    id: userId,
    email: "clerk@alpha.test",
    token,
    actor: { userId, companyId: env.companyA, roleId: clerk, roleName: "Site clerk", roleType: "supervisor", isOwner: false, tokenHash: sha256(token) },
  };
});
afterAll(async () => {
  await env?.close();
});

describe("role/view-as/{id}", () => {
  it("opens a read-only session as the role's user: reads as they do, every write refused, opening and leaving logged", async () => {
    const before = (await viewAsEntries(clerk)).length;
    const res = await env.call(env.adminA, "POST", `/api/role/view-as/${clerk}`, {});
    expect(res.status, res.raw).toBe(200);
    const s = res.body.data;
    expect(s.token).toEqual(expect.any(String));
    expect(s.user).toMatchObject({ id: clerkUser.id, name: "Cici Clerk", company_id: env.companyA });
    expect(s.role).toEqual({ id: clerk, name: "Site clerk", role_type: "supervisor" });
    expect(s.view_as).toEqual({ by_id: env.adminA.id, by_name: "Ana Admin", role_id: clerk, role_name: "Site clerk" });
    expect(
      s.menus
        .filter((m: { url: string | null }) => m.url)
        .map((m: { alias: string }) => m.alias)
        .sort(),
    ).toEqual(["divisi", "project"]);
    const viewer = asToken(s.token, clerkUser.id);

    // What the role reads, it reads; what it may not, it may not.
    expect((await env.call(viewer, "POST", "/api/divisi/search", {})).status).toBe(200);
    expect((await env.call(viewer, "POST", "/api/issue/search", {})).status).toBe(403);
    // Writes the role could do are refused as read-only (409, not 403: the app keeps the session).
    const write = await env.call(viewer, "POST", "/api/divisi/add", { name: "Should not be stored" });
    expect(write.status, write.raw).toBe(409);
    expect(write.body).toMatchObject({ key: "read_only", details: { reason: "view_as" } });
    expect(await env.db.selectFrom("divisi").select("id").where("name", "=", "Should not be stored").execute()).toEqual([]);
    // Nor can it open another view-as session.
    expect((await env.call(viewer, "POST", `/api/role/view-as/${clerk}`, {})).status).toBe(409);

    const session = await env.call(viewer, "GET", "/api/session");
    expect(session.status).toBe(200);
    expect(session.body.data.view_as).toMatchObject({ by_id: env.adminA.id, role_id: clerk });

    // Leaving: the token ends, the admin's own session goes on; both moments are logged as the admin.
    expect((await env.call(viewer, "POST", "/api/logout", {})).status).toBe(200);
    expect((await env.call(viewer, "POST", "/api/divisi/search", {})).status).toBe(401);
    expect((await env.call(env.adminA, "POST", "/api/divisi/search", {})).status).toBe(200);
    const entries = (await viewAsEntries(clerk)).slice(before);
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => [e.actor_id, e.record_label])).toEqual([
      [env.adminA.id, "Site clerk"],
      [env.adminA.id, "Site clerk"],
    ]);
    expect(JSON.parse(String(entries[0].after))).toEqual({ viewing_as: "Cici Clerk", role: "Site clerk" });
    expect(JSON.parse(String(entries[1].before))).toEqual({ viewing_as: "Cici Clerk", role: "Site clerk" });
  });

  it("a role without users is viewed as the admin with that role", async () => {
    const res = await env.call(env.adminA, "POST", `/api/role/view-as/${emptyRole}`, {});
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.user.id).toBe(env.adminA.id);
    expect(res.body.data.role.id).toBe(emptyRole);
    expect(res.body.data.menus).toEqual([]);
  });

  it("needs the right to change role menus; another company's role is not found; a user_id not of the role is refused", async () => {
    expect((await env.call(env.viewerA, "POST", `/api/role/view-as/${clerk}`, {})).status).toBe(403);
    expect((await env.call(env.adminB, "POST", `/api/role/view-as/${clerk}`, {})).status).toBe(404);
    const bad = await env.call(env.adminA, "POST", `/api/role/view-as/${clerk}`, { user_id: env.viewerA.id });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(["user_id"]);
  });
});

describe("X-Rights and GET /api/session", () => {
  it("users of a changed role see a new stamp at their next request, and /api/session answers the new menus", async () => {
    const first = await env.app.inject({ method: "POST", url: "/api/project/search", headers: { authorization: `Bearer ${clerkUser.token}` }, payload: {} });
    const stamp = first.headers["x-rights"];
    expect(stamp).toEqual(expect.any(String));
    // Unchanged rights, same stamp.
    const again = await env.app.inject({ method: "POST", url: "/api/project/search", headers: { authorization: `Bearer ${clerkUser.token}` }, payload: {} });
    expect(again.headers["x-rights"]).toBe(stamp);

    const saved = await env.call(env.adminA, "PUT", `/api/role-menu/replace-byrole/${clerk}`, { rights: [{ menu_id: id("project") }, { menu_id: id("issue"), can_add: true }] });
    expect(saved.status, saved.raw).toBe(200);

    const next = await env.app.inject({ method: "POST", url: "/api/project/search", headers: { authorization: `Bearer ${clerkUser.token}` }, payload: {} });
    expect(next.headers["x-rights"]).not.toBe(stamp);
    const session = await env.call(clerkUser, "GET", "/api/session");
    expect(session.status).toBe(200);
    const held = session.body.data.menus.filter((m: { url: string | null }) => m.url);
    expect(held.map((m: { alias: string }) => m.alias).sort()).toEqual(["issue", "project"]);
    expect(held.find((m: { alias: string }) => m.alias === "issue")).toMatchObject({ can_add: true, can_edit: false });
    expect(session.body.data.view_as).toBeNull();
    // No stamp without a session.
    const anonymous = await env.app.inject({ method: "GET", url: "/api/session" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers["x-rights"]).toBeUndefined();
  });
});
