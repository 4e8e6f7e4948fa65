// A product transaction's payment reference (migration 026, product_transaction.payment_reference,
// not a declared field): 128 random bits the payment gateway is given when the payment starts and
// must send back with the invoice number (server/custom/transactions.ts). Invoice numbers are
// readable and follow each other; the reference cannot be guessed.
import { randomBytes } from "node:crypto";
import type { Db } from "../db/connection";

const TABLE = "product_transaction";

/** 128 random bits, base64url: 22 characters, letters, digits, "-" and "_" (what gateways take as an order reference). */
export const newPaymentReference = (): string => randomBytes(16).toString("base64url");

/** Gives every transaction without a reference one (the demo seed writes its rows through the declaration, which has no such field). */
export async function fillPaymentReferences(db: Db): Promise<void> {
  const rows = await db.selectFrom(TABLE).select("id").where("payment_reference", "is", null).execute();
  for (const r of rows) await db.updateTable(TABLE).set({ payment_reference: newPaymentReference() }).where("id", "=", r.id).execute();
}
