// Migration 001: every table of the declaration as it was when this was written (the snapshot
// server/db/snapshots/001_declaration.ts), and the server's own tables.
//
// A CHANGE TO THE DECLARATION COMES WITH A NEW MIGRATION. Add a field to resources.config.ts →
// add server/db/migrations/00N_<what>.ts that adds its column (server/db/ddl.ts `addColumn`,
// `createTables` with a new snapshot from `tsx server/db/snapshot.ts 00N_<what>`). Never edit
// an applied migration. tests/server/schema.test.ts fails while a declared field has no column.
import { sql } from "kysely";
import { dialectOf, type Db } from "../connection";
import { createIndex, createTable, createTables } from "../ddl";
import { TABLES } from "../snapshots/001_declaration";

export async function up(db: Db): Promise<void> {
  await createTables(db, TABLES);

  // Waypoints are the big table: one user's track over a time range reads (user_id, wptime)
  // and lon/lat from the index alone. The plain user_id index would only cost writes.
  await db.schema.dropIndex("ix_waypoint_user_id").execute();
  if (dialectOf(db) === "postgres") {
    await sql`create index ix_waypoint_user_wptime on waypoint (user_id, wptime) include (lon, lat, company_id)`.execute(db);
  } else {
    await createIndex(db, "waypoint", { name: "ix_waypoint_user_wptime", columns: ["user_id", "wptime", "lon", "lat", "company_id"] });
  }

  // Sign-in is by email across all companies: an email names one user on the platform.
  await createIndex(db, "users", { name: "ux_users_email_global", columns: ["email"], unique: true });

  // ---- The server's own tables (not resources) -------------------------------------------
  // Sessions: only the SHA-256 of a token is stored.
  await createTable(db, {
    table: "auth_token",
    columns: [
      { name: "id", kind: "id" },
      { name: "token_hash", kind: "text" },
      { name: "user_id", kind: "integer" },
      { name: "created_at", kind: "text" },
      { name: "expires_at", kind: "text" },
      { name: "revoked_at", kind: "text" },
    ],
  });
  await createIndex(db, "auth_token", { name: "ux_auth_token_token_hash", columns: ["token_hash"], unique: true });
  await createIndex(db, "auth_token", { name: "ix_auth_token_user_id", columns: ["user_id"] });

  await createTable(db, {
    table: "password_reset",
    columns: [
      { name: "id", kind: "id" },
      { name: "token_hash", kind: "text" },
      { name: "user_id", kind: "integer" },
      { name: "created_at", kind: "text" },
      { name: "expires_at", kind: "text" },
      { name: "used_at", kind: "text" },
    ],
  });
  await createIndex(db, "password_reset", { name: "ux_password_reset_token_hash", columns: ["token_hash"], unique: true });

  // Throttling of logins and reset mails per client IP, in the database so any number of
  // server instances share it.
  await createTable(db, {
    table: "login_attempt",
    columns: [
      { name: "id", kind: "id" },
      { name: "kind", kind: "text" },
      { name: "ip", kind: "text" },
      { name: "email", kind: "text" },
      { name: "attempted_at", kind: "bigint" },
    ],
  });
  await createIndex(db, "login_attempt", { name: "ix_login_attempt_kind_ip_at", columns: ["kind", "ip", "attempted_at"] });

  // Mails not sent through SMTP (none configured, or it failed) wait here.
  await createTable(db, {
    table: "mail_outbox",
    columns: [
      { name: "id", kind: "id" },
      { name: "to_address", kind: "text" },
      { name: "subject", kind: "text" },
      { name: "body_text", kind: "text" },
      { name: "created_at", kind: "text" },
      { name: "sent_at", kind: "text" },
      { name: "error", kind: "text" },
    ],
  });
}

export async function down(db: Db): Promise<void> {
  for (const t of ["mail_outbox", "login_attempt", "password_reset", "auth_token"]) await db.schema.dropTable(t).execute();
  for (const t of [...TABLES].reverse()) await db.schema.dropTable(t.table).execute();
}
