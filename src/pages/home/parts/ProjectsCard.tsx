// Projects by status, each status a figure; the total above them.
import { Progress, theme } from "antd";
import { useTranslation } from "react-i18next";
import { enumLabelKey } from "../../../crud/model";
import { useProjectsByStatus } from "../hooks/useProjectsByStatus";
import { DashboardCard, Figure, Figures } from "./DashboardCard";

export function ProjectsCard({ to }: { to?: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { rows, total, loading, error } = useProjectsByStatus(true);
  const running = rows.find((r) => r.status === "in_progress")?.total ?? 0;
  return (
    <DashboardCard testId="card-projects" title={t("home.projects.title")} to={to} loading={loading} error={error}>
      <Figures>
        <Figure testId="projects-total" label={t("home.projects.total")} value={total} />
        {rows.map((r) => (
          <Figure key={r.status} testId={`projects-${r.status}`} label={t(enumLabelKey({ name: "status" }, r.status))} value={Number(r.total)} />
        ))}
      </Figures>
      {total > 0 ? (
        <Progress
          style={{ marginTop: 12 }}
          percent={Math.round((running / total) * 100)}
          strokeColor={token.colorPrimary}
          format={() => t("home.projects.running", { count: running })}
          aria-label={t("home.projects.running", { count: running })}
        />
      ) : null}
    </DashboardCard>
  );
}
