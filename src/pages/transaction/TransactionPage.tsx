// A product transaction's details (#/product-transaction/show/{id}; declaration: product-transaction,
// page "transaction"): the generated show page plus the platform owner's "mark as paid" on a
// pending one, which goes through the payment notification (parts/MarkPaidAction.tsx).
import ShowPage from "../../crud/ShowPage";
import { MarkPaidAction } from "./parts/MarkPaidAction";

export default function TransactionPage() {
  return <ShowPage resource="product-transaction" extraActions={(record, reload) => <MarkPaidAction record={record} onPaid={reload} />} />;
}
