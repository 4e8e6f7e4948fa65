// Detaches old waypoint month partitions (PostgreSQL, migration 020):
//   npm run waypoints:detach -- --before 2025-01
// DETACHes every month partition before that month (never drops: each stays a plain table
// named waypoint_pYYYY_MM with its rows, to archive or drop by hand) and prints what it
// detached. Rows of those months waiting in the default partition stay attached. Months from
// the current one on are refused. Uses DATABASE_URL / DB_SCHEMA like the server; migrates first.
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { openDatabase } from "../db/connection";
import { migrate } from "../db/migrate";
import { detachBefore, parseMonth } from "../db/waypoint-partitions";

const { values } = parseArgs({ options: { before: { type: "string" } }, allowPositionals: false });
const before = parseMonth(values.before ?? "");
if (!before) {
  console.error("waypoints:detach: --before YYYY-MM is required (the first month kept attached)");
  process.exit(1);
}

const config = loadConfig();
const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgSchema: config.pgSchema });
let code = 0;
try {
  if (handle.dialect !== "postgres") throw new Error("waypoint partitions exist on PostgreSQL only (DATABASE_URL=postgres://…)");
  await migrate(handle);
  const detached = await detachBefore(handle.db, before);
  if (!detached.length) console.log(`No waypoint month partition before ${values.before} is attached.`);
  for (const d of detached) console.log(`detached ${d.name} (${d.month}): ${d.rows} rows, now a plain table`);
} catch (e) {
  console.error(`waypoints:detach: ${e instanceof Error ? e.message : String(e)}`);
  code = 1;
} finally {
  await handle.close();
}
process.exit(code);
