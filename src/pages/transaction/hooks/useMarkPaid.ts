// The platform owner confirms a payment by hand: the payment notification (product-transaction-user
// notification, status "paid") with the owner's token, the same server path as the gateway's
// callback: the transaction is paid, the company's subscription extended, a `payment` audit entry.
import { useOperationMutation } from "../../../providers/operations";
import type { PaymentResult } from "../../../../declaration/answers";

export function useMarkPaid() {
  const { run, mutation } = useOperationMutation("product-transaction-user", "notification");
  const markPaid = (invoiceNumber: string): Promise<PaymentResult> => run({ payload: { invoice_number: invoiceNumber, status: "paid" } });
  return { markPaid, busy: mutation.isPending };
}
