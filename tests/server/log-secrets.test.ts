// No secret in the log (server/http/log-options.ts): with every request logged at the most
// verbose level, the log lines of an invitation, a reset, sign-ins (one with a malformed body),
// requests with a bearer token, an invoice link and Traccar Client's /osmand carry none of the
// set-password or reset links' tokens, passwords, session tokens, device keys or link signatures;
// a mail kept in the outbox is logged by its recipient and subject, and `npm run outbox` prints it.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxText, waitingMails } from "../../server/mail/outbox";
import { redactedUrl } from "../../server/http/log-options";
import { setupField, type FieldEnv } from "./field-fixture";

let f: FieldEnv;
const lines: string[] = [];
const logDestination = { write: (line: string) => void lines.push(line) };

beforeAll(async () => {
  f = await setupField({ logger: true, logLevel: "trace", logRequests: true, logDestination });
}, 60_000);
afterAll(async () => {
  await f?.close();
});

const logText = () => lines.join("");
const linkToken = (text: string) => /#\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
const mailTo = (email: string) => f.env.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", email).orderBy("id", "desc").execute();

describe("the log", () => {
  it("carries no secret of an invitation, a reset, a sign-in, a session, an invoice link or /osmand", async () => {
    const secrets: string[] = [f.env.adminA.token, f.worker.token];

    // An invitation: its set-password link's token.
    const invited = await f.env.call(f.env.adminA, "POST", "/api/human-resource/invite", {
      name: "Ina Invited",
      email: "ina@alpha.test",
      employee_type: "contract",
      role_id: f.env.roles.viewerA,
    });
    expect(invited.status, invited.raw).toBe(200);
    const inviteToken = linkToken(String((await mailTo("ina@alpha.test"))[0].body_text))!;
    expect(inviteToken).toBeTruthy();
    secrets.push(inviteToken);
    const chosen = "ina-chose-this-1";
    expect((await f.env.call(null, "POST", "/api/reset-password", { token: inviteToken, password: chosen })).status).toBe(200);
    secrets.push(chosen);

    // A reset: its link's token, the new password.
    expect((await f.env.call(null, "POST", "/api/send-forgot-email", { email: "ina@alpha.test" })).status).toBe(200);
    const resetToken = linkToken(String((await mailTo("ina@alpha.test"))[0].body_text))!;
    expect(resetToken).toBeTruthy();
    expect(resetToken).not.toBe(inviteToken);
    secrets.push(resetToken);
    const renewed = "ina-renewed-it-2";
    expect((await f.env.call(null, "POST", "/api/reset-password", { token: resetToken, password: renewed })).status).toBe(200);
    secrets.push(renewed);
    // The same link again is refused (and logged as refused).
    expect((await f.env.call(null, "POST", "/api/reset-password", { token: resetToken, password: "another-one-3" })).status).toBe(400);

    // Sign-ins: a good one (its session token), a wrong password, a malformed body around the password.
    const login = await f.env.call(null, "POST", "/api/login", { email: "ina@alpha.test", password: renewed });
    expect(login.status, login.raw).toBe(200);
    secrets.push(login.body.data.token);
    expect((await f.env.call(null, "POST", "/api/login", { email: "ina@alpha.test", password: "wrong-guess-secret" })).status).toBe(401);
    secrets.push("wrong-guess-secret");
    const cut = await f.env.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: '{"email":"ina@alpha.test","password":cut-short-secret}',
    });
    expect(cut.statusCode).toBe(400);
    // (JSON.parse's message quotes the characters around the fault: `..."password":cut-short-"...`.)
    secrets.push("cut-short");
    // A session's requests, one refused.
    expect((await f.env.call(f.env.adminA, "GET", "/api/me")).status).toBe(200);
    expect((await f.env.call(f.worker, "POST", "/api/menu/add", { name: "x" })).status).toBe(403);

    // Traccar Client: the device key in the query, in a form, in JSON; an unknown key.
    const key = String((await f.env.call(f.worker, "POST", "/api/device-key/add", { name: "HP Wati" })).body.data.key);
    secrets.push(key);
    const now = Math.floor(Date.now() / 1000);
    const q = await f.env.app.inject({ method: "GET", url: `/osmand?id=${key}&lat=-6.2&lon=106.8&timestamp=${now}` });
    expect(q.statusCode).toBe(200);
    const form = await f.env.app.inject({
      method: "POST",
      url: "/osmand",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `deviceid=${key}&lat=-6.2&lon=106.8&timestamp=${now - 5}`,
    });
    expect(form.statusCode).toBe(200);
    const json = await f.env.app.inject({
      method: "POST",
      url: "/osmand",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ device_id: key, location: { timestamp: new Date((now - 10) * 1000).toISOString(), coords: { latitude: -6.2, longitude: 106.8 } } }),
    });
    expect(json.statusCode).toBe(200);
    const unknown = "zzzzzzzzzzzzzzzzzzzzzzzz";
    expect((await f.env.app.inject({ method: "GET", url: `/osmand?id=${unknown}&lat=-6.2&lon=106.8` })).statusCode).toBe(401);
    secrets.push(unknown);

    // An invoice link's signature.
    const bought = await f.env.call(f.env.adminA, "POST", "/api/product-transaction-user/add", { package_id: await packageId(), payment_method: "bank_transfer" });
    expect(bought.status, bought.raw).toBe(200);
    const url = String(bought.body.data.invoice_url);
    const sig = new URL(url, "http://x").searchParams.get("sig")!;
    expect((await f.env.app.inject({ method: "GET", url })).statusCode).toBe(200);
    secrets.push(sig);

    const text = logText();
    // The requests were logged (LOG_REQUESTS): the log is not just silent.
    expect(text).toContain('"url":"/osmand?id=[redacted]&lat=-6.2&lon=106.8&timestamp=');
    expect(text).toContain('"url":"/api/reset-password"');
    for (const s of secrets) expect(text, `a secret in the log: ${s}`).not.toContain(s);
    expect(text).not.toMatch(/reset-password\?token=/);
    // The mails are logged by recipient and subject.
    const mailLines = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => String(l.msg).includes("outbox"));
    expect(mailLines.length).toBeGreaterThanOrEqual(2);
    for (const l of mailLines) expect(l).toMatchObject({ to: "ina@alpha.test", subject: expect.any(String) });
  });

  it("shows a request's query keys with the secret ones' values redacted", () => {
    expect(redactedUrl("/osmand?id=abc&lat=1&lon=2")).toBe("/osmand?id=[redacted]&lat=1&lon=2");
    expect(redactedUrl("/osmand?DeviceID=abc&lat=1")).toBe("/osmand?DeviceID=[redacted]&lat=1");
    expect(redactedUrl("/invoice/3?exp=99&sig=abcdef")).toBe("/invoice/3?exp=99&sig=[redacted]");
    expect(redactedUrl("/api/events?token=abc&x")).toBe("/api/events?token=[redacted]&x");
    expect(redactedUrl("/api/x?%74oken=abc")).toBe("/api/x?%74oken=[redacted]");
    expect(redactedUrl("/api/x?%zz=1&key")).toBe("/api/x?%zz=1&key=[redacted]");
    expect(redactedUrl("/api/me")).toBe("/api/me");
  });
});

async function packageId(): Promise<number> {
  const res = await f.env.call(f.env.owner, "POST", "/api/package-management/add", { name: "Basic", code: "BASIC", price: 1_000_000, duration_months: 1, is_active: true });
  expect(res.status, res.raw).toBe(200);
  return Number(res.body.data.id);
}

describe("npm run outbox", () => {
  it("prints the waiting mails with their links", async () => {
    const mails = await waitingMails(f.env.db, { to: "ina@alpha.test", last: 1 });
    expect(mails).toHaveLength(1);
    expect(outboxText(mails)).toMatch(/^#\d+ {2}\S+ {2}to ina@alpha\.test\nSubject: Reset your Fieldworks password\n\nHello Ina Invited,[\s\S]*#\/reset-password\?token=/);
    expect(outboxText([])).toBe("No mail waits in the outbox.");
  });

  it("runs as a command on the server's database", async () => {
    const { options } = { options: f.env.app.services.config };
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "server/cli/outbox.ts", "--to", "INA@alpha.test", "--last", "2"], {
      env: { ...process.env, DATA_DIR: options.dataDir, DATABASE_URL: options.databaseUrl, DB_SCHEMA: options.pgSchema },
    });
    expect(stdout.match(/^#\d+ /gm)).toHaveLength(2);
    expect(stdout).toContain("Subject: Reset your Fieldworks password");
    expect(stdout).toContain("#/reset-password?token=");
  }, 60_000);
});
