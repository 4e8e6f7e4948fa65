// Migration 010: field capture (issue 17; docs/api.md "Field capture").
// - Time zones: companies.time_zone (existing companies: Asia/Jakarta, the default), a project's
//   own project.time_zone (empty: the company's).
// - The work area: project.work_radius_m (existing projects: 200 m); lateness: shift.grace_minutes
//   (existing shifts: 15 minutes).
// - presence.accuracy_in / accuracy_out / sent_late, panic_button.accuracy / sent_late.
// - device_key: a tracking app's key for /osmand; only the SHA-256 of the key is stored, unique
//   over the platform (a request names no company: the key finds it).
// - idempotency: the writes already stored per (user, idempotency key), so a retry stores nothing.
// - waypoint: unique (user_id, wptime), so a position sent twice is stored once (duplicates of an
//   older database are removed first, the first stored kept). PostgreSQL: the unique index also
//   covers lon/lat/company_id and replaces 001's covering index; SQLite has no INCLUDE, so 001's
//   covering index stays for reads beside the unique one.
import { sql } from "kysely";
import { dialectOf, type Db } from "../connection";
import { addColumn, createIndex, createTable } from "../ddl";

export async function up(db: Db): Promise<void> {
  await addColumn(db, "companies", { name: "time_zone", kind: "text" });
  await db.updateTable("companies").set({ time_zone: "Asia/Jakarta" }).execute();
  await addColumn(db, "project", { name: "time_zone", kind: "text" });
  await addColumn(db, "project", { name: "work_radius_m", kind: "integer" });
  await db.updateTable("project").set({ work_radius_m: 200 }).execute();
  await addColumn(db, "shift", { name: "grace_minutes", kind: "integer" });
  await db.updateTable("shift").set({ grace_minutes: 15 }).execute();
  await addColumn(db, "presence", { name: "accuracy_in", kind: "real" });
  await addColumn(db, "presence", { name: "accuracy_out", kind: "real" });
  await addColumn(db, "presence", { name: "sent_late", kind: "integer" });
  await addColumn(db, "panic_button", { name: "accuracy", kind: "real" });
  await addColumn(db, "panic_button", { name: "sent_late", kind: "integer" });

  await createTable(db, {
    table: "device_key",
    columns: [
      { name: "id", kind: "id" },
      { name: "user_id", kind: "integer" },
      { name: "name", kind: "text" },
      { name: "key_prefix", kind: "text" },
      { name: "key_hash", kind: "text" },
      { name: "last_used_at", kind: "text" },
      { name: "company_id", kind: "integer" },
      { name: "created_at", kind: "text" },
      { name: "updated_at", kind: "text" },
    ],
  });
  await createIndex(db, "device_key", { name: "ix_device_key_company_id", columns: ["company_id"] });
  await createIndex(db, "device_key", { name: "ix_device_key_user_id", columns: ["user_id"] });
  await createIndex(db, "device_key", { name: "ux_device_key_key_hash", columns: ["key_hash"], unique: true });

  await createTable(db, {
    table: "idempotency",
    columns: [
      { name: "id", kind: "id" },
      { name: "company_id", kind: "integer" },
      { name: "user_id", kind: "integer" },
      { name: "key", kind: "text" },
      { name: "action", kind: "text" },
      { name: "record_id", kind: "integer" },
      { name: "created_at", kind: "text" },
    ],
  });
  await createIndex(db, "idempotency", { name: "ux_idempotency_user_key", columns: ["user_id", "key"], unique: true });
  await createIndex(db, "idempotency", { name: "ix_idempotency_created_at", columns: ["created_at"] });

  await sql`delete from waypoint where exists (
    select 1 from waypoint w2 where w2.user_id = waypoint.user_id and w2.wptime = waypoint.wptime and w2.id < waypoint.id)`.execute(db);
  if (dialectOf(db) === "postgres") {
    await sql`create unique index ux_waypoint_user_wptime on waypoint (user_id, wptime) include (lon, lat, company_id)`.execute(db);
    await db.schema.dropIndex("ix_waypoint_user_wptime").execute();
  } else {
    await createIndex(db, "waypoint", { name: "ux_waypoint_user_wptime", columns: ["user_id", "wptime"], unique: true });
  }
}

export async function down(db: Db): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`create index ix_waypoint_user_wptime on waypoint (user_id, wptime) include (lon, lat, company_id)`.execute(db);
  }
  await db.schema.dropIndex("ux_waypoint_user_wptime").execute();
  await db.schema.dropTable("idempotency").execute();
  await db.schema.dropTable("device_key").execute();
  for (const [table, column] of [
    ["panic_button", "sent_late"],
    ["panic_button", "accuracy"],
    ["presence", "sent_late"],
    ["presence", "accuracy_out"],
    ["presence", "accuracy_in"],
    ["shift", "grace_minutes"],
    ["project", "work_radius_m"],
    ["project", "time_zone"],
    ["companies", "time_zone"],
  ]) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
