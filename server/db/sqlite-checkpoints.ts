// SQLite's WAL checkpoints off the request thread. A write appends to the WAL; by default the
// commit that takes the WAL past 1,000 pages also copies it back into the database file and
// syncs it (a checkpoint), inside that request, on the thread every other request waits for:
// 5-65 ms on this machine once every few hundred project updates, which every request in flight
// waited for too (bench:api's writes mix). Here the server's own connection never checkpoints
// (wal_autocheckpoint = 0) and a worker thread with its own connection runs a PASSIVE checkpoint
// every CHECKPOINT_EVERY_MS: it copies what no reader still needs while readers and writers go
// on, and SQLite starts the WAL over once all of it is copied. With WORKERS each process has its
// checkpointer; two at once simply find the work done (or busy, and try again).
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { sql } from "kysely";
import { settledWithin } from "../wait";
import { dialectOf, type Db } from "./connection";

export const CHECKPOINT_EVERY_MS = 1000;

/** The worker: plain CommonJS (no TypeScript loader in a worker thread), its own connection. */
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma("busy_timeout = 0");
parentPort.on("message", (m) => {
  if (m === "close") { try { db.close(); } finally { parentPort.close(); } return; }
  try {
    const [r] = db.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage({ busy: r.busy, log: r.log, checkpointed: r.checkpointed });
  } catch (e) {
    parentPort.postMessage({ error: String(e && e.message || e) });
  }
});
`;

export interface Checkpointer {
  /** Runs a checkpoint now (tests); resolves with the WAL's frames and those copied back. */
  now(): Promise<{ log: number; checkpointed: number } | null>;
  stop(): Promise<void>;
}

const none: Checkpointer = { now: async () => null, stop: async () => undefined };

export async function startCheckpoints(db: Db, log: { error(o: object, msg: string): void }): Promise<Checkpointer> {
  if (dialectOf(db) !== "sqlite") return none;
  const [main] = (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db)).rows;
  if (!main?.file) return none; // in memory: no WAL
  await sql`pragma wal_autocheckpoint = 0`.execute(db);
  const worker = new Worker(WORKER, { eval: true, workerData: { file: main.file, driver: createRequire(import.meta.url).resolve("better-sqlite3") } });
  worker.unref();
  let waiting: Array<(r: { log: number; checkpointed: number } | null) => void> = [];
  worker.on("message", (m: { error?: string; log?: number; checkpointed?: number }) => {
    if (m.error && !/busy|locked/i.test(m.error)) log.error({ err: m.error }, "sqlite: WAL checkpoint failed");
    const done = waiting.shift();
    done?.(m.error ? null : { log: m.log ?? 0, checkpointed: m.checkpointed ?? 0 });
  });
  worker.on("error", (err) => log.error({ err }, "sqlite: the checkpoint thread failed"));
  const ask = () =>
    new Promise<{ log: number; checkpointed: number } | null>((done) => {
      waiting.push(done);
      worker.postMessage("checkpoint");
    });
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void ask().finally(() => (busy = false));
  }, CHECKPOINT_EVERY_MS);
  timer.unref();
  return {
    now: ask,
    async stop() {
      clearInterval(timer);
      const exited = new Promise<void>((done) => worker.once("exit", () => done()));
      worker.postMessage("close");
      // A thread that has not ended after 2 s is terminated.
      if (!(await settledWithin(exited, 2000))) await worker.terminate();
      for (const done of waiting) done(null);
      waiting = [];
    },
  };
}
