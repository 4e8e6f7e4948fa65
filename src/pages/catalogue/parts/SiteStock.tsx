// A catalogue item's stock per site: on hand, in and out at each project (tools: the yard first),
// as the server computes it from the requests' steps (declaration/requests.ts stockBySite).
import Table from "antd/es/table";
import Typography from "antd/es/typography";
import { useTranslation } from "react-i18next";
import type { SiteStockAnswer } from "../../../../declaration/answers";
import type { Catalogue } from "../../../../declaration/requests";
import { formatNumber } from "../../../lib/format";
import { useSiteStock } from "../api/useSiteStock";

export function SiteStock({ resource, id }: { resource: Catalogue; id: number }) {
  const { t, i18n } = useTranslation();
  const { sites, loading, failed } = useSiteStock(resource, id);
  const n = (v: unknown) => formatNumber(v, i18n.language);
  return (
    <section aria-labelledby="site-stock-title" data-testid="site-stock" style={{ marginTop: 24 }}>
      <Typography.Title level={5} id="site-stock-title">
        {t("catalogue.title")}
      </Typography.Title>
      {failed ? (
        <Typography.Text type="danger">{t("catalogue.loadFailed")}</Typography.Text>
      ) : (
        <Table<SiteStockAnswer>
          size="small"
          loading={loading}
          pagination={false}
          rowKey={(x) => String(x.project_id ?? "yard")}
          dataSource={sites}
          locale={{ emptyText: t("catalogue.empty") }}
          columns={[
            { key: "site", title: t("catalogue.site"), render: (_, x) => (x.project_id === null ? t("catalogue.yard") : (x.project_id_label ?? `#${x.project_id}`)) },
            { key: "stock", title: t("fields.stock"), align: "right", render: (_, x) => n(x.stock) },
            { key: "in", title: t("fields.stock_in"), align: "right", render: (_, x) => n(x.stock_in) },
            { key: "out", title: t("fields.stock_out"), align: "right", render: (_, x) => n(x.stock_out) },
          ]}
        />
      )}
    </section>
  );
}
