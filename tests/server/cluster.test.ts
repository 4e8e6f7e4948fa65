// WORKERS > 1 (server/cluster.ts): several server processes on one port and one database. They
// start, answer, share sessions (in the database) and the link secret, and stop without leaving
// a process behind.
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
