// Migration 017: material requests follow their steps (issue 19, REQUEST_FLOWS in
// declaration/resources/materials.ts): requested → approved → sent → received. The earlier
// statuses move: ordered → approved (approved, waiting to be sent), delivered → sent (on its way
// to the site, not yet received). Plain updates: the same on SQLite and PostgreSQL. The down
// cannot tell a moved row from one approved or sent by a step: it leaves them.
import type { Db } from "../connection";

const MOVES: Array<[from: string, to: string]> = [
  ["ordered", "approved"],
  ["delivered", "sent"],
];

export async function up(db: Db): Promise<void> {
  for (const [from, to] of MOVES) await db.updateTable("request_material").set({ status: to }).where("status", "=", from).execute();
}

export async function down(_db: Db): Promise<void> {
  // Nothing to undo: approved and sent are valid statuses before and after.
}
