// One server process of a cluster (server/cluster.ts): the primary migrated and seeded already,
// so this one only builds the app (no seeding) and listens on the shared port.
import { buildApp } from "./app";
import { statementTime } from "./db/sqlite-statements";

const app = await buildApp({ seed: false });
const { config } = app.services;
await app.listen({ port: config.port, host: config.host });
process.send?.("listening");
// The primary may ask how long this process's SQLite statements took (bench:api's figures).
process.on("message", (m: unknown) => {
  if (m === "fw:statement-time?" && process.connected) process.send?.({ fw_statement_time: { ...statementTime } });
});
// The primary went (or asked us to stop), or Ctrl-C reached the whole process group: finish
// the requests in flight, then exit.
let closing = false;
const close = () => {
  if (closing) return;
  closing = true;
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on("disconnect", close);
for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, close);
