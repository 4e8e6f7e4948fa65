// One breakdown of the paid sales (by month, package or company): what, how many, how much.
import { Table, type TableColumnType } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { SalesFigure } from "../../../../declaration/answers";
import { formatMoney, formatNumber } from "../../../lib/format";

export interface FigureRow extends SalesFigure {
  key: string;
  label: ReactNode;
}

export function FigureTable({ title, rows, labelTitle }: { title: string; rows: FigureRow[]; labelTitle: string }) {
  const { t, i18n } = useTranslation();
  const columns: TableColumnType<FigureRow>[] = [
    { key: "label", title: labelTitle, dataIndex: "label" },
    { key: "count", title: t("sales.count"), align: "right", render: (_: unknown, r) => formatNumber(r.transaction_count, i18n.language) },
    { key: "total", title: t("sales.total"), align: "right", render: (_: unknown, r) => formatMoney(r.total, i18n.language) },
  ];
  return (
    <section aria-label={title}>
      <h2 style={{ fontSize: 16, margin: "0 0 8px" }}>{title}</h2>
      <Table<FigureRow> size="small" rowKey="key" columns={columns} dataSource={rows} pagination={false} locale={{ emptyText: t("common.empty") }} />
    </section>
  );
}
