// The server as several processes sharing one port (node:cluster), to use every core of a
// machine: one Node process runs JavaScript on one core, and the API's work (queries, JSON,
// gzip) is JavaScript (bench:api's figures for one process and for two: docs/performance.md).
// Workers are separate servers on the same database: the caches of each see the others'
// writes (SQLite: data_version and fw_changes; PostgreSQL: an acknowledged NOTIFY broadcast,
// server/db/pg-changes.ts), sessions and throttling live in the
// database. The primary only hands connections out; it migrates and seeds before forking
// (server/main.ts). LINK_SECRET is made once and handed to every worker (signed links must
// verify on any of them). A worker exits when its primary goes. Live events: each worker sends
// its own to the primary, which hands them to the others (server/events/cluster-transport.ts).
import cluster, { type Worker } from "node:cluster";
import { fileURLToPath } from "node:url";
import { relayEvents } from "./events/cluster-transport";

const WORKER_ENTRY = fileURLToPath(new URL("./worker.ts", import.meta.url));

export interface Cluster {
  workers: Worker[];
  stop(): Promise<void>;
}

/** Forks `n` workers (server/worker.ts) with `env` on top of this process's environment; resolves once all listen. */
export async function startCluster(n: number, env: Record<string, string>, o: { startTimeoutMs?: number; execArgv?: string[] } = {}): Promise<Cluster> {
  // Same runtime flags as this process (tsx's loader) unless told, another entry module.
  cluster.setupPrimary({ exec: WORKER_ENTRY, execArgv: o.execArgv ?? process.execArgv });
  const workers: Worker[] = [];
  const up = Array.from({ length: n }, () => {
    const w = cluster.fork({ ...env, FW_CLUSTER_WORKER: "1" });
    workers.push(w);
    return new Promise<void>((ok, fail) => {
      w.on("message", (m: unknown) => m === "listening" && ok());
      w.once("exit", (code) => fail(new Error(`server worker ${w.process.pid} exited with ${code} before listening`)));
    });
  });
  relayEvents(workers);
  const timeout = new Promise<never>((_, fail) => setTimeout(() => fail(new Error("server workers did not start in time")), o.startTimeoutMs ?? 120_000).unref());
  const stop = async () => {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((done) => {
            if (w.isDead()) return done();
            w.once("exit", () => done());
            w.disconnect();
            setTimeout(() => w.isDead() || w.kill("SIGKILL"), 10_000).unref();
          }),
      ),
    );
  };
  try {
    await Promise.race([Promise.all(up), timeout]);
  } catch (e) {
    await stop();
    throw e;
  }
  return { workers, stop };
}
