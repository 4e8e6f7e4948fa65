// Filling a database: reference data at every start (menus synced with the declaration,
// currency, issue statuses); on a database without users and SEED=demo, the platform owner
// (owner@demo.test) and the demo data of server/seed/demo.ts (written separately; skipped
// while it does not exist).
import { existsSync } from "node:fs";
import type { FastifyBaseLogger } from "fastify";
import { hashPassword } from "../auth/password";
import type { Db } from "../db/connection";
import type { FileStorage } from "../storage/files";
import { createOwner, hasUsers, seedBase } from "./base";
import type { BuildDemo, DemoInput } from "./demo-contract";
import { MENUS } from "../access/identity";
import { loadServerTable, loadStream, loadTables, nextIdTable, resetSequences } from "./load";
import { resourceByName } from "../../declaration";
import { seedDemoMaps } from "../map/seed";
import { fillPaymentReferences } from "../invoice/payment-reference";

export type SeedMode = "demo" | "none";

export const DEMO_PASSWORD = "demo12345";
export const DEMO_OWNER_EMAIL = "owner@demo.test";

export interface SeedResult {
  /** Demo data was loaded (owner and, when demo.ts exists, the demo companies). */
  demo: boolean;
  /** server/seed/demo.ts was there and loaded. */
  demoData: boolean;
}

const DEMO_MODULE = new URL("./demo.ts", import.meta.url);

async function loadBuildDemo(): Promise<BuildDemo | null> {
  if (!existsSync(DEMO_MODULE)) return null;
  const mod = (await import(DEMO_MODULE.href)) as { buildDemo?: BuildDemo; default?: BuildDemo };
  return mod.buildDemo ?? mod.default ?? null;
}

export async function seed(db: Db, mode: SeedMode, o: { files?: FileStorage; log?: FastifyBaseLogger; now?: Date } = {}): Promise<SeedResult> {
  await seedBase(db);
  if (mode !== "demo" || (await hasUsers(db))) return { demo: false, demoData: false };

  const passwordHash = await hashPassword(DEMO_PASSWORD); // one hash for every demo account
  await createOwner(db, { email: DEMO_OWNER_EMAIL, name: "Platform Owner", passwordHash });
  const buildDemo = await loadBuildDemo();
  if (!buildDemo) {
    o.log?.warn("server/seed/demo.ts not found: only the platform owner was seeded");
    return { demo: true, demoData: false };
  }
  const menus = await db.selectFrom(MENUS.table).select(["id", "alias", "parent_id"]).orderBy("id").execute();
  const statuses = await db.selectFrom(resourceByName("issue-status").table).select(["id", "name", "is_closed"]).orderBy("id").execute();
  const input: DemoInput = {
    menus: menus.map((m) => ({ id: m.id, alias: String(m.alias), parent_id: m.parent_id })),
    issueStatuses: statuses.map((s) => ({ id: s.id, name: String(s.name), is_closed: Number(s.is_closed) !== 0 })),
    nextId: await nextIdTable(db),
    now: o.now ?? new Date(),
  };
  const started = Date.now();
  const demo = buildDemo(input);
  const demoHash = demo.passwordPlain === DEMO_PASSWORD ? passwordHash : await hashPassword(demo.passwordPlain);
  await loadTables(db, demo.tables, { passwordHash: demoHash, now: input.now });
  for (const t of demo.serverTables ?? []) await loadServerTable(db, t.table, t.rows);
  for (const s of demo.streams ?? []) {
    const n = await loadStream(db, s.resource, s.chunks(), { now: input.now });
    o.log?.info(`seeded ${n} ${s.resource} rows`);
  }
  await resetSequences(db);
  // Each demo transaction gets its payment reference (not a declared field: invoice/payment-reference.ts).
  await fillPaymentReferences(db);
  // The map service's demo maps are built from the demo rows just loaded (server/map/seed.ts).
  await seedDemoMaps(db);
  if (demo.files?.length) {
    if (!o.files) throw new Error("seed: demo files need a file storage");
    for (const f of demo.files) await o.files.write(f.folder, f.name, f.content);
  }
  o.log?.info(`demo data seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { demo: true, demoData: true };
}
