// Migration 038: a break punch records its capture as a clock-in or clock-out does (issue 29;
// server/field/capture-time.ts, docs/api.md "Field capture").
// - presence_breaks.break_start_received_at / break_end_received_at: when the server received each
//   punch; presence_breaks.clock_skew_seconds: how far off the phone's time of a punch was (the
//   larger of the two). The presence's own clock_skew_seconds takes it too (the row reviewers read).
// Breaks of before stay without them (not known).
import type { Db } from "../connection";
import { addColumn } from "../ddl";

const COLUMNS: Array<[column: string, kind: "text" | "integer"]> = [
  ["break_start_received_at", "text"],
  ["break_end_received_at", "text"],
  ["clock_skew_seconds", "integer"],
];

export async function up(db: Db): Promise<void> {
  for (const [name, kind] of COLUMNS) await addColumn(db, "presence_breaks", { name, kind });
}

export async function down(db: Db): Promise<void> {
  for (const [name] of [...COLUMNS].reverse()) await db.schema.alterTable("presence_breaks").dropColumn(name).execute();
}
