// Starts the server: tsx server/main.ts (npm run server). Migrates, seeds an empty database
// (SEED=demo by default), serves the API and the built web app, in this process or in WORKERS
// processes sharing the port (server/cluster.ts).
import { buildApp } from "./app";
import { startCluster } from "./cluster";
import { ConfigError } from "./config";
import { SQLITE_FILE } from "./db/connection";
import { HandlersError } from "./routes/handler-modules";
import { DEMO_PASSWORD } from "./seed";

const DEMO_ACCOUNTS = ["owner@demo.test", "admin@demo.test", "pm@demo.test", "supervisor@demo.test", "worker1@demo.test", "admin2@demo.test"];

const app = await buildApp().catch((e: unknown) => {
  // A setting production must have, or the declaration's handlers not agreeing with it: said plainly, without a stack.
  if (!(e instanceof ConfigError || e instanceof HandlersError)) throw e;
  console.error(e.message);
  process.exit(1);
});
const { config } = app.services;
// WORKERS > 1: this process migrated and seeded; it hands the port to that many workers
// (server/cluster.ts), all with this process's link secret, and serves nothing itself.
const workers = config.workers > 1 ? await startWorkers() : null;
if (!workers) await app.listen({ port: config.port, host: config.host });

async function startWorkers() {
  await app.close();
  return startCluster(config.workers, { LINK_SECRET: config.linkSecret });
}

const shown = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
const replicas = config.databaseReadUrls.length;
const db = config.databaseUrl ? `PostgreSQL${replicas ? ` + ${replicas} read replica${replicas > 1 ? "s" : ""}` : ""}` : `SQLite ${config.dataDir}/${SQLITE_FILE}`;
const lines = [`Fieldworks on http://${shown}:${config.port}  (${db}${workers ? `, ${workers.workers.length} worker processes` : ""})`];
const seeded = app.seedResult;
if (seeded?.demo) {
  const accounts = seeded.demoData ? DEMO_ACCOUNTS : DEMO_ACCOUNTS.slice(0, 1);
  lines.push(`Demo accounts (password ${DEMO_PASSWORD}, demo seed only): ${accounts.join(", ")}`);
} else if (config.seed === "demo") {
  lines.push(`Demo accounts (if this database was demo-seeded; password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.join(", ")}`);
}
console.log(lines.join("\n"));

for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.once(sig, () => {
    (workers ? workers.stop() : app.close()).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
