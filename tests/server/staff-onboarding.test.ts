// Staff onboarding: an invited person is stored without a password and mailed a set-password link
// (the reset-password flow, valid a week) with an `invite` entry; a CSV's rows are previewed with
// each row's errors and nothing stored; an import with a bad row stores nothing; a good one stores
// everyone in one go, invites each, and leaves one `import` entry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
beforeAll(async () => {
  env = await setupServer();
});
afterAll(async () => {
  await env?.close();
});

const json = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);
const mailTo = (email: string) => env.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", email).execute();
const linkToken = (text: string) => /#\/reset-password\?token=([A-Za-z0-9_-]+)&invite=1/.exec(text)?.[1];
const people = (emails: string[]) => env.db.selectFrom("users").select(["email", "password"]).where("email", "in", emails).execute();

describe("invite", () => {
  it("stores the person without a password, mails a link that sets it, and records the invite", async () => {
    const res = await env.call(env.adminA, "POST", "/api/human-resource/invite", {
      name: "Ina Invited",
      email: "ina@alpha.test",
      employee_type: "contract",
      role_id: env.roles.viewerA,
      password: "typed-by-admin-1",
    });
    expect(res.status, res.raw).toBe(200);
    const id = res.body.data.id as number;
    const [stored] = await people(["ina@alpha.test"]);
    expect(stored.password).toBeNull();
    const mails = await mailTo("ina@alpha.test");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("PT Alpha invites you to Fieldworks");
    const token = linkToken(String(mails[0].body_text));
    expect(token).toBeTruthy();
    const reset = await env.db.selectFrom("password_reset").selectAll().where("user_id", "=", id).executeTakeFirstOrThrow();
    expect(Date.parse(String(reset.expires_at)) - Date.now()).toBeGreaterThan(6 * 24 * 3600_000);

    // No sign-in before the password is chosen; the link sets it.
    const login = (password: string) => env.app.inject({ method: "POST", url: "/api/login", payload: { email: "ina@alpha.test", password } });
    expect((await login("typed-by-admin-1")).statusCode).toBe(401);
    const set = await env.call(null, "POST", "/api/reset-password", { token, password: "ina-chose-this-1" });
    expect(set.status, set.raw).toBe(200);
    expect((await login("ina-chose-this-1")).statusCode).toBe(200);

    const entries = await env.db.selectFrom("audit_log").selectAll().where("resource", "=", "human-resource").where("record_id", "=", id).execute();
    expect(entries.map((e) => e.kind)).toEqual(["invite"]);
    expect(json(entries[0].after)).toMatchObject({ name: "Ina Invited", email: "ina@alpha.test", role_id_label: "Viewer" });

    // A new link for the same person: the old one stops working.
    const again = await env.call(env.adminA, "POST", `/api/human-resource/invite/${id}`);
    expect(again.status, again.raw).toBe(200);
    const mails2 = await mailTo("ina@alpha.test");
    expect(mails2).toHaveLength(2);
    expect((await env.call(env.adminB, "POST", `/api/human-resource/invite/${id}`)).status).toBe(404);
  });

  it("refuses what add refuses, storing and mailing nothing", async () => {
    const res = await env.call(env.adminA, "POST", "/api/human-resource/invite", { name: "No Email", employee_type: "contract", role_id: env.roles.viewerA });
    expect(res.status).toBe(400);
    expect(res.body.errors.email).toBeTruthy();
    const taken = await env.call(env.adminA, "POST", "/api/human-resource/invite", { name: "Dup", email: "ina@alpha.test", employee_type: "contract", role_id: env.roles.viewerA });
    expect(taken.status).toBe(409);
    expect(await mailTo("ina@alpha.test")).toHaveLength(2);
    expect(
      (await env.call(env.viewerA, "POST", "/api/human-resource/invite", { name: "X", email: "x@alpha.test", employee_type: "contract", role_id: env.roles.viewerA })).status,
    ).toBe(403);
  });
});

describe("import", () => {
  const good = (n: number) => ({ name: `Imported ${n}`, email: `imp${n}@alpha.test`, employee_type: "daily", role_id: "viewer" });

  it("previews each row's errors and stores nothing", async () => {
    const items = [
      good(1),
      { ...good(2), role_id: "No such role" },
      { ...good(3), email: "imp1@alpha.test" },
      { name: "", email: "not-an-email", employee_type: "weekly", role_id: String(env.roles.viewerA) },
      { ...good(4), email: "ina@alpha.test" },
    ];
    const res = await env.call(env.adminA, "POST", "/api/human-resource/import-preview", { items });
    expect(res.status, res.raw).toBe(200);
    const { rows, valid, invalid } = res.body.data;
    expect([valid, invalid]).toEqual([1, 4]);
    expect(rows[0]).toMatchObject({ row: 0, errors: {}, values: { role_id: env.roles.viewerA } });
    expect(rows[1].errors).toEqual({ role_id: "No such record." });
    expect(rows[2].errors).toEqual({ email: "Also on row 1 of this file." });
    expect(Object.keys(rows[3].errors).sort()).toEqual(["email", "employee_type", "name"]);
    expect(rows[4].errors).toEqual({ email: "This value is already used." });
    expect(await people(["imp1@alpha.test", "imp2@alpha.test"])).toEqual([]);
  });

  it("stores nothing when a row is bad, and everyone at once when all are good", async () => {
    const bad = await env.call(env.adminA, "POST", "/api/human-resource/import", { items: [good(5), { ...good(6), employee_type: "weekly" }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(["items.1.employee_type"]);
    expect(await people(["imp5@alpha.test"])).toEqual([]);

    const res = await env.call(env.adminA, "POST", "/api/human-resource/import", { items: [good(5), good(6)] });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.created).toBe(2);
    const stored = await people(["imp5@alpha.test", "imp6@alpha.test"]);
    expect(stored).toHaveLength(2);
    expect(stored.every((p) => p.password === null)).toBe(true);
    expect(await mailTo("imp5@alpha.test")).toHaveLength(1);
    const [entry] = await env.db.selectFrom("audit_log").selectAll().where("kind", "=", "import").execute();
    expect(json(entry.after)).toEqual({ count: 2, people: ["Imported 5 <imp5@alpha.test>", "Imported 6 <imp6@alpha.test>"] });
    expect(Number(entry.company_id)).toBe(env.companyA);
    void PASSWORD;
  });
});
