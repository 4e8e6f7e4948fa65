// The server's CPU per never-repeated project search, in process: bench:api's never-repeated
// bodies (bench/api/mixes.ts) sent one after the other through the app's whole request stack
// (app.inject: the route, token check, rights, search, encoding and compression; no sockets),
// with a browser's Accept-Encoding. For comparing two versions of the code on one machine:
// a run prints the CPU per search, the database's part (SQLite's statements, by the process's
// CPU) and two digests of the answers, as sent and decoded, which two versions answering the
// same must share. Run them alternately (or on the same database copy at the same time) on a
// shared machine: one run's figure moves with the load.
//   npm run bench:search-cpu -- setup DIR     a company, 40 managers, 100,000 projects (SQLite, ~15 s)
//   npm run bench:search-cpu -- run DIR [--n 2000] [--offset 0] [--writes] [--split] [--profile FILE]
// `run` works on a copy of DIR's database (DIR is left as it was); --writes makes every tenth
// request a project update (the answers then hold the updates' times: their digests differ from
// run to run); --split measures as bench:api's split does (RecordStore.search, then
// the answer's encoding, no HTTP); --profile writes a CPU profile of the measured requests.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gunzipSync } from "node:zlib";
import { resourceByName } from "../declaration";
import type { Actor } from "../server/access/actor";
import { buildApp, type App } from "../server/app";
import { hashPassword } from "../server/auth/password";
import { RATE_LIMITS_OFF } from "../server/config";
import { statementTime, timeStatementsByCpu } from "../server/db/sqlite-statements";
import { encodeAnswer } from "../server/http/encoded-answer";
import { page } from "../server/http/envelope";
import { RecordStore } from "../server/records/store";
import { Rng } from "../server/seed/demo/rand";
import { insertRows } from "../server/seed/load";
import { analyze } from "./api/bulk";
import { projectBatches } from "./api/data";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createFixture, type Fixture } from "./api/fixture";
import { freshBodies } from "./api/mixes";
import { profiled } from "./api/profile";

const { positionals, values: args } = parseArgs({
  allowPositionals: true,
  options: {
    n: { type: "string", default: "2000" },
    offset: { type: "string", default: "0" },
    writes: { type: "boolean", default: false },
    split: { type: "boolean", default: false },
    profile: { type: "string" },
  },
});
const PROJECTS = 100_000;
const DB_FILE = "fieldworks.db";
const FIXTURE_FILE = "fixture.json";
type Body = Record<string, unknown>;

timeStatementsByCpu();
const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
const env = { ...process.env, ...RATE_LIMITS_OFF, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" };
const build = (dataDir: string) => buildApp({ dataDir, seed: "none", distDir: join(dataDir, "no-dist"), env });

async function setup(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const app = await build(dir);
  const f = await createFixture(app.services.db, await hashPassword(ADMIN_PASSWORD), { managers: 40, workers: 1000 });
  for (const batch of projectBatches(f, PROJECTS)) await app.services.db.transaction().execute((trx) => insertRows(trx, "project", batch));
  await app.close();
  await analyze({ sqliteFile: join(dir, DB_FILE) });
  writeFileSync(join(dir, FIXTURE_FILE), JSON.stringify(f));
  console.log(`${dir}: ${PROJECTS} projects`);
}

/** Sends the searches (and, with --writes, an update every tenth request); digests of the answers. */
async function send(app: App, bodies: Body[], o: { writes: boolean; digests?: { sent: ReturnType<typeof createHash>; decoded: ReturnType<typeof createHash> } }) {
  const login = await app.inject({ method: "POST", url: "/api/login", payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const token = (login.json() as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json", "accept-encoding": "gzip, deflate, br" };
  const rng = new Rng(7);
  const ids = o.writes ? await projectIds(app) : { first: 0, last: 0 };
  let i = 0;
  for (const body of bodies) {
    if (o.writes && ++i % 10 === 0) {
      const id = rng.int(ids.first, ids.last);
      await app.inject({ method: "PUT", url: `/api/project/update/${id}`, headers, payload: JSON.stringify({ progress: rng.int(0, 100) }) });
    }
    const res = await app.inject({ method: "POST", url: "/api/project/search", headers, payload: JSON.stringify(body) });
    if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    if (o.digests) {
      o.digests.sent.update(res.rawPayload);
      o.digests.decoded.update(res.headers["content-encoding"] === "gzip" ? gunzipSync(res.rawPayload) : res.rawPayload);
    }
  }
}

async function projectIds(app: App): Promise<{ first: number; last: number }> {
  const row = await app.services.db
    .selectFrom("project")
    .select((eb) => [eb.fn.min<number>("id").as("first"), eb.fn.max<number>("id").as("last")])
    .executeTakeFirstOrThrow();
  return { first: Number(row.first), last: Number(row.last) };
}

/** bench:api's split: RecordStore.search (database; parse, plan, codec and labels), then encodeAnswer. */
async function split(app: App, f: Fixture, bodies: Body[]) {
  const actor: Actor = { userId: f.adminId, companyId: f.companyId, roleId: null, roleName: null, roleType: "admin", isOwner: false, tokenHash: "" };
  const store = new RecordStore(app.services.db, actor);
  const project = resourceByName("project");
  let search = 0;
  let db = 0;
  let encoding = 0;
  for (const body of bodies) {
    const d0 = statementTime.ms;
    const c0 = cpuUs();
    const res = await store.search(project, body);
    const c1 = cpuUs();
    db += (statementTime.ms - d0) * 1000;
    encodeAnswer(page(res.data, res.recordsTotal, res.recordsFiltered));
    encoding += cpuUs() - c1;
    search += c1 - c0;
  }
  return { db: db / bodies.length, app: (search - db) / bodies.length, encoding: encoding / bodies.length };
}

async function run(dir: string): Promise<void> {
  const f = JSON.parse(readFileSync(join(dir, FIXTURE_FILE), "utf8")) as Fixture;
  const copy = mkdtempSync(join(tmpdir(), "fw-search-cpu-"));
  copyFileSync(join(dir, DB_FILE), join(copy, DB_FILE));
  const app = await build(copy);
  try {
    const fresh = freshBodies(f, PROJECTS);
    const n = Number(args.n);
    const offset = Number(args.offset);
    const bodies = fresh.slice(offset, offset + n);
    // Warm-up (the JIT, SQLite's pages) on bodies far from the measured ones.
    const warm = fresh.slice(60_000, 60_600);
    if (args.split) {
      await split(app, f, warm);
      const s = await profiled(args.profile, () => split(app, f, bodies));
      console.log(
        `split, ${n} never-repeated bodies (µs a search): database ${s.db.toFixed(0)}; parse, plan, codec and labels ${s.app.toFixed(0)}; encoding ${s.encoding.toFixed(0)}`,
      );
      return;
    }
    await send(app, warm, { writes: false });
    const digests = { sent: createHash("sha256"), decoded: createHash("sha256") };
    const c0 = cpuUs();
    const d0 = statementTime.ms;
    const s0 = statementTime.statements;
    await profiled(args.profile, () => send(app, bodies, { writes: args.writes, digests }));
    const us = (cpuUs() - c0) / n;
    const db = ((statementTime.ms - d0) * 1000) / n;
    console.log(
      `${n} never-repeated bodies${args.writes ? " (+10 % writes)" : ""}, µs a search: server CPU ${us.toFixed(0)}, database ${db.toFixed(0)}, the rest ${(us - db).toFixed(0)}; statements ${((statementTime.statements - s0) / n).toFixed(2)} a search; answers as sent ${digests.sent.digest("hex").slice(0, 16)}, decoded ${digests.decoded.digest("hex").slice(0, 16)}`,
    );
  } finally {
    await app.close();
    rmSync(copy, { recursive: true, force: true });
  }
}

const [command, dir] = positionals;
if ((command !== "setup" && command !== "run") || !dir) {
  console.error("usage: npm run bench:search-cpu -- setup DIR | run DIR [--n 2000] [--offset 0] [--writes] [--split] [--profile FILE]");
  process.exit(2);
}
void (command === "setup" ? setup(dir) : run(dir)).then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
