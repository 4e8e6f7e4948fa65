// Migration 032: alerts reach people outside the app (issue 29; server/events/delivery*.ts).
// - alert_delivery: the queue of e-mail and webhook deliveries, worked by every server process
//   (a row is claimed by a conditional update and held for a lease; a row whose lease ran out,
//   its process killed, is taken again). One row per alert, recipient and channel.
// - panic_event.channel / attempt / next_attempt_at: an alarm's trail records each delivery
//   attempt (sent, retried, failed) with its channel; "delivered" rows (a stream carried the
//   alarm) are channel "app".
import type { Db } from "../connection";
import { addColumn, createIndex, createTable } from "../ddl";

export async function up(db: Db): Promise<void> {
  await createTable(db, {
    table: "alert_delivery",
    columns: [
      { name: "id", kind: "id" },
      { name: "company_id", kind: "integer" },
      { name: "alert_id", kind: "integer" },
      { name: "panic_id", kind: "integer" },
      { name: "user_id", kind: "integer" },
      { name: "channel", kind: "text" },
      { name: "payload", kind: "text" },
      { name: "status", kind: "text" },
      { name: "attempts", kind: "integer" },
      { name: "next_at", kind: "bigint" },
      { name: "lease_until", kind: "bigint" },
      { name: "last_error", kind: "text" },
      { name: "created_at", kind: "text" },
      { name: "sent_at", kind: "text" },
    ],
  });
  await createIndex(db, "alert_delivery", { name: "ux_alert_delivery_target", columns: ["alert_id", "user_id", "channel"], unique: true });
  await createIndex(db, "alert_delivery", { name: "ix_alert_delivery_due", columns: ["status", "next_at"] });
  await addColumn(db, "panic_event", { name: "channel", kind: "text" });
  await addColumn(db, "panic_event", { name: "attempt", kind: "integer" });
  await addColumn(db, "panic_event", { name: "next_attempt_at", kind: "text" });
  await db.updateTable("panic_event").set({ channel: "app" }).where("kind", "=", "delivered").execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("alert_delivery").execute();
  for (const c of ["next_attempt_at", "attempt", "channel"]) await db.schema.alterTable("panic_event").dropColumn(c).execute();
}
