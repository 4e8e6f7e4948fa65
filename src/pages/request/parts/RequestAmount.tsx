// A request's amount as the server computed it (declaration/requests.ts): quantity in its unit
// (the material's satuan), unit price, discount and amount = quantity × unit price − discount.
import { Descriptions, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { RequestResource } from "../../../../declaration/requests";
import { useCurrency } from "../../../crud/useCurrency";
import { formatMoney, formatNumber, isMissing } from "../../../lib/format";
import { useItemUnit } from "../hooks/useItemUnit";

export function RequestAmount({ resource, record }: { resource: RequestResource; record: Record<string, unknown> }) {
  const { t, i18n } = useTranslation();
  const currency = useCurrency(true);
  const unit = useItemUnit(resource, record);
  const money = (v: unknown) => formatMoney(v, i18n.language, currency);
  const quantity = `${formatNumber(record.quantity, i18n.language)}${unit ? ` ${unit}` : resource === "req-tools" ? ` ${t("request.amounts.pieces")}` : ""}`;
  return (
    <section aria-labelledby="request-amount" style={{ marginTop: 16 }}>
      <Typography.Title level={2} id="request-amount" style={{ fontSize: 16 }}>
        {t("request.amounts.title")}
      </Typography.Title>
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label={t("fields.quantity")}>{quantity}</Descriptions.Item>
        <Descriptions.Item label={t("fields.unit_price")}>{money(record.unit_price)}</Descriptions.Item>
        <Descriptions.Item label={t("fields.discount")}>{isMissing(record.discount) ? money(0) : money(record.discount)}</Descriptions.Item>
        <Descriptions.Item label={t("fields.amount")}>
          {isMissing(record.amount) ? <Typography.Text type="secondary">{t("request.amounts.noPrice")}</Typography.Text> : <strong>{money(record.amount)}</strong>}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t("request.amounts.formula")}
      </Typography.Paragraph>
    </section>
  );
}
