// Test helper: an app whose database holds the demo tables and files (as `SEED=demo` writes
// them, without the week of waypoints, which these tests do not need) and the demo maps.
import type { Db } from "../../server/db/connection";
import { USERS, MENUS } from "../../server/access/identity";
import { issueToken } from "../../server/auth/tokens";
import { buildApp, type App } from "../../server/app";
import { resourceByName } from "../../declaration";
import { seedDemoMaps } from "../../server/map/seed";
import { createOwner } from "../../server/seed/base";
import { buildDemo } from "../../server/seed/demo";
import { loadTables, nextIdTable, resetSequences } from "../../server/seed/load";
import { fixtureHash, freshDatabase } from "./helpers";

export interface DemoEnv {
  app: App;
  db: Db;
  /** A bearer token of a demo account by email. */
  token(email: string): Promise<string>;
  close(): Promise<void>;
}

export async function demoServer(now = new Date()): Promise<DemoEnv> {
  const fresh = await freshDatabase();
  const app = await buildApp({ ...fresh.options, seed: "none" });
  const db = app.services.db;
  try {
    const passwordHash = await fixtureHash();
    await createOwner(db, { email: "owner@demo.test", name: "Platform Owner", passwordHash });
    const menus = await db.selectFrom(MENUS.table).select(["id", "alias", "parent_id"]).orderBy("id").execute();
    const statuses = await db.selectFrom(resourceByName("issue-status").table).select(["id", "name", "is_closed"]).orderBy("id").execute();
    const demo = buildDemo({
      menus: menus.map((m) => ({ id: Number(m.id), alias: String(m.alias), parent_id: m.parent_id === null ? null : Number(m.parent_id) })),
      issueStatuses: statuses.map((s) => ({ id: Number(s.id), name: String(s.name), is_closed: Number(s.is_closed) !== 0 })),
      nextId: await nextIdTable(db),
      now,
    });
    await loadTables(db, demo.tables, { passwordHash, now });
    await resetSequences(db);
    await seedDemoMaps(db);
    for (const f of demo.files ?? []) await app.services.files.write(f.folder, f.name, f.content);
  } catch (e) {
    await app.close();
    await fresh.cleanup();
    throw e;
  }
  return {
    app,
    db,
    async token(email) {
      const u = await db.selectFrom(USERS.table).select("id").where("email", "=", email).executeTakeFirstOrThrow();
      return (await issueToken(db, Number(u.id), 24)).token;
    },
    async close() {
      await app.close();
      await fresh.cleanup();
    },
  };
}
