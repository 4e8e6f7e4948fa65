// Alert rules (config-alert + config-alert-to-user as one screen per event): which events alert
// whom. The server generates the alerts from these rules (server/events/alerts.ts); company-wide
// rules only here (a project's own rule is kept, and shown by the generated lists). Above them
// the company's alert settings (escalation time, webhook) for those who may read them.
import { Col, Row, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { getStoredUser } from "../../auth/session";
import { canOperate } from "../../providers/operationAccess";
import { useOperation } from "../../providers/operations";
import { useAlertRules } from "./hooks/useAlertRules";
import { RULE_EVENTS } from "./model/rules";
import { CompanyAlertSettings } from "./parts/CompanyAlertSettings";
import { RuleCard } from "./parts/RuleCard";

export default function AlertRulesPage() {
  const { t } = useTranslation();
  const { stored, options, loading, reload } = useAlertRules();
  // The platform owner has no company of their own: the settings are the company's form's there.
  const maySeeSettings = getStoredUser()?.company_id != null && canOperate("company-management", "ownSettings").can;
  const settings = useOperation("company-management", "ownSettings", { enabled: maySeeSettings, errorNotification: false });
  return (
    <div>
      <Typography.Title level={1} style={{ fontSize: 20 }}>
        {t("alertRules.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("alertRules.intro")}</Typography.Paragraph>
      {maySeeSettings && settings.data ? <CompanyAlertSettings settings={settings.data} onSaved={() => settings.query.refetch()} /> : null}
      {loading ? (
        <Spin />
      ) : (
        <Row gutter={[16, 16]}>
          {RULE_EVENTS.map((e) => (
            <Col key={e.type} xs={24} lg={12}>
              <RuleCard type={e.type} stored={stored.get(e.type)} options={options} onSaved={reload} webhookSet={!!settings.data?.alert_webhook_url} />
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
