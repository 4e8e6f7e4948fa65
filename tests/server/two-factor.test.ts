// Two-factor sign-in (TOTP, docs/api.md "Auth"): setting it up at will, the sign-in's code step
// (a wrong code, a replayed one, an expired or worn-out challenge, the throttle), recovery codes
// (each once, two at once: one wins), the settings that require it (the platform owner's
// OWNER_TWO_FACTOR, a company's require_two_factor_admins through own-settings or the owner's
// company update) and the set-up right after the password, an admin's reset, turning it off.
// The clock is the test's (Date faked) so codes of each 30-second step can be made at will.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MENUS, USERS } from "../../server/access/identity";
import { issueToken, sha256 } from "../../server/auth/tokens";
import { codeAt } from "../../server/auth/totp";
import { issueChallenge } from "../../server/auth/two-factor-challenge";
import { insertRows } from "../../server/seed/load";
import { PASSWORD, setupServer, type FixtureUser, type TestEnv } from "./helpers";

let env: TestEnv;
let now = 0;
/** The clock moves on by 30-second steps (a new code each). */
const tick = (steps = 1) => {
  now += steps * 30_000;
  vi.setSystemTime(now);
};

beforeAll(async () => {
  env = await setupServer({ ownerTwoFactor: "required", loginMaxFailures: 8 });
  // 5 s into a step: a code of "now" stays of this step while the test runs.
  now = Math.floor(Date.now() / 30_000) * 30_000 + 5_000;
  vi.useFakeTimers({ toFake: ["Date"], now });
}, 60_000);
afterAll(async () => {
  vi.useRealTimers();
  await env?.close();
});

let ipCount = 0;
/** Each scenario from its own address: the per-IP throttle is tested on purpose only. */
const newIp = () => `10.7.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;

const post = (url: string, body: unknown, ip: string, token?: string) =>
  env.app.inject({ method: "POST", url, payload: body as object, remoteAddress: ip, headers: token ? { authorization: `Bearer ${token}` } : {} }).then((r) => ({
    status: r.statusCode,
    body: r.json(),
  }));
const login = (email: string, ip: string) => post("/api/login", { email, password: PASSWORD }, ip);

/** A person of company A with the viewer's role (a worker), signed in. */
async function person(name: string, roleId = env.roles.viewerA, companyId = env.companyA): Promise<FixtureUser> {
  const email = `${name.toLowerCase()}@alpha.test`;
  await insertRows(env.db, "human-resource", [{ company_id: companyId, name, email, employee_type: "permanent", role_id: roleId }], { passwordHash: env.passwordHash });
  const id = Number((await env.db.selectFrom(USERS.table).select("id").where("email", "=", email).executeTakeFirstOrThrow()).id);
  const { token } = await issueToken(env.db, id, 24);
  return { id, email, token, actor: { userId: id, companyId, roleId, roleName: "Viewer", roleType: "worker", isOwner: false, tokenHash: sha256(token) } };
}

/** Turns two-factor sign-in on for a signed-in user: the secret and the recovery codes. */
async function turnOn(u: FixtureUser): Promise<{ secret: string; codes: string[] }> {
  const setup = await env.call(u, "POST", "/api/two-factor/setup", {});
  expect(setup.status, setup.raw).toBe(200);
  const secret = setup.body.data.secret as string;
  const on = await env.call(u, "POST", "/api/two-factor/enable", { code: codeAt(secret) });
  expect(on.status, on.raw).toBe(200);
  return { secret, codes: on.body.data.recovery_codes };
}

/** The password step of a user with two-factor sign-in on: its challenge. */
async function challenge(email: string, ip: string, step = "verify"): Promise<string> {
  const res = await login(email, ip);
  expect(res.status).toBe(200);
  expect(res.body.data.token).toBeUndefined();
  expect(res.body.data.two_factor).toMatchObject({ step });
  return res.body.data.two_factor.challenge;
}

const auditOf = (recordId: number) =>
  env.db
    .selectFrom("audit_log")
    .select(["kind", "actor_id", "before", "after", "company_id"])
    .where("resource", "=", "human-resource")
    .where("record_id", "=", recordId)
    .orderBy("id")
    .execute();

describe("turning two-factor sign-in on at will", () => {
  it("shows a secret and its QR address, turns on with a code, answers recovery codes once, ends the other sessions", async () => {
    const u = await person("Sari");
    const other = await issueToken(env.db, u.id, 24);
    expect((await env.call(u, "GET", "/api/two-factor")).body.data).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0, required: false });

    const setup = await env.call(u, "POST", "/api/two-factor/setup", {});
    expect(setup.status).toBe(200);
    const { secret, otpauth_url, issuer, account } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(`otpauth://totp/Fieldworks:sari%40alpha.test?issuer=Fieldworks&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    expect([issuer, account]).toEqual(["Fieldworks", "sari@alpha.test"]);
    // Asked again before confirming: the same secret (the QR code already scanned stays good).
    expect((await env.call(u, "POST", "/api/two-factor/setup", {})).body.data.secret).toBe(secret);
    // Stored sealed, never as given.
    const row = await env.db.selectFrom("user_two_factor").selectAll().where("user_id", "=", u.id).executeTakeFirstOrThrow();
    expect(String(row.pending_secret)).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(secret);

    const missing = await env.call(u, "POST", "/api/two-factor/enable", {});
    expect([missing.status, missing.body.errors?.code]).toEqual([400, "Required."]);
    const short = await env.call(u, "POST", "/api/two-factor/enable", { code: "12345" });
    expect([short.status, short.body.errors?.code]).toEqual([400, "Enter the 6 digits your authenticator app shows."]);
    const wrong = await env.call(u, "POST", "/api/two-factor/enable", { code: codeAt(secret, now + 10 * 60_000) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ key: "two_factor_failed", errors: { code: "Wrong code. Enter the code your authenticator app shows now." } });
    expect((await env.call(u, "GET", "/api/two-factor")).body.data.enabled).toBe(false);

    const on = await env.call(u, "POST", "/api/two-factor/enable", { code: codeAt(secret).replace(/^(\d{3})/, "$1 ") });
    expect(on.status, on.raw).toBe(200);
    expect(on.body.data).toMatchObject({ enabled: true, enabled_at: new Date(now).toISOString(), recovery_codes_left: 10, required: false });
    expect(on.body.data.recovery_codes).toHaveLength(10);
    for (const c of on.body.data.recovery_codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(on.body.data.recovery_codes).size).toBe(10);
    // This session stays; the one opened with the password alone ends.
    expect((await env.call(u, "GET", "/api/me")).status).toBe(200);
    expect((await env.call({ ...u, token: other.token }, "GET", "/api/me")).status).toBe(401);
    // Never answered again: the status counts them, nothing shows the secret or a code.
    const again = await env.call(u, "GET", "/api/two-factor");
    expect(again.body.data).toEqual({ enabled: true, enabled_at: new Date(now).toISOString(), recovery_codes_left: 10, required: false });
    const setupAgain = await env.call(u, "POST", "/api/two-factor/setup", {});
    expect([setupAgain.status, setupAgain.body.key]).toEqual([409, "two_factor_on_already"]);
    const list = await env.call(env.adminA, "POST", "/api/human-resource/search", { columns: [{ data: "id", value: u.id, operator: "=" }] });
    expect(list.raw).not.toContain(secret);
    const stored = await env.db.selectFrom("two_factor_recovery_code").select("code_hash").where("user_id", "=", u.id).execute();
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(on.body.data.recovery_codes[0]);

    const entries = await auditOf(u.id);
    expect(entries.map((e) => [e.kind, Number(e.actor_id), JSON.parse(String(e.after))])).toEqual([["two_factor_on", u.id, { two_factor: true }]]);
  });
});

describe("signing in with a code", () => {
  it("the password answers a challenge, not a session; the code answers the session", async () => {
    const u = await person("Tono");
    const { secret } = await turnOn(u);
    const ip = newIp();
    const c = await challenge(u.email, ip);
    const res = await login(u.email, ip);
    expect(Date.parse(res.body.data.two_factor.expires_at) - now).toBe(5 * 60_000);

    const missing = await post("/api/login/two-factor", { challenge: c }, ip);
    expect([missing.status, missing.body.key, missing.body.errors?.code]).toEqual([400, "validation_failed", "Required."]);
    const wrong = await post("/api/login/two-factor", { challenge: c, code: codeAt(secret, now - 10 * 60_000) }, ip);
    expect([wrong.status, wrong.body.key, wrong.body.message]).toEqual([401, "two_factor_failed", "Wrong code. Enter the code your authenticator app shows now."]);
    // The code that turned it on was used: not again within its window.
    const replay = await post("/api/login/two-factor", { challenge: c, code: codeAt(secret) }, ip);
    expect([replay.status, replay.body.key]).toEqual([401, "two_factor_code_used"]);
    const noChallenge = await post("/api/login/two-factor", { code: codeAt(secret) }, ip);
    expect([noChallenge.status, noChallenge.body.errors?.challenge]).toEqual([400, "Required."]);
    const forged = await post("/api/login/two-factor", { challenge: "x".repeat(43), code: codeAt(secret) }, ip);
    expect([forged.status, forged.body.key]).toEqual([401, "two_factor_expired"]);

    tick();
    const ok = await post("/api/login/two-factor", { challenge: c, code: codeAt(secret) }, ip, undefined);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ok.body.data.user).toMatchObject({ id: u.id, email: u.email, company_id: env.companyA });
    expect(ok.body.data.role).toMatchObject({ id: env.roles.viewerA });
    expect((await env.call({ ...u, token: ok.body.data.token }, "GET", "/api/me")).status).toBe(200);
    // The challenge is spent, and the code used.
    const spent = await post("/api/login/two-factor", { challenge: c, code: codeAt(secret) }, ip);
    expect([spent.status, spent.body.key]).toEqual([401, "two_factor_expired"]);
    const c2 = await challenge(u.email, ip);
    const used = await post("/api/login/two-factor", { challenge: c2, code: codeAt(secret) }, ip);
    expect([used.status, used.body.key]).toEqual([401, "two_factor_code_used"]);
    // In Indonesian.
    const id = await env.app.inject({
      method: "POST",
      url: "/api/login/two-factor",
      payload: { challenge: c2, code: codeAt(secret) },
      remoteAddress: ip,
      headers: { "accept-language": "id" },
    });
    expect(id.json().message).toBe("Kode ini sudah dipakai. Tunggu kode berikutnya di aplikasi Anda.");
  });

  it("a challenge lasts 5 minutes and 5 wrong codes; then the password again", async () => {
    const u = await person("Umar");
    const { secret } = await turnOn(u);
    const ip = newIp();
    const late = await challenge(u.email, ip);
    tick(11); // 5.5 minutes
    const expired = await post("/api/login/two-factor", { challenge: late, code: codeAt(secret) }, ip);
    expect([expired.status, expired.body.key, expired.body.message]).toEqual([401, "two_factor_expired", "This sign-in has expired. Please enter your password again."]);

    const c = await challenge(u.email, ip);
    for (let i = 0; i < 5; i++)
      expect((await post("/api/login/two-factor", { challenge: c, code: codeAt(secret, now + 3_600_000 + i * 30_000) }, ip)).body.key).toBe("two_factor_failed");
    const worn = await post("/api/login/two-factor", { challenge: c, code: codeAt(secret) }, ip);
    expect([worn.status, worn.body.key]).toEqual([401, "two_factor_expired"]);
    const fresh = await challenge(u.email, ip);
    expect((await post("/api/login/two-factor", { challenge: fresh, code: codeAt(secret) }, ip)).status).toBe(200);
  });

  it("wrong codes are throttled per account, from any address, and per address", async () => {
    const u = await person("Vera");
    const { secret } = await turnOn(u);
    // 8 wrong codes (LOGIN_MAX_FAILURES of this file) from 8 addresses, on fresh challenges.
    // (The challenges are issued as the password step issues them: scrypt takes 0.6 s a login.)
    const issued = async (who: FixtureUser) => (await issueChallenge(env.db, who.id, "verify")).challenge;
    for (let i = 0; i < 8; i++) {
      const ip = newIp();
      const c = await issued(u);
      expect((await post("/api/login/two-factor", { challenge: c, code: codeAt(secret, now + 3_600_000) }, ip)).status).toBe(401);
    }
    const ip = newIp();
    const c = await issued(u);
    tick();
    const refused = await post("/api/login/two-factor", { challenge: c, code: codeAt(secret) }, ip);
    expect([refused.status, refused.body.key]).toEqual([429, "too_many_attempts"]);
    // After the window the right code works.
    tick(31);
    const c2 = await issued(u);
    expect((await post("/api/login/two-factor", { challenge: c2, code: codeAt(secret) }, ip)).status).toBe(200);

    // One address trying several accounts is stopped too.
    const w = await person("Wawan");
    const w2 = await person("Wulan");
    const a = await turnOn(w);
    const b = await turnOn(w2);
    const shared = newIp();
    for (let i = 0; i < 8; i++) {
      const [who, s] = i % 2 ? [w, a.secret] : [w2, b.secret];
      const ch = await issued(who);
      expect((await post("/api/login/two-factor", { challenge: ch, code: codeAt(s, now + 7_200_000) }, shared)).status).toBe(401);
    }
    const ch = await issued(w);
    tick();
    expect((await post("/api/login/two-factor", { challenge: ch, code: codeAt(a.secret) }, shared)).status).toBe(429);
  });

  it("two sign-ins with the same code at once: one session", async () => {
    const u = await person("Xena");
    const { secret } = await turnOn(u);
    tick();
    const ip = newIp();
    const [c1, c2] = [await challenge(u.email, ip), await challenge(u.email, ip)];
    const both = await Promise.all([c1, c2].map((c) => post("/api/login/two-factor", { challenge: c, code: codeAt(secret) }, ip)));
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
    expect(both.find((r) => r.status === 401)!.body.key).toBe("two_factor_code_used");
  });
});

describe("recovery codes", () => {
  it("each signs in once (two at once: one wins), typed in any case and grouping; new ones replace them", async () => {
    const u = await person("Yudi");
    const { secret, codes } = await turnOn(u);
    const ip = newIp();
    const [c1, c2] = [await challenge(u.email, ip), await challenge(u.email, ip)];
    const both = await Promise.all([c1, c2].map((c) => post("/api/login/two-factor", { challenge: c, recovery_code: codes[0] }, ip)));
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
    const won = both.find((r) => r.status === 200)!;
    expect(won.body.data.token).toBeTruthy();
    expect(won.body.data.recovery_codes_left).toBe(9);
    expect(both.find((r) => r.status === 401)!.body.key).toBe("two_factor_recovery_failed");
    const again = await post("/api/login/two-factor", { challenge: await challenge(u.email, ip), recovery_code: codes[0] }, ip);
    expect([again.status, again.body.key]).toEqual([401, "two_factor_recovery_failed"]);
    const typed = codes[1].toUpperCase().replace("-", " ");
    const ok = await post("/api/login/two-factor", { challenge: await challenge(u.email, ip), recovery_code: typed }, ip);
    expect(ok.status).toBe(200);
    expect(ok.body.data.recovery_codes_left).toBe(8);
    expect((await env.call(u, "GET", "/api/two-factor")).body.data.recovery_codes_left).toBe(8);

    // New ones need a current code; the old ones stop working.
    const noCode = await env.call(u, "POST", "/api/two-factor/recovery-codes", {});
    expect([noCode.status, noCode.body.errors?.code]).toEqual([400, "Required."]);
    const wrong = await env.call(u, "POST", "/api/two-factor/recovery-codes", { code: codeAt(secret, now + 3_600_000) });
    expect([wrong.status, wrong.body.key]).toEqual([400, "two_factor_failed"]);
    tick();
    const fresh = await env.call(u, "POST", "/api/two-factor/recovery-codes", { code: codeAt(secret) });
    expect(fresh.status, fresh.raw).toBe(200);
    expect(fresh.body.data.recovery_codes).toHaveLength(10);
    expect(fresh.body.data.recovery_codes_left).toBe(10);
    const old = await post("/api/login/two-factor", { challenge: await challenge(u.email, ip), recovery_code: codes[2] }, ip);
    expect(old.status).toBe(401);
    const replay = await env.call(u, "POST", "/api/two-factor/recovery-codes", { code: codeAt(secret) });
    expect([replay.status, replay.body.key]).toEqual([400, "two_factor_code_used"]);
    expect((await auditOf(u.id)).map((e) => e.kind)).toEqual(["two_factor_on", "two_factor_codes"]);
  });
});

describe("turning it off", () => {
  it("needs a current code or the password, and ends the other sessions", async () => {
    const u = await person("Zaki");
    const { secret } = await turnOn(u);
    const other = await issueToken(env.db, u.id, 24);
    const nothing = await env.call(u, "POST", "/api/two-factor/disable", {});
    expect([nothing.status, nothing.body.errors?.code]).toEqual([400, "Required."]);
    const wrongPassword = await env.call(u, "POST", "/api/two-factor/disable", { password: "not-the-password" });
    expect([wrongPassword.status, wrongPassword.body.key, wrongPassword.body.errors?.password]).toEqual([400, "password_wrong", "Wrong password."]);
    const wrongCode = await env.call(u, "POST", "/api/two-factor/disable", { code: codeAt(secret, now + 3_600_000) });
    expect([wrongCode.status, wrongCode.body.key]).toEqual([400, "two_factor_failed"]);
    const off = await env.call(u, "POST", "/api/two-factor/disable", { password: PASSWORD });
    expect(off.status, off.raw).toBe(200);
    expect(off.body.data).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0, required: false });
    expect((await env.call({ ...u, token: other.token }, "GET", "/api/me")).status).toBe(401);
    expect(await env.db.selectFrom("user_two_factor").select("id").where("user_id", "=", u.id).execute()).toEqual([]);
    const offAgain = await env.call(u, "POST", "/api/two-factor/disable", { password: PASSWORD });
    expect([offAgain.status, offAgain.body.key]).toEqual([409, "two_factor_off"]);
    // The password alone signs in again.
    const res = await login(u.email, newIp());
    expect(res.body.data.token).toBeTruthy();

    // With a code.
    tick();
    const second = await turnOn(u);
    tick();
    const byCode = await env.call(u, "POST", "/api/two-factor/disable", { code: codeAt(second.secret) });
    expect(byCode.status, byCode.raw).toBe(200);
    expect((await auditOf(u.id)).map((e) => [e.kind, JSON.parse(String(e.before)), JSON.parse(String(e.after))])).toEqual([
      ["two_factor_on", { two_factor: false }, { two_factor: true }],
      ["two_factor_off", { two_factor: true }, { two_factor: false }],
      ["two_factor_on", { two_factor: false }, { two_factor: true }],
      ["two_factor_off", { two_factor: true }, { two_factor: false }],
    ]);
  });

  it("a view-as session cannot touch the second factor of the user it shows", async () => {
    const u = await person("Agus");
    const view = await env.call(env.adminA, "POST", `/api/role/view-as/${env.roles.viewerA}`, { user_id: u.id });
    expect(view.status, view.raw).toBe(200);
    const asRole = { ...u, token: view.body.data.token as string };
    const res = await env.call(asRole, "POST", "/api/two-factor/setup", {});
    expect([res.status, res.body.key]).toEqual([409, "read_only"]);
    expect((await env.call(asRole, "GET", "/api/two-factor")).status).toBe(409);
  });
});

describe("a company's admins must use it (own-settings)", () => {
  it("its admins set it for their company only; a worker may not; other keys are ignored; audited", async () => {
    const read = await env.call(env.adminA, "GET", "/api/company-management/own-settings");
    // Beside the alert settings (tests/server/alert-delivery.test.ts).
    const alerts = { panic_escalate_seconds: 120, alert_webhook_url: null, alert_webhook_secret_set: false };
    expect([read.status, read.body.data]).toEqual([200, { require_two_factor_admins: false, ...alerts }]);
    const bad = await env.call(env.adminA, "PUT", "/api/company-management/own-settings", { require_two_factor_admins: "maybe" });
    expect([bad.status, bad.body.errors?.require_two_factor_admins]).toEqual([400, "Must be yes or no."]);
    const worker = await env.call(env.viewerA, "PUT", "/api/company-management/own-settings", { require_two_factor_admins: true });
    expect([worker.status, worker.body.key]).toEqual([403, "forbidden"]);
    expect((await env.call(env.viewerA, "GET", "/api/company-management/own-settings")).status).toBe(403);
    expect((await env.call(env.owner, "PUT", "/api/company-management/own-settings", { require_two_factor_admins: true })).status).toBe(404);

    const set = await env.call(env.adminA, "PUT", "/api/company-management/own-settings", { require_two_factor_admins: true, name: "PT Taken", status: "suspended" });
    expect([set.status, set.body.data]).toEqual([200, { require_two_factor_admins: true, ...alerts }]);
    const companies = await env.db.selectFrom("companies").select(["id", "name", "status", "require_two_factor_admins"]).orderBy("id").execute();
    expect(companies.map((c) => [Number(c.id), c.name, c.status, Number(c.require_two_factor_admins)])).toEqual([
      [env.companyA, "PT Alpha", "active", 1],
      [env.companyB, "PT Beta", "active", 0],
    ]);
    expect((await env.call(env.adminB, "GET", "/api/company-management/own-settings")).body.data).toEqual({ require_two_factor_admins: false, ...alerts });
    const entry = await env.db.selectFrom("audit_log").selectAll().where("resource", "=", "company-management").where("record_id", "=", env.companyA).executeTakeFirstOrThrow();
    expect([entry.kind, Number(entry.actor_id), JSON.parse(String(entry.before)), JSON.parse(String(entry.after))]).toEqual([
      "update",
      env.adminA.id,
      { require_two_factor_admins: false },
      { require_two_factor_admins: true },
    ]);
  });

  it("an admin without one sets it up right after the password, then gets the session and recovery codes", async () => {
    const ip = newIp();
    const c = await challenge(env.adminA.email, ip, "setup");
    // A set-up challenge is no code challenge, and the set-up must begin first.
    const asVerify = await post("/api/login/two-factor", { challenge: c, code: "123456" }, ip);
    expect([asVerify.status, asVerify.body.key]).toEqual([401, "two_factor_expired"]);
    const early = await post("/api/login/two-factor/enable", { challenge: c, code: "123456" }, ip);
    expect([early.status, early.body.key]).toEqual([409, "two_factor_not_begun"]);
    const setup = await post("/api/login/two-factor/setup", { challenge: c }, ip);
    expect(setup.status).toBe(200);
    const { secret, account } = setup.body.data;
    expect(account).toBe(env.adminA.email);
    const wrong = await post("/api/login/two-factor/enable", { challenge: c, code: codeAt(secret, now + 3_600_000) }, ip);
    expect([wrong.status, wrong.body.key]).toEqual([401, "two_factor_failed"]);
    const on = await post("/api/login/two-factor/enable", { challenge: c, code: codeAt(secret) }, ip);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data.token).toBeTruthy();
    expect(on.body.data.recovery_codes).toHaveLength(10);
    const admin = { ...env.adminA, token: on.body.data.token as string };
    expect((await env.call(admin, "GET", "/api/two-factor")).body.data).toMatchObject({ enabled: true, required: true });
    // Required: not to be turned off.
    const off = await env.call(admin, "POST", "/api/two-factor/disable", { password: PASSWORD });
    expect([off.status, off.body.key]).toEqual([409, "two_factor_required"]);
    // The next sign-in asks for the code.
    tick();
    const next = await challenge(env.adminA.email, ip, "verify");
    expect((await post("/api/login/two-factor", { challenge: next, code: codeAt(secret) }, ip)).status).toBe(200);
    // Only admins: a worker of the company signs in with the password alone, as do company B's admins.
    expect((await login(env.viewerA.email, ip)).body.data.token).toBeTruthy();
    expect((await login(env.adminB.email, ip)).body.data.token).toBeTruthy();
  });

  it("the platform owner sets it for any company through the company update; OWNER_TWO_FACTOR=required holds the owner", async () => {
    const res = await env.call(env.owner, "PUT", `/api/company-management/update/${env.companyB}`, { require_two_factor_admins: true });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.require_two_factor_admins).toBe(true);
    const ip = newIp();
    await challenge(env.adminB.email, ip, "setup");
    await challenge(env.owner.email, ip, "setup");
    // A company's admin cannot write another company's record.
    expect((await env.call(env.adminA, "PUT", `/api/company-management/update/${env.companyB}`, { require_two_factor_admins: false })).status).toBe(403);
  });
});

describe("an admin's reset", () => {
  it("turns a person's second factor off and ends their sessions, in their company only, with the staff edit right", async () => {
    const u = await person("Bayu");
    await turnOn(u);
    const status = await env.call(env.adminA, "GET", `/api/human-resource/two-factor/${u.id}`);
    expect([status.status, status.body.data]).toEqual([200, { enabled: true, enabled_at: new Date(now).toISOString(), required: false }]);
    expect((await env.call(env.adminB, "GET", `/api/human-resource/two-factor/${u.id}`)).status).toBe(404);

    const other = await env.call(env.adminB, "PUT", `/api/human-resource/reset-two-factor/${u.id}`, {});
    expect([other.status, other.body.key]).toEqual([404, "not_found"]);
    const worker = await env.call(env.viewerA, "PUT", `/api/human-resource/reset-two-factor/${u.id}`, {});
    expect([worker.status, worker.body.key]).toEqual([403, "forbidden"]);
    const ownerNoCompany = await env.call(env.owner, "PUT", `/api/human-resource/reset-two-factor/${u.id}`, {});
    expect(ownerNoCompany.status).toBe(404);
    const self = await env.call(env.adminA, "PUT", `/api/human-resource/reset-two-factor/${env.adminA.id}`, {});
    expect([self.status, self.body.key]).toEqual([409, "two_factor_reset_self"]);
    expect((await env.call(u, "GET", "/api/me")).status).toBe(200);

    const reset = await env.call(env.adminA, "PUT", `/api/human-resource/reset-two-factor/${u.id}`, {});
    expect([reset.status, reset.body.data]).toEqual([200, { enabled: false, enabled_at: null, required: false }]);
    expect((await env.call(u, "GET", "/api/me")).status).toBe(401);
    expect((await login(u.email, newIp())).body.data.token).toBeTruthy();
    // Again: nothing to reset, no second entry.
    expect((await env.call(env.adminA, "PUT", `/api/human-resource/reset-two-factor/${u.id}`, {})).status).toBe(200);
    const entries = await auditOf(u.id);
    expect(entries.map((e) => [e.kind, Number(e.actor_id), Number(e.company_id)])).toEqual([
      ["two_factor_on", u.id, env.companyA],
      ["two_factor_reset", env.adminA.id, env.companyA],
    ]);
  });

  it("nobody resets the second factor of someone above them (the role ceiling)", async () => {
    // A clerk who may edit staff and nothing else; a guest whose role holds no menu.
    const [clerkRole, guestRole] = [900_001, 900_002];
    await insertRows(env.db, "role", [
      { id: clerkRole, company_id: env.companyA, name: "HR clerk", role_type: "supervisor" },
      { id: guestRole, company_id: env.companyA, name: "Guest", role_type: "worker" },
    ]);
    const staffMenu = await env.db.selectFrom(MENUS.table).select("id").where("alias", "=", "human-resource").executeTakeFirstOrThrow();
    await insertRows(env.db, "role-menu", [{ company_id: env.companyA, role_id: clerkRole, menu_id: Number(staffMenu.id), can_add: true, can_edit: true, can_delete: true }]);
    const clerk = await person("Dedi", clerkRole);
    const guest = await person("Eka", guestRole);
    await turnOn(guest);
    const above = await env.call(clerk, "PUT", `/api/human-resource/reset-two-factor/${env.adminA.id}`, {});
    expect([above.status, above.body.key]).toEqual([403, "above_own_rights"]);
    expect((await env.call(env.adminA, "GET", `/api/human-resource/two-factor/${env.adminA.id}`)).body.data.enabled).toBe(true);
    const below = await env.call(clerk, "PUT", `/api/human-resource/reset-two-factor/${guest.id}`, {});
    expect([below.status, below.body.data?.enabled]).toEqual([200, false]);
  });

  it("an admin whose second factor is required sets it up again at the next sign-in", async () => {
    // Company A requires it of its admins (above); a second admin with it on, then reset.
    const second = await person("Citra", env.roles.adminA);
    const ip = newIp();
    const c = await challenge(second.email, ip, "setup");
    const { secret } = (await post("/api/login/two-factor/setup", { challenge: c }, ip)).body.data;
    expect((await post("/api/login/two-factor/enable", { challenge: c, code: codeAt(secret) }, ip)).status).toBe(200);
    expect((await env.call(env.adminA, "GET", `/api/human-resource/two-factor/${second.id}`)).body.data).toMatchObject({ enabled: true, required: true });
    expect((await env.call(env.adminA, "PUT", `/api/human-resource/reset-two-factor/${second.id}`, {})).status).toBe(200);
    await challenge(second.email, ip, "setup");
  });
});
