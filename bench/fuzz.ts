// Hostile-input run (issue 7): starts the real server (node server/main.ts, demo seed, a
// temporary DATA_DIR, a free port on 127.0.0.1, WORKERS=1 unless --workers), signs in as the
// demo company admin and sends a bounded number of generated hostile requests (the property
// test's generators, tests/server/hostile-arbitraries.ts) to search, add, update and delete of
// every resource that has them, every --junk-every'th one a search carrying a distinct 1 MB
// value the server ignores, every --field-every'th one a request to the field-capture endpoints
// (multipart clock-in/out, panic, acknowledge, position batches, device keys, the day, time
// zones, /osmand in its query, form and JSON forms) as the demo's worker1, with a device key of theirs,
// and every --upload-every'th one a multipart body, well formed or not (cut short, without or
// with a wrong boundary, broken part headers, too many parts), to an upload endpoint (clock-in,
// clock-out, image upload and multiple-upload, project document) as the admin. Prints the requests sent, the count per status code (and the multipart ones' apart) and the peak
// RSS (VmHWM, reset after seeding) of each server process, then stops the server. Exit code 1 on any 5xx or
// transport error. Figures, not a test: nothing here runs in the suites.
//
// Usage: npm run bench:fuzz [-- --requests 30000 --concurrency 8 --junk-every 20 --field-every 4
//        --upload-every 10 --seed 1 --workers 1]
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import fc from "fast-check";
import { RATE_LIMITS_OFF } from "../server/config";
import { encodeFieldCall, fuzzableResources, hostileCall, hostileFieldCall, hostileUploadCall, type Call, type FieldCall } from "../tests/server/hostile-arbitraries";

const { values: args } = parseArgs({
  options: {
    requests: { type: "string", default: "30000" },
    concurrency: { type: "string", default: "8" },
    "junk-every": { type: "string", default: "20" },
    "field-every": { type: "string", default: "4" },
    "upload-every": { type: "string", default: "10" },
    seed: { type: "string", default: String(Date.now() % 1_000_000) },
    workers: { type: "string", default: "1" },
  },
});
const N = {
  requests: Number(args.requests),
  concurrency: Number(args.concurrency),
  junkEvery: Number(args["junk-every"]),
  fieldEvery: Number(args["field-every"]),
  uploadEvery: Number(args["upload-every"]),
  seed: Number(args.seed),
};
const ADMIN = { email: "admin@demo.test", password: "demo12345" };
const WORKER = { email: "worker1@demo.test", password: "demo12345" };
/** The whole run stops by itself after this, whatever happens. */
const HARD_LIMIT_MS = 15 * 60_000;
const BATCH = 500;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Peak and current RSS (MB) of a process and its children (the cluster's workers). */
function memoryOf(pid: number): Array<{ pid: number; peakMb: number; rssMb: number }> {
  const out: Array<{ pid: number; peakMb: number; rssMb: number }> = [];
  const walk = (p: number) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, "utf8");
      const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
      out.push({ pid: p, peakMb: kb("VmHWM") / 1024, rssMb: kb("VmRSS") / 1024 });
      for (const c of readFileSync(`/proc/${p}/task/${p}/children`, "utf8").split(/\s+/).filter(Boolean)) walk(Number(c));
    } catch {
      // gone, or not Linux
    }
  };
  walk(pid);
  return out;
}

async function main(): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), "fw-fuzz-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    // Hostile bodies at full speed from one address: no request limits (they would answer 429 instead).
    env: {
      ...process.env,
      ...RATE_LIMITS_OFF,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED: "demo",
      WORKERS: args.workers,
      LOG_LEVEL: "fatal",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  server.stdout.resume();
  const stop = () => {
    if (server.exitCode === null) server.kill("SIGTERM");
  };
  const hard = setTimeout(() => {
    console.error(`bench:fuzz: stopped after ${HARD_LIMIT_MS / 60_000} minutes`);
    stop();
    process.exit(2);
  }, HARD_LIMIT_MS);
  try {
    const t0 = Date.now();
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}) before answering`);
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const signIn = async (who: { email: string; password: string }) => {
      const login = await fetch(`${base}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(who) });
      const t = ((await login.json()) as { data?: { token?: string } }).data?.token;
      if (!t) throw new Error(`${who.email} sign-in failed (${login.status})`);
      return t;
    };
    const token = await signIn(ADMIN);
    const workerToken = await signIn(WORKER);
    // What the field calls aim at: worker1's project, an alarm and a device key of theirs.
    const asWorker = async (method: string, path: string, body?: unknown) =>
      (await (
        await fetch(`${base}${path}`, {
          method,
          headers: { authorization: `Bearer ${workerToken}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      ).json()) as { data: Record<string, unknown> };
    const day = (await asWorker("GET", "/api/presence/today")).data as { projects: Array<{ id: number }> };
    const targets = {
      projectId: day.projects[0]?.id ?? 1,
      panicId: Number((await asWorker("POST", "/api/panic-button/add", {})).data.id),
      deviceKey: String((await asWorker("POST", "/api/device-key/add", { name: "bench:fuzz" })).data.key),
    };
    const names = fuzzableResources();
    const searchable = names.filter((n) => n !== "waypoint");
    const before = memoryOf(server.pid!);
    // The peak so far is the seeding's: reset it (Linux clear_refs 5) so VmHWM measures the run.
    for (const m of before) {
      try {
        writeFileSync(`/proc/${m.pid}/clear_refs`, "5");
      } catch {
        // not Linux: the peak includes the start
      }
    }
    console.log(
      `bench:fuzz: server up in ${((Date.now() - t0) / 1000).toFixed(1)} s (${args.workers} worker process(es)), RSS ${before.map((m) => m.rssMb.toFixed(0)).join("+")} MB (peak while seeding ${before.map((m) => m.peakMb.toFixed(0)).join("+")} MB); ${N.requests} requests over ${names.length} resources, seed ${N.seed}, concurrency ${N.concurrency}, a 1 MB-junk search every ${N.junkEvery}, a field-capture request every ${N.fieldEvery}, a multipart upload every ${N.uploadEvery}`,
    );

    const statuses = new Map<string, number>();
    const uploadStatuses = new Map<string, number>();
    const count = (k: string, upload: boolean) => {
      statuses.set(k, (statuses.get(k) ?? 0) + 1);
      if (upload) uploadStatuses.set(k, (uploadStatuses.get(k) ?? 0) + 1);
    };
    const examples: string[] = [];
    let peakRss = 0;
    const arb = hostileCall(names);
    const fieldArb = hostileFieldCall(targets);
    const uploadArb = hostileUploadCall(targets);
    let batch: Array<{ name: string; c: Call }> = [];
    let fieldBatch: FieldCall[] = [];
    let uploadBatch: FieldCall[] = [];
    let next = 0;
    let batchNo = 0;
    let fieldBatchNo = 0;
    let uploadBatchNo = 0;
    /** The i-th request, and whether it is a field-capture one (sent as worker1) or a multipart upload (as the admin). */
    const take = (i: number): { c: Call | FieldCall; field: boolean; upload: boolean } => {
      if (N.fieldEvery > 0 && i % N.fieldEvery === 1) {
        if (fieldBatch.length === 0) fieldBatch = fc.sample(fieldArb, { numRuns: BATCH, seed: N.seed + 7919 + fieldBatchNo++ });
        const c = fieldBatch.pop()!;
        return { c, field: true, upload: !!c.raw && c.raw.type.startsWith("multipart/") };
      }
      if (N.uploadEvery > 0 && i % N.uploadEvery === 3) {
        if (uploadBatch.length === 0) uploadBatch = fc.sample(uploadArb, { numRuns: BATCH, seed: N.seed + 104729 + uploadBatchNo++ });
        return { c: uploadBatch.pop()!, field: false, upload: true };
      }
      return { c: takeGeneric(i), field: false, upload: false };
    };
    const takeGeneric = (i: number): Call => {
      if (N.junkEvery > 0 && i % N.junkEvery === 0) {
        const name = searchable[i % searchable.length];
        const junk = `${i}:`.padEnd(1_000_000, "x");
        return { method: "POST", url: `/api/${name}/search`, body: { columns: [{ data: "id", value: "", junk }] } };
      }
      if (batch.length === 0) batch = fc.sample(arb, { numRuns: BATCH, seed: N.seed + batchNo++ });
      return batch.pop()!.c;
    };
    const t1 = Date.now();
    const worker = async () => {
      while (next < N.requests) {
        const i = next++;
        const { c, field, upload } = take(i);
        const encoded = encodeFieldCall(c);
        const payload = typeof encoded.payload === "string" ? encoded.payload : encoded.payload?.toString("latin1");
        try {
          const headers: Record<string, string> = { ...encoded.headers };
          if (!c.url.startsWith("/osmand")) headers.authorization = `Bearer ${field ? workerToken : token}`;
          const res = await fetch(base + c.url, { method: c.method, headers, body: encoded.payload === undefined ? undefined : new Uint8Array(Buffer.from(encoded.payload)) });
          await res.arrayBuffer();
          count(String(res.status), upload);
          if (res.status >= 500 && examples.length < 5) examples.push(`${res.status} ${c.method} ${c.url} ${payload?.slice(0, 200)}`);
        } catch (e) {
          count("transport error", upload);
          const cause = (e as { cause?: { code?: string; message?: string } }).cause;
          if (examples.length < 5) examples.push(`${(e as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ""} ${c.method} ${c.url}`);
        }
        if (i % 1000 === 0) peakRss = Math.max(peakRss, ...memoryOf(server.pid!).map((m) => m.rssMb));
      }
    };
    await Promise.all(Array.from({ length: N.concurrency }, worker));
    const seconds = (Date.now() - t1) / 1000;
    const after = memoryOf(server.pid!);

    console.log(
      `requests sent: ${N.requests} in ${seconds.toFixed(1)} s (${(N.requests / seconds).toFixed(0)}/s), ${N.junkEvery > 0 ? Math.ceil(N.requests / N.junkEvery) : 0} of them 1 MB-junk searches`,
    );
    const listed = (m: Map<string, number>) =>
      [...m]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => `${k}: ${v}`)
        .join(", ");
    console.log(`statuses: ${listed(statuses)}`);
    console.log(`of them multipart uploads (${[...uploadStatuses.values()].reduce((n, v) => n + v, 0)}): ${listed(uploadStatuses)}`);
    for (const m of after) console.log(`server process ${m.pid}: peak RSS during the run ${m.peakMb.toFixed(0)} MB (VmHWM), now ${m.rssMb.toFixed(0)} MB`);
    console.log(`largest RSS sampled during the run: ${peakRss.toFixed(0)} MB`);
    for (const e of examples) console.log(`  e.g. ${e}`);
    const failed = [...statuses.keys()].some((k) => k === "transport error" || Number(k) >= 500);
    console.log(failed ? "bench:fuzz: FAILED (5xx or transport errors)" : "bench:fuzz: no 5xx");
    return failed ? 1 : 0;
  } finally {
    clearTimeout(hard);
    stop();
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once("exit", r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
