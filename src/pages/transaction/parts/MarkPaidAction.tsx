// "Mark as paid" on a pending transaction, for the platform owner only (the server refuses anyone
// else with 403 owner_only), after a confirmation naming the invoice.
import { Button, Popconfirm } from "antd";
import { CheckCircleOutlined } from "@ant-design/icons";
import { useTranslate } from "@refinedev/core";
import { getRoleType } from "../../../auth/session";
import { useNotify } from "../../../crud/useNotify";
import { formatDate } from "../../../lib/format";
import { useMarkPaid } from "../hooks/useMarkPaid";

export function MarkPaidAction({ record, onPaid }: { record: Record<string, unknown>; onPaid: () => void }) {
  const t = useTranslate();
  const notify = useNotify();
  const { markPaid, busy } = useMarkPaid();
  if (getRoleType() !== "owner" || record.status !== "pending" || typeof record.invoice_number !== "string") return null;
  const invoice = record.invoice_number;
  const confirm = async () => {
    try {
      const paid = await markPaid(invoice);
      notify.info(t("transaction.markedPaid", { invoice }), t("transaction.markedPaidPeriod", { start: formatDate(paid.period_start), end: formatDate(paid.period_end) }));
      onPaid();
    } catch (e) {
      notify.failed("saveFailed", e);
    }
  };
  return (
    <Popconfirm title={t("transaction.markPaidConfirm", { invoice })} okText={t("transaction.markPaid")} cancelText={t("buttons.cancel")} onConfirm={confirm}>
      <Button icon={<CheckCircleOutlined />} loading={busy}>
        {t("transaction.markPaid")}
      </Button>
    </Popconfirm>
  );
}
