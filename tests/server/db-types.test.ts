// server/db/database.ts (Kysely's `Database` interface) is what scripts/db-types.ts makes from a
// freshly migrated database now: a migration or declaration change without `npm run db:types`
// fails here. On PostgreSQL too, so both dialects answer the types the code is written against.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_RESOURCES } from "../../declaration";
import { openDatabase, type DbHandle } from "../../server/db/connection";
import { databaseTypes, formatted, resourceRowTypes, resourceTableTypes } from "../../server/db/database-types";
import { migrate } from "../../server/db/migrate";
import { freshDatabase } from "./helpers";

let handle: DbHandle;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabase();
  cleanup = fresh.cleanup;
  handle = openDatabase({ databaseUrl: fresh.options.databaseUrl ?? "", dataDir: fresh.options.dataDir!, pgSchema: fresh.options.pgSchema });
  await migrate(handle);
});
afterAll(async () => {
  await handle?.close();
  await cleanup?.();
});

describe("the Database interface (server/db/database.ts)", () => {
  it("is what the migrations make now (npm run db:types regenerates it)", async () => {
    const file = new URL("../../server/db/database.ts", import.meta.url);
    expect(await formatted(await databaseTypes(handle, ALL_RESOURCES), file)).toBe(readFileSync(file, "utf8"));
  });

  it("names each resource's table as declared (declaration/tables.ts)", async () => {
    const file = new URL("../../declaration/tables.ts", import.meta.url);
    expect(await formatted(resourceTableTypes(ALL_RESOURCES), file)).toBe(readFileSync(file, "utf8"));
  });

  it("types each resource's record as declared (declaration/rows.ts)", async () => {
    const file = new URL("../../declaration/rows.ts", import.meta.url);
    expect(await formatted(resourceRowTypes(ALL_RESOURCES), file)).toBe(readFileSync(file, "utf8"));
  });
});
