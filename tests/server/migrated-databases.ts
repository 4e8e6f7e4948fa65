// Migrated, empty databases for setupServer. On SQLite each worker migrates one database file once
// and copies it into each file's data directory instead of running the migrations again (they
// insert no rows but their own bookkeeping): about 0.5 s of each file's setup. On PostgreSQL each
// file gets a schema of its own, migrated when the app starts (freshDatabase): emptying a used
// schema for the next file (DELETE of every table, sequences reset, its catalogue compared) was
// tried and gave the suite nothing (276 s either way), while the planner kept the tables' old
// statistics (tests/server/search-indexes.test.ts then saw other plans).
// A test that needs an unmigrated database uses freshDatabase (helpers.ts) itself.
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, SQLITE_FILE } from "../../server/db/connection";
import { migrate } from "../../server/db/migrate";

/** A database for one file: its build options and what removes it. */
export interface MigratedDatabase {
  options: { dataDir: string; databaseUrl: string };
  cleanup(): Promise<void>;
}

let sqliteTemplate: Promise<string> | null = null;

/** A migrated SQLite database file of this worker, made at its first use. */
function migratedSqliteFile(): Promise<string> {
  return (sqliteTemplate ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), "fw-server-template-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    const handle = openDatabase({ databaseUrl: "", dataDir: dir });
    await migrate(handle);
    await handle.close();
    return join(dir, SQLITE_FILE);
  })());
}

/** A migrated SQLite database in a new data directory (a copy of the worker's). */
export async function migratedSqlite(): Promise<MigratedDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), "fw-server-test-"));
  copyFileSync(await migratedSqliteFile(), join(dataDir, SQLITE_FILE));
  return { options: { dataDir, databaseUrl: "" }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
}
