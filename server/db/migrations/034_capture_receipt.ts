// Migration 034: the server's clock is the authority over a capture (issue 29; server/field/
// capture-time.ts, docs/api.md "Field capture").
// - presence.clock_in_received_at / clock_out_received_at: when the server received each action;
//   presence.clock_skew_seconds: how far ahead of the receipt a capture time of the row was.
// - panic_button.received_at (the receipt), captured_at (the phone's capture time as sent) and
//   clock_skew_seconds: an alarm is stored whatever its capture time says.
// Rows of before stay without them (not known).
import type { Db } from "../connection";
import { addColumn } from "../ddl";

const COLUMNS: Array<[table: string, column: string, kind: "text" | "integer"]> = [
  ["presence", "clock_in_received_at", "text"],
  ["presence", "clock_out_received_at", "text"],
  ["presence", "clock_skew_seconds", "integer"],
  ["panic_button", "received_at", "text"],
  ["panic_button", "captured_at", "text"],
  ["panic_button", "clock_skew_seconds", "integer"],
];

export async function up(db: Db): Promise<void> {
  for (const [table, name, kind] of COLUMNS) await addColumn(db, table, { name, kind });
}

export async function down(db: Db): Promise<void> {
  for (const [table, name] of [...COLUMNS].reverse()) await db.schema.alterTable(table).dropColumn(name).execute();
}
