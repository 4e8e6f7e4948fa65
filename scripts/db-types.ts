// Writes server/db/database.ts, Kysely's `Database` interface (server/db/database-types.ts), from
// a freshly migrated SQLite database in a temporary directory, declaration/tables.ts (each
// resource's table as a type) and declaration/rows.ts (each resource's record as answered):
// `npm run db:types`.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ALL_RESOURCES } from "../declaration";
import { openDatabase } from "../server/db/connection";
import { databaseTypes, formatted, resourceRowTypes, resourceTableTypes } from "../server/db/database-types";
import { migrate } from "../server/db/migrate";

const dataDir = mkdtempSync(join(tmpdir(), "fw-db-types-"));
const handle = openDatabase({ databaseUrl: "", dataDir });
try {
  await migrate(handle);
  const file = new URL("../server/db/database.ts", import.meta.url);
  writeFileSync(file, await formatted(await databaseTypes(handle, ALL_RESOURCES), file));
  console.log(`wrote ${file.pathname}`);
  const tables = new URL("../declaration/tables.ts", import.meta.url);
  writeFileSync(tables, await formatted(resourceTableTypes(ALL_RESOURCES), tables));
  console.log(`wrote ${tables.pathname}`);
  const rows = new URL("../declaration/rows.ts", import.meta.url);
  writeFileSync(rows, await formatted(resourceRowTypes(ALL_RESOURCES), rows));
  console.log(`wrote ${rows.pathname}`);
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
