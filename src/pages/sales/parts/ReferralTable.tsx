// Each referral code's use: its uses as counted when paid (of the quota), the paid sales through
// it, the discount they were given, and the purchases with it still waiting for payment.
import { Table, Tag, type TableColumnType } from "antd";
import { useTranslation } from "react-i18next";
import type { SalesSummary } from "../../../../declaration/answers";
import { formatMoney, formatNumber } from "../../../lib/format";

type Row = SalesSummary["referral_codes"][number];

export function ReferralTable({ rows }: { rows: Row[] }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  const columns: TableColumnType<Row>[] = [
    {
      key: "code",
      title: t("fields.code"),
      render: (_: unknown, r) => (
        <>
          <strong>{r.code}</strong> {r.is_active ? null : <Tag>{t("sales.inactive")}</Tag>}
        </>
      ),
    },
    { key: "title", title: t("fields.title"), dataIndex: "title" },
    {
      key: "uses",
      title: t("sales.uses"),
      align: "right",
      render: (_: unknown, r) => (r.quota === null ? n(r.used_count) : t("sales.usesOfQuota", { used: n(r.used_count), quota: n(r.quota) })),
    },
    { key: "paid", title: t("sales.paidSales"), align: "right", render: (_: unknown, r) => n(r.paid.transaction_count) },
    { key: "total", title: t("sales.total"), align: "right", render: (_: unknown, r) => formatMoney(r.paid.total, i18n.language) },
    { key: "discount", title: t("sales.discountGiven"), align: "right", render: (_: unknown, r) => formatMoney(r.discount_total, i18n.language) },
    { key: "pending", title: t("sales.pendingCount"), align: "right", render: (_: unknown, r) => n(r.pending_count) },
  ];
  return (
    <section aria-label={t("sales.referralTitle")}>
      <h2 style={{ fontSize: 16, margin: "0 0 8px" }}>{t("sales.referralTitle")}</h2>
      <Table<Row>
        size="small"
        rowKey="refferal_code_id"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: t("common.empty") }}
      />
    </section>
  );
}
