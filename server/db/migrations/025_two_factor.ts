// Migration 025: two-factor sign-in (TOTP; server/auth/two-factor*.ts, docs/api.md "Auth").
// - companies.require_two_factor_admins: the company's admins (role_type admin or owner) must
//   sign in with a second factor (existing companies: no).
// - user_two_factor: one row per user who set it up or began to: the TOTP secret, encrypted
//   (AES-256-GCM under TWO_FACTOR_KEY, never answered nor logged), when it was turned on, the
//   last time step a code was accepted at (a code is used once), and a secret being set up.
// - two_factor_recovery_code: a user's recovery codes, SHA-256 hashed, each used once.
// - two_factor_challenge: the second step of a sign-in: a single-use token (SHA-256 kept) bound
//   to the user whose password was right, short-lived, with its wrong codes counted.
// - login_attempt gets an index by email: the code step is throttled per account too.
import type { Db } from "../connection";
import { addColumn, createIndex, createTable } from "../ddl";

export async function up(db: Db): Promise<void> {
  await addColumn(db, "companies", { name: "require_two_factor_admins", kind: "integer" });
  await db.updateTable("companies").set({ require_two_factor_admins: 0 }).execute();

  await createTable(db, {
    table: "user_two_factor",
    columns: [
      { name: "id", kind: "id" },
      { name: "user_id", kind: "integer" },
      { name: "secret", kind: "text" },
      { name: "enabled_at", kind: "text" },
      { name: "last_step", kind: "bigint" },
      { name: "pending_secret", kind: "text" },
      { name: "pending_at", kind: "text" },
    ],
  });
  await createIndex(db, "user_two_factor", { name: "ux_user_two_factor_user", columns: ["user_id"], unique: true });

  await createTable(db, {
    table: "two_factor_recovery_code",
    columns: [
      { name: "id", kind: "id" },
      { name: "user_id", kind: "integer" },
      { name: "code_hash", kind: "text" },
      { name: "created_at", kind: "text" },
      { name: "used_at", kind: "text" },
    ],
  });
  await createIndex(db, "two_factor_recovery_code", { name: "ix_two_factor_recovery_code_user", columns: ["user_id", "code_hash"] });

  await createTable(db, {
    table: "two_factor_challenge",
    columns: [
      { name: "id", kind: "id" },
      { name: "token_hash", kind: "text" },
      { name: "user_id", kind: "integer" },
      { name: "purpose", kind: "text" },
      { name: "created_at", kind: "bigint" },
      { name: "expires_at", kind: "bigint" },
      { name: "used_at", kind: "bigint" },
      { name: "failures", kind: "integer" },
    ],
  });
  await createIndex(db, "two_factor_challenge", { name: "ux_two_factor_challenge_token", columns: ["token_hash"], unique: true });

  await createIndex(db, "login_attempt", { name: "ix_login_attempt_kind_email_at", columns: ["kind", "email", "attempted_at"] });
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex("ix_login_attempt_kind_email_at").execute();
  for (const t of ["two_factor_challenge", "two_factor_recovery_code", "user_two_factor"]) await db.schema.dropTable(t).execute();
  await db.schema.alterTable("companies").dropColumn("require_two_factor_admins").execute();
}
