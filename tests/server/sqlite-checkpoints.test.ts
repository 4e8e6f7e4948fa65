// SQLite: the server's connection never checkpoints the WAL inside a request's write; a thread of
// its own does (server/db/sqlite-checkpoints.ts), so writes do not stall the requests in flight.
import { statSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CHECKPOINT_EVERY_MS } from "../../server/db/sqlite-checkpoints";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
beforeAll(async () => {
  env = await setupServer();
});
afterAll(async () => {
  await env?.close();
});

describe.skipIf(process.env.DATABASE_URL)("SQLite WAL checkpoints", () => {
  it("are not run by the server's own connection", async () => {
    const [row] = (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(env.db)).rows;
    expect(row.wal_autocheckpoint).toBe(0);
  });

  it("copy the WAL back into the database file in the background after writes", async () => {
    const file = join(env.app.services.config.dataDir, "fieldworks.db");
    // The server's connection writes only to the WAL: the database file changes when a checkpoint copies it back.
    const before = statSync(file).mtimeMs;
    await new Promise((done) => setTimeout(done, 20));
    for (let i = 0; i < 20; i++) expect((await env.call(env.adminA, "POST", "/api/project-type/add", { name: `Type ${i}` })).status).toBe(200);
    await vi.waitFor(() => expect(statSync(file).mtimeMs).toBeGreaterThan(before), { timeout: 10 * CHECKPOINT_EVERY_MS, interval: 100 });
  });
});
