// The real server in this process: buildApp on a temporary SQLite directory with the demo seed,
// serving the built web app, listening on a free port of 127.0.0.1. The tests read and change
// what it stored through its own database handle. A file may set a few settings of its own
// (useE2eWorld({ env })).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp, type App } from "../../../server/app";
import { RATE_LIMITS_OFF } from "../../../server/config";
import type { Db } from "../../../server/db/connection";

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

export async function startServer(distDir: string, options: ServerOptions = {}): Promise<E2eServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "fieldworks-e2e-data-"));
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
