// The transactions waiting for payment, oldest first; each opens its page (where the owner marks it
// paid) when the role holds the product-transaction menu.
import { EyeOutlined } from "@ant-design/icons";
import { useGo } from "@refinedev/core";
import { Button, Table, type TableColumnType } from "antd";
import { useTranslation } from "react-i18next";
import type { SalesSummary } from "../../../../declaration/answers";
import { formatDate, formatMoney } from "../../../lib/format";
import { canAccess } from "../../../providers/accessControlProvider";

type Row = SalesSummary["pending_transactions"][number];

export function PendingTable({ rows }: { rows: Row[] }) {
  const { t, i18n } = useTranslation();
  const go = useGo();
  // Its page is product-transaction's details, guarded by that menu like every page.
  const mayOpen = canAccess("product-transaction", "show").can;
  const columns: TableColumnType<Row>[] = [
    { key: "invoice", title: t("fields.invoice_number"), dataIndex: "invoice_number" },
    { key: "company", title: t("fields.company_id"), dataIndex: "company_id_label" },
    { key: "package", title: t("fields.package_id"), dataIndex: "package_id_label" },
    { key: "method", title: t("fields.payment_method"), render: (_: unknown, r) => t(`enums.payment_method.${r.payment_method}`, r.payment_method) },
    { key: "created", title: t("sales.createdAt"), render: (_: unknown, r) => formatDate(r.created_at) },
    { key: "total", title: t("sales.total"), align: "right", render: (_: unknown, r) => formatMoney(r.total, i18n.language) },
    ...(mayOpen
      ? [
          {
            key: "open",
            title: t("sales.open"),
            render: (_: unknown, r) => (
              <Button
                size="small"
                icon={<EyeOutlined />}
                title={t("crud.actions.show")}
                aria-label={t("sales.openInvoice", { invoice: r.invoice_number })}
                onClick={() => go({ to: { resource: "product-transaction", action: "show", id: r.id } })}
              />
            ),
          } satisfies TableColumnType<Row>,
        ]
      : []),
  ];
  return (
    <section aria-label={t("sales.pendingTitle")}>
      <h2 style={{ fontSize: 16, margin: "0 0 8px" }}>{t("sales.pendingTitle")}</h2>
      <Table<Row> size="small" rowKey="id" columns={columns} dataSource={rows} pagination={false} scroll={{ x: "max-content" }} locale={{ emptyText: t("common.empty") }} />
    </section>
  );
}
