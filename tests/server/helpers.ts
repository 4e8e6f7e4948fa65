// Test helper: the app on a temporary SQLite directory, a copy of the worker's migrated database
// (tests/server/migrated-databases.ts), or, with DATABASE_URL set, in a fresh PostgreSQL schema
// per test file; reference data seeded, plus a small fixture: the platform
// owner, two companies (A, B) with an admin each holding every menu, and in A a "viewer" role
// that may only read projects. Tokens are issued directly. The fixture users' password is stored
// at scrypt's lowest accepted cost (MIN_LN: a sign-in verifies in about a millisecond instead of
// 0.6 s); what the server hashes itself (a new or changed password) has the production cost.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { buildApp, type App, type BuildOptions } from "../../server/app";
import type { Actor } from "../../server/access/actor";
import { MENUS, USERS } from "../../server/access/identity";
import { hashPasswordAt, MIN_LN } from "../../server/auth/password";
import { issueToken, sha256 } from "../../server/auth/tokens";
import type { Db } from "../../server/db/connection";
import { createOwner } from "../../server/seed/base";
import { insertRows, nextIdTable, resetSequences } from "../../server/seed/load";
import { migratedSqlite, type MigratedDatabase } from "./migrated-databases";
import { checkAnswer, checkingAnswers } from "./openapi-answers";

export const PASSWORD = "fixture-pass-1";

export interface FixtureUser {
  id: number;
  email: string;
  token: string;
  actor: Actor;
}

export interface TestEnv {
  app: App;
  db: Db;
  dialect: "sqlite" | "postgres";
  companyA: number;
  companyB: number;
  owner: FixtureUser;
  adminA: FixtureUser;
  viewerA: FixtureUser;
  adminB: FixtureUser;
  roles: { owner: number; adminA: number; viewerA: number; adminB: number };
  passwordHash: string;
  /** How the app was built: another instance on the same database is `buildApp({ ...options, seed: "none" })`. */
  options: BuildOptions;
  /** A request as a user (or without token when `as` is null). */
  call(as: FixtureUser | null, method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
  close(): Promise<void>;
}

export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  raw: string;
}

let sharedHash: Promise<string> | null = null;
export const fixtureHash = () => (sharedHash ??= hashPasswordAt(PASSWORD, MIN_LN));

/** The suite's build options over a database: no log, every answer checked against the OpenAPI document. */
const suiteOptions = (db: MigratedDatabase["options"] & { pgSchema?: string }): BuildOptions => ({ ...db, logger: false, ...(checkingAnswers() ? { onAnswer: checkAnswer } : {}) });

/** A new empty database: a temporary SQLite directory, or a fresh schema when DATABASE_URL is set. */
export async function freshDatabase(): Promise<{ options: BuildOptions; cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "fw-server-test-"));
  const databaseUrl = process.env.DATABASE_URL ?? "";
  let pgSchema: string | undefined;
  if (databaseUrl) {
    pgSchema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query(`create schema ${pgSchema}`);
    await c.end();
  }
  return {
    options: suiteOptions({ dataDir, databaseUrl, ...(pgSchema ? { pgSchema } : {}) }),
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
      if (pgSchema) {
        const c = new pg.Client({ connectionString: databaseUrl });
        await c.connect();
        await c.query(`drop schema ${pgSchema} cascade`);
        await c.end();
      }
    },
  };
}

export async function setupServer(opts: BuildOptions = {}): Promise<TestEnv> {
  // SQLite: a copy of the worker's migrated file; PostgreSQL: a new schema, migrated as the app starts.
  const sqlite = process.env.DATABASE_URL ? null : await migratedSqlite();
  const fresh = sqlite ? { options: suiteOptions(sqlite.options), cleanup: sqlite.cleanup } : await freshDatabase();
  const app = await buildApp({ ...fresh.options, seed: "none", ...opts });
  const db = app.services.db;
  const passwordHash = await fixtureHash();

  const ownerId = await createOwner(db, { email: "owner@fixture.test", name: "Owner", passwordHash });
  const ownerRole = Number((await db.selectFrom(USERS.table).select("role_id").where("id", "=", ownerId).executeTakeFirstOrThrow()).role_id);
  const next = await nextIdTable(db);
  const companyA = next("company-management");
  const companyB = companyA + 1;
  await insertRows(db, "company-management", [
    { id: companyA, name: "PT Alpha", code: "ALPHA", industry: "construction", email: "info@alpha.test", status: "active" },
    { id: companyB, name: "PT Beta", code: "BETA", industry: "telecom", email: "info@beta.test", status: "active" },
  ]);
  const r0 = next("role");
  const roles = { owner: ownerRole, adminA: r0, viewerA: r0 + 1, adminB: r0 + 2 };
  await insertRows(db, "role", [
    { id: roles.adminA, company_id: companyA, name: "Admin", role_type: "admin" },
    { id: roles.viewerA, company_id: companyA, name: "Viewer", role_type: "worker" },
    { id: roles.adminB, company_id: companyB, name: "Admin", role_type: "admin" },
  ]);
  const u0 = next("human-resource");
  const users = [
    { id: u0, company_id: companyA, name: "Ana Admin", email: "admin@alpha.test", employee_type: "permanent", role_id: roles.adminA },
    { id: u0 + 1, company_id: companyA, name: "Vino Viewer", email: "viewer@alpha.test", employee_type: "contract", role_id: roles.viewerA },
    { id: u0 + 2, company_id: companyB, name: "Beni Admin", email: "admin@beta.test", employee_type: "permanent", role_id: roles.adminB },
  ];
  await insertRows(db, "human-resource", users, { passwordHash });
  const menus = await db.selectFrom(MENUS.table).select(["id", "alias"]).execute();
  const menuCompany = [companyA, companyB].flatMap((c) => menus.map((m) => ({ company_id: c, menu_id: Number(m.id), is_active: true })));
  await insertRows(db, "menu-company", menuCompany);
  const full = { can_add: true, can_edit: true, can_delete: true };
  const projectMenu = menus.find((m) => m.alias === "project")!;
  await insertRows(db, "role-menu", [
    ...menus.map((m) => ({ company_id: companyA, role_id: roles.adminA, menu_id: Number(m.id), ...full })),
    ...menus.map((m) => ({ company_id: companyB, role_id: roles.adminB, menu_id: Number(m.id), ...full })),
    { company_id: companyA, role_id: roles.viewerA, menu_id: Number(projectMenu.id), can_add: false, can_edit: false, can_delete: false },
  ]);
  await resetSequences(db);

  const user = async (id: number, email: string, companyId: number | null, roleId: number, roleType: string, isOwner = false): Promise<FixtureUser> => {
    const { token } = await issueToken(db, id, 24);
    return { id, email, token, actor: { userId: id, companyId, roleId, roleName: roleType, roleType, isOwner, tokenHash: sha256(token) } };
  };
  const env: TestEnv = {
    app,
    db,
    dialect: app.services.handle.dialect,
    companyA,
    companyB,
    owner: await user(ownerId, "owner@fixture.test", null, ownerRole, "owner", true),
    adminA: await user(u0, "admin@alpha.test", companyA, roles.adminA, "admin"),
    viewerA: await user(u0 + 1, "viewer@alpha.test", companyA, roles.viewerA, "worker"),
    adminB: await user(u0 + 2, "admin@beta.test", companyB, roles.adminB, "admin"),
    roles,
    passwordHash,
    options: { ...fresh.options, ...opts },
    async call(as, method, url, body, headers = {}) {
      const res = await app.inject({
        method: method as "GET",
        url,
        headers: { ...(as ? { authorization: `Bearer ${as.token}` } : {}), ...headers },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      let parsed: unknown;
      try {
        parsed = res.json();
      } catch {
        parsed = null;
      }
      return { status: res.statusCode, body: parsed, raw: res.body };
    },
    async close() {
      await app.close();
      await fresh.cleanup();
    },
  };
  return env;
}
