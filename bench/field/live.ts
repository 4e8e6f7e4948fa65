// The live part of bench:field (issue 18, issue 29; docs/api.md "Live events", "Alert deliveries").
// Figures, not a test.
// - Panic: WORKERS=2 (server/cluster.ts) on the database of this run (SQLite, or PostgreSQL with
//   DATABASE_URL); the company has a panic rule naming the supervisor by the app, by e-mail and by
//   the company's signed webhook, whose ends are real local servers in this process (an SMTP
//   server and an HTTP receiver: bench/field/receivers.ts; SMTP_URL and the company's webhook
//   point at them). `panics` alarms (50 by default) raised one after the other by a worker (a new
//   connection each, so both workers take some), two more before them to warm up, not counted.
//   - to the stream: a supervisor's stream open (read here); per alarm the time from the worker's
//     answer to the `panic` event read from the stream (0 when the event came first), and from the
//     request's start;
//   - to the e-mail and the webhook (the same alarms): from the worker's answer to the mail's DATA
//     ended at the SMTP server (it accepts it) and to the webhook's body received by the receiver;
//     each alarm's three legs are awaited before the next alarm;
//   - to the banner (the issue's figure; with a browser build and a Chromium): the built app served
//     by the same cluster, a supervisor signed in through the login page in headless Chromium on
//     the home page; per alarm (20) the time from the worker's answer (in this process) to the red
//     banner in the page: in the DOM with a size (a MutationObserver), and painted (the frame after
//     that: requestAnimationFrame, then a task). Both clocks are the machine's wall clock
//     (performance.timeOrigin + performance.now() here and in the page). Each alarm is then
//     acknowledged through the API and the banner's leaving awaited before the next.
//   Budgets: p95 ≤ 1 s to the banner (the stream's figure when the banner is not measured); p95
//   ≤ 5 s to the e-mail accepted, and the same to the webhook received.
// - Streams: one server process (this one) with 2,000 open streams (a child process holds the
//   clients: bench/field/streams-child.ts); the server process's memory growth (RSS) and the
//   time until one alarm reached every stream. Budgets: ≤ 200 MB, ≤ 2 s.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { AddressInfo } from "node:net";
import { chromium, type Page } from "playwright-core";
import { buildApp, type App, type BuildOptions } from "../../server/app";
import { RATE_LIMITS_OFF } from "../../server/config";
import { hashPassword } from "../../server/auth/password";
import { issueToken } from "../../server/auth/tokens";
import { startCluster } from "../../server/cluster";
import { insertRows, nextIdTable, resetSequences } from "../../server/seed/load";
import { fmtInt, fmtMs, quantile } from "../api/stats";
import { startReceivers, type Receivers } from "./receivers";

const STREAMS_CHILD = fileURLToPath(new URL("./streams-child.ts", import.meta.url));
export const LIVE_BUDGET = { panicP95Ms: 1000, deliveryP95Ms: 5000, streamsMemoryMb: 200, fanOutMs: 2000 };
/** The company's webhook secret (signs each post). */
const WEBHOOK_SECRET = "bench-live-webhook-secret-0123456789";

interface People {
  worker: string;
  supervisor: string;
}

/** The supervisor's sign-in on the login page (browser part). */
const SUPERVISOR_EMAIL = "supervisor@bench-live.test";
const PASSWORD = "bench-live-12345";

/** Where the browser part finds the built app and a Chromium; null: the stream figure only. */
export interface BannerBench {
  distDir: string;
  chromiumPath: string;
}

/**
 * A company whose admin role holds every menu; a worker and a supervisor of that role; their tokens;
 * a panic rule naming the supervisor by the app, e-mail and webhook; the company's webhook.
 */
async function setup(app: App, webhookUrl: string): Promise<People> {
  const db = app.services.db;
  const next = await nextIdTable(db);
  const companyId = next("company-management");
  await insertRows(db, "company-management", [{ id: companyId, name: "PT Bench Live", code: "BLIVE", industry: "construction", email: "info@bench-live.test", status: "active" }]);
  const roleId = next("role");
  await insertRows(db, "role", [{ id: roleId, company_id: companyId, name: "Admin", role_type: "admin" }]);
  const menus = await db.selectFrom("menu").select(["id"]).execute();
  await insertRows(
    db,
    "menu-company",
    menus.map((m) => ({ company_id: companyId, menu_id: Number(m.id), is_active: true })),
  );
  await insertRows(
    db,
    "role-menu",
    menus.map((m) => ({ company_id: companyId, role_id: roleId, menu_id: Number(m.id), can_add: true, can_edit: true, can_delete: true })),
  );
  const first = next("human-resource");
  await insertRows(
    db,
    "human-resource",
    [
      { id: first, company_id: companyId, name: "Pekerja Panik", email: "worker@bench-live.test", employee_type: "contract", role_id: roleId },
      { id: first + 1, company_id: companyId, name: "Pengawas", email: SUPERVISOR_EMAIL, employee_type: "permanent", role_id: roleId },
    ],
    { passwordHash: await hashPassword(PASSWORD) },
  );
  const ruleId = next("config-alert");
  await insertRows(db, "config-alert", [{ id: ruleId, company_id: companyId, name: "Panik", alert_type: "panic_button", is_active: true }]);
  await insertRows(
    db,
    "config-alert-to-user",
    (["app", "email", "webhook"] as const).map((channel) => ({ company_id: companyId, config_alert_id: ruleId, user_id: first + 1, channel })),
  );
  await db.updateTable("companies").set({ language: "en", alert_webhook_url: webhookUrl, alert_webhook_secret: WEBHOOK_SECRET }).where("id", "=", companyId).execute();
  await resetSequences(db);
  return { worker: (await issueToken(db, first, 24)).token, supervisor: (await issueToken(db, first + 1, 24)).token };
}

/** Frames of one stream: the time each `panic` event's alarm id arrived. */
async function panicTimes(base: string, token: string): Promise<{ arrived: Map<number, number>; close(): void; ready: Promise<void> }> {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  if (res.status !== 200) throw new Error(`stream answered ${res.status}`);
  const arrived = new Map<number, number>();
  let hello!: () => void;
  const ready = new Promise<void>((r) => (hello = r));
  void (async () => {
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let buf = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true });
        let cut: number;
        while ((cut = buf.indexOf("\n\n")) >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          if (block.includes("event: hello")) hello();
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (block.includes("event: panic") && data) arrived.set((JSON.parse(data) as { panic: { id: number } }).panic.id, performance.now());
        }
      }
    } catch {
      // closed
    }
  })();
  return { arrived, ready, close: () => abort.abort() };
}

const raise = async (base: string, token: string): Promise<{ id: number; sent: number; answered: number }> => {
  const sent = performance.now();
  const res = await fetch(`${base}/api/panic-button/add`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", connection: "close" },
    body: "{}",
  });
  const body = (await res.json()) as { data: { id: number } };
  if (res.status !== 200) throw new Error(`panic-button/add answered ${res.status}`);
  return { id: body.data.id, sent, answered: performance.now() };
};

const acknowledge = async (base: string, token: string, id: number): Promise<void> => {
  const res = await fetch(`${base}/api/panic-button/acknowledge/${id}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", connection: "close" },
    body: "{}",
  });
  await res.arrayBuffer();
  if (res.status !== 200 && res.status !== 409) throw new Error(`panic-button/acknowledge answered ${res.status}`);
};

const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"];

// In the page (a string: tsx would wrap inner functions in a helper the page does not have): watch
// for the banner; note when it is in the DOM with a size, and when the frame showing it was painted.
const WATCH_BANNER = `(() => {
  window.__banner = { dom: null, painted: null };
  if (window.__bannerObserver) window.__bannerObserver.disconnect();
  const check = () => {
    if (window.__banner.dom !== null) return;
    const el = document.querySelector('[data-testid="panic-banner"]');
    if (!el || el.getBoundingClientRect().height === 0) return;
    window.__banner.dom = performance.timeOrigin + performance.now();
    requestAnimationFrame(() => setTimeout(() => { window.__banner.painted = performance.timeOrigin + performance.now(); }, 0));
  };
  window.__bannerObserver = new MutationObserver(check);
  window.__bannerObserver.observe(document.body, { childList: true, subtree: true, attributes: true });
  check();
})()`;

/** Signs the supervisor in on the login page and waits for the shell and its event stream. */
async function openSupervisorPage(page: Page, base: string): Promise<void> {
  const stream = page.waitForResponse((r) => r.url().endsWith("/api/events") && r.status() === 200, { timeout: 60_000 });
  await page.goto(`${base}/#/login`);
  await page.getByLabel("Email").fill(SUPERVISOR_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: /Log out/ }).waitFor({ timeout: 60_000 });
  await stream;
}

/** The banner part: answers per counted alarm [answer → in the DOM, answer → painted] in ms. */
async function bannerLatencies(base: string, people: People, bench: BannerBench, presses: number, warmUp: number): Promise<{ dom: number[]; painted: number[] }> {
  const browser = await chromium.launch({ executablePath: bench.chromiumPath, args: ARGS });
  const dom: number[] = [];
  const painted: number[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await openSupervisorPage(page, base);
    await page.locator('[data-testid="panic-banner"]').waitFor({ state: "detached", timeout: 30_000 });
    for (let i = 0; i < warmUp + presses; i++) {
      await page.evaluate(WATCH_BANNER);
      const r = await raise(base, people.worker);
      const answered = performance.timeOrigin + r.answered;
      const seen = (await (
        await page.waitForFunction("window.__banner && window.__banner.painted !== null ? window.__banner : null", undefined, { timeout: 30_000, polling: 20 })
      ).jsonValue()) as { dom: number; painted: number };
      if (i >= warmUp) {
        dom.push(Math.max(0, seen.dom - answered));
        painted.push(Math.max(0, seen.painted - answered));
      }
      await acknowledge(base, people.supervisor, r.id);
      await page.locator('[data-testid="panic-banner"]').waitFor({ state: "detached", timeout: 30_000 });
    }
  } finally {
    await browser.close();
  }
  return { dom, painted };
}

const until = async (ok: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 5));
  }
};

/** Runs both parts on a fresh database described by `db` (dataDir, databaseUrl, pgSchema); answers whether the budgets held. */
export async function liveBench(
  db: Pick<BuildOptions, "dataDir" | "databaseUrl" | "pgSchema">,
  log: (s?: string) => void,
  banner: BannerBench | null = null,
  panics = 50,
): Promise<boolean> {
  const receivers = await startReceivers();
  try {
    return await liveBenchWith(db, log, banner, panics, receivers);
  } finally {
    await receivers.close();
  }
}

async function liveBenchWith(
  db: Pick<BuildOptions, "dataDir" | "databaseUrl" | "pgSchema">,
  log: (s?: string) => void,
  banner: BannerBench | null,
  panics: number,
  receivers: Receivers,
): Promise<boolean> {
  // The receivers are on 127.0.0.1: allowed for the webhook (WEBHOOK_ALLOW_HOSTS), as a company on a private network would.
  const env = { ...process.env, ...RATE_LIMITS_OFF, LOG_LEVEL: "warn", WEBHOOK_ALLOW_HOSTS: "127.0.0.1" };
  const options: BuildOptions = { ...db, seed: "none", logger: false, liveSweepMs: 0, env };
  const first = await buildApp(options);
  const people = await setup(first, receivers.webhookUrl);
  await first.close();

  // ---- panic latency, WORKERS=2
  const port = 20000 + Math.floor(Math.random() * 20000);
  const cluster = await startCluster(
    2,
    {
      DATA_DIR: db.dataDir!,
      DATABASE_URL: db.databaseUrl ?? "",
      DB_SCHEMA: db.pgSchema ?? "public",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      DIST_DIR: banner?.distDir ?? "/nonexistent",
      LIVE_SWEEP_MS: "0",
      SMTP_URL: receivers.smtpUrl,
      WEBHOOK_ALLOW_HOSTS: "127.0.0.1",
      ...RATE_LIMITS_OFF,
    },
    { execArgv: ["--import", "tsx"] },
  );
  const base = `http://127.0.0.1:${port}`;
  const afterAnswer: number[] = [];
  const afterRequest: number[] = [];
  const toMail: number[] = [];
  const toHook: number[] = [];
  const raised: number[] = [];
  let onScreen: { dom: number[]; painted: number[] } | null = null;
  try {
    const stream = await panicTimes(base, people.supervisor);
    await stream.ready;
    for (let i = 0; i < panics + 2; i++) {
      const r = await raise(base, people.worker);
      raised.push(r.id);
      await until(() => stream.arrived.has(r.id) && receivers.mails.has(r.id) && receivers.hooks.has(r.id), 30_000);
      const at = stream.arrived.get(r.id)!;
      // The first two warm up (JIT, statement caches, the first SMTP and HTTP connections), not counted.
      if (i >= 2) {
        afterAnswer.push(Math.max(0, at - r.answered));
        afterRequest.push(at - r.sent);
        toMail.push(Math.max(0, receivers.mails.get(r.id)! - r.answered));
        toHook.push(Math.max(0, receivers.hooks.get(r.id)! - r.answered));
      }
    }
    stream.close();
    if (banner) {
      // The stream part's alarms are still open: acknowledged, so the banner starts empty.
      for (const id of raised) await acknowledge(base, people.supervisor, id);
      onScreen = await bannerLatencies(base, people, banner, 20, 2);
    }
  } finally {
    await cluster.stop();
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const streamP95 = quantile(sorted(afterAnswer), 0.95);
  const leg = (xs: number[]) => {
    const s = sorted(xs);
    return { p50: quantile(s, 0.5), p95: quantile(s, 0.95), max: s[s.length - 1] };
  };
  const mail = leg(toMail);
  const hook = leg(toHook);
  log(
    `panic (WORKERS=2, ${panics} alarms): answer → supervisor's stream p50 ${fmtMs(quantile(sorted(afterAnswer), 0.5))}, p95 ${fmtMs(streamP95)}, max ${fmtMs(Math.max(...afterAnswer))}; request start → stream p95 ${fmtMs(quantile(sorted(afterRequest), 0.95))}`,
  );
  log(`panic (WORKERS=2, ${panics} alarms): answer → e-mail accepted by the local SMTP server p50 ${fmtMs(mail.p50)}, p95 ${fmtMs(mail.p95)}, max ${fmtMs(mail.max)}`);
  log(`panic (WORKERS=2, ${panics} alarms): answer → webhook received by the local receiver p50 ${fmtMs(hook.p50)}, p95 ${fmtMs(hook.p95)}, max ${fmtMs(hook.max)}`);
  let p95 = streamP95;
  if (onScreen) {
    p95 = quantile(sorted(onScreen.painted), 0.95);
    log(
      `panic (WORKERS=2, 20 alarms): answer → banner in a supervisor's Chromium: painted p50 ${fmtMs(quantile(sorted(onScreen.painted), 0.5))}, p95 ${fmtMs(p95)}, max ${fmtMs(Math.max(...onScreen.painted))}; in the DOM p50 ${fmtMs(quantile(sorted(onScreen.dom), 0.5))}, p95 ${fmtMs(quantile(sorted(onScreen.dom), 0.95))}`,
    );
  } else log("panic: the banner in a browser not measured (no build or no Chromium): the budget is judged on the stream");

  // ---- 2,000 streams on one process (this one)
  const N = 2000;
  const app = await buildApp({ ...options, seed: false });
  let okMemory: boolean;
  let okFanOut: boolean;
  try {
    await app.listen({ host: "127.0.0.1", port: 0 });
    const addr = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    (globalThis as { gc?: () => void }).gc?.();
    const rss0 = process.memoryUsage().rss;
    const child = spawn(process.execPath, ["--import", "tsx", STREAMS_CHILD, JSON.stringify({ base: addr, token: people.supervisor, streams: N })], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    await until(() => out.includes("open "), 120_000);
    const opened = JSON.parse(/open (.*)/.exec(out)![1]) as { hellos: number; failures: number };
    await new Promise((r) => setTimeout(r, 1000));
    (globalThis as { gc?: () => void }).gc?.();
    const grown = (process.memoryUsage().rss - rss0) / 1024 / 1024;
    const streamsOpen = app.liveEvents.registry.size;
    const sent = Date.now();
    const done = new Promise<number[]>((resolve, reject) => {
      child.on("close", () => {
        const line = out.trim().split("\n").pop() ?? "";
        try {
          resolve((JSON.parse(line) as { received: number[] }).received);
        } catch {
          reject(new Error(`stream clients: ${out.slice(-300)}`));
        }
      });
    });
    await fetch(`${addr}/api/panic-button/add`, { method: "POST", headers: { authorization: `Bearer ${people.worker}`, "content-type": "application/json" }, body: "{}" });
    const received = await done;
    const last = Math.max(...received) - sent;
    okMemory = grown <= LIVE_BUDGET.streamsMemoryMb && opened.failures === 0;
    okFanOut = received.length === N && last <= LIVE_BUDGET.fanOutMs;
    log(
      `streams: ${fmtInt(opened.hellos)} open (${opened.failures} refused; the server counts ${fmtInt(streamsOpen)}), server RSS +${grown.toFixed(1)} MB (${((grown * 1024) / N).toFixed(1)} KB a stream); one alarm reached ${fmtInt(received.length)} streams, the last ${fmtMs(last)} after the request was sent`,
    );
  } finally {
    await app.close();
  }
  const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
  const okPanic = p95 <= LIVE_BUDGET.panicP95Ms;
  const okMail = mail.p95 <= LIVE_BUDGET.deliveryP95Ms;
  const okHook = hook.p95 <= LIVE_BUDGET.deliveryP95Ms;
  log(
    `live budgets: panic${onScreen ? " (banner)" : " (stream)"} p95 ≤ ${fmtMs(LIVE_BUDGET.panicP95Ms)} ${verdict(okPanic)}; e-mail p95 ≤ ${fmtMs(LIVE_BUDGET.deliveryP95Ms)} ${verdict(okMail)}; webhook p95 ≤ ${fmtMs(LIVE_BUDGET.deliveryP95Ms)} ${verdict(okHook)}; ${fmtInt(N)} streams ≤ ${LIVE_BUDGET.streamsMemoryMb} MB ${verdict(okMemory)}; one alarm to all ≤ ${fmtMs(LIVE_BUDGET.fanOutMs)} ${verdict(okFanOut)}`,
  );
  return okPanic && okMail && okHook && okMemory && okFanOut;
}
