// After migrating, the database holds every table and column the declaration asks for, with
// the storage kind of server/db/codec.ts, and its unique indexes. A field added to
// resources.config.ts without a new migration fails here (see server/db/migrations/001_initial.ts).
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_RESOURCES } from "../../declaration";
import { migrate } from "../../server/db/migrate";
import { planTables } from "../../server/db/schema-plan";
import { setupServer, type TestEnv } from "./helpers";

let env: TestEnv;
beforeAll(async () => {
  env = await setupServer();
});
afterAll(async () => {
  await env?.close();
});

const KIND_OF_TYPE: Record<string, string> = {
  integer: "integer",
  int4: "integer",
  serial: "integer",
  bigint: "bigint",
  int8: "bigint",
  "double precision": "real",
  float8: "real",
  real: "real",
  text: "text",
};

describe("the migrated schema", () => {
  it("has a column of the right kind for every declared field", async () => {
    const schema = env.app.services.handle.schema;
    const tables = (await env.db.introspection.getTables()).filter((t) => !schema || t.schema === schema);
    const byName = new Map(tables.map((t) => [t.name, t]));
    const problems: string[] = [];
    for (const spec of planTables(ALL_RESOURCES)) {
      const table = byName.get(spec.table);
      if (!table) {
        problems.push(`${spec.resource}: no table ${spec.table}`);
        continue;
      }
      for (const c of spec.columns) {
        const col = table.columns.find((x) => x.name === c.name);
        if (!col) problems.push(`${spec.resource}.${c.name}: no column in ${spec.table}`);
        else if (c.kind === "id") {
          if (!col.isAutoIncrementing && env.dialect === "postgres") problems.push(`${spec.table}.id is not generated`);
        } else if (KIND_OF_TYPE[col.dataType.toLowerCase()] !== c.kind) {
          problems.push(`${spec.resource}.${c.name}: stored as ${col.dataType}, the declaration needs ${c.kind}`);
        }
      }
    }
    expect(problems, "a declaration change needs a new migration (server/db/migrations/)").toEqual([]);
  });

  it("has the declared unique indexes, the waypoint index and the server's tables", async () => {
    const names = new Set<string>();
    if (env.dialect === "postgres") {
      const rows = await sql<{ indexname: string }>`select indexname from pg_indexes where schemaname = current_schema()`.execute(env.db);
      rows.rows.forEach((r) => names.add(r.indexname));
    } else {
      const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(env.db);
      rows.rows.forEach((r) => names.add(r.name));
    }
    const missing = planTables(ALL_RESOURCES).flatMap((t) => t.indexes.filter((ix) => ix.unique && !names.has(ix.name)).map((ix) => ix.name));
    expect(missing).toEqual([]);
    for (const ix of [
      "ux_waypoint_user_wptime",
      "ux_users_email_global",
      "ux_auth_token_token_hash",
      "ix_login_attempt_kind_ip_at",
      "ux_device_key_key_hash",
      "ux_idempotency_user_key",
    ])
      expect(names).toContain(ix);
    // SQLite has no INCLUDE: 001's covering index stays beside the unique one; PostgreSQL's unique index covers.
    if (env.dialect === "sqlite") expect(names).toContain("ix_waypoint_user_wptime");
    else expect(names).not.toContain("ix_waypoint_user_wptime");
  });

  it("runs each migration once", async () => {
    expect(await migrate(env.app.services.handle)).toEqual([]);
  });
});

// Kysely's PostgreSQL introspection read every schema of the database and looked each up by name:
// another schema dropped meanwhile (a test file finishing beside this one) failed the migrator's
// read with "schema ... does not exist". It reads the connection's own schema only.
describe.runIf(!!process.env.DATABASE_URL)("introspection on PostgreSQL", () => {
  it("sees the connection's own schema and its tables only, not another schema's", async () => {
    const other = `t_elsewhere_${Math.random().toString(36).slice(2, 8)}`;
    await sql`create schema ${sql.id(other)}`.execute(env.db);
    await sql`create table ${sql.id(other, "only_elsewhere")} (id integer)`.execute(env.db);
    try {
      const schemas = (await env.db.introspection.getSchemas()).map((s) => s.name);
      expect(schemas).toEqual([env.options.pgSchema]);
      const tables = await env.db.introspection.getTables();
      expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([env.options.pgSchema]));
      expect(tables.map((t) => t.name)).toContain("project");
      expect(tables.map((t) => t.name)).not.toContain("only_elsewhere");
      expect(tables.find((t) => t.name === "project")?.columns.find((c) => c.name === "id")).toMatchObject({ isAutoIncrementing: true, isNullable: false });
    } finally {
      await sql`drop schema ${sql.id(other)} cascade`.execute(env.db);
    }
  });
});
