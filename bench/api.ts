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
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
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
import { page } from "../server/http/envelope";
import { ensureMonthsCovering } from "../server/db/waypoint-partitions";
import { insertRows } from "../server/seed/load";
import { analyze, bulkLoader, type Target } from "./api/bulk";
import { pinCores } from "./api/cores";
import { FLOOR_PATH, startFloor } from "./api/floor";
import { runCannon, type CannonResult } from "./api/cannon";
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
/** Budgets of the issue (21): per dialect and run; the floor ratio is the one-process run's on SQLite. */
const BUDGETS = {
  sqlite: { single: { rps: 2500, p99Ms: 40, floorRatio: 0.5 }, perCore: { rps: 3500, p99Ms: 30 }, waypointDayMs: 8 },
  postgres: { single: { rps: 2000, p99Ms: 50 }, perCore: { rps: 2000, p99Ms: 50 }, waypointDayMs: 20 },
};
interface RunBudget {
  rps: number;
  p99Ms: number;
  floorRatio?: number;
}
const cores = pinCores(!args["shared-cores"]);
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
    log(`budgets: search, one process ${said(search.single)}; search, WORKERS=${N.processes} ${said(search.perCore)}; waypoint day ${said(waypointOk)}`);
    log(
      `load average at the end: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")}`,
    );
    return search.single && search.perCore !== false && waypointOk ? 0 : 1;
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

/** A fixed mix of search bodies: different filters, sorts and pages, 20 rows each. */
function searchBodies(f: Fixture): Array<Record<string, unknown>> {
  const byStartDesc = { columns: ["start_date"], ascending: false };
  const page = (start: number) => ({ start, length: 20 });
  const status = (s: string) => ({ data: "status", operator: "=", value: s });
  return [
    { columns: [status("in_progress")], orders: byStartDesc, paging: page(0) },
    { columns: [status("in_progress")], orders: byStartDesc, paging: page(20) },
    { columns: [status("in_progress")], orders: byStartDesc, paging: page(100) },
    { columns: [status("in_progress")], orders: { columns: ["start_date"], ascending: true }, paging: page(0) },
    { columns: [status("planning")], orders: byStartDesc, paging: page(0) },
    { columns: [status("planning")], orders: byStartDesc, paging: page(40) },
    { columns: [status("on_hold")], orders: byStartDesc, paging: page(0) },
    { columns: [status("completed")], orders: byStartDesc, paging: page(60) },
    { columns: [status("in_progress"), { data: "project_type_id", operator: "=", value: f.typeIds[2] }], orders: byStartDesc, paging: page(0) },
    { columns: [status("in_progress"), { data: "project_type_id", operator: "=", value: f.typeIds[5] }], orders: byStartDesc, paging: page(20) },
    { columns: [status("in_progress"), { data: "start_date", operator: "range", value: "2025-01-01", value1: "2025-12-31" }], orders: byStartDesc, paging: page(0) },
    { columns: [{ data: "status", operator: "in", value: ["planning", "on_hold"] }], orders: byStartDesc, paging: page(0) },
    { columns: [status("in_progress"), { data: "manager_id", operator: "=", value: f.managerIds[7] }], orders: byStartDesc, paging: page(0) },
    { columns: [{ data: "start_date", operator: "range", value: "2024-01-01", value1: "2024-06-30" }], orders: byStartDesc, paging: page(0) },
    { columns: [status("in_progress"), { data: "name", operator: "like", value: "jembatan" }], orders: byStartDesc, paging: page(0) },
    { columns: [status("completed"), { data: "name", operator: "like", value: "bandung" }], orders: byStartDesc, paging: page(20) },
  ];
}

async function benchSearch(
  app: App,
  address: string,
  headers: Record<string, string>,
  f: Fixture,
  target: { dataDir: string; databaseUrl?: string; schema?: string },
): Promise<{ single: boolean; perCore: boolean | null }> {
  log();
  log("(a) POST /api/project/search: filtered, sorted, 20 rows a page");
  const bodies = searchBodies(f);
  const budgets = BUDGETS[target.databaseUrl ? "postgres" : "sqlite"];
  // Every body answers 200 with a full page before the load starts; the first page is the floor's answer.
  let floorAnswer: unknown = null;
  for (const [i, body] of bodies.entries()) {
    const t = await timed(() => fetch(`${address}/api/project/search`, { method: "POST", headers, body: JSON.stringify(body) }));
    const res = (await t.value.json()) as { data?: unknown[]; recordsFiltered?: number; recordsTotal?: number };
    if (t.value.status !== 200 || res.data?.length !== 20)
      throw new Error(`search body ${i} answered ${t.value.status} with ${res.data?.length} rows: ${JSON.stringify(res).slice(0, 300)}`);
    floorAnswer ??= res;
    log(`  body ${String(i + 1).padStart(2)}: ${describe(body)} → ${fmtInt(res.recordsFiltered ?? 0)} of ${fmtInt(res.recordsTotal ?? 0)} (${fmtMs(t.ms)} cold)`);
  }
  // Caches warm, in process (no HTTP): the database, codec and labels work of each body.
  const store = new RecordStore(app.services.db, adminActor(f));
  const warm: string[] = [];
  for (const [i, body] of bodies.entries()) {
    const times: number[] = [];
    for (let k = 0; k < 30; k++) times.push((await timed(() => store.search(PROJECT, body))).ms);
    warm.push(`${i + 1}: ${(summary(times).median * 1000).toFixed(0)}`);
  }
  log(`  warm, in process (RecordStore.search), median µs per body: ${warm.join(", ")}`);
  // What a repeated page saves (server/http/encoded-answer.ts): making its answer's JSON and gzip.
  const made: number[] = [];
  for (const body of bodies) {
    const res = await store.search(PROJECT, body);
    for (let k = 0; k < 30; k++) made.push((await timed(async () => encodeAnswer(page(res.data, res.recordsTotal, res.recordsFiltered)))).ms);
  }
  log(`  encoding an answer (JSON and gzip level 1), which a repeated page is sent without: median ${(summary(made).median * 1000).toFixed(0)} µs`);
  const requests = bodies.map((b) => ({ method: "POST", path: "/api/project/search", body: JSON.stringify(b) }));
  const sides = `server on ${cores.server === "all" ? "every core" : `core ${cores.server}`}, load generator on ${cores.loadGenerator ? `core ${cores.loadGenerator}` : "every core (shared)"}`;
  log(`  one server process (WORKERS=1), the app built above; ${sides}:`);
  const run = await loadRun(address, headers, requests, { profile: args.profile, pids: [], cpus: cores.loadGenerator });
  // The floor: the same bodies to a bare route on the same stack, same cores.
  const floor = await startFloor(app, floorAnswer);
  let floorRps: number;
  try {
    log(`  the HTTP floor (a bare route on the same stack and token check, a fixed ${fmtInt(JSON.stringify(floorAnswer).length / 1024)} KB page); ${sides}:`);
    const floorRequests = requests.map((r) => ({ ...r, path: FLOOR_PATH }));
    floorRps = (await loadRun(floor.url, headers, floorRequests, { pids: [], cpus: cores.loadGenerator })).result.requestsPerSec;
  } finally {
    await floor.close();
  }
  const ratio = run.result.requestsPerSec / Math.max(1, floorRps);
  log(`  search / floor: ${ratio.toFixed(2)} (${fmtInt(run.result.requestsPerSec)} / ${fmtInt(floorRps)} requests/s)`);
  const single = verdict("search, one process", run.result, budgets.single, ratio);
  if (N.processes <= 1) return { single, perCore: null };
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
    ...RATE_LIMITS_OFF,
  };
  if (target.schema) env.DB_SCHEMA = target.schema;
  cores.unpin();
  const cluster = await startCluster(N.processes, env);
  try {
    log(`  ${N.processes} server processes (WORKERS=${N.processes}, one per core: the default), same database; server and load generator share every core:`);
    const perCore = await loadRun(`http://127.0.0.1:${port}`, headers, requests, { pids: cluster.workers.map((w) => w.process.pid ?? 0) });
    return { single, perCore: verdict(`search, WORKERS=${N.processes}`, perCore.result, budgets.perCore) };
  } finally {
    await cluster.stop();
    cores.pin();
  }
}

/** Prints a run's verdict against its budget; true when it holds. */
function verdict(name: string, r: CannonResult, budget: RunBudget, floorRatio?: number): boolean {
  const okRps = r.requestsPerSec >= budget.rps;
  const okP99 = r.latency.p99 <= budget.p99Ms;
  const okAll = r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
  const okFloor = budget.floorRatio === undefined || (floorRatio ?? 0) >= budget.floorRatio;
  const floorPart = budget.floorRatio === undefined ? "" : `, ${(floorRatio ?? 0).toFixed(2)} of the floor (budget ≥ ${budget.floorRatio})`;
  const ok = okRps && okP99 && okAll && okFloor;
  log(
    `  ${ok ? "PASS" : "FAIL"}  ${name}: ${fmtInt(r.requestsPerSec)} requests/s (budget ≥ ${fmtInt(budget.rps)}), p99 ${r.latency.p99} ms (budget ≤ ${budget.p99Ms} ms)${floorPart}, non-2xx ${r.non2xx}, errors ${r.errors + r.timeouts}`,
  );
  return ok;
}

/** Warm-up, then the measured autocannon run; prints its figures and the CPU each side used. */
async function loadRun(
  url: string,
  headers: Record<string, string>,
  requests: Array<{ method: string; path: string; body: string }>,
  o: { profile?: string; pids: number[]; cpus?: string },
): Promise<{ result: CannonResult; serverUsPerRequest: number }> {
  const base = { url, connections: N.connections, headers, requests, cpus: o.cpus };
  await runCannon({ ...base, duration: N.warmup });
  const cpu0 = process.cpuUsage();
  const ticks0 = o.pids.map(cpuTicksOf);
  const r = await profiled(o.profile, () => runCannon({ ...base, duration: N.duration }));
  const cpu = process.cpuUsage(cpu0);
  printCannon(r);
  // The servers' CPU: this process (the in-process app), or the workers' (from /proc).
  const serverMs = o.pids.length ? o.pids.reduce((sum, pid, i) => sum + (cpuTicksOf(pid) - ticks0[i]) * 10, 0) : (cpu.user + cpu.system) / 1000;
  const who = o.pids.length ? `${o.pids.length} server processes` : "server process";
  const usPerRequest = (serverMs * 1000) / Math.max(1, r.total);
  log(
    `  CPU during the run: ${who} ${fmtInt(serverMs)} ms (${usPerRequest.toFixed(0)} µs a request, ${((100 * serverMs) / (r.duration * 1000)).toFixed(0)} % of a core), load generator ${fmtInt(r.cpuMs)} ms (${((100 * r.cpuMs) / (r.duration * 1000)).toFixed(0)} % of a core)`,
  );
  return { result: r, serverUsPerRequest: usPerRequest };
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
  const http = async (i: number) => {
    const { user, day } = pick(i);
    const t0 = performance.now();
    const res = await fetch(`${address}/api/waypoint/search`, { method: "POST", headers, body: JSON.stringify(dayBody(user, day)) });
    const text = await res.text();
    const ms = performance.now() - t0;
    const body = JSON.parse(text) as { data?: Array<{ user_id: number }>; recordsFiltered?: number };
    if (res.status !== 200 || !body.data || body.data.some((w) => w.user_id !== user)) throw new Error(`waypoint search answered ${res.status}: ${text.slice(0, 300)}`);
    return {
      ms,
      rows: body.data.length,
      json: text.length,
      sent: Number(res.headers.get("content-length") ?? 0) || text.length,
      encoding: res.headers.get("content-encoding") ?? "identity",
    };
  };
  for (let i = 0; i < 10; i++) await http(N.samples + i); // warm-up: other users and days
  const samples = [];
  for (let i = 0; i < N.samples; i++) samples.push(await http(i));
  const s = summary(samples.map((x) => x.ms));
  const rows = summary(samples.map((x) => x.rows));
  log(
    `  HTTP end to end (${N.samples} sequential requests, ${samples.length} users/days): median ${fmtMs(s.median)}, p95 ${fmtMs(s.p95)}, min ${fmtMs(s.min)}, max ${fmtMs(s.max)}`,
  );
  log(
    `  rows per answer: median ${rows.median} (min ${rows.min}, max ${rows.max}); ${fmtInt(samples[0].json / 1024)} KB of JSON, sent as ${fmtInt(samples[0].sent / 1024)} KB (${samples[0].encoding})`,
  );

  // The database alone: the search's query as the store runs it. A day is fewer rows than the
  // page cap, so the page ends the result and the search runs no count; its cost is shown too.
  const store = new RecordStore(app.services.db, adminActor(f));
  const dbRows: number[] = [];
  const dbCount: number[] = [];
  const inProcess: number[] = [];
  for (let i = 0; i < N.samples; i++) {
    const { user, day } = pick(i);
    const body = dayBody(user, day);
    const conds = parseColumns(WAYPOINT, body.columns);
    const orders = parseOrders(WAYPOINT, body.orders);
    dbRows.push((await timed(() => store.rows(WAYPOINT, conds, { orders, limit: WAYPOINT.maxPageLength }))).ms);
    dbCount.push((await timed(() => store.count(WAYPOINT, conds))).ms);
    inProcess.push((await timed(() => store.search(WAYPOINT, body))).ms);
  }
  const q = summary(dbRows);
  const c = summary(dbCount);
  const p = summary(inProcess);
  log(`  database alone: the rows query median ${fmtMs(q.median)} (p95 ${fmtMs(q.p95)}); a count of the day, which the search does not need, would add ${fmtMs(c.median)}`);
  log(`  in process, RecordStore.search (queries + codec + labels, no HTTP): median ${fmtMs(p.median)} (p95 ${fmtMs(p.p95)})`);
  const budgetMs = BUDGETS[process.env.DATABASE_URL ? "postgres" : "sqlite"].waypointDayMs;
  const ok = s.median <= budgetMs;
  log(`  ${ok ? "PASS" : "FAIL"}  waypoint day: median ${fmtMs(s.median)} end to end (budget ≤ ${budgetMs} ms; p95 ${fmtMs(s.p95)})`);
  return { ok, median: s.median, dbMedian: q.median };
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
