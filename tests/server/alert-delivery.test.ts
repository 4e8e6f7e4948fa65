// Alert deliveries outside the app (docs/api.md "Alert deliveries"; server/events/delivery*.ts):
// a panic goes by every channel its rule names, at once: e-mail to a real SMTP server started here
// (smtp-server) and a signed webhook to a real HTTP receiver that refuses twice, then accepts;
// each attempt is a step of the alarm's trail (sent / retried with the next attempt / failed with
// the reason); a server process killed (kill -9) mid-delivery leaves it to the next one, which
// delivers it after the lease. The company admin sets the escalation time and the webhook through
// own-settings, and the escalation goes to the admins' channels.
import { spawn, type ChildProcess } from "node:child_process";
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceByName } from "../../declaration";
import type { PanicTrailEntry } from "../../declaration/answers";
import { stopDeliveries } from "../../server/events/delivery";
import { escalatePanics } from "../../server/events/sweep";
import { load } from "./custom-fixture";
import { JAKARTA, setupField, type FieldEnv } from "./field-fixture";

interface Received {
  to: string[];
  raw: string;
}

interface Hook {
  body: Record<string, unknown>;
  text: string;
  headers: IncomingMessage["headers"];
}

const SECRET = "a-webhook-secret-of-some-length";
let f: FieldEnv;
let smtp: SMTPServer;
let smtpPort = 0;
const mails: Received[] = [];
let receiver: Server;
let hookUrl = "";
/** The receiver's host:port, the one internal host the server may post to (WEBHOOK_ALLOW_HOSTS). */
let hookHost = "";
/** An internal service no webhook may reach: counts what reaches it. */
let inner: Server;
let innerPort = 0;
let innerHits = 0;
const hooks: Hook[] = [];
/** What the receiver answers next (shifted per request), then `hookDefault`. */
const hookPlan: Array<number | "hang"> = [];
const hookDefault: number | "hang" = 200;
const waiters: Array<() => void> = [];
const changed = () => waiters.splice(0).forEach((w) => w());

/** Resolves when `ok()` holds, checked after every mail or webhook received (a test timeout bounds it). */
async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise<void>((r) => waiters.push(r));
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, done) {
      let raw = "";
      stream.on("data", (d: Buffer) => (raw += d.toString("utf8")));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
        changed();
      });
    },
  });
  // A sender killed mid-conversation (the kill -9 test) resets its connection: not this suite's error.
  smtp.on("error", () => undefined);
  await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", () => r()));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  receiver = createServer((req, res) => {
    let text = "";
    req.on("error", () => undefined);
    res.on("error", () => undefined);
    req.on("data", (d: Buffer) => (text += d.toString("utf8")));
    req.on("end", () => {
      hooks.push({ body: JSON.parse(text) as Record<string, unknown>, text, headers: req.headers });
      const answer = hookPlan.length ? hookPlan.shift()! : hookDefault;
      changed();
      if (answer === "hang") return; // never answers: the sender is killed meanwhile
      res.writeHead(answer).end(answer === 200 ? "ok" : "no");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  hookHost = `127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  hookUrl = `http://${hookHost}/hook`;
  inner = createServer((_req, res) => {
    innerHits++;
    res.writeHead(200).end("secret");
  });
  await new Promise<void>((r) => inner.listen(0, "127.0.0.1", () => r()));
  innerPort = (inner.address() as AddressInfo).port;
  f = await setupField({
    webhookAllowHosts: [hookHost],
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    deliveryPollMs: 50,
    deliveryRetryMs: 50,
    deliveryLeaseMs: 1_000,
    liveSweepMs: 0,
    appUrl: "https://fw.example.test",
  });
  await f.env.db.updateTable("companies").set({ language: "en" }).where("id", "=", f.env.companyA).execute();
}, 60_000);

afterAll(async () => {
  await f?.close();
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
  inner?.closeAllConnections();
  await new Promise((r) => inner?.close(r));
  await new Promise((r) => smtp?.close(() => r(null)));
});

const trail = async (id: number): Promise<PanicTrailEntry[]> => {
  const res = await f.env.call(f.supervisor, "GET", `/api/panic-button/trail/${id}`);
  expect(res.status).toBe(200);
  return res.body.data as PanicTrailEntry[];
};

const verify = (h: Hook) =>
  `sha256=${createHmac("sha256", SECRET)
    .update(`${String(h.headers["x-fieldworks-timestamp"])}.${h.text}`)
    .digest("hex")}`;

/** The quoted-printable soft breaks and escapes of a mail's text undone. */
const plain = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

describe("company admins set the escalation time and the webhook (own-settings)", () => {
  it("takes the escalation time and a webhook with its secret, never answers the secret, and names a bad field", async () => {
    const put = (body: unknown) => f.env.call(f.env.adminA, "PUT", "/api/company-management/own-settings", body);
    const tooSoon = await put({ panic_escalate_seconds: 5 });
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.errors).toEqual({ panic_escalate_seconds: "Must be at least 10." });
    const noSecret = await put({ alert_webhook_url: hookUrl });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.errors).toHaveProperty("alert_webhook_secret");
    const short = await put({ alert_webhook_url: hookUrl, alert_webhook_secret: "short" });
    expect(short.status).toBe(400);
    expect(short.body.errors).toHaveProperty("alert_webhook_secret");
    expect((await put({ alert_webhook_url: "ftp://x" })).body.errors).toHaveProperty("alert_webhook_url");

    const ok = await put({ panic_escalate_seconds: 45, alert_webhook_url: hookUrl, alert_webhook_secret: SECRET });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ require_two_factor_admins: false, panic_escalate_seconds: 45, alert_webhook_url: hookUrl, alert_webhook_secret_set: true });
    expect(JSON.stringify(ok.body)).not.toContain(SECRET);
    const read = await f.env.call(f.env.adminA, "GET", "/api/company-management/own-settings");
    expect(read.body.data).toEqual(ok.body.data);
    // The audit keeps that it changed, not its value.
    const audit = await f.env.db.selectFrom(resourceByName("audit-log").table).selectAll().where("resource", "=", "company-management").execute();
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    // Another company's admin changes only their own; a supervisor may not.
    expect((await f.env.call(f.env.adminB, "GET", "/api/company-management/own-settings")).body.data).toMatchObject({ panic_escalate_seconds: 120, alert_webhook_url: null });
    expect((await f.env.call(f.supervisor, "PUT", "/api/company-management/own-settings", { panic_escalate_seconds: 30 })).status).toBe(403);
  });
});

describe("a panic's deliveries", () => {
  it("sends the e-mail and the signed webhook of its rule at once, retries the refusing receiver, and records every attempt in the trail", async () => {
    const [[rule]] = await load(f.env, [["config-alert", [{ company_id: f.env.companyA, name: "Panic", alert_type: "panic_button", is_active: true }]]]);
    await load(f.env, [
      [
        "config-alert-to-user",
        [
          { company_id: f.env.companyA, config_alert_id: rule, user_id: f.supervisor.id, channel: "app" },
          { company_id: f.env.companyA, config_alert_id: rule, user_id: f.env.adminA.id, channel: "email" },
          { company_id: f.env.companyA, config_alert_id: rule, user_id: f.supervisor.id, channel: "webhook" },
        ],
      ],
    ]);
    hookPlan.push(500, 503);
    const mailsBefore = mails.length;
    const hooksBefore = hooks.length;
    const raised = await f.env.call(f.worker, "POST", "/api/panic-button/add", { lon: JAKARTA[0], lat: JAKARTA[1], project_id: f.jakarta, message: "fell from the scaffold" });
    expect(raised.status).toBe(200);
    const id = raised.body.data.id as number;

    await until(() => mails.length > mailsBefore && hooks.length >= hooksBefore + 3);
    const mail = mails[mailsBefore];
    expect(mail.to).toEqual(["admin@alpha.test"]);
    const text = plain(mail.raw);
    expect(text).toMatch(/Subject: PANIC: Wati Pekerja raised a panic alarm at Site JKT/);
    expect(text).toContain("Wati Pekerja raised a panic alarm.");
    expect(text).toContain("Where: Site JKT");
    expect(text).toContain("Position (longitude, latitude): 106.800000, -6.200000");
    expect(text).toContain("Message: fell from the scaffold");
    expect(text).toContain(`Open the alarm: https://fw.example.test/#/panic-button/show/${id}`);

    // Three posts of one delivery: refused twice, then accepted; each signed with the company's secret.
    const posts = hooks.slice(hooksBefore, hooksBefore + 3);
    expect(posts.map((h) => h.body.attempt)).toEqual([1, 2, 3]);
    expect(new Set(posts.map((h) => h.headers["x-fieldworks-delivery"])).size).toBe(1);
    for (const h of posts) expect(h.headers["x-fieldworks-signature"]).toBe(verify(h));
    expect(posts[2].body).toMatchObject({
      type: "panic_button",
      panic_id: id,
      worker: { id: f.worker.id, name: "Wati Pekerja" },
      project: { id: f.jakarta, name: "Site JKT" },
      location: { lon: JAKARTA[0], lat: JAKARTA[1] },
      message: "fell from the scaffold",
      link: `https://fw.example.test/#/panic-button/show/${id}`,
      recipient: { id: f.supervisor.id, name: "Surya Pengawas" },
    });

    // The trail: the e-mail sent to the admin; the webhook retried twice (with the reason and the next attempt), then sent.
    let steps: PanicTrailEntry[];
    for (;;) {
      steps = await trail(id);
      if (steps.filter((s) => s.channel === "webhook" && s.kind === "sent").length) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const email = steps.filter((s) => s.channel === "email");
    expect(email.map((s) => [s.kind, s.actor_id, s.attempt])).toEqual([["sent", f.env.adminA.id, 1]]);
    const webhook = steps.filter((s) => s.channel === "webhook");
    expect(webhook.map((s) => [s.kind, s.actor_name, s.attempt, s.note])).toEqual([
      ["retried", "Surya Pengawas", 1, "HTTP 500"],
      ["retried", "Surya Pengawas", 2, "HTTP 503"],
      ["sent", "Surya Pengawas", 3, null],
    ]);
    expect(webhook[0].next_attempt_at).toEqual(expect.any(String));
    expect(webhook[2].next_attempt_at).toBeNull();
    // The worker's own page reads the same trail.
    expect((await f.env.call(f.worker, "GET", `/api/panic-button/trail/${id}`)).status).toBe(200);
  }, 30_000);

  it("fails for good, with the reason, what no retry can mend (a recipient without an address)", async () => {
    await f.env.db.updateTable("users").set({ email: null }).where("id", "=", f.other.id).execute();
    const [[rule]] = await load(f.env, [["config-alert", [{ company_id: f.env.companyA, name: "Panic 2", alert_type: "panic_button", is_active: true }]]]);
    await load(f.env, [["config-alert-to-user", [{ company_id: f.env.companyA, config_alert_id: rule, user_id: f.other.id, channel: "email" }]]]);
    const raised = await f.env.call(f.east, "POST", "/api/panic-button/add", { project_id: f.makassar });
    expect(raised.status).toBe(200);
    const id = raised.body.data.id as number;
    for (;;) {
      const rows = await f.env.db.selectFrom("panic_event").selectAll().where("panic_id", "=", id).where("kind", "=", "failed").execute();
      if (rows.length) {
        expect(rows.map((r) => [Number(r.actor_id), r.channel, r.note])).toEqual([[f.other.id, "email", "no e-mail address"]]);
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }, 30_000);

  it("escalates by the admins' channels: e-mail and the company's webhook", async () => {
    // The earlier tests' alarms are handled: only this one is open.
    await f.env.db.updateTable("panic_button").set({ status: "resolved" }).where("status", "=", "open").execute();
    const raised = await f.env.call(f.worker, "POST", "/api/panic-button/add", { project_id: f.jakarta });
    const id = raised.body.data.id as number;
    const t0 = Date.parse(raised.body.data.alert_time);
    const mailsBefore = mails.length;
    await until(() => mails.length > mailsBefore); // the rule's own e-mail
    const hooksBefore = hooks.length;
    // Not before the company's 45 s.
    expect(await escalatePanics(f.env.db, f.env.app.services.events, t0 + 44_000)).toBe(0);
    expect(await escalatePanics(f.env.db, f.env.app.services.events, t0 + 46_000)).toBe(1);
    const isMine = (m: Received) => /PANIC NOT ACKNOWLEDGED/.test(m.raw) && plain(m.raw).includes(`/#/panic-button/show/${id}`);
    const myHook = (h: Hook) => h.body.type === "panic_escalated" && h.body.panic_id === id;
    await until(() => mails.some(isMine) && hooks.slice(hooksBefore).some(myHook));
    expect(mails.filter(isMine).map((m) => m.to)).toEqual([["admin@alpha.test"]]);
    expect(
      hooks
        .slice(hooksBefore)
        .filter(myHook)
        .map((h) => h.body.recipient),
    ).toMatchObject([{ id: f.env.adminA.id }]);
  }, 30_000);
});

describe("webhook addresses reach public hosts only (no server-side request forgery)", () => {
  const put = (body: Record<string, unknown>) => f.env.call(f.env.adminA, "PUT", "/api/company-management/own-settings", { alert_webhook_secret: SECRET, ...body });

  it("refuses a local, private or link-local address, localhost, credentials and other schemes when saved, naming the field", async () => {
    const before = (await f.env.call(f.env.adminA, "GET", "/api/company-management/own-settings")).body.data;
    const internal = [
      "http://127.0.0.1:5432/",
      `http://127.0.0.1:${innerPort}/`, // the allowed host, another port
      "http://169.254.169.254/latest/meta-data",
      "http://10.0.0.1/",
      "http://192.168.1.10/",
      "http://172.16.0.1/",
      "http://100.64.0.1/",
      "http://0.0.0.0/",
      "http://[::1]/",
      "http://[::]/",
      "http://[fd00::1]/",
      "http://[fe80::1]/",
      "http://[::ffff:10.0.0.1]/",
      "http://224.0.0.1/",
      "http://2130706433/", // 127.0.0.1 written as a number
      "http://0x7f.1/",
      "http://localhost/",
      "http://LOCALHOST./",
      "https://api.localhost/",
    ];
    for (const url of internal) {
      const res = await put({ alert_webhook_url: url });
      expect(res.status, url).toBe(400);
      expect(res.body.errors, url).toEqual({ alert_webhook_url: expect.stringMatching(/public address/) });
    }
    const creds = await put({ alert_webhook_url: "https://user:pass@hooks.example.com/x" });
    expect(creds.status).toBe(400);
    expect(creds.body.errors).toEqual({ alert_webhook_url: "Must not hold a user name or password." });
    for (const url of ["ftp://hooks.example.com/", "file:///etc/passwd", "gopher://127.0.0.1:6379/"])
      expect((await put({ alert_webhook_url: url })).body.errors, url).toHaveProperty("alert_webhook_url");
    // In Indonesian too.
    const id = await f.env.call(f.env.adminA, "PUT", "/api/company-management/own-settings", { alert_webhook_url: "http://10.0.0.1/" }, { "accept-language": "id" });
    expect(id.body.errors.alert_webhook_url).toMatch(/alamat publik/);
    // Nothing was stored; the platform owner's company update is held to the same rule.
    expect((await f.env.call(f.env.adminA, "GET", "/api/company-management/own-settings")).body.data).toEqual(before);
    const owner = await f.env.call(f.env.owner, "PUT", `/api/company-management/update/${f.env.companyA}`, { alert_webhook_url: "http://169.254.169.254/" });
    expect(owner.status).toBe(400);
    expect(owner.body.errors).toHaveProperty("alert_webhook_url");
    // A public address is taken (not sent to now); the allowed internal host too.
    expect((await put({ alert_webhook_url: "https://hooks.example.com/fieldworks" })).status).toBe(200);
    expect((await put({ alert_webhook_url: hookUrl })).status).toBe(200);
  });

  /** Raises a panic of the webhook rule and answers the webhook steps of its trail once one failed for good. */
  const failedWebhook = async (): Promise<PanicTrailEntry[]> => {
    const raised = await f.env.call(f.worker, "POST", "/api/panic-button/add", { project_id: f.jakarta });
    expect(raised.status).toBe(200);
    const id = raised.body.data.id as number;
    for (;;) {
      const steps = (await trail(id)).filter((s) => s.channel === "webhook");
      if (steps.some((s) => s.kind !== "retried")) return steps;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it("refuses to send to an internal address stored before (or re-pointed since), failing for good with the reason", async () => {
    const hooksBefore = hooks.length;
    await f.env.db
      .updateTable("companies")
      .set({ alert_webhook_url: `http://127.0.0.1:${innerPort}/` })
      .where("id", "=", f.env.companyA)
      .execute();
    try {
      const steps = await failedWebhook();
      expect(steps.map((s) => [s.kind, s.attempt])).toEqual([["failed", 1]]);
      expect(steps[0].note).toMatch(/local or private address: not sent/);
      expect(innerHits).toBe(0);
      expect(hooks.length).toBe(hooksBefore);
    } finally {
      await f.env.db.updateTable("companies").set({ alert_webhook_url: hookUrl }).where("id", "=", f.env.companyA).execute();
    }
  }, 30_000);

  it("does not follow a redirect: the delivery fails for good at the first one", async () => {
    const hooksBefore = hooks.length;
    hookPlan.push(302);
    const steps = await failedWebhook();
    expect(steps.map((s) => [s.kind, s.attempt])).toEqual([["failed", 1]]);
    expect(steps[0].note).toMatch(/HTTP 302: the receiver redirects.*redirects are not followed/);
    expect(hooks.length).toBe(hooksBefore + 1);
  }, 30_000);
});

describe("a server killed mid-delivery", () => {
  let child: ChildProcess | null = null;
  afterAll(() => {
    child?.kill("SIGKILL");
  });

  const start = () => {
    const cfg = f.env.app.services.config;
    const proc = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "development",
        DATA_DIR: cfg.dataDir,
        DATABASE_URL: cfg.databaseUrl,
        DB_SCHEMA: cfg.pgSchema,
        SEED: "none",
        PORT: "0",
        HOST: "127.0.0.1",
        WORKERS: "1",
        LIVE_SWEEP_MS: "0",
        DELIVERY_POLL_MS: "50",
        DELIVERY_RETRY_MS: "50",
        DELIVERY_LEASE_MS: "1000",
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        WEBHOOK_ALLOW_HOSTS: hookHost,
        LOG_LEVEL: "warn",
      },
      stdio: "ignore",
    });
    child = proc;
    return proc;
  };

  it("delivers after a restart what the killed process had claimed (its lease runs out)", async () => {
    // This test's own server stops working the queue: the child processes do.
    await stopDeliveries(f.env.db);
    const hooksBefore = hooks.length;
    hookPlan.push("hang");
    const raised = await f.env.call(f.other, "POST", "/api/panic-button/add", { project_id: f.jakarta });
    expect(raised.status).toBe(200);
    const id = raised.body.data.id as number;
    const first = start();
    await until(() => hooks.slice(hooksBefore).some((h) => h.body.panic_id === id));
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    const row = await f.env.db.selectFrom("alert_delivery").selectAll().where("panic_id", "=", id).where("channel", "=", "webhook").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "sending", attempts: 1 });

    start();
    await until(() => hooks.slice(hooksBefore).filter((h) => h.body.panic_id === id).length >= 2);
    const posts = hooks.slice(hooksBefore).filter((h) => h.body.panic_id === id);
    expect(posts.map((h) => h.body.attempt)).toEqual([1, 2]);
    expect(posts[0].headers["x-fieldworks-delivery"]).toBe(posts[1].headers["x-fieldworks-delivery"]);
    let steps: PanicTrailEntry[];
    for (;;) {
      steps = (await trail(id)).filter((s) => s.channel === "webhook");
      if (steps.length) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    // The killed attempt left no step; the one after the restart is sent.
    expect(steps.map((s) => [s.kind, s.attempt])).toEqual([["sent", 2]]);
  }, 60_000);
});
