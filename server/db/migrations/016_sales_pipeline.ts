// Migration 016: the sales pipeline (issue 20): a sales contact's status is its stage, new →
// contacted → demo done → won / lost (SALES_STAGES, declaration/resources/sales.ts). The former
// values move: lead → new; negotiating → demo_done (a contact negotiating has seen the product:
// the stage before won / lost). contacted, won and lost stay. Plain updates: the same on SQLite
// and PostgreSQL.
import type { Db } from "../connection";

const MOVES: Array<[from: string, to: string]> = [
  ["lead", "new"],
  ["negotiating", "demo_done"],
];

export async function up(db: Db): Promise<void> {
  for (const [from, to] of MOVES) await db.updateTable("sales_contact").set({ status: to }).where("status", "=", from).execute();
}

export async function down(db: Db): Promise<void> {
  for (const [from, to] of MOVES) await db.updateTable("sales_contact").set({ status: from }).where("status", "=", to).execute();
}
