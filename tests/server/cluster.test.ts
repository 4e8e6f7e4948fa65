// WORKERS > 1 (server/cluster.ts): several server processes on one port and one database. They
// start, answer, share sessions (in the database) and the link secret, and stop without leaving
// a process behind.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "../../server/cluster";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
let cluster: Cluster | null = null;
beforeAll(async () => {
  env = await setupServer();
});
afterAll(async () => {
  await cluster?.stop();
  await env?.close();
});

describe("a cluster of server processes", () => {
  it("serves the same database from every worker and stops cleanly", async () => {
    const { config } = env.app.services;
    const port = 20000 + Math.floor(Math.random() * 20000);
    cluster = await startCluster(
      2,
      {
        DATA_DIR: config.dataDir,
        DATABASE_URL: config.databaseUrl,
        DB_SCHEMA: config.pgSchema,
        HOST: "127.0.0.1",
        PORT: String(port),
        LOG_LEVEL: "warn",
        DIST_DIR: "/nonexistent",
      },
      { execArgv: ["--import", "tsx"] },
    );
    const pids = cluster.workers.map((w) => w.process.pid);
    expect(new Set(pids).size).toBe(2);
    // A session issued here works on whichever worker takes the connection.
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/api/project/search`, {
        method: "POST",
        headers: { authorization: `Bearer ${env.adminA.token}`, "content-type": "application/json", connection: "close" },
        body: "{}",
      });
      expect(res.status).toBe(200);
    }
    await cluster.stop();
    cluster = null;
    for (const pid of pids) expect(() => process.kill(pid!, 0)).toThrow();
  }, 120_000);
});

describe("npm start with WORKERS=2", () => {
  // The primary builds the app (migrations, seed), closes it and forks the workers: a close that
  // waited on an unreferenced thread or timer ended the process mid-await (exit code 13) before
  // any worker listened.
  it("the primary closes its app and hands the port to the workers, which answer; SIGTERM stops all with code 0", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "fw-start-"));
    const port = 20000 + Math.floor(Math.random() * 20000);
    try {
      const { DATABASE_URL: _db, DATABASE_READ_URL: _r, ...rest } = process.env;
      const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
        env: { ...rest, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", WORKERS: "2", SEED: "none", LOG_LEVEL: "warn" },
      });
      let out = "";
      child.stdout.on("data", (d: Buffer) => (out += d.toString()));
      const exited = new Promise<number | null>((res) => child.on("exit", res));
      const started = await Promise.race([
        exited.then((code) => `exited with ${code}`),
        new Promise<string>((res) => {
          const check = () => (out.includes("2 worker processes") ? res("started") : setTimeout(check, 50));
          check();
        }),
      ]);
      expect(started).toBe("started");
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
