// Migration 012: live to the office (issue 18; docs/api.md "Live events").
// - companies.panic_escalate_seconds: an open panic nobody acknowledged within it alerts the
//   company's admins (existing companies: 120 s, the default).
// - panic_button.escalated_at: when that happened (once per alarm).
// - panic_event: an alarm's trail (raised, delivered, escalated, acknowledged, resolved); one
//   "delivered" row per alarm and person (the first delivery).
// - alert.rule_key: what an alert generated from a rule is about (rule, person, day), unique per
//   company, so two server processes generating it at once store it once.
import { sql } from "kysely";
import { addColumn, createIndex, createTable } from "../ddl";
import type { Db } from "../connection";

export async function up(db: Db): Promise<void> {
  await addColumn(db, "companies", { name: "panic_escalate_seconds", kind: "integer" });
  await db.updateTable("companies").set({ panic_escalate_seconds: 120 }).execute();
  await addColumn(db, "panic_button", { name: "escalated_at", kind: "text" });
  await createIndex(db, "panic_button", { name: "ix_panic_button_status", columns: ["status", "escalated_at"] });

  await createTable(db, {
    table: "panic_event",
    columns: [
      { name: "id", kind: "id" },
      { name: "company_id", kind: "integer" },
      { name: "panic_id", kind: "integer" },
      { name: "kind", kind: "text" },
      { name: "actor_id", kind: "integer" },
      { name: "at", kind: "text" },
      { name: "note", kind: "text" },
    ],
  });
  await createIndex(db, "panic_event", { name: "ix_panic_event_panic_id", columns: ["panic_id"] });
  await sql`create unique index ux_panic_event_delivered on panic_event (panic_id, actor_id) where kind = 'delivered'`.execute(db);

  await addColumn(db, "alert", { name: "rule_key", kind: "text" });
  await createIndex(db, "alert", { name: "ux_alert_rule_key", columns: ["company_id", "rule_key"], unique: true });
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable("panic_event").execute();
  await db.schema.dropIndex("ux_alert_rule_key").execute();
  await db.schema.dropIndex("ix_panic_button_status").execute();
}
