// Migration 026 (issue 28, safe defaults):
// - audit_log refuses TRUNCATE on PostgreSQL as it refuses UPDATE and DELETE (011): a statement
//   trigger BEFORE TRUNCATE, whoever asks (the application's own role included). SQLite has no
//   TRUNCATE; its "DELETE without WHERE" runs 011's row trigger.
// - product_transaction.payment_reference: the transaction's own unguessable reference (128
//   random bits, base64url), given to the payment gateway when the payment starts and required,
//   with the invoice number, by its callback (server/custom/transactions.ts). Not a declared
//   field: never answered by the generic operations. Every existing transaction gets one.
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { dialectOf, type Db } from "../connection";
import { addColumn, createIndex } from "../ddl";

export async function up(db: Db): Promise<void> {
  if (dialectOf(db) === "postgres") {
    // 011's function raises for any trigger that calls it.
    await sql`create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_append_only()`.execute(db);
  }
  await addColumn(db, "product_transaction", { name: "payment_reference", kind: "text" });
  const rows = await db.selectFrom("product_transaction").select("id").execute();
  for (const r of rows) {
    await db
      .updateTable("product_transaction")
      .set({ payment_reference: randomBytes(16).toString("base64url") })
      .where("id", "=", r.id)
      .execute();
  }
  await createIndex(db, "product_transaction", { name: "ux_product_transaction_payment_reference", columns: ["payment_reference"], unique: true });
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex("ux_product_transaction_payment_reference").execute();
  await db.schema.alterTable("product_transaction").dropColumn("payment_reference").execute();
  if (dialectOf(db) === "postgres") await sql`drop trigger if exists audit_log_no_truncate on audit_log`.execute(db);
}
