// Sign-in, sessions and password reset (ASVS-minded): hash format, one 401 for unknown email
// and wrong password, throttling, tokens stored hashed with expiry, logout, disabled users,
// reset by mail link.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USERS } from "../../server/access/identity";
import { DUMMY_HASH, hashPassword, hashPasswordAt, MIN_LN, parseHash, verifyPassword } from "../../server/auth/password";
import { sha256 } from "../../server/auth/tokens";
import { PASSWORD, setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
beforeAll(async () => {
  env = await setupServer({ loginMaxFailures: 3 });
});
afterAll(async () => {
  await env?.close();
});

const login = (email: string, password: string, ip = "10.0.0.1") => env.app.inject({ method: "POST", url: "/api/login", payload: { email, password }, remoteAddress: ip });

describe("passwords", () => {
  it("are scrypt N=2^17 r=8 p=1 with a random salt, self-describing", async () => {
    const h = await hashPassword("correct horse");
    expect(h).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(parseHash(h)).toMatchObject({ ln: 17, r: 8, p: 1 });
    expect(await verifyPassword("correct horse", h)).toBe(true);
    expect(await verifyPassword("wrong horse", h)).toBe(false);
    expect(await verifyPassword("anything", DUMMY_HASH)).toBe(false);
  });

  it("verify at the cost stored with them (a lower one, as the fixtures', or a higher one later)", async () => {
    const quick = await hashPasswordAt("correct horse", MIN_LN);
    expect(parseHash(quick)).toMatchObject({ ln: MIN_LN, r: 8, p: 1 });
    expect(await verifyPassword("correct horse", quick)).toBe(true);
    expect(await verifyPassword("wrong horse", quick)).toBe(false);
    expect(parseHash(quick.replace(`ln=${MIN_LN},`, `ln=${MIN_LN - 1},`))).toBeNull();
  });
});

describe("password fields of records", () => {
  it("are hashed on add and update, never answered, and an empty one keeps the old", async () => {
    const add = await env.call(env.adminA, "POST", "/api/human-resource/add", {
      name: "New Hire",
      email: "hire@alpha.test",
      password: "first-pass-1",
      employee_type: "daily",
      role_id: env.roles.viewerA,
    });
    expect(add.status, add.raw).toBe(200);
    expect(add.body.data).not.toHaveProperty("password");
    const id = add.body.data.id;
    const stored = async () => (await env.db.selectFrom(USERS.table).select("password").where("id", "=", id).executeTakeFirstOrThrow()).password as string;
    const first = await stored();
    // At the production cost, whatever the cost of the fixture users' own hashes (MIN_LN).
    expect(first).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
    expect(first).not.toContain("first-pass-1");
    expect((await env.call(env.adminA, "PUT", `/api/human-resource/update/${id}`, { password: "", phone: "+62 811 111" })).status).toBe(200);
    expect(await stored()).toBe(first);
    expect((await env.call(env.adminA, "PUT", `/api/human-resource/update/${id}`, { password: "short" })).status).toBe(400);
    const search = await env.call(env.adminA, "POST", "/api/human-resource/search", { columns: [{ data: "id", value: id, operator: "=" }] });
    expect(JSON.stringify(search.body)).not.toContain("$scrypt");
    expect((await login("hire@alpha.test", "first-pass-1", "10.0.9.1")).statusCode).toBe(200);
  });
});

describe("login", () => {
  it("answers token, expiry, user, role and menus", async () => {
    const res = await login("Admin@Alpha.test ", PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(data.expires_at)).toBeGreaterThan(Date.now());
    expect(data.user).toEqual({
      id: env.adminA.id,
      name: "Ana Admin",
      email: "admin@alpha.test",
      company_id: env.companyA,
      company_name: "PT Alpha",
      photo: null,
      time_zone: "Asia/Jakarta",
      subscription_end: null,
      read_only: null,
    });
    expect(data.role).toEqual({ id: env.roles.adminA, name: "Admin", role_type: "admin" });
    expect(data.menus.length).toBeGreaterThan(10);
    expect(data.menus[0]).toEqual(expect.objectContaining({ alias: "projects", url: null, parent_id: null }));
    const project = data.menus.find((m: { alias: string }) => m.alias === "project");
    expect(project).toMatchObject({ url: "/project", can_add: true, can_edit: true, can_delete: true });
    expect(data.menus.find((m: { id: number }) => m.id === project.parent_id).alias).toBe("projects");
    expect(JSON.stringify(data)).not.toContain("$scrypt");
  });

  it("gives a role exactly its menus and their group menus", async () => {
    const res = await login("viewer@alpha.test", PASSWORD, "10.0.0.2");
    const menus = res.json().data.menus;
    expect(menus.map((m: { alias: string }) => m.alias)).toEqual(["projects", "project"]);
    expect(menus[1]).toMatchObject({ can_add: false, can_edit: false, can_delete: false });
  });

  it("gives the platform owner the platform's menus, not a company's lists", async () => {
    const res = await login("owner@fixture.test", PASSWORD, "10.0.0.3");
    expect(res.statusCode, res.body).toBe(200);
    const aliases = res.json().data.menus.map((m: { alias: string }) => m.alias);
    expect(aliases).toEqual(expect.arrayContaining(["company", "company-management", "menu", "information-storage-all-company", "sales", "package-management", "refferal-code"]));
    // Every company's purchases are the owner's to follow (ownerSeesAll); the company's own lists are not.
    expect(aliases).toEqual(expect.arrayContaining(["product-transaction", "transaction-history"]));
    for (const companyList of ["project", "projects", "divisi", "presence", "map-monitoring", "task"]) expect(aliases).not.toContain(companyList);
    // no company of its own
    expect(res.json().data.user).toMatchObject({ company_id: null, company_name: null });
  });

  it("answers unknown email and wrong password with the same 401", async () => {
    const unknown = await login("nobody@alpha.test", "whatever-123", "10.0.1.1");
    const wrong = await login("admin@alpha.test", "whatever-123", "10.0.1.2");
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json()).toEqual({ status: false, key: "login_failed", message: "Wrong email or password." });
    const id = await env.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "x@y.z", password: "nope-nope" },
      remoteAddress: "10.0.1.3",
      headers: { "accept-language": "id-ID,id;q=0.9" },
    });
    expect(id.json().message).toBe("Email atau kata sandi salah.");
  });

  it("answers 429 after repeated failures from one IP, even with the right password", async () => {
    for (let i = 0; i < 3; i++) expect((await login("admin@alpha.test", `wrong-${i}-pass`, "10.0.2.1")).statusCode).toBe(401);
    const blocked = await login("admin@alpha.test", PASSWORD, "10.0.2.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().status).toBe(false);
    // Another IP is not affected.
    expect((await login("admin@alpha.test", PASSWORD, "10.0.2.2")).statusCode).toBe(200);
  });

  it("needs email and password (400 per field)", async () => {
    const res = await env.call(null, "POST", "/api/login", { email: "" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(["email", "password"]);
  });
});

describe("tokens", () => {
  it("carry 256 random bits; the database keeps only their SHA-256 and an expiry", async () => {
    const res = await login("admin@beta.test", PASSWORD, "10.0.3.1");
    const { token, expires_at } = res.json().data;
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(Buffer.from(token, "base64url").length).toBe(32);
    const rows = await env.db.selectFrom("auth_token").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    const row = rows.find((r) => r.token_hash === sha256(token));
    expect(row).toBeDefined();
    expect(row!.expires_at).toBe(expires_at);
    expect(Date.parse(row!.expires_at!) - Date.now()).toBeGreaterThan(167 * 3600_000);
  });

  it("are required, and an expired one is refused", async () => {
    expect((await env.call(null, "POST", "/api/project/search", {})).status).toBe(401);
    expect((await env.call(null, "POST", "/api/project/search", {}, { authorization: "Bearer not-a-real-token-but-long-enough" })).status).toBe(401);
    await env.db
      .updateTable("auth_token")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("token_hash", "=", env.adminB.actor.tokenHash)
      .execute();
    const res = await env.call(env.adminB, "POST", "/api/project/search", {});
    expect(res.status).toBe(401);
    expect(res.body.status).toBe(false);
    await env.db
      .updateTable("auth_token")
      .set({ expires_at: new Date(Date.now() + 3600_000).toISOString() })
      .where("token_hash", "=", env.adminB.actor.tokenHash)
      .execute();
  });

  it("end on logout", async () => {
    const token = (await login("admin@beta.test", PASSWORD, "10.0.4.1")).json().data.token;
    const as = { ...env.adminB, token };
    expect((await env.call(as, "POST", "/api/project/search", {})).status).toBe(200);
    expect((await env.call(as, "POST", "/api/logout")).status).toBe(200);
    expect((await env.call(as, "POST", "/api/project/search", {})).status).toBe(401);
    expect((await env.call(env.adminB, "POST", "/api/project/search", {})).status).toBe(200); // other sessions live on
  });

  it("end when their user is disabled", async () => {
    expect((await env.call(env.viewerA, "POST", "/api/project/search", {})).status).toBe(200);
    const res = await env.call(env.adminA, "PUT", `/api/human-resource/update/${env.viewerA.id}`, { is_active: false });
    expect(res.status, res.raw).toBe(200);
    expect((await env.call(env.viewerA, "POST", "/api/project/search", {})).status).toBe(401);
    expect((await login("viewer@alpha.test", PASSWORD, "10.0.5.1")).statusCode).toBe(401);
    await env.call(env.adminA, "PUT", `/api/human-resource/update/${env.viewerA.id}`, { is_active: true });
    // Enabled again: the old session stays ended (revoked when disabled), signing in works.
    expect((await env.call(env.viewerA, "POST", "/api/project/search", {})).status).toBe(401);
    expect((await login("viewer@alpha.test", PASSWORD, "10.0.5.2")).statusCode).toBe(200);
    // The fixture's token is given back by hand for the tests after this one.
    await env.db.updateTable("auth_token").set({ revoked_at: null }).where("token_hash", "=", env.viewerA.actor.tokenHash).execute();
    expect((await env.call(env.viewerA, "POST", "/api/project/search", {})).status).toBe(200);
  });
});

describe("password reset", () => {
  it("always answers status true; mails a one-hour link only to existing users", async () => {
    const none = await env.call(null, "POST", "/api/send-forgot-email", { email: "ghost@alpha.test" });
    expect(none.status).toBe(200);
    expect(none.body.status).toBe(true);
    expect(await env.db.selectFrom("mail_outbox").selectAll().execute()).toHaveLength(0);

    const res = await env.call(null, "POST", "/api/send-forgot-email", { email: "admin@beta.test" });
    expect(res.body).toEqual(none.body);
    const mails = await env.db.selectFrom("mail_outbox").selectAll().execute();
    expect(mails).toHaveLength(1);
    expect(mails[0].to_address).toBe("admin@beta.test");
    const token = /#\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mails[0].body_text!)![1];
    const stored = await env.db.selectFrom("password_reset").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(Date.parse(stored[0].expires_at!) - Date.now()).toBeLessThanOrEqual(3600_000);

    expect((await env.call(null, "POST", "/api/reset-password", { token, password: "short" })).status).toBe(400);
    const done = await env.call(null, "POST", "/api/reset-password", { token, password: "brand-new-pass" });
    expect(done.status, done.raw).toBe(200);
    // Old sessions end, the new password works, the link works once.
    expect((await env.call(env.adminB, "POST", "/api/project/search", {})).status).toBe(401);
    expect((await login("admin@beta.test", "brand-new-pass", "10.0.6.1")).statusCode).toBe(200);
    const reuse = await env.call(null, "POST", "/api/reset-password", { token, password: "another-pass-1" });
    expect(reuse.status).toBe(400);
    expect(reuse.body.status).toBe(false);
  });
});
