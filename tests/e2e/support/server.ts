// The real server in this process: buildApp on a temporary SQLite directory with the demo data,
// serving the built web app, listening on a free port of 127.0.0.1. The tests read and change
// what it stored through its own database handle. A file may set a few settings of its own
// (useE2eWorld({ env })).
// The demo data is seeded into a directory of the worker's and copied for each file: seeding costs
// about 5 s of CPU (300,000 waypoints), a copy a tenth of a second. The seed is relative to the
// time it ran (today's tracks end then), so a copy is taken only from a seed under
// DEMO_SEED_KEPT_MS old and of the same day in WIB, WITA and WIT; else it is seeded again.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp, type App } from "../../../server/app";
import { RATE_LIMITS_OFF } from "../../../server/config";
import type { Db } from "../../../server/db/connection";
import { USERS } from "../../../server/access/identity";
import { hashPasswordAt, MIN_LN } from "../../../server/auth/password";
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD } from "../../../server/seed";
import { runDirectory } from "./build";

/** Base of the links in mails; the tests check the reset mail uses it. */
export const MAIL_APP_URL = "http://fieldworks.e2e.test";

export interface E2eServer {
  app: App;
  db: Db;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Settings of the server's environment a file needs (e.g. LIVE_SWEEP_MS); nothing else comes from the machine's. */
  env?: Record<string, string>;
}

/** How old a seed of the demo data may be and still be copied for a file. */
export const DEMO_SEED_KEPT_MS = 2 * 60_000;

let seeded: { dir: string; at: number } | null = null;

/** The calendar days of Indonesia's three time zones (UTC+7, +8, +9) at an instant. */
const daysAt = (ms: number): string => [7, 8, 9].map((h) => new Date(ms + h * 3_600_000).toISOString().slice(0, 10)).join();

/** A data directory holding the demo data: a copy of the worker's seed, seeded first when it is too old. */
async function demoDataDir(distDir: string): Promise<string> {
  const now = Date.now();
  if (!seeded || now - seeded.at > DEMO_SEED_KEPT_MS || daysAt(seeded.at) !== daysAt(now)) {
    if (seeded) rmSync(seeded.dir, { recursive: true, force: true });
    seeded = null;
    const dir = mkdtempSync(join(runDirectory("seeds"), "seed-"));
    const at = Date.now();
    try {
      const app = await buildApp({ env: { ...RATE_LIMITS_OFF }, dataDir: dir, databaseUrl: "", distDir, seed: "demo", appUrl: MAIL_APP_URL, logger: false });
      await quickDemoPasswords(app.services.db);
      await app.close();
    } catch (e) {
      rmSync(dir, { recursive: true, force: true });
      throw e;
    }
    seeded = { dir, at };
  }
  const dataDir = mkdtempSync(join(tmpdir(), "fieldworks-e2e-data-"));
  cpSync(seeded.dir, dataDir, { recursive: true });
  return dataDir;
}

/**
 * The demo accounts' password (one hash for all) stored again at scrypt's lowest accepted cost: a
 * sign-in verifies in about a millisecond instead of 0.6 s of a core, and the suite signs in a few
 * hundred times. The server verifies at the cost a hash names; what it hashes itself keeps its own.
 */
async function quickDemoPasswords(db: Db): Promise<void> {
  const owner = await db.selectFrom(USERS.table).select("password").where("email", "=", DEMO_OWNER_EMAIL).executeTakeFirstOrThrow();
  const quick = await hashPasswordAt(DEMO_PASSWORD, MIN_LN);
  await db.updateTable(USERS.table).set({ password: quick }).where("password", "=", owner.password).execute();
}

export async function startServer(distDir: string, options: ServerOptions = {}): Promise<E2eServer> {
  const dataDir = await demoDataDir(distDir);
  let app: App | undefined;
  try {
    app = await buildApp({
      // Nothing from the environment: SQLite even when DATABASE_URL is set for the PostgreSQL
      // run, and no PORT, SMTP_URL or DIST_DIR of the machine. No request limits (a file's walk
      // through every page runs faster than a person): a file may set its own.
      env: { ...RATE_LIMITS_OFF, ...options.env },
      dataDir,
      databaseUrl: "",
      distDir,
      seed: "demo",
      appUrl: MAIL_APP_URL,
      logger: false,
    });
    const baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
    const started = app;
    return {
      app: started,
      db: started.services.db,
      baseUrl,
      async close() {
        try {
          await started.close();
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (e) {
    await app?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
}
