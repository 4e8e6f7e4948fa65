// API benchmark: the real server (buildApp) on a temporary database filled with a company of
// 100,000 projects and 10,000,000 waypoints, measured over HTTP on 127.0.0.1:
//   (a) a filtered, sorted project search (20 rows a page, 16 different bodies) under 50
//       concurrent connections (autocannon, ~10 s after a warm-up): requests/s and latency
//       percentiles, first against one server process (the app built here, WORKERS=1), then
//       the HTTP floor (bench/api/floor.ts: a bare route on the same request stack and token
//       check answering a fixed page of the same size) and the search's ratio to it, then
//       WORKERS=<cores> processes (the default) on the same database (server/cluster.ts). The 16
//       bodies repeat, as a list screen's pages do: after its first ask each page's answer is
//       sent as kept (server/http/encoded-answer.ts), so the search can beat the floor, which
//       turns its fixed page into JSON and gzips it on every request; what that encoding costs
//       per answer is printed too;
//   (b) one worker's day of waypoints (the contract's waypoint/search body: user_id =, wptime
//       range, length -1, wptime ascending), sequential requests over different users and days:
//       median/p95 end to end, rows per answer, and the database query alone. On PostgreSQL
//       the waypoint table is partitioned by month (migration 020; the loader's months are made
//       before the load, as the server makes them ahead in production) and (b) runs twice: on
//       it, then on an unpartitioned copy of the same rows (waypoint_flat: the pre-020 table,
//       same keys and indexes, filled by one INSERT … SELECT and vacuumed) swapped in under the
//       name `waypoint` for the second run, the same server and queries. The cheapest honest
//       comparison in one run: one more copy of the rows (~1-2 min at 10 M rows) instead of a
//       second full load; --no-flat skips it. The default data (--days 10) is all in November
//       2026, one partition: more --days spread the rows over more months.
// Budgets (BUDGETS below): SQLite, one process ≥ 2,500 searches/s, p99 ≤ 40 ms and ≥ 0.5 of the
// floor; SQLite, one process per core ≥ 3,500/s, p99 ≤ 30 ms; PostgreSQL, one process ≥ 2,000/s,
// p99 ≤ 50 ms; no non-2xx; waypoint day ≤ 8 ms median on SQLite (20 ms on PostgreSQL). Every
// run gets a verdict and the exit code (1 = a budget failed) takes them all. Figures, not tests: nothing here runs in the suites.
//
// Cores: with taskset and 2+ cores, the one-process server (and the floor) is pinned to core 0
// and autocannon (a child process, bench/api/cannon-child.ts) to the others; the WORKERS run
// spreads the server over every core and autocannon shares them (--shared-cores: never pin).
// The output says which cores each side had.
//
// SQLite by default (a temporary DATA_DIR); with DATABASE_URL=postgres://… the same in a fresh
// schema, dropped afterwards. Requests carry a browser's Accept-Encoding (answers are gzipped,
// as for the web app).
//
// Usage: npm run bench:api [-- --projects 100000 --workers 1000 --days 10 --duration 10
//        --connections 50 --samples 50 --processes <cores> --keep (leave the database)
//        --shared-cores --profile search.cpuprofile --no-flat (PostgreSQL: no unpartitioned comparison)]
import type { Worker } from "node:cluster";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import pg from "pg";
import { resourceByName } from "../declaration";
import type { Actor } from "../server/access/actor";
import { buildApp, type App } from "../server/app";
import { RATE_LIMITS_OFF } from "../server/config";
import { startCluster } from "../server/cluster";
import { hashPassword } from "../server/auth/password";
import { parseColumns, parseOrders } from "../server/records/query";
import { RecordStore } from "../server/records/store";
import { encodeAnswer } from "../server/http/encoded-answer";
import { Answer, page, type Envelope } from "../server/http/envelope";
import { eq } from "../server/db/conditions";
import { statementTime, timeStatementsByCpu } from "../server/db/sqlite-statements";
import { Rng } from "../server/seed/demo/rand";
import { ensureMonthsCovering } from "../server/db/waypoint-partitions";
import { HISTORY_COLUMNS } from "../declaration/map-service";
import { insertRows } from "../server/seed/load";
import { analyze, bulkLoader, type Target } from "./api/bulk";
import { pinCores } from "./api/cores";
import { FLOOR_PATH, startFloor } from "./api/floor";
import { runCannon, type CannonResult } from "./api/cannon";
import { MIX_TITLES, freshBodies, repeatedBodies, searchRequest, searchesIn, writeMix, type MixName } from "./api/mixes";
import { POINTS_PER_DAY, dayEndMs, dayStartMs, projectBatches, waypointChunks, workingDays } from "./api/data";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createFixture, type Fixture } from "./api/fixture";
import { profiled } from "./api/profile";
import { fmtInt, fmtMs, fmtS, summary, timed } from "./api/stats";

const { values: args } = parseArgs({
  options: {
    projects: { type: "string", default: "100000" },
    workers: { type: "string", default: "1000" },
    days: { type: "string", default: "10" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "50" },
    samples: { type: "string", default: "50" },
    processes: { type: "string", default: String(availableParallelism()) },
    keep: { type: "boolean", default: false },
    profile: { type: "string" },
    "shared-cores": { type: "boolean", default: false },
    "no-flat": { type: "boolean", default: false },
  },
});
const N = {
  projects: Number(args.projects),
  workers: Number(args.workers),
  days: Number(args.days),
  duration: Number(args.duration),
  warmup: Number(args.warmup),
  connections: Number(args.connections),
  samples: Number(args.samples),
  processes: Math.max(1, Number(args.processes)),
};
/**
 * Budgets (issue 32): one process, 100,000 projects: the repeated bodies ≥ 1.0 of the HTTP floor
 * with p99 ≤ 40 ms; never-repeated bodies ≥ 1,000 searches/s with p99 ≤ 100 ms; with 10 % writes
 * ≥ 700/s, p99 ≤ 150 ms; no timeouts, errors or non-2xx anywhere; PostgreSQL within 0.7 of SQLite
 * on each; WORKERS=n each mix ≥ 1.6× its one-process figure of the same run. A worker's day of
 * waypoints ≤ 8 ms median on SQLite (PostgreSQL: 8 / 0.7).
 */
const BUDGETS = {
  sqlite: { repeated: { floorRatio: 1.0, p99Ms: 40 }, fresh: { rps: 1000, p99Ms: 100 }, writes: { rps: 700, p99Ms: 150 }, waypointDayMs: 8 },
  postgres: { repeated: { floorRatio: 0.7, p99Ms: 40 }, fresh: { rps: 700, p99Ms: 100 }, writes: { rps: 490, p99Ms: 150 }, waypointDayMs: 11.4 },
  workersRatio: 1.6,
};
const cores = pinCores(!args["shared-cores"]);
// The database's time by CPU, not the wall clock: on a shared machine a descheduled thread's wait is nobody's work.
timeStatementsByCpu();
const WAYPOINT = resourceByName("waypoint");
const PROJECT = resourceByName("project");
// Whole run bounded: loading 10 M rows on PostgreSQL takes a few minutes, the rest seconds.
const HARD_LIMIT_MS = 45 * 60_000;

const log = (s = "") => console.log(s);

async function main(): Promise<number> {
  const databaseUrl = process.env.DATABASE_URL ?? "";
  const dialect = databaseUrl ? "PostgreSQL" : "SQLite";
  log(
    `bench:api: ${dialect}, ${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );

  const dataDir = mkdtempSync(join(tmpdir(), "fw-bench-api-"));
  const schema = databaseUrl ? `bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}` : undefined;
  const target: Target = databaseUrl ? { databaseUrl, schema } : { sqliteFile: join(dataDir, "fieldworks.db") };
  let app: App | null = null;
  const cleanup = async () => {
    await app?.close().catch(() => undefined);
    app = null;
    if (args.keep) return log(`kept ${dataDir}${schema ? ` and schema ${schema}` : ""}`);
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) await withPg(databaseUrl, (c) => c.query(`drop schema if exists ${schema} cascade`));
  };
  process.once("SIGINT", () => void cleanup().finally(() => process.exit(130)));
  // Bounded: a run that hangs is stopped, and still cleans up.
  const limit = setTimeout(() => {
    console.error(`bench:api: stopped after ${HARD_LIMIT_MS / 60_000} minutes`);
    void cleanup().finally(() => process.exit(2));
  }, HARD_LIMIT_MS);
  limit.unref();
  try {
    if (schema) await withPg(databaseUrl, (c) => c.query(`create schema ${schema}`));
    const built = await timed(() =>
      buildApp({
        dataDir,
        databaseUrl,
        ...(schema ? { pgSchema: schema } : {}),
        seed: "none",
        distDir: join(dataDir, "no-dist"),
        // The bench's load is one token at thousands of requests a second: no request limits.
        env: { ...process.env, ...RATE_LIMITS_OFF, LOG_LEVEL: process.env.LOG_LEVEL ?? "info" },
      }),
    );
    app = built.value;
    const db = app.services.db;
    log(`app built (migrations, reference data): ${fmtS(built.ms)}`);

    // ---- data ----------------------------------------------------------------------------------
    const fixture = await timed(async () => createFixture(db, await hashPassword(ADMIN_PASSWORD), { managers: 40, workers: N.workers }));
    const f = fixture.value;
    log(
      `fixture: company ${f.companyId}, ${f.typeIds.length} project types, ${f.phaseIds.length} phases, ${f.managerIds.length} managers, ${f.workerIds.length} workers: ${fmtS(fixture.ms)}`,
    );

    const projects = await timed(async () => {
      let n = 0;
      for (const batch of projectBatches(f, N.projects)) {
        n += await db.transaction().execute((trx) => insertRows(trx, "project", batch));
        if (n % 25_000 === 0 || n === N.projects) process.stdout.write(`\r  projects ${fmtInt(n)} / ${fmtInt(N.projects)}`);
      }
      return n;
    });
    log(`\nprojects: ${fmtInt(projects.value)} rows in ${fmtS(projects.ms)} (${fmtInt(projects.value / (projects.ms / 1000))} rows/s, through the codec)`);

    const days = workingDays(N.days);
    const totalWaypoints = N.workers * days.length * POINTS_PER_DAY;
    // PostgreSQL: the months of the data, made as the server makes them ahead (else the rows
    // would land in the default partition).
    const made = await ensureMonthsCovering(db, dayStartMs(days[0]) - 3600_000, dayEndMs(days[days.length - 1]));
    if (made.length) log(`waypoint partitions made for the data: ${made.join(", ")}`);
    const waypoints = await timed(async () => {
      const loader = await bulkLoader(target);
      let n = 0;
      const t0 = performance.now();
      try {
        for (const chunk of waypointChunks(f.workerIds, days, 100_000)) {
          await loader.load(chunk, f.companyId);
          n += chunk.n;
          if (n % 500_000 === 0 || n === totalWaypoints) {
            process.stdout.write(`\r  waypoints ${fmtInt(n)} / ${fmtInt(totalWaypoints)} (${fmtInt(n / ((performance.now() - t0) / 1000))} rows/s)`);
          }
        }
      } finally {
        await loader.close();
      }
      return n;
    });
    log(`\nwaypoints: ${fmtInt(waypoints.value)} rows (${N.workers} workers × ${days.length} days × ${POINTS_PER_DAY} points, 30 s apart) in ${fmtS(waypoints.ms)}`);
    const analyzed = await timed(() => analyze(target));
    log(`analyze: ${fmtS(analyzed.ms)}`);
    const flat = databaseUrl && !args["no-flat"] ? await timed(() => flatCopy(db)) : null;
    if (flat) log(`unpartitioned copy (waypoint_flat: insert … select, keys, indexes, vacuum analyze): ${fmtS(flat.ms)}`);

    // ---- server ------------------------------------------------------------------------------
    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    const token = await login(address);
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json", "accept-encoding": "gzip, deflate, br" };
    log(`listening on ${address}; signed in as ${ADMIN_EMAIL}`);

    const search = await benchSearch(app, address, headers, f, { dataDir, databaseUrl, schema });
    const partitions = databaseUrl ? await partitionCount(db) : 0;
    const wp = await benchWaypoints(app, address, headers, f, days, partitions ? `partitioned by month (${partitions} partitions)` : "");
    const waypointOk = wp.ok;
    if (flat) {
      await swapFlat(db, "flat");
      let plain: WaypointFigures;
      try {
        plain = await benchWaypoints(app, address, headers, f, days, "unpartitioned copy of the same rows");
      } finally {
        await swapFlat(db, "partitioned");
      }
      log();
      log(
        `waypoint day, partitioned vs unpartitioned: end to end median ${fmtMs(wp.median)} vs ${fmtMs(plain.median)}; database alone median ${fmtMs(wp.dbMedian)} vs ${fmtMs(plain.dbMedian)}`,
      );
    }
    log();
    const said = (ok: boolean | null) => (ok === null ? "not run" : ok ? "PASS" : "FAIL");
    log(`budgets: search ${said(search)}; waypoint day ${said(waypointOk)}`);
    log(
      `load average at the end: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")}`,
    );
    return search && waypointOk ? 0 : 1;
  } finally {
    await cleanup();
  }
}

/** The fixture's admin as the store sees it (reads only: no permission checks there). */
const adminActor = (f: Fixture): Actor => ({ userId: f.adminId, companyId: f.companyId, roleId: null, roleName: null, roleType: "admin", isOwner: false, tokenHash: "" });

async function withPg<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function login(address: string): Promise<string> {
  const res = await fetch(`${address}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (res.status !== 200 || !body.data?.token) throw new Error(`login failed: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body.data.token;
}

// ---- (a) project search under load ---------------------------------------------------------------

type Db = App["services"]["db"];

/** The fixture company's project ids (the writes mix updates among them). */
async function projectIdRange(db: Db, companyId: number): Promise<{ first: number; last: number }> {
  const row = await db
    .selectFrom("project")
    .select((eb) => [eb.fn.min<number>("id").as("first"), eb.fn.max<number>("id").as("last")])
    .where("company_id", "=", companyId)
    .executeTakeFirstOrThrow();
  return { first: Number(row.first), last: Number(row.last) };
}

/**
 * The database's time so far, ms: SQLite statements run in the server's own thread (this
 * process's, or each worker's asked over IPC); PostgreSQL: the CPU of the backends serving the
 * bench's database (from /proc, the processes whose title names it).
 */
type DbClock = () => Promise<number>;

function dbClock(databaseUrl: string, workers: Worker[] | null): DbClock {
  if (databaseUrl) {
    const name = new URL(databaseUrl).pathname.slice(1);
    return async () => postgresCpuMs(name);
  }
  if (!workers) return async () => statementTime.ms;
  return async () => (await Promise.all(workers.map(workerStatementMs))).reduce((a, b) => a + b, 0);
}

function workerStatementMs(w: Worker): Promise<number> {
  return new Promise((ok) => {
    const timer = setTimeout(() => done(NaN), 5000);
    const onMessage = (m: unknown) => {
      const t = (m as { fw_statement_time?: { ms: number } } | null)?.fw_statement_time;
      if (t) done(t.ms);
    };
    const done = (ms: number) => {
      clearTimeout(timer);
      w.off("message", onMessage);
      ok(ms);
    };
    w.on("message", onMessage);
    w.send("fw:statement-time?");
  });
}

/** utime + stime (ms) of the PostgreSQL backends connected to `database` (their title says so). */
function postgresCpuMs(database: string): number {
  let ms = 0;
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!cmd.startsWith("postgres: ") || !cmd.includes(` ${database} `)) continue;
      ms += cpuTicksOf(Number(pid)) * 10;
    } catch {
      // gone meanwhile
    }
  }
  return ms;
}

interface MixRun {
  mix: MixName;
  processes: number;
  result: CannonResult;
  serverUs: number;
  dbUs: number;
}

async function benchSearch(
  app: App,
  address: string,
  headers: Record<string, string>,
  f: Fixture,
  target: { dataDir: string; databaseUrl?: string; schema?: string },
): Promise<boolean> {
  log();
  log("(a) POST /api/project/search: filtered, sorted, 20 rows a page");
  const db = app.services.db;
  const repeated = repeatedBodies(f);
  const budgets = target.databaseUrl ? BUDGETS.postgres : BUDGETS.sqlite;
  // Every repeated body answers 200 with a full page before the load starts; the first page is the floor's answer.
  let floorAnswer: unknown = null;
  for (const [i, body] of repeated.entries()) {
    const t = await timed(() => fetch(`${address}/api/project/search`, { method: "POST", headers, body: JSON.stringify(body) }));
    const res = (await t.value.json()) as { data?: unknown[]; recordsFiltered?: number; recordsTotal?: number };
    if (t.value.status !== 200 || res.data?.length !== 20)
      throw new Error(`search body ${i} answered ${t.value.status} with ${res.data?.length} rows: ${JSON.stringify(res).slice(0, 300)}`);
    floorAnswer ??= res;
    log(`  body ${String(i + 1).padStart(2)}: ${describe(body)} → ${fmtInt(res.recordsFiltered ?? 0)} of ${fmtInt(res.recordsTotal ?? 0)} (${fmtMs(t.ms)} cold)`);
  }
  // Caches warm, in process (no HTTP): the database, codec and labels work of each body.
  const store = new RecordStore(db, adminActor(f));
  const warm: string[] = [];
  for (const [i, body] of repeated.entries()) {
    const times: number[] = [];
    for (let k = 0; k < 30; k++) times.push((await timed(() => store.search(PROJECT, body))).ms);
    warm.push(`${i + 1}: ${(summary(times).median * 1000).toFixed(0)}`);
  }
  log(`  warm, in process (RecordStore.search), median µs per body: ${warm.join(", ")}`);

  const fresh = freshBodies(f, N.projects);
  const projectIds = await projectIdRange(db, f.companyId);
  log(
    `  never-repeated bodies: ${fmtInt(fresh.length)} distinct (status, type, phase and manager each present or not, start_date desc or asc, each page of the filter up to the 100th), shuffled; each run takes the next unused ones`,
  );
  let offset = 0;
  const split = await uncachedSplit(app, f, fresh.slice(0, 300), projectIds, target.databaseUrl ?? "");
  offset += 300;

  const mixFile = join(target.dataDir, "requests.json");
  const runs: MixRun[] = [];
  let wrapped = false;
  const runMix = async (mix: MixName, url: string, o: { workers: Worker[] | null; cpus?: string; profile?: string }): Promise<MixRun> => {
    const processes = o.workers?.length ?? 1;
    log(`  ${MIX_TITLES[mix]}, ${processes === 1 ? "one server process" : `WORKERS=${processes}`}:`);
    const clock = dbClock(target.databaseUrl ?? "", o.workers);
    const load = async (duration: number, profile?: string) => {
      const made = writeMix(mixFile, mix, { repeated, fresh, offset, count: fresh.length, projectIds, seed: 1000 + offset });
      const r = await profiled(profile, () => runCannon({ url, connections: N.connections, headers, requestsFile: mixFile, duration, cpus: o.cpus }));
      if (mix !== "repeated") {
        if (r.taken > made.requests) wrapped = true;
        offset += Math.min(made.searches, searchesIn(mix, r.taken));
      }
      return r;
    };
    await load(N.warmup);
    const cpu0 = process.cpuUsage();
    const ticks0 = (o.workers ?? []).map((w) => cpuTicksOf(w.process.pid ?? 0));
    const db0 = await clock();
    const r = await load(N.duration, o.profile);
    const dbMs = (await clock()) - db0;
    const cpu = process.cpuUsage(cpu0);
    printCannon(r);
    const serverMs = o.workers ? o.workers.reduce((sum, w, i) => sum + (cpuTicksOf(w.process.pid ?? 0) - ticks0[i]) * 10, 0) : (cpu.user + cpu.system) / 1000;
    const run: MixRun = { mix, processes, result: r, serverUs: (serverMs * 1000) / Math.max(1, r.total), dbUs: (dbMs * 1000) / Math.max(1, r.total) };
    log(
      `  CPU: server ${run.serverUs.toFixed(0)} µs a request (${((100 * serverMs) / (r.duration * 1000)).toFixed(0)} % of a core); database ${run.dbUs.toFixed(0)} µs a request (${target.databaseUrl ? "the PostgreSQL backends' CPU" : "the CPU of SQLite's statements in the server's thread"}); load generator ${((100 * r.cpuMs) / (r.duration * 1000)).toFixed(0)} % of a core`,
    );
    runs.push(run);
    return run;
  };

  const sides = `server on ${cores.server === "all" ? "every core" : `core ${cores.server}`}, load generator on ${cores.loadGenerator ? `core ${cores.loadGenerator}` : "every core (shared)"}`;
  log(`  one server process (WORKERS=1, the app built above); ${sides}`);
  for (const mix of MIXES) await runMix(mix, address, { workers: null, cpus: cores.loadGenerator, profile: mix === "fresh" ? args.profile : undefined });

  // The floor: the repeated bodies to a bare route on the same stack, same cores.
  const floor = await startFloor(app, floorAnswer);
  let floorRun: { rps: number; ms: number };
  try {
    log(
      `  the HTTP floor (a bare route on the same stack and token check, a fixed ${fmtInt(JSON.stringify(floorAnswer).length / 1024)} KB page, JSON and gzip made every time); ${sides}:`,
    );
    writeFileSync(mixFile, JSON.stringify(repeated.map((b) => ({ ...searchRequest(b), path: FLOOR_PATH }))));
    await runCannon({ url: floor.url, connections: N.connections, headers, requestsFile: mixFile, duration: N.warmup, cpus: cores.loadGenerator });
    const cpu0 = process.cpuUsage();
    const r = await runCannon({ url: floor.url, connections: N.connections, headers, requestsFile: mixFile, duration: N.duration, cpus: cores.loadGenerator });
    const cpu = process.cpuUsage(cpu0);
    printCannon(r);
    // CPU a request in ms (process.cpuUsage counts µs).
    floorRun = { rps: r.requestsPerSec, ms: (cpu.user + cpu.system) / 1000 / Math.max(1, r.total) };
    log(`  CPU: server ${fmtUs(floorRun.ms)} µs a request`);
  } finally {
    await floor.close();
  }
  const floorEncodeMs = await encodeMs([floorAnswer]);
  log();
  log(`  an uncached search's CPU, in process, sequential (mean of ${split.n / 2} never-repeated bodies each; µs):`);
  for (const [name, s] of Object.entries(split.cases)) {
    log(
      `    ${name}: database ${fmtUs(s.db)}; parse, plan, codec and labels ${fmtUs(s.app)}; encoding (JSON + gzip) ${fmtUs(s.encode)}; HTTP (the floor's CPU a request less its own encoding) ${fmtUs(floorRun.ms - floorEncodeMs)}`,
    );
  }

  let multi: Record<MixName, MixRun> | null = null;
  const single = Object.fromEntries(runs.map((r) => [r.mix, r])) as Record<MixName, MixRun>;
  if (N.processes > 1) {
    // The same server as WORKERS=n processes on the same database (server/cluster.ts); the
    // workers inherit this process's cores, so it lets go of core 0 first.
    const port = await freePort();
    const env: Record<string, string> = {
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl ?? "",
      HOST: "127.0.0.1",
      PORT: String(port),
      DIST_DIR: join(target.dataDir, "no-dist"),
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
      FW_STATEMENT_CPU_TIME: "1",
      ...RATE_LIMITS_OFF,
    };
    if (target.schema) env.DB_SCHEMA = target.schema;
    cores.unpin();
    const cluster = await startCluster(N.processes, env);
    try {
      log();
      log(`  ${N.processes} server processes (WORKERS=${N.processes}, one per core: the default), same database; server and load generator share every core`);
      const before = runs.length;
      for (const mix of MIXES) await runMix(mix, `http://127.0.0.1:${port}`, { workers: cluster.workers });
      multi = Object.fromEntries(runs.slice(before).map((r) => [r.mix, r])) as Record<MixName, MixRun>;
    } finally {
      await cluster.stop();
      cores.pin();
    }
  }
  if (wrapped) log("  NOTE: a run used up the never-repeated bodies and sent some again (fewer --duration, or a bigger --projects)");

  // Verdicts.
  log();
  log(`  ${"mix".padEnd(46)} processes  requests/s   mean      p50      p99   timeouts  non-2xx  server CPU µs  database µs (a request)`);
  for (const r of runs) {
    log(
      `  ${MIX_TITLES[r.mix].padEnd(46)} ${String(r.processes).padStart(9)}  ${fmtInt(r.result.requestsPerSec).padStart(10)}  ${`${r.result.latency.mean.toFixed(1)} ms`.padStart(8)}  ${`${r.result.latency.p50} ms`.padStart(7)}  ${`${r.result.latency.p99} ms`.padStart(7)}  ${String(r.result.timeouts).padStart(8)}  ${String(r.result.non2xx).padStart(7)}  ${r.serverUs.toFixed(0).padStart(13)}  ${r.dbUs.toFixed(0).padStart(11)}`,
    );
  }
  let ok = true;
  const check = (name: string, holds: boolean, said: string) => {
    ok &&= holds;
    log(`  ${holds ? "PASS" : "FAIL"}  ${name}: ${said}`);
  };
  const clean = (r: MixRun) => r.result.non2xx === 0 && r.result.errors === 0 && r.result.timeouts === 0;
  const rb = budgets.repeated;
  const ratio = single.repeated.result.requestsPerSec / Math.max(1, floorRun.rps);
  check(
    "repeated bodies, one process",
    ratio >= rb.floorRatio && single.repeated.result.latency.p99 <= rb.p99Ms && clean(single.repeated),
    `${ratio.toFixed(2)} of the floor's ${fmtInt(floorRun.rps)}/s (budget ≥ ${rb.floorRatio}), p99 ${single.repeated.result.latency.p99} ms (≤ ${rb.p99Ms}), errors ${single.repeated.result.errors + single.repeated.result.timeouts}, non-2xx ${single.repeated.result.non2xx}`,
  );
  for (const mix of ["fresh", "writes"] as const) {
    const b = budgets[mix];
    const r = single[mix];
    check(
      `${MIX_TITLES[mix]}, one process`,
      r.result.requestsPerSec >= b.rps && r.result.latency.p99 <= b.p99Ms && clean(r),
      `${fmtInt(r.result.requestsPerSec)}/s (budget ≥ ${fmtInt(b.rps)}), p99 ${r.result.latency.p99} ms (≤ ${b.p99Ms}), timeouts ${r.result.timeouts}, errors ${r.result.errors}, non-2xx ${r.result.non2xx}`,
    );
  }
  if (multi) {
    for (const mix of MIXES) {
      const x = multi[mix].result.requestsPerSec / Math.max(1, single[mix].result.requestsPerSec);
      const p99 = mix === "repeated" ? rb.p99Ms : budgets[mix].p99Ms;
      check(
        `${MIX_TITLES[mix]}, WORKERS=${N.processes}`,
        x >= BUDGETS.workersRatio && multi[mix].result.latency.p99 <= p99 && clean(multi[mix]),
        `${fmtInt(multi[mix].result.requestsPerSec)}/s, ${x.toFixed(2)}× one process (budget ≥ ${BUDGETS.workersRatio}), p99 ${multi[mix].result.latency.p99} ms (≤ ${p99}), timeouts ${multi[mix].result.timeouts}, non-2xx ${multi[mix].result.non2xx}`,
      );
    }
  }
  return ok;
}

const MIXES: MixName[] = ["repeated", "fresh", "writes"];
const fmtUs = (ms: number): string => `${(ms * 1000).toFixed(0)}`;

async function encodeMs(answers: unknown[]): Promise<number> {
  const times: number[] = [];
  for (const a of answers) for (let k = 0; k < 30; k++) times.push((await timed(async () => encodeAnswer(new Answer(a as Envelope)))).ms);
  return summary(times).median;
}

/**
 * An uncached search's CPU in this process, sequential, for never-repeated bodies (means): the
 * whole RecordStore.search (parse, plan, queries, codec, labels) less the database's part
 * (SQLite: its statements, timed by CPU in this thread; PostgreSQL: the backends' CPU, from
 * /proc over the batch), and encoding its answer. Two cases: the filter's count may be kept
 * from an earlier page, and right after a project update (nothing of the table kept).
 */
async function uncachedSplit(app: App, f: Fixture, bodies: Array<Record<string, unknown>>, projectIds: { first: number; last: number }, databaseUrl: string) {
  const store = new RecordStore(app.services.db, adminActor(f));
  const rng = new Rng(99);
  const clock = dbClock(databaseUrl, null);
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const cases: Record<string, { app: number; db: number; encode: number }> = {};
  const half = Math.floor(bodies.length / 2);
  for (const [name, part, write] of [
    ["never-repeated body (its filter's count may be kept)", bodies.slice(0, half), false],
    ["never-repeated body right after a project update (nothing of the table kept)", bodies.slice(half), true],
  ] as const) {
    let total = 0;
    let db = 0;
    let enc = 0;
    const update = () => store.update(PROJECT, [eq("id", rng.int(projectIds.first, projectIds.last))], { progress: rng.int(0, 100) });
    // PostgreSQL's backends are read from /proc once around a batch (reading it costs CPU here);
    // the updates' share is what as many updates alone cost them.
    let writesDb = 0;
    if (write && databaseUrl) {
      const w0 = await clock();
      for (let i = 0; i < part.length; i++) await update();
      writesDb = (await clock()) - w0;
    }
    const batch0 = databaseUrl ? await clock() : 0;
    for (const body of part) {
      if (write) await update();
      const d0 = databaseUrl ? 0 : statementTime.ms;
      const c0 = cpuMs();
      const res = await store.search(PROJECT, body);
      const c1 = cpuMs();
      if (!databaseUrl) db += statementTime.ms - d0;
      encodeAnswer(page(res.data, res.recordsTotal, res.recordsFiltered));
      enc += cpuMs() - c1;
      total += c1 - c0;
    }
    if (databaseUrl) db = Math.max(0, (await clock()) - batch0 - writesDb);
    // SQLite's statements ran in this process: its CPU holds them.
    const appMs = databaseUrl ? total : total - db;
    cases[name] = { app: appMs / part.length, db: db / part.length, encode: enc / part.length };
  }
  return { n: bodies.length, cases };
}

/** utime + stime of a process in clock ticks (1/100 s), 0 when /proc cannot tell. */
function cpuTicksOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** A free port on the loopback (asked of the OS, then released for the workers). */
function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as AddressInfo).port;
      srv.close(() => ok(port));
    });
  });
}

function describe(body: Record<string, unknown>): string {
  const cols = (body.columns as Array<{ data: string; operator: string; value: unknown; value1?: unknown }>).map(
    (c) => `${c.data} ${c.operator} ${JSON.stringify(c.value)}${c.value1 ? `..${JSON.stringify(c.value1)}` : ""}`,
  );
  const o = body.orders as { columns: string[]; ascending: boolean };
  const p = body.paging as { start: number };
  return `${cols.join(" & ")}, ${o.columns[0]} ${o.ascending ? "asc" : "desc"}, from ${p.start}`;
}

function printCannon(r: CannonResult): void {
  log(`  ${N.connections} connections, ${r.duration.toFixed(1)} s: ${fmtInt(r.total)} requests, ${fmtInt(r.requestsPerSec)} requests/s, ${(r.bytesPerSec / 1e6).toFixed(1)} MB/s`);
  log(
    `  latency: mean ${r.latency.mean.toFixed(1)} ms, p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}`,
  );
}

// ---- (b) one worker's day of waypoints -------------------------------------------------------------

function dayBody(userId: number, day: string): Record<string, unknown> {
  return {
    columns: [
      { data: "user_id", operator: "=", value: userId },
      { data: "wptime", operator: "range", value: new Date(dayStartMs(day) - 3600_000).toISOString(), value1: new Date(dayEndMs(day)).toISOString() },
    ],
    orders: { columns: ["wptime"], ascending: true },
    paging: { start: 0, length: -1 },
  };
}

interface WaypointFigures {
  ok: boolean;
  median: number;
  dbMedian: number;
}

/** PostgreSQL: partitions attached to `waypoint` (the default included). */
async function partitionCount(db: App["services"]["db"]): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_inherits where inhparent = to_regclass('waypoint')`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** PostgreSQL: waypoint_flat, the same rows in one plain table with the keys and indexes of before migration 020. */
async function flatCopy(db: App["services"]["db"]): Promise<void> {
  await sql`create table waypoint_flat (like waypoint including defaults)`.execute(db);
  await sql`insert into waypoint_flat select * from waypoint`.execute(db);
  await sql`alter table waypoint_flat add primary key (id)`.execute(db);
  await sql`create unique index ux_waypoint_flat_user_wptime on waypoint_flat (user_id, wptime) include (lon, lat, company_id)`.execute(db);
  await sql`create index ix_waypoint_flat_company_id on waypoint_flat (company_id)`.execute(db);
  await sql`vacuum analyze waypoint_flat`.execute(db);
}

/** Puts the unpartitioned copy (or the partitioned table back) under the name `waypoint`. */
async function swapFlat(db: App["services"]["db"], to: "flat" | "partitioned"): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (to === "flat") {
      await sql`alter table waypoint rename to waypoint_partitioned`.execute(trx);
      await sql`alter table waypoint_flat rename to waypoint`.execute(trx);
    } else {
      await sql`alter table waypoint rename to waypoint_flat`.execute(trx);
      await sql`alter table waypoint_partitioned rename to waypoint`.execute(trx);
    }
  });
}

async function benchWaypoints(app: App, address: string, headers: Record<string, string>, f: Fixture, days: string[], label: string): Promise<WaypointFigures> {
  log();
  log(`(b) POST /api/waypoint/search: one worker's day (07:00-18:00 WIB), length -1, wptime ascending${label ? `; ${label}` : ""}`);
  const pick = (i: number) => ({ user: f.workerIds[(i * 7919) % f.workerIds.length], day: days[(i * 31) % days.length] });
  /** One request end to end: sent, answered, received, inflated and parsed (fetch). */
  const http = async (i: number, format: "rows" | "columns") => {
    const { user, day } = pick(i);
    const t0 = performance.now();
    const res = await fetch(`${address}/api/waypoint/search`, { method: "POST", headers, body: JSON.stringify({ ...dayBody(user, day), format }) });
    const text = await res.text();
    const body = JSON.parse(text) as { data?: Array<{ user_id: number }> | { wptime: string[] } };
    const ms = performance.now() - t0;
    const data = body.data;
    const points = Array.isArray(data) ? data.length : (data?.wptime?.length ?? -1);
    if (res.status !== 200 || points < 0 || (Array.isArray(data) && data.some((w) => w.user_id !== user)))
      throw new Error(`waypoint search answered ${res.status}: ${text.slice(0, 300)}`);
    return { ms, points, json: text.length, sent: Number(res.headers.get("content-length") ?? 0) || text.length, encoding: res.headers.get("content-encoding") ?? "identity" };
  };
  const figures: Record<"rows" | "columns", { median: number; p95: number }> = { rows: { median: 0, p95: 0 }, columns: { median: 0, p95: 0 } };
  for (const format of ["columns", "rows"] as const) {
    for (let i = 0; i < 10; i++) await http(N.samples + i, format); // warm-up: other users and days
    const samples = [];
    for (let i = 0; i < N.samples; i++) samples.push(await http(i, format));
    const s = summary(samples.map((x) => x.ms));
    const points = summary(samples.map((x) => x.points));
    figures[format] = s;
    log(
      `  ${format === "columns" ? "the map's request (format: columns)" : "the spec's rows (format: rows)"}: end to end median ${fmtMs(s.median)}, p95 ${fmtMs(s.p95)} (${N.samples} sequential requests); ${points.median} points, ${fmtInt(samples[0].json / 1024)} KB of JSON sent as ${fmtInt(samples[0].sent / 1024)} KB (${samples[0].encoding})`,
    );
  }

  // The database alone: the queries as the store runs them. A day is fewer rows than the page
  // cap, so the page ends the result and the search runs no count; its cost is shown too.
  const store = new RecordStore(app.services.db, adminActor(f));
  const dbRows: number[] = [];
  const dbColumns: number[] = [];
  const dbCount: number[] = [];
  const inProcess: number[] = [];
  for (let i = 0; i < N.samples; i++) {
    const { user, day } = pick(i);
    const body = dayBody(user, day);
    const conds = parseColumns(WAYPOINT, body.columns);
    const orders = parseOrders(WAYPOINT, body.orders);
    dbRows.push((await timed(() => store.rows(WAYPOINT, conds, { orders, limit: WAYPOINT.maxPageLength }))).ms);
    dbColumns.push((await timed(() => store.searchStored(WAYPOINT, body, HISTORY_COLUMNS))).ms);
    dbCount.push((await timed(() => store.count(WAYPOINT, conds))).ms);
    inProcess.push((await timed(() => store.search(WAYPOINT, body))).ms);
  }
  const q = summary(dbRows);
  const qc = summary(dbColumns);
  const c = summary(dbCount);
  const p = summary(inProcess);
  log(
    `  database alone, median: the columns' query ${fmtMs(qc.median)} (from the index alone), the rows' ${fmtMs(q.median)}; a count of the day, which neither needs, would add ${fmtMs(c.median)}`,
  );
  log(`  in process, RecordStore.search of the rows (queries + codec + labels, no HTTP): median ${fmtMs(p.median)} (p95 ${fmtMs(p.p95)})`);
  const budgetMs = BUDGETS[process.env.DATABASE_URL ? "postgres" : "sqlite"].waypointDayMs;
  const ok = figures.columns.median <= budgetMs;
  log(
    `  ${ok ? "PASS" : "FAIL"}  waypoint day (the map's request): median ${fmtMs(figures.columns.median)} end to end (budget ≤ ${budgetMs} ms; p95 ${fmtMs(figures.columns.p95)})`,
  );
  return { ok, median: figures.columns.median, dbMedian: qc.median };
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
