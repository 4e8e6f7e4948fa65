// Alert rules (config-alert + config-alert-to-user as one screen per event): which events alert
// whom. The server generates the alerts from these rules (server/events/alerts.ts); company-wide
// rules only here (a project's own rule is kept, and shown by the generated lists).
import { Col, Row, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useAlertRules } from "./hooks/useAlertRules";
import { RULE_EVENTS } from "./model/rules";
import { RuleCard } from "./parts/RuleCard";

export default function AlertRulesPage() {
  const { t } = useTranslation();
  const { stored, options, loading, reload } = useAlertRules();
  return (
    <div>
      <Typography.Title level={1} style={{ fontSize: 20 }}>
        {t("alertRules.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("alertRules.intro")}</Typography.Paragraph>
      {loading ? (
        <Spin />
      ) : (
        <Row gutter={[16, 16]}>
          {RULE_EVENTS.map((e) => (
            <Col key={e.type} xs={24} lg={12}>
              <RuleCard type={e.type} stored={stored.get(e.type)} options={options} onSaved={reload} />
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
