// Ingest benchmark of field capture (issue 17): the real server (buildApp, one process) on a
// temporary database, 200 simulated phones each sending one OsmAnd position a second for 60 s
// (GET /osmand with a device key, as Traccar Client does) beside 10 field pages each posting
// waypoint/add-batch with 100 new points 5 times a second (--rate; 0 = back to back). The load
// generator runs in a child process (bench/field/load-child.ts). Prints requests, statuses,
// latency percentiles per kind, positions stored per second (counted in the database) and the
// server's CPU. Budgets: 0 errors (non-200 or transport), p99 ≤ 50 ms for each kind, ≥ 5,000
// positions stored per second. Exit code 1 when one fails. Figures, not a test.
//
// SQLite by default (a temporary DATA_DIR); with DATABASE_URL=postgres://… the same in a fresh
// schema of that database, dropped afterwards.
//
// Then, on the same server and database, the ingest saturation (bench/field/saturation.ts, issue
// 29): OsmAnd one position a request at a rate raised every --step seconds until p99 passes 50 ms
// or errors appear, as positions/s and as a ratio to an empty-answer floor route on the same stack
// (goal ≥ 0.5).
//
// Then the live part (bench/field/live.ts, issues 18 and 29): panic latency with WORKERS=2 to a
// supervisor's stream, to the e-mail accepted by a local SMTP server and to the signed webhook
// received by a local HTTP receiver (--panics alarms), and to the banner in a supervisor's headless
// Chromium (the app built first with vite into a temporary folder; --no-build reuses the last one;
// --no-browser or no Chromium: the stream only), and 2,000 open streams on one process (memory,
// one alarm to all of them).
//
// Usage: npm run bench:field [-- --phones 200 --clients 10 --batch 100 --rate 5 --duration 60 --step 5 --panics 50
//          --part all|ingest|saturation|live --no-build --no-browser]
import { runChild } from "./field/run-child";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { buildApp, type App } from "../server/app";
import { RATE_LIMITS_OFF } from "../server/config";
import { issueToken, sha256 } from "../server/auth/tokens";
import { newDeviceKey } from "../server/field/device-keys";
import { insertRows, nextIdTable, resetSequences } from "../server/seed/load";
import { fmtInt, fmtMs, fmtS, timed } from "./api/stats";
import { build } from "vite";
import { findChromium, noChromiumLine } from "../scripts/chromium.mjs";
import { liveBench, type BannerBench } from "./field/live";
import { saturation } from "./field/saturation";

const { values: args } = parseArgs({
  options: {
    phones: { type: "string", default: "200" },
    clients: { type: "string", default: "10" },
    batch: { type: "string", default: "100" },
    rate: { type: "string", default: "5" },
    duration: { type: "string", default: "60" },
    step: { type: "string", default: "5" },
    panics: { type: "string", default: "50" },
    part: { type: "string", default: "all" },
    "no-build": { type: "boolean", default: false },
    "no-browser": { type: "boolean", default: false },
  },
});
const N = {
  phones: Number(args.phones),
  clients: Number(args.clients),
  batch: Number(args.batch),
  rate: Number(args.rate),
  duration: Number(args.duration),
  step: Number(args.step),
  panics: Number(args.panics),
};
const PARTS = ["all", "ingest", "saturation", "live"];
if (!PARTS.includes(args.part!) || !(N.step > 0) || !(N.panics > 0)) {
  console.error(`bench:field: --part is one of ${PARTS.join(", ")}; --step and --panics are positive numbers`);
  process.exit(2);
}
const BUDGET = { p99Ms: 50, positionsPerSec: 5000 };
const CHILD = fileURLToPath(new URL("./field/load-child.ts", import.meta.url));
const HARD_LIMIT_MS = (N.duration + 600 + 30 * N.step) * 1000;

const log = (s = "") => console.log(s);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

interface KindFigures {
  requests: number;
  positions: number;
  statuses: Record<string, number>;
  errors: number;
  firstError?: string;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  latencies: number[];
}
type Figures = { seconds: number; osmand: KindFigures; batch: KindFigures };

async function withPg<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const runLoad = (config: object, timeoutMs: number): Promise<Figures> => runChild<Figures>(CHILD, config, timeoutMs, "load generator");

async function ingest(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL ?? "";
  const dialect = databaseUrl ? "PostgreSQL" : "SQLite";
  log(`bench:field: ${dialect}, ${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, one server process, load average ${load()}`);
  const dataDir = mkdtempSync(join(tmpdir(), "fw-bench-field-"));
  const schema = databaseUrl ? `bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}` : undefined;
  let app: App | null = null;
  const cleanup = async () => {
    await app?.close().catch(() => undefined);
    app = null;
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) await withPg(databaseUrl, (c) => c.query(`drop schema if exists ${schema} cascade`));
  };
  const limit = setTimeout(() => {
    console.error("bench:field: stopped (time limit)");
    void cleanup().finally(() => process.exit(2));
  }, HARD_LIMIT_MS);
  limit.unref();
  try {
    if (schema) await withPg(databaseUrl, (c) => c.query(`create schema ${schema}`));
    app = await buildApp({
      dataDir,
      databaseUrl,
      ...(schema ? { pgSchema: schema } : {}),
      seed: "none",
      distDir: join(dataDir, "no-dist"),
      // Phones and field pages far faster than real ones: no request limits.
      env: { ...process.env, ...RATE_LIMITS_OFF, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
    });
    const db = app.services.db;

    // A company, its field workers (one per phone and per field page), their device keys and tokens.
    const next = await nextIdTable(db);
    const companyId = next("company-management");
    await insertRows(db, "company-management", [{ id: companyId, name: "PT Bench Lapangan", code: "BFLD", industry: "telecom", email: "info@bench-field.test", status: "active" }]);
    const roleId = next("role");
    await insertRows(db, "role", [{ id: roleId, company_id: companyId, name: "Pekerja Lapangan", role_type: "worker", is_field_role: true }]);
    const first = next("human-resource");
    const people = N.phones + N.clients;
    await insertRows(
      db,
      "human-resource",
      Array.from({ length: people }, (_, i) => ({
        id: first + i,
        company_id: companyId,
        name: `Pekerja ${i + 1}`,
        email: `w${i + 1}@bench-field.test`,
        employee_type: "contract",
        role_id: roleId,
      })),
      { passwordHash: "not-used" },
    );
    const keys = Array.from({ length: N.phones }, () => newDeviceKey());
    const now = new Date().toISOString();
    await insertRows(
      db,
      "device-key",
      keys.map((k, i) => ({ id: next("device-key") + i, company_id: companyId, user_id: first + i, name: `HP ${i + 1}`, key_prefix: k.slice(0, 4), created_at: now })),
    );
    // The stored form of a key is its hash (set here: the loader takes no server-owned values).
    for (const [i, k] of keys.entries())
      await db
        .updateTable("device_key")
        .set({ key_hash: sha256(k) })
        .where("user_id", "=", first + i)
        .execute();
    await resetSequences(db);
    const tokens: string[] = [];
    for (let c = 0; c < N.clients; c++) tokens.push((await issueToken(db, first + N.phones + c, 24)).token);

    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    const count = async () =>
      Number(
        (
          await db
            .selectFrom("waypoint")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    log(
      `listening on ${address}: ${N.phones} phones (device keys), ${N.clients} field pages (${N.batch} points a batch, ${N.rate > 0 ? `${N.rate} batches/s each` : "back to back"}), ${N.duration} s`,
    );

    if (args.part === "saturation") {
      const ok = await saturation(app, address, keys, N.step, log);
      log(`load average at the end: ${load()}`);
      return ok ? 0 : 1;
    }
    // Warm-up (JIT, statement cache, connections): 3 s of the same load, not counted.
    await runLoad({ base: address, duration: 3, phones: keys, clients: tokens, batch: N.batch, rate: N.rate }, 120_000);
    const before = await count();
    const cpu0 = process.cpuUsage();
    const run = await timed(() => runLoad({ base: address, duration: N.duration, phones: keys, clients: tokens, batch: N.batch, rate: N.rate }, HARD_LIMIT_MS));
    const cpu = process.cpuUsage(cpu0);
    const stored = (await count()) - before;
    const f = run.value;

    log();
    const line = (name: string, k: KindFigures) =>
      log(
        `${name.padEnd(16)} ${fmtInt(k.requests).padStart(7)} requests, ${fmtInt(k.positions).padStart(8)} positions, statuses ${JSON.stringify(k.statuses)}, transport errors ${k.errors}; latency p50 ${fmtMs(k.p50)}, p95 ${fmtMs(k.p95)}, p99 ${fmtMs(k.p99)}, max ${fmtMs(k.max)}${k.firstError ? ` (first failure: ${k.firstError})` : ""}`,
      );
    line("osmand (phones)", f.osmand);
    line("add-batch", f.batch);
    const all = [...f.osmand.latencies, ...f.batch.latencies].sort((a, b) => a - b);
    const p99All = all[Math.min(all.length - 1, Math.ceil(0.99 * all.length) - 1)];
    const sent = f.osmand.positions + f.batch.positions;
    const perSec = stored / f.seconds;
    log(`all requests     p99 ${fmtMs(p99All)}`);
    log(`positions: ${fmtInt(sent)} sent, ${fmtInt(stored)} stored in ${fmtS(f.seconds * 1000)}: ${fmtInt(perSec)} positions/s stored`);
    log(
      `server process CPU: ${(((cpu.user + cpu.system) / 1000 / (run.ms || 1)) * 100).toFixed(0)} % of one core (user ${fmtS(cpu.user / 1000)}, system ${fmtS(cpu.system / 1000)})`,
    );

    const errors = (k: KindFigures) => k.errors + Object.entries(k.statuses).reduce((n, [s, c]) => n + (s === "200" ? 0 : c), 0);
    const okErrors = errors(f.osmand) + errors(f.batch) === 0;
    const okLatency = f.osmand.p99 <= BUDGET.p99Ms && f.batch.p99 <= BUDGET.p99Ms;
    const okRate = perSec >= BUDGET.positionsPerSec;
    const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
    log(
      `budgets: 0 errors ${verdict(okErrors)}; p99 ≤ ${BUDGET.p99Ms} ms (osmand ${fmtMs(f.osmand.p99)}, add-batch ${fmtMs(f.batch.p99)}) ${verdict(okLatency)}; ≥ ${fmtInt(BUDGET.positionsPerSec)} positions/s stored ${verdict(okRate)}`,
    );
    const okSaturation = args.part === "ingest" ? true : await saturation(app, address, keys, N.step, log);
    log(`load average at the end: ${load()}`);
    return okErrors && okLatency && okRate && okSaturation ? 0 : 1;
  } finally {
    await cleanup();
  }
}

const BANNER_DIST = join(tmpdir(), "fieldworks-bench-field-dist");

/** The built app and a Chromium for the banner's figure, or null (said why). */
async function bannerBench(): Promise<BannerBench | null> {
  if (args["no-browser"]) return null;
  const found = findChromium();
  if (!found.path) {
    log(noChromiumLine("the panic banner's figure is not measured", found));
    return null;
  }
  if (!args["no-build"]) {
    log("vite build (for the banner's figure) ...");
    // vite's build sets NODE_ENV=production in this process, which the servers started after it
    // (and the cluster's workers, which inherit this environment) would read as production.
    const nodeEnv = process.env.NODE_ENV;
    await build({ root: resolve(import.meta.dirname, ".."), logLevel: "warn", build: { outDir: BANNER_DIST, emptyOutDir: true } });
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  if (!existsSync(join(BANNER_DIST, "index.html"))) {
    log(`no build in ${BANNER_DIST} (run without --no-build once): the panic banner's figure is not measured`);
    return null;
  }
  return { distDir: BANNER_DIST, chromiumPath: found.path };
}

/** The live part on a database of its own. */
async function live(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL ?? "";
  const banner = await bannerBench();
  log();
  log(`bench:field live: ${databaseUrl ? "PostgreSQL" : "SQLite"}, load average ${load()}`);
  const dataDir = mkdtempSync(join(tmpdir(), "fw-bench-live-"));
  const schema = databaseUrl ? `bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}` : undefined;
  try {
    if (schema) await withPg(databaseUrl, (c) => c.query(`create schema ${schema}`));
    return (await liveBench({ dataDir, databaseUrl, ...(schema ? { pgSchema: schema } : {}) }, log, banner, N.panics)) ? 0 : 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) await withPg(databaseUrl, (c) => c.query(`drop schema if exists ${schema} cascade`));
  }
}

async function main(): Promise<number> {
  let code = 0;
  if (args.part !== "live") code = await ingest();
  if (args.part === "all" || args.part === "live") code = (await live()) || code;
  return code;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
