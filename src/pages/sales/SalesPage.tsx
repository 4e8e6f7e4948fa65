// The platform owner's sales view (#/sales-summary; declaration: sales-summary, page "sales"):
// every company's sales from sales-summary/summary: paid and pending totals, paid by month, by
// package and by company, the pending transactions, and each referral code's use.
import { Alert, Card, Col, Empty, Row, Spin, Statistic } from "antd";
import { useTranslation } from "react-i18next";
import { resourceByName } from "../../../declaration";
import { resourceLabelKey } from "../../crud/model";
import { PageFrame } from "../../crud/PageFrame";
import { formatMoney } from "../../lib/format";
import { useSalesSummary } from "./hooks/useSalesSummary";
import { monthLabel } from "./model/month";
import { FigureTable } from "./parts/FigureTable";
import { PendingTable } from "./parts/PendingTable";
import { ReferralTable } from "./parts/ReferralTable";

const SUMMARY = resourceByName("sales-summary");

export default function SalesPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { owner, summary, loading } = useSalesSummary();
  const figure = (title: string, f: { transaction_count: number; total: number }) => (
    <Card size="small">
      <Statistic title={title} value={formatMoney(f.total, lang)} />
      <div style={{ color: "#595959" }}>{t("sales.transactions", { count: f.transaction_count })}</div>
    </Card>
  );
  return (
    <PageFrame title={t(resourceLabelKey(SUMMARY))}>
      {!owner ? (
        <Alert type="info" showIcon message={t("sales.ownerOnly")} />
      ) : loading ? (
        <Spin />
      ) : !summary ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("common.empty")} />
      ) : (
        <div style={{ display: "flex", flexDirection: "column", gap: 24 }}>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={12}>
              {figure(t("sales.paid"), summary.paid)}
            </Col>
            <Col xs={24} md={12}>
              {figure(t("sales.pending"), summary.pending)}
            </Col>
          </Row>
          <FigureTable title={t("sales.byMonth")} labelTitle={t("sales.month")} rows={summary.by_month.map((m) => ({ ...m, key: m.month, label: monthLabel(m.month, lang) }))} />
          <Row gutter={[24, 24]}>
            <Col xs={24} lg={12}>
              <FigureTable
                title={t("sales.byPackage")}
                labelTitle={t("fields.package_id")}
                rows={summary.by_package.map((p) => ({ ...p, key: String(p.package_id), label: p.package_id_label }))}
              />
            </Col>
            <Col xs={24} lg={12}>
              <FigureTable
                title={t("sales.byCompany")}
                labelTitle={t("fields.company_id")}
                rows={summary.by_company.map((c) => ({ ...c, key: String(c.company_id), label: c.company_id_label }))}
              />
            </Col>
          </Row>
          <PendingTable rows={summary.pending_transactions} />
          <ReferralTable rows={summary.referral_codes} />
        </div>
      )}
    </PageFrame>
  );
}
