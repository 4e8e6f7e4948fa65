// Migration 033: geofences and the lone-worker checks (issue 29; server/events/position-watch.ts).
// - project.work_area: the site's work area as a GeoJSON Polygon (drawn on the project's page);
//   without one the circle of work_radius_m around its location stays the work area.
// - companies.alert_webhook_url / alert_webhook_secret: where the company's webhook deliveries go
//   and the key they are signed with (HMAC-SHA256); set by its admins (own-settings). The secret
//   is never answered.
// - presence_watch: per clock-in, what the position checks last saw (inside or outside the work
//   area, the place the worker last moved from and when, the battery low or not), so each
//   episode (a leaving, a stillness, a low battery) raises its alert once, not once per position.
import type { Db } from "../connection";
import { addColumn, createIndex, createTable } from "../ddl";

export async function up(db: Db): Promise<void> {
  await addColumn(db, "project", { name: "work_area", kind: "text" });
  await addColumn(db, "companies", { name: "alert_webhook_url", kind: "text" });
  await addColumn(db, "companies", { name: "alert_webhook_secret", kind: "text" });
  await createTable(db, {
    table: "presence_watch",
    columns: [
      { name: "id", kind: "id" },
      { name: "presence_id", kind: "integer" },
      { name: "company_id", kind: "integer" },
      { name: "user_id", kind: "integer" },
      { name: "area", kind: "text" },
      { name: "still_lon", kind: "real" },
      { name: "still_lat", kind: "real" },
      { name: "still_since", kind: "bigint" },
      { name: "last_at", kind: "bigint" },
      { name: "battery_low", kind: "integer" },
    ],
  });
  await createIndex(db, "presence_watch", { name: "ux_presence_watch_presence", columns: ["presence_id"], unique: true });
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("presence_watch").execute();
  for (const c of ["alert_webhook_secret", "alert_webhook_url"]) await db.schema.alterTable("companies").dropColumn(c).execute();
  await db.schema.alterTable("project").dropColumn("work_area").execute();
}
