// Migration 013: "view as a user of this role" (role view-as/{id}, server/custom/view-as.ts). A
// view-as session is a token of the admin who opened it (user_id: theirs, so disabling them or
// revoking their tokens ends it too) that acts as the role it names, for the user of that role it
// names (null: the admin themselves, when the role has no active user), and only reads
// (Actor.readOnly "view_as": every write answers 409 read_only).
import type { Db } from "../connection";
import { addColumn } from "../ddl";

export async function up(db: Db): Promise<void> {
  await addColumn(db, "auth_token", { name: "view_as_role_id", kind: "integer" });
  await addColumn(db, "auth_token", { name: "view_as_user_id", kind: "integer" });
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("auth_token").dropColumn("view_as_user_id").execute();
  await db.schema.alterTable("auth_token").dropColumn("view_as_role_id").execute();
}
