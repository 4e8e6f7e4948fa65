// Versioned migrations, run at start. A migration is a file server/db/migrations/NNN_name.ts
// exporting `up(db)` (and `down(db)`); dropping a new file there is all it takes. They run in
// name order; out-of-order names are allowed so two engineers' 00N files both apply.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Migrator, type Migration, type MigrationProvider } from "kysely/migration";
import type { DbHandle } from "./connection";
import { installChangeTriggers } from "./sqlite-changes";

const DIR = new URL("./migrations/", import.meta.url);
const FILE = /^(\d{3}_[A-Za-z0-9_-]+)\.(ts|js|mjs)$/;

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    const out: Record<string, Migration> = {};
    for (const file of readdirSync(fileURLToPath(DIR)).sort()) {
      const m = FILE.exec(file);
      if (!m || file.endsWith(".d.ts")) continue;
      const mod = (await import(new URL(file, DIR).href)) as Partial<Migration>;
      if (typeof mod.up !== "function") throw new Error(`migration ${file} exports no up()`);
      out[m[1]] = { up: mod.up, down: mod.down };
    }
    return out;
  },
};

export async function migrate(h: DbHandle): Promise<string[]> {
  const migrator = new Migrator({
    db: h.db,
    provider: migrationProvider,
    allowUnorderedMigrations: true,
    // Pinned so several schemas of one PostgreSQL database (tests) keep their own history.
    ...(h.schema ? { migrationTableSchema: h.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const e = error instanceof Error ? error : new Error(String(error ?? `migration ${failed?.migrationName} failed`));
    throw e;
  }
  // SQLite: each table's writes counted for the other processes' caches (server/db/sqlite-changes.ts).
  if (h.sqlite) installChangeTriggers(h.sqlite);
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
