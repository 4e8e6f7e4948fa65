// Schedule and cost health of the active projects: the latest report of each, as coloured tags
// per status (healthy, at risk, critical, no report yet).
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { enumLabelKey } from "../../../crud/model";
import { useProjectHealth } from "../hooks/useProjectHealth";
import { HEALTH_LEVELS, type healthOf } from "../model/dashboard";
import { DashboardCard } from "./DashboardCard";

const COLOUR = { healthy: "green", at_risk: "gold", critical: "red" } as const;

function Row({ label, counts, testId }: { label: string; counts: ReturnType<typeof healthOf>; testId: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId} style={{ marginBottom: 8 }}>
      <div style={{ fontWeight: 600, marginBottom: 4 }}>{label}</div>
      {HEALTH_LEVELS.map((h) => (
        <Tag key={h} color={COLOUR[h]} data-health={h}>
          {t(enumLabelKey({ name: "status" }, h))}: {counts[h]}
        </Tag>
      ))}
      <Tag data-health="unreported">{t("home.health.unreported", { count: counts.unreported })}</Tag>
    </div>
  );
}

export function HealthCard({ may, links }: { may: { schedule: boolean; cost: boolean }; links: { schedule?: string; cost?: string } }) {
  const { t } = useTranslation();
  const h = useProjectHealth(may);
  return (
    <DashboardCard testId="card-health" title={t("home.health.title")} to={links.schedule ?? links.cost} loading={h.loading} error={h.error}>
      <p style={{ margin: "0 0 8px" }}>{t("home.health.active", { count: h.activeCount })}</p>
      {h.schedule ? <Row testId="health-schedule" label={t("home.health.schedule")} counts={h.schedule} /> : null}
      {h.cost ? <Row testId="health-cost" label={t("home.health.cost")} counts={h.cost} /> : null}
    </DashboardCard>
  );
}
